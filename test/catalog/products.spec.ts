import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import {
  addOptionValues,
  createImage,
  createOptionType,
  createProduct,
  createTaxon,
  createTaxonomy,
  createVariant,
  defaultShippingCategoryId,
  setProductProperty,
  TestProduct,
} from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { cents } from '../support/database';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/products_controller_spec.rb
// (plus the contract's product JSON: permalink, deleted_at; PUT answers 201).
const BASE_ATTRIBUTES = [
  'id', 'name', 'description', 'price', 'display_price', 'available_on', 'slug', 'meta_description', 'meta_keywords',
  'shipping_category_id', 'taxon_ids', 'total_on_hand',
];
const SHOW_ATTRIBUTES = [...BASE_ATTRIBUTES, 'has_variants', 'permalink', 'deleted_at', 'master', 'variants', 'option_types', 'product_properties'];

describe('products', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let product: TestProduct;
  let inactive: TestProduct;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE products, option_types, properties, taxonomies RESTART IDENTITY CASCADE');
    product = await createProduct(t.db);
    inactive = await createProduct(t.db, { name: 'inactive', availableOn: new Date(Date.now() + 86_400_000) });
  });

  const get = (path: string, who: TestUser | null = user) => (who ? t.http().get(path).set(who.auth) : t.http().get(path));
  const ids = (body: { products: { id: number }[] }) => body.products.map((p) => p.id);
  const countRows = async (table: string) => Number((await t.db.query(`SELECT count(*) AS n FROM ${table}`))[0].n);

  describe('as a normal user', () => {
    it('returns unique products (with caching enabled)', async () => {
      await createProduct(t.db);
      const res = await get('/api/products').expect(200);
      expect(new Set(ids(res.body)).size).toBe(res.body.products.length);
    });

    it('retrieves a list of products', async () => {
      const res = await get('/api/products').expect(200);
      expect(Object.keys(res.body.products[0])).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
      expect(res.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1, per_page: 25 });
    });

    it('retrieves a list of products by id', async () => {
      const res = await t.http().get('/api/products').query({ 'ids[]': [product.id] }).set(user.auth).expect(200);
      expect(ids(res.body)).toEqual([product.id]);
      expect(res.body).toMatchObject({ total_count: 1, current_page: 1, pages: 1, per_page: 25 });
    });

    it('returns distinct products only when the product has more than one price', async () => {
      await t.db.query(`INSERT INTO prices (variant_id, amount, currency) VALUES ($1, 22, 'EUR')`, [product.masterVariantId]);
      const res = await get('/api/products').expect(200);
      expect(ids(res.body)).toEqual([product.id]);
      expect(res.body.products[0].price).toBe('19.99');
    });

    it('retrieves a list of products by ids string', async () => {
      const second = await createProduct(t.db);
      const res = await get(`/api/products?ids=${product.id},${second.id}`).expect(200);
      expect(ids(res.body)).toEqual([product.id, second.id]);
      expect(Object.keys(res.body.products[1])).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
      expect(res.body).toMatchObject({ total_count: 2, current_page: 1, pages: 1, per_page: 25 });
    });

    it('does not return inactive products when queried by ids', async () => {
      const res = await get(`/api/products?ids=${inactive.id}`).expect(200);
      expect(res.body.count).toBe(0);
    });

    it('does not list unavailable products', async () => {
      const res = await get('/api/products').expect(200);
      expect(res.body.products.map((p: { name: string }) => p.name)).not.toContain('inactive');
    });

    it('does not list deleted products, nor products without an available_on date', async () => {
      await createProduct(t.db, { deletedAt: new Date(Date.now() - 1000) });
      await createProduct(t.db, { availableOn: null });
      const res = await get('/api/products?show_deleted=1').expect(200);
      expect(ids(res.body)).toEqual([product.id]);
    });

    describe('pagination', () => {
      it('can select the next page of products', async () => {
        const second = await createProduct(t.db);
        const res = await get('/api/products?page=2&per_page=1').expect(200);
        expect(ids(res.body)).toEqual([second.id]);
        expect(Object.keys(res.body.products[0])).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
        expect(res.body).toMatchObject({ total_count: 2, current_page: 2, pages: 2 });
      });

      it('can control the page size through a parameter', async () => {
        await createProduct(t.db);
        const res = await get('/api/products?per_page=1').expect(200);
        expect(res.body).toMatchObject({ count: 1, total_count: 2, current_page: 1, pages: 2 });
      });
    });

    // Spree's "jsonp" examples: JSONP was removed in 2.2.10 (contract section 2).
    it('ignores a JSONP callback and answers JSON', async () => {
      const res = await get('/api/products?callback=callback').expect(200);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.text.startsWith('{')).toBe(true);
    });

    it('can search for products', async () => {
      await createProduct(t.db, { name: 'The best product in the world' });
      const res = await t.http().get('/api/products').query({ q: { name_cont: 'best' } }).set(user.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.products[0].name).toBe('The best product in the world');
      expect(Object.keys(res.body.products[0])).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
    });

    it('gets a single product', async () => {
      await createImage(t.db, product.masterVariantId);
      const variantId = await createVariant(t.db, product.id);
      await createImage(t.db, variantId);
      await setProductProperty(t.db, product.id, 'spree', 'rocks');
      const res = await get(`/api/products/${product.slug}`).expect(200);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
      expect(Object.keys(res.body.variants[0])).toEqual(expect.arrayContaining(['name', 'is_master', 'price', 'images', 'in_stock']));
      expect(Object.keys(res.body.variants[0].images[0])).toEqual(
        expect.arrayContaining(['attachment_file_name', 'attachment_width', 'attachment_height', 'attachment_content_type', 'mini_url', 'small_url', 'product_url', 'large_url']),
      );
      expect(res.body.product_properties[0]).toMatchObject({ value: 'rocks', product_id: product.id, property_name: 'spree' });
      expect(res.body.master.images).toHaveLength(1);
    });

    it('sums stock over all locations, leaves deleted stock items out, and counts a backorderable location as in stock', async () => {
      const variantId = await createVariant(t.db, product.id, { countOnHand: 3 });
      const [location] = await t.db.query(`INSERT INTO stock_locations (name) VALUES ('second') RETURNING id`);
      await t.db.query(
        `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable, deleted_at)
         VALUES ($1, $2, 4, false, NULL), ($1, $3, 0, true, NULL), ($1, $3, 50, false, now())`,
        [location.id, variantId, product.masterVariantId],
      );
      try {
        const show = await get(`/api/products/${product.slug}`).expect(200);
        const listed = (await get(`/api/products?per_page=100`).expect(200)).body.products.find((p: { id: number }) => p.id === product.id);
        for (const body of [show.body, listed]) {
          expect(body.total_on_hand).toBe(7); // 3 + 4 on the variant, 0 on the master; the deleted 50 left out
          expect(body.variants.find((v: { id: number }) => v.id === variantId).in_stock).toBe(true);
          expect(body.master.in_stock).toBe(true); // nothing on hand, but backorderable at the second location
        }
      } finally {
        await t.db.query(`DELETE FROM stock_items WHERE stock_location_id = $1`, [location.id]);
        await t.db.query(`DELETE FROM stock_locations WHERE id = $1`, [location.id]);
      }
    });

    it('renders the whole product JSON', async () => {
      const size = await createOptionType(t.db, 'size', ['S', 'M']);
      const variantId = await createVariant(t.db, product.id, { price: '25.5', countOnHand: 7, sku: 'V-1' });
      await addOptionValues(t.db, variantId, [size.valueIds[1]]);
      const res = await get(`/api/products/${product.id}`).expect(200);
      expect(res.body).toMatchObject({
        id: product.id,
        name: product.name,
        description: `About ${product.name}`,
        price: '19.99',
        display_price: '$19.99',
        slug: product.slug,
        permalink: product.slug,
        deleted_at: null,
        meta_description: null,
        meta_keywords: null,
        shipping_category_id: await defaultShippingCategoryId(t.db),
        taxon_ids: [],
        total_on_hand: 7,
        has_variants: true,
        option_types: [{ id: size.id, name: 'size', presentation: 'SIZE', position: 1 }],
        product_properties: [],
      });
      expect(new Date(res.body.available_on).getTime()).toBeLessThan(Date.now());
      expect(res.body.master).toMatchObject({ id: product.masterVariantId, is_master: true, price: '19.99', in_stock: false, option_values: [], options_text: '' });
      expect(res.body.variants).toEqual([
        {
          id: variantId,
          name: product.name,
          sku: 'V-1',
          price: '25.50',
          display_price: '$25.50',
          weight: '1.50',
          height: null,
          width: null,
          depth: null,
          is_master: false,
          slug: product.slug,
          description: `About ${product.name}`,
          track_inventory: true,
          options_text: 'SIZE: M',
          in_stock: true,
          option_values: [{ id: size.valueIds[1], name: 'm', presentation: 'M', option_type_name: 'size', option_type_id: size.id, option_type_presentation: 'SIZE' }],
          images: [],
        },
      ]);
    });

    // Spree's "tracking is disabled" example: the JSON stays valid; an untracked variant is in stock.
    it('still displays valid json with total on hand when tracking is disabled', async () => {
      await t.db.query(`UPDATE variants SET track_inventory = false WHERE id = $1`, [product.masterVariantId]);
      const res = await get(`/api/products/${product.slug}`).expect(200);
      expect(res.body.total_on_hand).toBe(0);
      expect(res.body.master.in_stock).toBe(true);
    });

    it('finds a product by slug first then by id', async () => {
      const other = await createProduct(t.db, { slug: 'these-are-not-the-droids-you-are-looking-for' });
      await t.db.query(`UPDATE products SET slug = $1 WHERE id = $2`, [`${other.id}-and-1-ways`, product.id]);
      let res = await get(`/api/products/${other.id}-and-1-ways`).expect(200);
      expect(res.body.slug).toMatch(/and-1-ways/);
      // A slug that looks like an id wins over the id.
      await t.db.query(`UPDATE products SET slug = $1 WHERE id = $2`, [String(other.id), product.id]);
      res = await get(`/api/products/${other.id}`).expect(200);
      expect(res.body.id).toBe(product.id);
      await t.db.query(`UPDATE products SET deleted_at = now() WHERE id = $1`, [product.id]);
      res = await get(`/api/products/${other.id}`).expect(200);
      expect(res.body.slug).toMatch(/droids/);
    });

    it('cannot see inactive products', async () => {
      await get(`/api/products/${inactive.slug}`).expect(404, NOT_FOUND);
      await get(`/api/products/${inactive.id}`, null).expect(404, NOT_FOUND);
    });

    it('returns a 404 error when it cannot find a product', async () => {
      await get('/api/products/non-existant').expect(404, NOT_FOUND);
      await get('/api/products/99999999999999').expect(404, NOT_FOUND);
    });

    it('can learn how to create a new product', async () => {
      const res = await get('/api/products/new').expect(200);
      expect(res.body.attributes).toEqual(['id', 'name', 'description', 'price', 'available_on', 'permalink', 'count_on_hand', 'meta_description', 'meta_keywords', 'shipping_category_id', 'taxon_ids']);
      expect(res.body.required_attributes).toEqual(expect.arrayContaining(['name', 'price', 'shipping_category_id']));
    });

    describe('modifying product actions are restricted', () => {
      it('cannot create a new product if not an admin', async () => {
        await t.http().post('/api/products').set(user.auth).send({ product: { name: 'Brand new product!' } }).expect(401, UNAUTHORIZED);
        await t.http().post('/api/products').send({ product: { name: 'Brand new product!' } }).expect(401, UNAUTHORIZED);
        expect(await countRows('products')).toBe(2);
      });

      it('cannot update a product', async () => {
        await t.http().put(`/api/products/${product.slug}`).set(user.auth).send({ product: { name: 'I hacked your store!' } }).expect(401, UNAUTHORIZED);
        expect((await t.db.query(`SELECT name FROM products WHERE id = $1`, [product.id]))[0].name).toBe(product.name);
      });

      it('cannot delete a product', async () => {
        await t.http().delete(`/api/products/${product.slug}`).set(user.auth).expect(401, UNAUTHORIZED);
        expect((await t.db.query(`SELECT deleted_at FROM products WHERE id = $1`, [product.id]))[0].deleted_at).toBeNull();
      });
    });

    it('ignores q keys outside the allow-list', async () => {
      const res = await t.http().get('/api/products').query({ q: { shipping_category_password_cont: 'x', deleted_at_not_null: '1' } }).set(user.auth).expect(200);
      expect(res.body.total_count).toBe(0); // deleted_at is searchable, the unknown key is ignored
      const all = await t.http().get('/api/products').query({ q: { secret_cont: 'x' } }).set(user.auth).expect(200);
      expect(all.body.total_count).toBe(1);
    });
  });

  describe('as an admin', () => {
    let taxon1: number;
    let taxon2: number;

    beforeEach(async () => {
      const taxonomy = await createTaxonomy(t.db);
      taxon1 = await createTaxon(t.db, taxonomy.rootId);
      taxon2 = await createTaxon(t.db, taxonomy.rootId);
    });

    const post = (product: Record<string, unknown>) => t.http().post('/api/products').set(admin.auth).send({ product });
    const put = (slugOrId: string | number, product: Record<string, unknown>) => t.http().put(`/api/products/${slugOrId}`).set(admin.auth).send({ product });
    const productData = async () => ({ name: 'The Other Product', price: 19.99, shipping_category_id: await defaultShippingCategoryId(t.db) });
    const variantData = () => ({ sku: `V-${Math.random().toString(36).slice(2, 8)}`, weight: '2.5', options: [{ name: 'size', value: 'small' }, { name: 'color', value: 'black' }] });

    it('can see all products', async () => {
      const res = await get('/api/products', admin).expect(200);
      expect(res.body.products).toHaveLength(2);
      expect(res.body).toMatchObject({ count: 2, current_page: 1, pages: 1 });
    });

    describe('deleted products', () => {
      beforeEach(() => createProduct(t.db, { deletedAt: new Date(Date.now() - 86_400_000) }));

      it('does not include deleted products', async () => {
        expect((await get('/api/products', admin).expect(200)).body.products).toHaveLength(2);
      });

      it('can include deleted products', async () => {
        const res = await get('/api/products?show_deleted=1', admin).expect(200);
        expect(res.body.products).toHaveLength(3);
        const deleted = res.body.products.find((p: { deleted_at: string | null }) => p.deleted_at !== null);
        expect(deleted.master).not.toBeNull();
      });
    });

    describe('searching and sorting', () => {
      it('sorts by shipping category name through a join, without duplicates', async () => {
        const [{ id: cat }] = await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Aardvark') RETURNING id`);
        const third = await createProduct(t.db);
        await t.db.query(`UPDATE products SET shipping_category_id = $1 WHERE id = $2`, [cat, third.id]);
        const res = await t.http().get('/api/products').query({ q: { s: 'shipping_category_name asc' }, per_page: 2 }).set(admin.auth).expect(200);
        expect(res.body.products[0].id).toBe(third.id);
        expect(res.body).toMatchObject({ count: 2, total_count: 3, pages: 2 });
        const filtered = await t.http().get('/api/products').query({ q: { shipping_category_name_eq: 'Aardvark' } }).set(admin.auth).expect(200);
        expect(ids(filtered.body)).toEqual([third.id]);
      });

      it('searches the SKU of the master and of every variant, and the master price', async () => {
        const other = await createProduct(t.db, { sku: 'MASTER-XYZ', price: '5.00' });
        await createVariant(t.db, product.id, { sku: 'VAR-ABC' });
        await createVariant(t.db, product.id, { sku: 'VAR-ABD' });
        const q = (query: Record<string, string>) => t.http().get('/api/products').query({ q: query }).set(admin.auth).expect(200);
        expect(ids((await q({ sku_eq: 'MASTER-XYZ' })).body)).toEqual([other.id]);
        const viaVariants = (await q({ variants_including_master_sku_cont: 'VAR-AB' })).body;
        expect(ids(viaVariants)).toEqual([product.id]);
        expect(viaVariants.total_count).toBe(1);
        expect(ids((await q({ variants_including_master_sku_cont: 'xyz' })).body)).toEqual([other.id]);
        expect(ids((await q({ price_lt: '10' })).body)).toEqual([other.id]);
        expect(ids((await q({ s: 'price asc' })).body)[0]).toBe(other.id);
        expect(ids((await q({ name_or_sku_cont: 'master-x' })).body)).toEqual([other.id]);
      });
    });

    describe('creating a product', () => {
      it('can create a new product', async () => {
        const res = await post({ name: 'The Other Product', price: 19.99, shipping_category_id: await defaultShippingCategoryId(t.db) }).expect(201);
        expect(Object.keys(res.body)).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
        expect(res.body).toMatchObject({ name: 'The Other Product', price: '19.99', display_price: '$19.99', slug: 'the-other-product', permalink: 'the-other-product', has_variants: false });
        expect(new Date(res.body.available_on).getTime()).toBeLessThanOrEqual(Date.now());
        // The master variant, its price and a stock item at every propagating location.
        const [master] = await t.db.query(`SELECT id FROM variants WHERE product_id = $1 AND is_master`, [res.body.id]);
        expect(res.body.master.id).toBe(master.id);
        expect(cents(await t.db.query(`SELECT amount, currency FROM prices WHERE variant_id = $1`, [master.id]))).toEqual([{ amount: '19.99', currency: 'USD' }]);
        const stock = await t.db.query(`SELECT sl.name FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id WHERE si.variant_id = $1`, [master.id]);
        expect(stock).toEqual([{ name: 'default' }]);
      });

      it('gives stock items only at locations that propagate all variants', async () => {
        await t.db.query(`INSERT INTO stock_locations (name, propagate_all_variants, backorderable_default) VALUES ('east', true, true), ('manual', false, false)`);
        const res = await post(await productData()).expect(201);
        const stock = await t.db.query(
          `SELECT sl.name, si.backorderable FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id WHERE si.variant_id = $1 ORDER BY sl.name`,
          [res.body.master.id],
        );
        expect(stock).toEqual([{ name: 'default', backorderable: false }, { name: 'east', backorderable: true }]);
        expect(res.body.master.in_stock).toBe(true); // backorderable somewhere
        await t.db.query(`DELETE FROM stock_locations WHERE name IN ('east', 'manual')`);
      });

      it('generates a unique slug from the name', async () => {
        const data = await productData();
        expect((await post(data).expect(201)).body.slug).toBe('the-other-product');
        expect((await post(data).expect(201)).body.slug).toBe('the-other-product-1');
        expect((await post(data).expect(201)).body.slug).toBe('the-other-product-2');
        expect((await post({ ...data, name: 'Crème Brûlée & Co.' }).expect(201)).body.permalink).toBe('creme-brulee-co');
        expect((await post({ ...data, permalink: 'My Own Link' }).expect(201)).body.slug).toBe('my-own-link');
        const taken = await post({ ...data, permalink: 'my-own-link' }).expect(422);
        expect(taken.body.errors).toEqual({ slug: ['has already been taken'] });
      });

      it('creates with embedded variants', async () => {
        const res = await post({ ...(await productData()), variants: [variantData(), variantData()] }).expect(201);
        const variants = res.body.variants;
        expect(variants).toHaveLength(2);
        expect(variants[1].option_values[0]).toMatchObject({ name: 'small', option_type_name: 'size' });
        expect(variants[1].price).toBe('19.99'); // the master's
        expect(variants[1].options_text).toBe('size: small, color: black');
        expect(res.body.option_types).toHaveLength(2);
        // Each variant got a stock item too.
        expect(Number((await t.db.query(`SELECT count(*) AS n FROM stock_items WHERE variant_id = ANY($1)`, [variants.map((v: { id: number }) => v.id)]))[0].n)).toBe(2);
      });

      it('creates with variants_attributes and option_type_ids', async () => {
        const color = await createOptionType(t.db, 'colour', ['Red', 'Blue']);
        const res = await post({
          ...(await productData()),
          option_type_ids: [color.id],
          variants_attributes: [{ sku: 'RED-1', price: '21.00', option_value_ids: [color.valueIds[0]] }],
        }).expect(201);
        expect(res.body.option_types.map((o: { name: string }) => o.name)).toEqual(['colour']);
        expect(res.body.variants[0]).toMatchObject({ sku: 'RED-1', price: '21.00', options_text: 'COLOUR: Red' });
      });

      it('can create a new product with embedded product_properties', async () => {
        const res = await post({ ...(await productData()), product_properties_attributes: [{ property_name: 'fabric', value: 'cotton' }] }).expect(201);
        expect(res.body.product_properties[0]).toMatchObject({ property_name: 'fabric', value: 'cotton' });
      });

      it('can create a new product with option_types', async () => {
        const res = await post({ ...(await productData()), option_types: ['size', 'color'] }).expect(201);
        expect(res.body.option_types).toHaveLength(2);
      });

      it('creates with shipping categories', async () => {
        const res = await post({ name: 'The Other Product', price: 19.99, shipping_category: 'Free Ships' }).expect(201);
        const [{ id }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Free Ships'`);
        expect(res.body.shipping_category_id).toBe(id);
      });

      it('puts the created product in the given taxon', async () => {
        const res = await post({ ...(await productData()), taxon_ids: String(taxon1) }).expect(201);
        expect(res.body.taxon_ids).toEqual([taxon1]);
      });

      // Regression test for #4123
      it('puts the created product in the given taxons', async () => {
        const res = await post({ ...(await productData()), taxon_ids: `${taxon1},${taxon2}` }).expect(201);
        expect(res.body.taxon_ids).toEqual([taxon1, taxon2]);
      });

      // Regression test for #2140 (requires_authentication false is the default here)
      it('can still create a product with authentication not required', async () => {
        const res = await post(await productData()).expect(201);
        expect(Object.keys(res.body)).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
      });

      it('cannot create a new product with invalid attributes', async () => {
        const res = await post({}).expect(422);
        expect(res.body.error).toBe('Invalid resource. Please fix errors and try again.');
        expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'price', 'shipping_category_id']);
        expect(res.body.errors.name).toEqual(["can't be blank"]);
      });

      it('answers 422 naming the field for unreadable values, and writes nothing', async () => {
        const before = await countRows('products');
        let res = await post({ ...(await productData()), price: 'cheap' }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['price']);
        res = await post({ ...(await productData()), price: { amount: 1 } }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['price']);
        res = await post({ ...(await productData()), price: '-1' }).expect(422);
        expect(res.body.errors.price).toEqual(['must be greater than or equal to 0']);
        res = await post({ ...(await productData()), shipping_category_id: 'x' }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['shipping_category_id']);
        res = await post({ ...(await productData()), available_on: 'someday' }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['available_on']);
        res = await post({ ...(await productData()), shipping_category_id: 999999 }).expect(422);
        expect(res.body.errors).toEqual({ shipping_category_id: ['is invalid'] });
        res = await post({ ...(await productData()), taxon_ids: '999999' }).expect(422);
        expect(res.body.errors).toEqual({ taxon_ids: ['is invalid'] });
        res = await post({ ...(await productData()), variants: [{ sku: 'X', option_value_ids: [999999] }] }).expect(422);
        expect(res.body.errors).toEqual({ option_value_ids: ['is invalid'] });
        res = await post({ ...(await productData()), variants: [{ price: 'abc' }] }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['variants.0.price']);
        await t.http().post('/api/products').set(admin.auth).send({ product: 'oops' }).expect(400);
        expect(await countRows('products')).toBe(before);
        expect(await countRows('variants')).toBe(2);
      });
    });

    describe('updating a product', () => {
      it('can update a product (201, as commerce-api.md specifies)', async () => {
        const res = await put(product.slug, { name: 'New and Improved Product!', price: '25', meta_keywords: 'new' }).expect(201);
        expect(res.body).toMatchObject({ id: product.id, name: 'New and Improved Product!', price: '25.00', meta_keywords: 'new', slug: product.slug });
        const byId = await put(product.id, { description: 'Better' }).expect(201);
        expect(byId.body.description).toBe('Better');
      });

      it('can create new option types on a product', async () => {
        const res = await put(product.slug, { option_types: ['shape', 'color'] }).expect(201);
        expect(res.body.option_types).toHaveLength(2);
      });

      it('can create new variants on a product', async () => {
        const res = await put(product.slug, { variants: [variantData(), variantData()] }).expect(201);
        expect(res.body.variants).toHaveLength(2);
        const variants = res.body.variants.filter((v: { is_master: boolean }) => !v.is_master);
        expect(variants[1].option_values[0]).toMatchObject({ name: 'small', option_type_name: 'size' });
        expect(res.body.option_types).toHaveLength(2);
      });

      it('can update an existing variant on a product', async () => {
        const created = await put(product.slug, { variants: [{ sku: '123', price: 19.99, options: [{ name: 'size', value: 'small' }] }] }).expect(201);
        const variantId = created.body.variants[0].id;
        const res = await put(product.slug, { variants: [{ id: String(variantId), sku: '456', price: 19.99, options: [{ name: 'size', value: 'large' }] }] }).expect(201);
        expect(res.body.variants).toHaveLength(1);
        expect(res.body.variants[0].option_values).toHaveLength(1);
        expect(res.body.variants[0].option_values[0].name).toBe('large');
        expect(res.body.variants[0].sku).toBe('456');
      });

      it('answers 404 for a variant id of another product', async () => {
        const other = await createProduct(t.db);
        const otherVariant = await createVariant(t.db, other.id);
        await put(product.slug, { variants: [{ id: otherVariant, sku: 'stolen' }] }).expect(404);
        expect((await t.db.query(`SELECT sku FROM variants WHERE id = $1`, [otherVariant]))[0].sku).not.toBe('stolen');
      });

      it('cannot update a product with an invalid attribute', async () => {
        const res = await put(product.slug, { name: '' }).expect(422);
        expect(res.body.error).toBe('Invalid resource. Please fix errors and try again.');
        expect(res.body.errors.name).toEqual(["can't be blank"]);
        const price = await put(product.slug, { price: 'free', name: 'Changed' }).expect(422);
        expect(Object.keys(price.body.errors)).toEqual(['price']);
        expect((await t.db.query(`SELECT name FROM products WHERE id = $1`, [product.id]))[0].name).toBe(product.name);
      });

      // Regression test for #4123
      it('puts the updated product in the given taxon', async () => {
        const res = await put(product.slug, { taxon_ids: String(taxon1) }).expect(201);
        expect(res.body.taxon_ids).toEqual([taxon1]);
      });

      // Regression test for #4123
      it('puts the updated product in the given taxons, replacing the old ones', async () => {
        await put(product.slug, { taxon_ids: String(taxon1) }).expect(201);
        let res = await put(product.slug, { taxon_ids: `${taxon1},${taxon2}` }).expect(201);
        expect(res.body.taxon_ids).toEqual([taxon1, taxon2]);
        res = await put(product.slug, { taxon_ids: String(taxon2) }).expect(201);
        expect(res.body.taxon_ids).toEqual([taxon2]);
      });

      it('answers 404 for a missing or deleted product', async () => {
        await put('no-such-product', { name: 'x' }).expect(404, NOT_FOUND);
        await t.db.query(`UPDATE products SET deleted_at = now() WHERE id = $1`, [product.id]);
        await put(product.slug, { name: 'x' }).expect(404, NOT_FOUND);
      });
    });

    it('can delete a product', async () => {
      const variantId = await createVariant(t.db, product.id);
      await t.http().delete(`/api/products/${product.slug}`).set(admin.auth).expect(204);
      const [row] = await t.db.query(`SELECT deleted_at FROM products WHERE id = $1`, [product.id]);
      expect(row.deleted_at).not.toBeNull();
      const variants = await t.db.query(`SELECT deleted_at FROM variants WHERE product_id = $1`, [product.id]);
      expect(variants).toHaveLength(2);
      expect(variants.every((v: { deleted_at: Date | null }) => v.deleted_at !== null)).toBe(true);
      expect((await t.db.query(`SELECT deleted_at FROM stock_items WHERE variant_id = $1`, [variantId]))[0].deleted_at).not.toBeNull();
      await get(`/api/products/${product.slug}`, admin).expect(404);
      const shown = await get(`/api/products/${product.slug}?show_deleted=true`, admin).expect(200);
      expect(shown.body.deleted_at).not.toBeNull();
      await t.http().delete(`/api/products/${product.slug}`).set(admin.auth).expect(404);
    });
  });

  it('documents every catalog endpoint with real schemas in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    const paths = [
      '/api/products', '/api/products/new', '/api/products/{id}', '/api/taxons/products',
      '/api/variants', '/api/variants/{id}', '/api/products/{product_id}/variants', '/api/products/{product_id}/variants/{id}',
      '/api/products/{product_id}/images', '/api/products/{product_id}/images/{id}', '/api/variants/{variant_id}/images/{id}',
      '/api/option_types', '/api/option_types/{id}', '/api/option_types/{option_type_id}/option_values/{id}',
      '/api/properties', '/api/properties/{id}', '/api/products/{product_id}/product_properties/{id}',
    ];
    for (const path of paths) expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths['/api/products/{id}']).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    const product = doc.components.schemas.ProductJson;
    expect(Object.keys(product.properties)).toEqual(expect.arrayContaining(SHOW_ATTRIBUTES));
    expect(doc.components.schemas.ProductParamsDto.properties.variants.items).toBeDefined();
  });

  describe('performance', () => {
    it('makes the same number of SQL queries for a page of 5 and a page of 50', async () => {
      const size = await createOptionType(t.db, 'perf-size', ['S', 'M', 'L']);
      const taxonomy = await createTaxonomy(t.db);
      for (let i = 0; i < 50; i++) {
        const p = await createProduct(t.db);
        await createImage(t.db, p.masterVariantId);
        await setProductProperty(t.db, p.id, 'material', 'wool');
        await t.db.query(`INSERT INTO classifications (product_id, taxon_id) VALUES ($1, $2)`, [p.id, taxonomy.rootId]);
        for (let v = 0; v < 3; v++) {
          const variantId = await createVariant(t.db, p.id);
          await addOptionValues(t.db, variantId, [size.valueIds[v]]);
          await createImage(t.db, variantId);
        }
      }
      const count = async (perPage: number) => {
        const spy = jest.spyOn(t.db.logger, 'logQuery');
        try {
          const res = await get(`/api/products?per_page=${perPage}`, admin).expect(200);
          expect(res.body.products).toHaveLength(perPage);
          expect(res.body.products[perPage - 1].variants).toHaveLength(3);
          return spy.mock.calls.filter(([sql]) => !/^(START TRANSACTION|COMMIT|ROLLBACK)/i.test(sql)).length;
        } finally {
          spy.mockRestore();
        }
      };
      const small = await count(5);
      const large = await count(50);
      expect(large).toBe(small);
      expect(small).toBeLessThanOrEqual(15);
      // The taxon products list is built the same way.
      const spy = jest.spyOn(t.db.logger, 'logQuery');
      await get(`/api/taxons/products?id=${taxonomy.rootId}&per_page=5`, admin).expect(200);
      const taxonSmall = spy.mock.calls.length;
      spy.mockClear();
      await get(`/api/taxons/products?id=${taxonomy.rootId}&per_page=50`, admin).expect(200);
      expect(spy.mock.calls.length).toBe(taxonSmall);
      spy.mockRestore();
    });
  });
});
