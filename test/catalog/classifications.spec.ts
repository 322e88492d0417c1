import { classify, createProduct, createTaxon, createTaxonomy } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/classifications_controller_spec.rb
describe('classifications', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let taxon: number;
  let products: number[];

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  // Spree's `let(:taxon)`: a taxon with 3 products, at positions 1, 2, 3 (acts_as_list).
  beforeEach(async () => {
    const taxonomy = await createTaxonomy(t.db);
    taxon = await createTaxon(t.db, taxonomy.rootId);
    products = [];
    for (let i = 1; i <= 3; i++) {
      const product = await createProduct(t.db);
      await classify(t.db, product.id, taxon, i);
      products.push(product.id);
    }
  });

  const positions = async (taxonId = taxon) =>
    (await t.db.query(`SELECT product_id, position FROM classifications WHERE taxon_id = $1 ORDER BY position, id`, [taxonId])).map(
      (r: { product_id: number; position: number }) => [r.product_id, r.position],
    );

  describe('as a user', () => {
    // it "cannot change the order of a product"
    it('cannot change the order of a product', async () => {
      const before = await positions();
      await t.http().put('/api/classifications').set(user.auth).send({ taxon_id: taxon, product_id: products[0], position: 1 }).expect(401, {
        error: 'You are not authorized to perform that action.',
      });
      await t.http().put('/api/classifications').send({ taxon_id: taxon, product_id: products[0], position: 1 }).expect(401);
      expect(await positions()).toEqual(before);
    });
  });

  describe('as an admin', () => {
    // it "can change the order a product"
    it('can change the order of a product', async () => {
      const last = products[2];
      expect((await positions()).find(([p]: number[]) => p === last)[1]).toBe(3);
      const res = await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: taxon, product_id: last, position: 0 }).expect(200);
      expect(res.text).toBe('');
      expect((await positions()).find(([p]: number[]) => p === last)[1]).toBe(1);
      expect(await positions()).toEqual([
        [products[2], 1],
        [products[0], 2],
        [products[1], 3],
      ]);
    });

    it('moves down, clamps past the end, reads query and form parameters, and defaults to the first place', async () => {
      await t.http().put(`/api/classifications?taxon_id=${taxon}&product_id=${products[0]}&position=1`).set(admin.auth).expect(200);
      expect(await positions()).toEqual([
        [products[1], 1],
        [products[0], 2],
        [products[2], 3],
      ]);
      await t.http().put('/api/classifications').set(admin.auth).type('form').send(`taxon_id=${taxon}&product_id=${products[1]}&position=99`).expect(200);
      expect(await positions()).toEqual([
        [products[0], 1],
        [products[2], 2],
        [products[1], 3],
      ]);
      await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: String(taxon), product_id: String(products[1]) }).expect(200);
      expect((await positions())[0]).toEqual([products[1], 1]);
    });

    it('only renumbers the products of that taxon', async () => {
      const other = await createTaxon(t.db, (await t.db.query(`SELECT parent_id FROM taxons WHERE id = $1`, [taxon]))[0].parent_id);
      await classify(t.db, products[0], other, 7);
      await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: taxon, product_id: products[0], position: 2 }).expect(200);
      expect(await positions(other)).toEqual([[products[0], 7]]);
    });

    it('answers 404 when the product is not in the taxon, or either is unknown', async () => {
      const loose = await createProduct(t.db);
      const before = await positions();
      const notFound = { error: 'The resource you were looking for could not be found.' };
      await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: taxon, product_id: loose.id, position: 0 }).expect(404, notFound);
      await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: 999999, product_id: products[0], position: 0 }).expect(404, notFound);
      expect(await positions()).toEqual(before);
    });

    it('answers 422 naming each missing or unreadable parameter, writing nothing', async () => {
      const before = await positions();
      let res = await t.http().put('/api/classifications').set(admin.auth).send({}).expect(422);
      expect(res.body.errors).toEqual({ product_id: ["can't be blank"], taxon_id: ["can't be blank"] });
      res = await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: 'abc', product_id: { id: 1 }, position: 'first' }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['position', 'product_id', 'taxon_id']);
      res = await t.http().put('/api/classifications').set(admin.auth).send({ taxon_id: taxon, product_id: products[2], position: -1 }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['position']);
      expect(await positions()).toEqual(before);
    });
  });

  it('documents the endpoint in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    expect(doc.paths['/api/classifications'].put).toBeDefined();
    // Its parameters too, so clients (and the fuzz test) can send them.
    const body = doc.paths['/api/classifications'].put.requestBody.content['application/json'].schema;
    const params = doc.components.schemas[body.$ref.replace('#/components/schemas/', '')];
    expect(Object.keys(params.properties).sort()).toEqual(['position', 'product_id', 'taxon_id']);
    expect(params.required.sort()).toEqual(['product_id', 'taxon_id']);
  });
});
