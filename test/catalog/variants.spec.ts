import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { addOptionValues, createImage, createOptionType, createProduct, createVariant, defaultStockLocationId, TestProduct } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/variants_controller_spec.rb
// Spree's attributes but cost_price, which only admins see (test/catalog/cost-price.spec.ts).
const BASE_ATTRIBUTES = ['id', 'name', 'sku', 'price', 'weight', 'height', 'width', 'depth', 'is_master', 'slug', 'description', 'track_inventory'];
const SHOW_ATTRIBUTES = [...BASE_ATTRIBUTES, 'in_stock', 'display_price'];
const OPTION_VALUE_ATTRIBUTES = ['name', 'presentation', 'option_type_name', 'option_type_id'];
const IMAGE_ATTRIBUTES = ['attachment_file_name', 'attachment_width', 'attachment_height', 'attachment_content_type', 'mini_url', 'small_url', 'product_url', 'large_url'];

describe('variants', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let product: TestProduct;
  let variantId: number; // the master, with an option value (as in Spree's spec)

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE products, option_types RESTART IDENTITY CASCADE');
    product = await createProduct(t.db);
    variantId = product.masterVariantId;
    await t.db.query(`INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand) VALUES ($1, $2, 5)`, [await defaultStockLocationId(t.db), variantId]);
    const size = await createOptionType(t.db, 'size', ['S']);
    await addOptionValues(t.db, variantId, size.valueIds);
  });

  const get = (path: string, who: TestUser = user) => t.http().get(path).set(who.auth);
  const keys = (o: object) => Object.keys(o);

  it('can see a paginated list of variants', async () => {
    const res = await get('/api/variants').expect(200);
    const first = res.body.variants[0];
    expect(keys(first)).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
    expect(first.stock_items.length).toBeGreaterThan(0);
    expect(res.body).toMatchObject({ count: 1, current_page: 1, pages: 1 });
  });

  it('can control the page size through a parameter', async () => {
    const other = await createProduct(t.db);
    await createVariant(t.db, other.id);
    const res = await get('/api/variants?per_page=1').expect(200);
    expect(res.body).toMatchObject({ count: 1, current_page: 1, pages: 3 });
  });

  it('can query the results through a parameter', async () => {
    const other = await createProduct(t.db);
    const expected = await createVariant(t.db, other.id, { sku: 'FOOBAR' });
    const res = await t.http().get('/api/variants').query({ q: { sku_cont: 'FOO' } }).set(user.auth).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.variants[0]).toMatchObject({ id: expected, sku: 'FOOBAR' });
  });

  it('searches by product name or sku, and by price', async () => {
    const other = await createProduct(t.db, { name: 'Ruby Mug' });
    const mugVariant = await createVariant(t.db, other.id, { sku: 'MUG-2', price: '3.00' });
    const q = (query: Record<string, string>) => t.http().get('/api/variants').query({ q: query }).set(user.auth).expect(200);
    expect((await q({ product_name_or_sku_cont: 'ruby mug' })).body.variants.map((v: { id: number }) => v.id)).toEqual([other.masterVariantId, mugVariant]);
    expect((await q({ product_name_or_sku_cont: 'MUG-2' })).body.variants.map((v: { id: number }) => v.id)).toEqual([mugVariant]);
    expect((await q({ price_lt: '5' })).body.variants.map((v: { id: number }) => v.id)).toEqual([mugVariant]);
    expect((await q({ api_key_cont: 'x' })).body.total_count).toBe(3); // unknown key ignored
  });

  it('variants returned contain option values data', async () => {
    const res = await get('/api/variants').expect(200);
    const optionValues = res.body.variants[res.body.variants.length - 1].option_values;
    expect(keys(optionValues[0])).toEqual(expect.arrayContaining(OPTION_VALUE_ATTRIBUTES));
  });

  it('variants returned contain images data', async () => {
    await createImage(t.db, variantId);
    const res = await get('/api/variants').expect(200);
    expect(keys(res.body.variants[0])).toContain('images');
    expect(keys(res.body.variants[0].images[0])).toEqual(expect.arrayContaining(IMAGE_ATTRIBUTES));
    expect(res.body.variants[0].images[0].mini_url).toMatch(/^\/spree\/products\/\d+\/mini\/thinking-cat.jpg$/);
  });

  // Regression test for #2141
  describe('a deleted variant', () => {
    beforeEach(() => t.db.query(`UPDATE variants SET deleted_at = now() WHERE id = $1`, [variantId]));

    it('is not returned in the results', async () => {
      expect((await get('/api/variants').expect(200)).body.variants).toHaveLength(0);
    });

    it('is not returned even when show_deleted is passed', async () => {
      expect((await get('/api/variants?show_deleted=true').expect(200)).body.variants).toHaveLength(0);
      await get(`/api/variants/${variantId}?show_deleted=true`).expect(404, NOT_FOUND);
    });
  });

  it('does not show variants of unavailable products to non-admins', async () => {
    const future = await createProduct(t.db, { availableOn: new Date(Date.now() + 86_400_000) });
    expect((await get('/api/variants').expect(200)).body.variants.map((v: { id: number }) => v.id)).not.toContain(future.masterVariantId);
    await get(`/api/variants/${future.masterVariantId}`).expect(404);
    await get(`/api/products/${future.slug}/variants`).expect(404);
    await get(`/api/variants/${future.masterVariantId}`, admin).expect(200);
  });

  describe('pagination', () => {
    it('can select the next page of variants', async () => {
      const other = await createProduct(t.db);
      await createVariant(t.db, other.id);
      const res = await get('/api/variants?page=2&per_page=1').expect(200);
      expect(keys(res.body.variants[0])).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
      expect(res.body).toMatchObject({ total_count: 3, current_page: 2, pages: 3 });
    });
  });

  it('can see a single variant', async () => {
    const res = await get(`/api/variants/${variantId}`).expect(200);
    expect(keys(res.body)).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
    expect(res.body.stock_items.length).toBeGreaterThan(0);
    expect(keys(res.body.option_values[0])).toEqual(expect.arrayContaining(OPTION_VALUE_ATTRIBUTES));
  });

  it('renders the big variant JSON', async () => {
    const res = await get(`/api/products/${product.slug}/variants/${variantId}`).expect(200);
    const [stock] = await t.db.query(`SELECT id, stock_location_id FROM stock_items WHERE variant_id = $1`, [variantId]);
    expect(res.body).toEqual({
      id: variantId,
      name: product.name,
      sku: expect.any(String),
      price: '19.99',
      display_price: '$19.99',
      weight: '1.50',
      height: null,
      width: null,
      depth: null,
      is_master: true,
      slug: product.slug,
      description: `About ${product.name}`,
      track_inventory: true,
      options_text: 'SIZE: S',
      in_stock: true,
      option_values: [expect.objectContaining({ name: 's', presentation: 'S', option_type_name: 'size', option_type_presentation: 'SIZE' })],
      images: [],
      product_id: product.id,
      stock_items: [{ id: stock.id, count_on_hand: 5, backorderable: false, available: true, lock_version: 0, stock_location_id: stock.stock_location_id, variant_id: variantId, stock_location_name: 'default' }],
    });
    // An admin's has Spree's cost_price too, after is_master.
    const asAdmin = await get(`/api/products/${product.slug}/variants/${variantId}`, admin).expect(200);
    expect(asAdmin.body).toEqual({ ...res.body, cost_price: null });
    expect(keys(asAdmin.body).indexOf('cost_price')).toBe(keys(asAdmin.body).indexOf('is_master') + 1);
  });

  it("says whether each stock item is available (Spree's in_stock? || backorderable?)", async () => {
    const location = await defaultStockLocationId(t.db);
    const [other] = await t.db.query(`INSERT INTO stock_locations (name) VALUES ('back room') RETURNING id`);
    await t.db.query(`INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable) VALUES ($1, $2, 0, true)`, [other.id, variantId]);
    await t.db.query(`UPDATE stock_items SET count_on_hand = 0 WHERE variant_id = $1 AND stock_location_id = $2`, [variantId, location]);
    const items = (await get(`/api/variants/${variantId}`).expect(200)).body.stock_items;
    expect(items.map((s: { stock_location_id: number; available: boolean }) => [s.stock_location_id, s.available]).sort()).toEqual([[location, false], [other.id, true]].sort());
    await t.db.query(`DELETE FROM stock_items WHERE stock_location_id = $1`, [other.id]);
    await t.db.query(`DELETE FROM stock_locations WHERE id = $1`, [other.id]);
  });

  it('can see a single variant with images', async () => {
    await createImage(t.db, variantId);
    const res = await get(`/api/variants/${variantId}`).expect(200);
    expect(keys(res.body)).toEqual(expect.arrayContaining([...SHOW_ATTRIBUTES, 'images']));
    expect(res.body.images).toHaveLength(1);
    expect(keys(res.body.option_values[0])).toEqual(expect.arrayContaining(OPTION_VALUE_ATTRIBUTES));
  });

  it('lists the variants of a product (master included) by permalink or id', async () => {
    const second = await createVariant(t.db, product.id);
    for (const ref of [product.slug, product.id]) {
      const res = await get(`/api/products/${ref}/variants`).expect(200);
      expect(res.body.variants.map((v: { id: number }) => v.id).sort()).toEqual([variantId, second].sort());
    }
    await get('/api/products/nope/variants').expect(404, NOT_FOUND);
    await get(`/api/products/${product.slug}/variants/999999`).expect(404, NOT_FOUND);
    const other = await createProduct(t.db);
    await get(`/api/products/${other.slug}/variants/${variantId}`).expect(404, NOT_FOUND);
    await get('/api/variants/abc').expect(404, NOT_FOUND);
  });

  it('can learn how to create a new variant', async () => {
    const res = await get(`/api/products/${product.slug}/variants/new`).expect(200);
    // Spree's list of what a variant takes, cost_price included (an admin sets it).
    expect(res.body.attributes).toEqual(['id', 'name', 'sku', 'price', 'weight', 'height', 'width', 'depth', 'is_master', 'cost_price', 'slug', 'description', 'track_inventory']);
    expect(res.body.required_attributes).toEqual([]);
    // The same answer outside a product, for anyone (guests included).
    expect((await t.http().get('/api/variants/new').expect(200)).body).toEqual(res.body);
  });

  it('cannot create a new variant if not an admin', async () => {
    await t.http().post(`/api/products/${product.slug}/variants`).set(user.auth).send({ variant: { sku: '12345' } }).expect(401, UNAUTHORIZED);
  });

  it('cannot update a variant', async () => {
    await t.http().put(`/api/products/${product.slug}/variants/${variantId}`).set(user.auth).send({ variant: { sku: '12345' } }).expect(404, NOT_FOUND);
    expect((await t.db.query(`SELECT sku FROM variants WHERE id = $1`, [variantId]))[0].sku).not.toBe('12345');
  });

  it('cannot delete a variant', async () => {
    await t.http().delete(`/api/products/${product.slug}/variants/${variantId}`).set(user.auth).expect(404, NOT_FOUND);
    expect((await t.db.query(`SELECT deleted_at FROM variants WHERE id = $1`, [variantId]))[0].deleted_at).toBeNull();
  });

  describe('as an admin', () => {
    const base = () => `/api/products/${product.slug}/variants`;

    // Test for #2141
    it('sees deleted variants with show_deleted', async () => {
      await t.db.query(`UPDATE variants SET deleted_at = now() WHERE id = $1`, [variantId]);
      expect((await get('/api/variants?show_deleted=1', admin).expect(200)).body.variants).toHaveLength(1);
      expect((await get('/api/variants', admin).expect(200)).body.variants).toHaveLength(0);
      expect((await get(`${base()}?show_deleted=1`, admin).expect(200)).body.variants).toHaveLength(1);
    });

    it('can create a new variant', async () => {
      const res = await t.http().post(base()).set(admin.auth).send({ variant: { sku: '12345' } }).expect(201);
      expect(keys(res.body)).toEqual(expect.arrayContaining(BASE_ATTRIBUTES));
      expect(res.body).toMatchObject({ sku: '12345', is_master: false, price: '19.99', product_id: product.id });
      // A stock item at the propagating location.
      expect(res.body.stock_items).toEqual([expect.objectContaining({ stock_location_name: 'default', count_on_hand: 0 })]);
      expect(Number((await t.db.query(`SELECT count(*) AS n FROM variants WHERE product_id = $1 AND NOT is_master`, [product.id]))[0].n)).toBe(1);
    });

    it('creates a variant with its own price, dimensions and option values', async () => {
      const color = await createOptionType(t.db, 'color', ['Red', 'Blue']);
      const res = await t.http()
        .post(base())
        .set(admin.auth)
        .send({ variant: { sku: 'RED', price: '24.5', cost_price: '10', weight: '2', depth: '3.25', option_value_ids: color.valueIds } })
        .expect(201);
      expect(res.body).toMatchObject({ price: '24.50', display_price: '$24.50', cost_price: '10.00', weight: '2.00', depth: '3.25', options_text: 'COLOR: Red, COLOR: Blue' });
      const form = await t.http().post(base()).set(admin.auth).type('form').send('variant[sku]=FORM&variant[price]=7&variant[options][0][name]=size&variant[options][0][value]=XL').expect(201);
      expect(form.body).toMatchObject({ sku: 'FORM', price: '7.00', options_text: 'SIZE: XL' });
    });

    it('refuses invalid input with 422 naming the field, writing nothing', async () => {
      const before = Number((await t.db.query(`SELECT count(*) AS n FROM variants`))[0].n);
      for (const [variant, field] of [
        [{ price: 'lots' }, 'price'],
        [{ price: '-2' }, 'price'],
        [{ weight: [1] }, 'weight'],
        [{ option_value_ids: [999999] }, 'option_value_ids'],
        [{ option_value_ids: 'a,b' }, 'option_value_ids'],
        [{ options: [{ name: 'size' }] }, 'options'],
        [{ track_inventory: 'maybe' }, 'track_inventory'],
      ] as const) {
        const res = await t.http().post(base()).set(admin.auth).send({ variant }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual([field]);
      }
      expect(Number((await t.db.query(`SELECT count(*) AS n FROM variants`))[0].n)).toBe(before);
      await t.http().post('/api/products/nope/variants').set(admin.auth).send({ variant: { sku: 'x' } }).expect(404);
    });

    it('can update a variant', async () => {
      const res = await t.http().put(`${base()}/${variantId}`).set(admin.auth).send({ variant: { sku: '12345', price: '30' } }).expect(200);
      expect(res.body).toMatchObject({ sku: '12345', price: '30.00' });
      const product = await get(`/api/products/${res.body.slug}`, admin).expect(200);
      expect(product.body.price).toBe('30.00'); // the master's price is the product's
      const bad = await t.http().put(`${base()}/${variantId}`).set(admin.auth).send({ variant: { price: '' } }).expect(422);
      expect(bad.body.errors).toEqual({ price: ["can't be blank"] });
      await t.http().put(`${base()}/999999`).set(admin.auth).send({ variant: { sku: 'x' } }).expect(404);
    });

    it('can delete a variant (soft delete)', async () => {
      await t.http().delete(`${base()}/${variantId}`).set(admin.auth).expect(204);
      const [row] = await t.db.query(`SELECT deleted_at FROM variants WHERE id = $1`, [variantId]);
      expect(row.deleted_at).not.toBeNull();
      await get(`/api/variants/${variantId}`, admin).expect(404);
      await t.http().delete(`${base()}/${variantId}`).set(admin.auth).expect(404);
    });
  });
});
