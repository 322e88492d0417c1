import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createProduct, setProductProperty, TestProduct } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/product_properties_controller_spec.rb
const ATTRIBUTES = ['id', 'product_id', 'property_id', 'value', 'property_name'];

describe('product properties', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let product: TestProduct;
  let property1: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE products, properties RESTART IDENTITY CASCADE');
    product = await createProduct(t.db);
    property1 = await setProductProperty(t.db, product.id, 'My Property 1', 'my value 1', 0);
    await setProductProperty(t.db, product.id, 'My Property 2', 'my value 2', 1);
  });

  const base = (ref: string | number = product.slug) => `/api/products/${encodeURIComponent(String(ref))}/product_properties`;
  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM product_properties WHERE product_id = $1`, [product.id]))[0].n);
  const property1Path = () => `${base()}/${encodeURIComponent('My Property 1')}`;

  describe('if product is deleted', () => {
    it('can not see a list of product properties', async () => {
      await t.db.query(`UPDATE products SET deleted_at = now() - interval '1 day' WHERE id = $1`, [product.id]);
      await t.http().get(base()).set(user.auth).expect(404, NOT_FOUND);
    });
  });

  it('can see a list of all product properties', async () => {
    const res = await t.http().get(base()).set(user.auth).expect(200);
    expect(res.body.product_properties).toHaveLength(2);
    expect(Object.keys(res.body.product_properties[0]).sort()).toEqual([...ATTRIBUTES].sort());
    expect(res.body.product_properties[0]).toMatchObject({ id: property1, product_id: product.id, value: 'my value 1', property_name: 'My Property 1' });
  });

  it('can control the page size through a parameter', async () => {
    const res = await t.http().get(`${base()}?per_page=1`).expect(200);
    expect(res.body.product_properties).toHaveLength(1);
    expect(res.body).toMatchObject({ current_page: 1, pages: 2 });
  });

  it('can query the results through a parameter', async () => {
    await t.db.query(`UPDATE product_properties SET value = 'loose' WHERE id <> $1`, [property1]);
    const res = await t.http().get(base()).query({ q: { value_cont: 'loose' } }).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.product_properties[0].value).toBe('loose');
  });

  it('can see a single product_property', async () => {
    const res = await t.http().get(property1Path()).expect(200);
    expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
    expect(res.body.id).toBe(property1);
    await t.http().get(`${base()}/nope`).expect(404, NOT_FOUND);
  });

  it('can learn how to create a new product property', async () => {
    const res = await t.http().get(`${base()}/new`).expect(200);
    expect(res.body).toEqual({ attributes: ATTRIBUTES, required_attributes: [] });
  });

  it('cannot create a new product property if not an admin', async () => {
    await t.http().post(base()).set(user.auth).send({ product_property: { property_name: 'My Property 3' } }).expect(401, UNAUTHORIZED);
    expect(await count()).toBe(2);
  });

  it('cannot update a product property', async () => {
    await t.http().put(property1Path()).set(user.auth).send({ product_property: { value: 'my value 456' } }).expect(401, UNAUTHORIZED);
  });

  it('cannot delete a product property', async () => {
    await t.http().delete(property1Path()).set(user.auth).expect(401, UNAUTHORIZED);
    expect(await count()).toBe(2);
  });

  it('hides the properties of unavailable products from non-admins', async () => {
    const future = await createProduct(t.db, { availableOn: new Date(Date.now() + 86_400_000) });
    await t.http().get(base(future.slug)).set(user.auth).expect(404, NOT_FOUND);
    await t.http().get(base(future.slug)).set(admin.auth).expect(200);
  });

  describe('as an admin', () => {
    it('can create a new product property', async () => {
      const res = await t.http().post(base()).set(admin.auth).send({ product_property: { property_name: 'My Property 3', value: 'my value 3' } }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      expect(res.body).toMatchObject({ product_id: product.id, property_name: 'My Property 3', value: 'my value 3' });
      expect(await count()).toBe(3);
      // The property was created, with its name as presentation.
      expect(await t.db.query(`SELECT presentation FROM properties WHERE id = $1`, [res.body.property_id])).toEqual([{ presentation: 'My Property 3' }]);
    });

    it('refuses a product property without a property name, or with an unreadable value', async () => {
      let res = await t.http().post(base()).set(admin.auth).send({ product_property: { value: 'v' } }).expect(422);
      expect(res.body.errors).toEqual({ property: ["can't be blank"] });
      res = await t.http().post(base()).set(admin.auth).send({ product_property: { property_name: 'p', value: 'x'.repeat(256) } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['value']);
      await t.http().post(base('nope')).set(admin.auth).send({ product_property: { property_name: 'p' } }).expect(404);
      expect(await count()).toBe(2);
    });

    it('can update a product property', async () => {
      const res = await t.http().put(property1Path()).set(admin.auth).send({ product_property: { value: 'my value 456' } }).expect(200);
      expect(res.body).toMatchObject({ id: property1, value: 'my value 456', property_name: 'My Property 1' });
      const renamed = await t.http().put(`${base()}/${property1}`).set(admin.auth).send({ product_property: { property_name: 'Renamed' } }).expect(200);
      expect(renamed.body).toMatchObject({ id: property1, property_name: 'Renamed', value: 'my value 456' });
      const clash = await t.http().put(`${base()}/${property1}`).set(admin.auth).send({ product_property: { property_name: 'My Property 2' } }).expect(422);
      expect(clash.body.errors).toEqual({ property_name: ['has already been taken'] });
    });

    it('can delete a product property', async () => {
      await t.http().delete(property1Path()).set(admin.auth).expect(204);
      expect(await t.db.query(`SELECT id FROM product_properties WHERE id = $1`, [property1])).toEqual([]);
    });
  });

  describe('with product identified by id', () => {
    it('can see a list of all product properties', async () => {
      const res = await t.http().get(base(product.id)).expect(200);
      expect(res.body.product_properties).toHaveLength(2);
      expect(Object.keys(res.body.product_properties[0]).sort()).toEqual([...ATTRIBUTES].sort());
    });

    it('can see a single product_property by id', async () => {
      const res = await t.http().get(`${base(product.id)}/${property1}`).expect(200);
      expect(res.body).toMatchObject({ id: property1, property_name: 'My Property 1' });
    });
  });
});
