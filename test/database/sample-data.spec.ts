import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { EntityManager } from 'typeorm';
import { FILE_STORAGE, FileStorage } from '../../src/common/storage/file-storage';
import { seedSampleData } from '../../src/database/seeds/sample-data';
import { SamplePictures } from '../../src/database/seeds/sample-pictures';
import { cents } from '../support/database';
import { createTestApp, TestApp } from '../support/test-app';

// The demo catalog of contract section 5: Spree 2.2's sample/db/samples
// (products.rb, variants.rb, option_types.rb, option_values.rb,
// product_option_types.rb, product_properties.rb, taxonomies.rb, taxons.rb,
// stock.rb, assets.rb).

const TABLES = [
  'products',
  'variants',
  'prices',
  'option_types',
  'option_values',
  'product_option_types',
  'option_values_variants',
  'properties',
  'product_properties',
  'images',
  'taxonomies',
  'taxons',
  'classifications',
  'stock_items',
  'stock_movements',
] as const;

type Counts = Record<(typeof TABLES)[number], number>;

async function counts(q: { query: (sql: string) => Promise<Array<{ count: string }>> }): Promise<Counts> {
  const result = {} as Counts;
  for (const table of TABLES) {
    const [{ count }] = await q.query(`SELECT count(*) FROM ${table}`);
    result[table] = Number(count);
  }
  return result;
}

class Rollback extends Error {}

/** Runs fn in a transaction that is always rolled back. */
async function inRolledBackTransaction(t: TestApp, fn: (em: EntityManager) => Promise<void>): Promise<void> {
  await expect(
    t.db.transaction(async (em) => {
      await fn(em);
      throw new Rollback();
    }),
  ).rejects.toBeInstanceOf(Rollback);
}

describe('sample data', () => {
  let t: TestApp;
  let empty: Counts;
  let uploads: string;
  beforeAll(async () => {
    uploads = await mkdtemp(join(tmpdir(), 'sample-uploads-'));
    t = await createTestApp({ UPLOADS_DIR: uploads });
    empty = await counts(t.db);
  });
  afterAll(async () => {
    await t.close();
    await rm(uploads, { recursive: true, force: true });
  });

  it('starts from a store with reference data and no catalog', () => {
    expect(empty).toMatchObject({ products: 0, variants: 0, taxonomies: 0, taxons: 0, stock_items: 0 });
  });

  it('loads nothing into a store that already has a product', async () => {
    await inRolledBackTransaction(t, async (em) => {
      const [{ id: shippingCategoryId }] = await em.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
      await em.query(`INSERT INTO products (name, slug, shipping_category_id, deleted_at) VALUES ('Mine', 'mine', $1, now())`, [shippingCategoryId]);
      await seedSampleData(em, 'USD');
      const inside = await counts(em);
      expect(inside).toEqual({ ...empty, products: 1 });
    });
  });

  it('prices in the given currency and writes only through the given transaction', async () => {
    await inRolledBackTransaction(t, async (em) => {
      await seedSampleData(em, 'EUR');
      const rows = cents(
        await em.query(
        `SELECT pr.amount, pr.currency, v.cost_currency FROM products p JOIN variants v ON v.product_id = p.id AND v.is_master
         JOIN prices pr ON pr.variant_id = v.id WHERE p.name = 'Ruby on Rails Tote'`,
        ),
      );
      expect(rows).toEqual([{ amount: '14.00', currency: 'EUR', cost_currency: 'EUR' }]);
      const [{ count }] = await em.query(`SELECT count(*) FROM prices WHERE currency <> 'EUR'`);
      expect(Number(count)).toBe(0);
    });
    expect(await counts(t.db)).toEqual(empty);
  });

  describe('once loaded', () => {
    let loaded: Counts;
    beforeAll(async () => {
      const pictures = new SamplePictures(t.app.get<FileStorage>(FILE_STORAGE, { strict: false }));
      await t.db.transaction((em) => seedSampleData(em, t.config.currency, pictures));
      loaded = await counts(t.db);
    });

    it("gives every image a real picture, served at its URLs in Spree's sizes", async () => {
      const res = await t.http().get('/api/products?per_page=100').expect(200);
      const images = res.body.products.flatMap((p: { master: { images: unknown[] }; variants: { images: unknown[] }[] }) => [
        ...p.master.images,
        ...p.variants.flatMap((v) => v.images),
      ]) as Record<string, string | number>[];
      expect(images).toHaveLength(46);
      for (const image of images) {
        const small = await t.http().get(image.small_url as string).expect(200);
        expect(small.headers['content-type']).toBe(image.attachment_content_type);
      }
      const tote = images.find((i) => i.attachment_file_name === 'ror_tote.jpeg')!;
      for (const [style, side] of [['mini', 48], ['small', 100], ['product', 240], ['large', 360]] as const) {
        const served = await t.http().get(tote[`${style}_url`] as string).buffer(true).parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
        expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ format: 'jpeg', width: side, height: side });
      }
    });

    it('has the products, variants, option types, properties, images, taxons and stock of the sample', () => {
      expect(loaded).toEqual({
        ...empty,
        products: 16,
        variants: 26, // 16 masters + 10 Ruby on Rails Baseball Jersey variants
        prices: 26,
        option_types: 2,
        option_values: 7,
        product_option_types: 4,
        option_values_variants: 20,
        properties: 11,
        product_properties: 66,
        images: 46, // 26 product images + a front and back for each jersey variant
        taxonomies: 2,
        taxons: 11,
        classifications: 32,
        stock_items: 26,
        stock_movements: 26,
      });
    });

    it('loads a second time without changing anything', async () => {
      const before = await t.db.query(`SELECT max(id) AS id, max(updated_at) AS at FROM products`);
      await t.db.transaction((em) => seedSampleData(em, t.config.currency));
      expect(await counts(t.db)).toEqual(loaded);
      expect(await t.db.query(`SELECT max(id) AS id, max(updated_at) AS at FROM products`)).toEqual(before);
    });

    it('still serves the reference data over HTTP', async () => {
      const res = await t.http().get('/api/countries').query({ q: { iso_eq: 'US' } }).expect(200);
      expect(res.body.countries).toHaveLength(1);
    });

    it('has the Ruby on Rails Tote as products.rb and variants.rb describe it', async () => {
      const [tote] = cents(
        await t.db.query(
        `SELECT p.slug, p.description, p.available_on < now() AS available, p.deleted_at, sc.name AS shipping_category, tc.name AS tax_category,
                v.sku, v.cost_price, v.cost_currency, v.position, pr.amount, pr.currency
         FROM products p
         JOIN shipping_categories sc ON sc.id = p.shipping_category_id
         JOIN tax_categories tc ON tc.id = p.tax_category_id
         JOIN variants v ON v.product_id = p.id AND v.is_master
         JOIN prices pr ON pr.variant_id = v.id
         WHERE p.name = 'Ruby on Rails Tote'`,
        ),
      );
      expect(tote).toEqual({
        slug: 'ruby-on-rails-tote',
        description: expect.stringMatching(/\w/),
        available: true,
        deleted_at: null,
        shipping_category: 'Default',
        tax_category: 'Default',
        sku: 'ROR-00011',
        cost_price: '17.00',
        cost_currency: 'USD',
        position: 1,
        amount: '15.99',
        currency: 'USD',
      });
      const properties = await t.db.query(
        `SELECT pt.name, pp.value FROM product_properties pp JOIN properties pt ON pt.id = pp.property_id
         JOIN products p ON p.id = pp.product_id WHERE p.name = 'Ruby on Rails Tote' ORDER BY pp.position`,
      );
      expect(properties).toEqual([
        { name: 'Type', value: 'Tote' },
        { name: 'Size', value: '15" x 18" x 6"' },
        { name: 'Material', value: 'Canvas' },
      ]);
      const images = await t.db.query(
        `SELECT i.attachment_file_name, i.attachment_content_type, i.attachment_width, i.attachment_height, i.position
         FROM images i JOIN variants v ON v.id = i.variant_id JOIN products p ON p.id = v.product_id
         WHERE p.name = 'Ruby on Rails Tote' ORDER BY i.position`,
      );
      expect(images).toEqual([
        { attachment_file_name: 'ror_tote.jpeg', attachment_content_type: 'image/jpeg', attachment_width: 360, attachment_height: 360, position: 1 },
        { attachment_file_name: 'ror_tote_back.jpeg', attachment_content_type: 'image/jpeg', attachment_width: 360, attachment_height: 360, position: 2 },
      ]);
    });

    it('gives every product a unique slug, a price and a past available_on', async () => {
      const products = cents(
        await t.db.query(
          `SELECT p.name, p.slug, pr.amount FROM products p JOIN variants v ON v.product_id = p.id AND v.is_master
           JOIN prices pr ON pr.variant_id = v.id WHERE p.available_on < now() ORDER BY p.id`,
        ),
      );
      expect(products).toHaveLength(16);
      expect(new Set(products.map((p: { slug: string }) => p.slug)).size).toBe(16);
      expect(products.find((p: { name: string }) => p.name === 'Ruby on Rails Jr. Spaghetti')).toEqual({
        name: 'Ruby on Rails Jr. Spaghetti',
        slug: 'ruby-on-rails-jr-spaghetti',
        amount: '19.99',
      });
      expect(products.find((p: { name: string }) => p.name === 'Spree Mug').amount).toBe('13.99');
    });

    it('gives the Ruby on Rails Baseball Jersey its size and colour variants', async () => {
      const optionTypes = await t.db.query(
        `SELECT ot.name, ot.presentation, pot.position FROM product_option_types pot JOIN option_types ot ON ot.id = pot.option_type_id
         JOIN products p ON p.id = pot.product_id WHERE p.name = 'Ruby on Rails Baseball Jersey' ORDER BY pot.position`,
      );
      expect(optionTypes).toEqual([
        { name: 'tshirt-size', presentation: 'Size', position: 1 },
        { name: 'tshirt-color', presentation: 'Color', position: 2 },
      ]);
      const variants = cents(await t.db.query(
        `SELECT v.sku, v.position, pr.amount, string_agg(ov.presentation, ' ' ORDER BY ot.position) AS options
         FROM variants v JOIN products p ON p.id = v.product_id JOIN prices pr ON pr.variant_id = v.id
         JOIN option_values_variants ovv ON ovv.variant_id = v.id JOIN option_values ov ON ov.id = ovv.option_value_id
         JOIN option_types ot ON ot.id = ov.option_type_id
         WHERE p.name = 'Ruby on Rails Baseball Jersey' AND NOT v.is_master GROUP BY v.id, pr.amount ORDER BY v.position`,
      ));
      expect(variants.map((v: { sku: string; options: string }) => `${v.sku} ${v.options}`)).toEqual([
        'ROR-00001 S Red',
        'ROR-00002 S Blue',
        'ROR-00003 S Green',
        'ROR-00004 M Red',
        'ROR-00005 M Blue',
        'ROR-00006 M Green',
        'ROR-00007 L Red',
        'ROR-00008 L Blue',
        'ROR-00009 L Green',
        'ROR-00012 XL Green',
      ]);
      expect(variants.map((v: { position: number }) => v.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(new Set(variants.map((v: { amount: string }) => v.amount))).toEqual(new Set(['19.99']));
      const [{ names }] = await t.db.query(
        `SELECT string_agg(i.attachment_file_name, ',' ORDER BY i.position) AS names FROM images i JOIN variants v ON v.id = i.variant_id WHERE v.sku = 'ROR-00002'`,
      );
      expect(names).toBe('ror_baseball_jersey_blue.png,ror_baseball_jersey_back_blue.png');
    });

    it('has the Categories and Brand taxonomies with their taxon trees and classifications', async () => {
      const taxonomies = await t.db.query(`SELECT name FROM taxonomies ORDER BY id`);
      expect(taxonomies.map((x: { name: string }) => x.name)).toEqual(['Categories', 'Brand']);
      const taxons = await t.db.query(
        `SELECT tx.name AS taxonomy, t.name, t.permalink, parent.name AS parent, t.position,
                (SELECT string_agg(p.name, ', ' ORDER BY c.position) FROM classifications c JOIN products p ON p.id = c.product_id WHERE c.taxon_id = t.id) AS products
         FROM taxons t JOIN taxonomies tx ON tx.id = t.taxonomy_id LEFT JOIN taxons parent ON parent.id = t.parent_id ORDER BY t.id`,
      );
      expect(taxons.map((x: { taxonomy: string; permalink: string; parent: string | null }) => [x.taxonomy, x.permalink, x.parent])).toEqual([
        ['Categories', 'categories', null],
        ['Categories', 'categories/bags', 'Categories'],
        ['Categories', 'categories/mugs', 'Categories'],
        ['Categories', 'categories/clothing', 'Categories'],
        ['Categories', 'categories/clothing/shirts', 'Clothing'],
        ['Categories', 'categories/clothing/t-shirts', 'Clothing'],
        ['Brand', 'brand', null],
        ['Brand', 'brand/ruby', 'Brand'],
        ['Brand', 'brand/apache', 'Brand'],
        ['Brand', 'brand/spree', 'Brand'],
        ['Brand', 'brand/rails', 'Brand'],
      ]);
      const byPermalink = Object.fromEntries(taxons.map((x: { permalink: string }) => [x.permalink, x]));
      expect(byPermalink['categories/bags']).toMatchObject({
        name: 'Bags',
        position: 1,
        products: 'Ruby on Rails Tote, Ruby on Rails Bag, Spree Tote, Spree Bag',
      });
      expect(byPermalink['categories/clothing/t-shirts'].name).toBe('T-Shirts');
      expect(byPermalink['categories/clothing'].products).toBeNull();
      expect(byPermalink['brand/ruby'].products).toBe('Ruby Baseball Jersey');
    });

    it('stocks every variant, masters included, with 10 at the default location, not backorderable', async () => {
      const items = await t.db.query(
        `SELECT DISTINCT sl.name, si.count_on_hand, si.backorderable,
                (SELECT sum(quantity) FROM stock_movements sm WHERE sm.stock_item_id = si.id)::int AS moved
         FROM variants v JOIN stock_items si ON si.variant_id = v.id JOIN stock_locations sl ON sl.id = si.stock_location_id`,
      );
      expect(items).toEqual([{ name: 'default', count_on_hand: 10, backorderable: false, moved: 10 }]);
      const [{ unstocked }] = await t.db.query(
        `SELECT count(*)::int AS unstocked FROM variants v WHERE NOT EXISTS (SELECT 1 FROM stock_items si WHERE si.variant_id = v.id)`,
      );
      expect(unstocked).toBe(0);
    });
  });
});
