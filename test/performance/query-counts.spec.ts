import { queryCounter, QueryCounter } from '../support/query-counter';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import {
  addOptionValues,
  classify,
  createImage,
  createOptionType,
  createProduct,
  createStockItem,
  createTaxon,
  createTaxonomy,
  createVariant,
  defaultStockLocationId,
  setProductProperty,
  TestProduct,
} from '../support/catalog';
import { createOrder } from '../support/orders';

/*
 * The SQL queries each hot read endpoint sends, counted through TypeORM's own
 * query event (a subscriber's `beforeQuery`, broadcast by the query runner for
 * every statement, raw `em.query` included). A list must cost the same number
 * of queries for one bare row as for a full page of products with many
 * variants, images, option values and properties: no N+1.
 */

/**
 * Statements per request today (the API key lookup included), so a change
 * that adds queries to a hot path is a deliberate one. Order show was 15
 * before the order and its associations were read in one statement, and 4
 * before the line items' variant details joined it (now: key, access guard,
 * the order graph).
 */
const BUDGET = { productsIndex: 3, taxonProducts: 4, productShow: 2, variantsIndex: 5, ordersIndex: 5, orderShow: 3 };

describe('query counts of the hot read endpoints', () => {
  let t: TestApp;
  let counter: QueryCounter;
  let user: TestUser;
  let admin: TestUser;
  let plainTaxon: number;
  let richTaxon: number;
  const plain: TestProduct[] = [];
  const rich: TestProduct[] = [];
  const richVariants: number[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    counter = queryCounter(t.db);
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
    const { rootId } = await createTaxonomy(t.db, 'Categories');
    plainTaxon = await createTaxon(t.db, rootId, 'Plain things');
    richTaxon = await createTaxon(t.db, rootId, 'Rich things');
    const richChild = await createTaxon(t.db, richTaxon, 'Richer things');
    const brand = (await createTaxonomy(t.db, 'Brand')).rootId;
    const location = await defaultStockLocationId(t.db);

    // Bare products: a master and its price, nothing else.
    for (let i = 1; i <= 2; i++) {
      const product = await createProduct(t.db, { name: `Plain ${i}`, sku: `PLAIN-${i}` });
      await classify(t.db, product.id, plainTaxon, i);
      plain.push(product);
    }
    // Full products: variants with option values, images, stock, properties, several taxons.
    const size = await createOptionType(t.db, 'size', ['S', 'M', 'L']);
    const colour = await createOptionType(t.db, 'colour', ['Red', 'Blue', 'Green']);
    for (let i = 1; i <= 6; i++) {
      const product = await createProduct(t.db, { name: `Rich ${i}`, sku: `RICH-${i}` });
      await createStockItem(t.db, location, product.masterVariantId, { countOnHand: 3 });
      for (let k = 1; k <= 2; k++) await createImage(t.db, product.masterVariantId, { position: k, fileName: `rich-${i}-${k}.jpg` });
      for (let k = 0; k < 3; k++) {
        const variant = await createVariant(t.db, product.id, { sku: `RICH-${i}-${k}`, countOnHand: k });
        await addOptionValues(t.db, variant, [size.valueIds[k], colour.valueIds[(i + k) % 3]]);
        await createImage(t.db, variant, { fileName: `rich-${i}-v${k}.jpg` });
        richVariants.push(variant);
      }
      for (const name of ['fabric', 'fit', 'origin']) await setProductProperty(t.db, product.id, name, `${name} ${i}`);
      await classify(t.db, product.id, i % 2 ? richTaxon : richChild, i);
      await classify(t.db, product.id, brand, i);
      rich.push(product);
    }
  });
  afterAll(() => t.close());

  /** Statements of one GET (which must answer 200), after a warm-up request. */
  async function count(path: string, who: TestUser = user): Promise<number> {
    await t.http().get(path).set(who.auth).expect(200);
    const { statements } = await counter.during(() => t.http().get(path).set(who.auth).expect(200));
    if (process.env.SHOW_QUERIES) console.log(`${path}: ${statements.length}\n${statements.join('\n')}`);
    return statements.length;
  }

  it('counts every statement the app sends (the counter can fail)', async () => {
    const { statements } = await counter.during(() => t.http().get(`/api/products/${rich[0].slug}`).set(user.auth).expect(200));
    expect(statements.length).toBeGreaterThan(1);
    expect(statements.some((s) => /\bproducts\b/.test(s))).toBe(true);
  });

  // Pages compared are full ones (more rows match than fit): a partial last page needs no COUNT.
  it('products index: the same for one bare product as for a page of full ones', async () => {
    const ids = (products: TestProduct[]) => products.map((p) => p.id).join(',');
    const small = await count(`/api/products?per_page=1&ids=${ids(plain)}`);
    const large = await count(`/api/products?per_page=5&ids=${ids(rich)}`);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(BUDGET.productsIndex);
    // Unfiltered, a page reads its total (the live-product counter) with its rows; a search, its COUNT as a
    // subquery of the page's statement: the same count either way.
    expect(await count('/api/products?per_page=100')).toBe(small);
    expect(await count('/api/products?per_page=2')).toBe(small);
    expect(await count('/api/products?per_page=1&q[name_start]=Plain')).toBe(small);
    expect(await count('/api/products?per_page=5&q[name_start]=Rich')).toBe(small);
  });

  it('totals stay exact however they are read (COUNT, window count, last page, past the end)', async () => {
    const body = async (path: string) => (await t.http().get(path).set(user.auth).expect(200)).body;
    for (const [path, count, total] of [
      ['/api/products?per_page=4&q[name_start]=Rich', 4, 6],
      ['/api/products?per_page=4&page=2&q[name_start]=Rich', 2, 6],
      ['/api/products?per_page=4&page=3&q[name_start]=Rich', 0, 6],
      ['/api/products?per_page=3', 3, 8],
      ['/api/products?per_page=3&page=3', 2, 8],
      ['/api/products?per_page=3&page=4', 0, 8],
      [`/api/taxons/products?id=${richTaxon}&per_page=4&page=2`, 2, 6],
      [`/api/taxons/products?id=${richTaxon}&per_page=4&page=9`, 0, 6],
      ['/api/variants?per_page=10&page=3&q[product_name_start]=Rich', 4, 24],
    ] as const) {
      expect([path, (await body(path)).total_count, (await body(path)).count]).toEqual([path, total, count]);
    }
  });

  it('taxon products: the same for a taxon of bare products as for a subtree of full ones', async () => {
    const small = await count(`/api/taxons/products?id=${plainTaxon}&per_page=1`);
    const large = await count(`/api/taxons/products?id=${richTaxon}&per_page=5`);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(BUDGET.taxonProducts);
  });

  it('product show: the same for a bare product as for a full one', async () => {
    const small = await count(`/api/products/${plain[0].slug}`);
    const large = await count(`/api/products/${rich[0].slug}`);
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(BUDGET.productShow);
  });

  it('variants index: the same for one master as for a page of variants with options, images and stock', async () => {
    const small = await count('/api/variants?per_page=1&q[product_name_start]=Plain');
    const large = await count('/api/variants?per_page=20&q[product_name_start]=Rich');
    expect(large).toBe(small);
    expect(small).toBeLessThanOrEqual(BUDGET.variantsIndex);
  });

  it('orders index and order show: the same for one small order as for many large ones', async () => {
    // Line items are checked against the stock when added: enough of everything these orders hold.
    await createStockItem(t.db, await defaultStockLocationId(t.db), plain[0].masterVariantId, { countOnHand: 10 });
    await t.db.query(`UPDATE stock_items SET count_on_hand = 10 WHERE variant_id = ANY($1)`, [richVariants]);
    const small = await createOrder(t, [{ variant_id: plain[0].masterVariantId, quantity: 1 }], {}, { email: 'few@example.com' });
    const large: string[] = [];
    for (let i = 0; i < 4; i++) {
      const lineItems = richVariants.slice(i * 3, i * 3 + 4).map((variant_id) => ({ variant_id, quantity: 2 }));
      large.push((await createOrder(t, lineItems, {}, { email: `many${i}@example.com` })).number);
    }
    // Payments by check (one on the small order, two on each large one): both lists read them for the checkout steps.
    await t.db.query(
      `INSERT INTO payments (order_id, payment_method_id, amount, state, identifier)
       SELECT o.id, pm.id, 1, 'checkout', 'P' || o.id || '-' || k
         FROM orders o JOIN payment_methods pm ON pm.name = 'Check', generate_series(1, CASE WHEN o.email LIKE 'many%' THEN 2 ELSE 1 END) k`,
    );
    const smallIndex = await count('/api/orders?per_page=1&q[email_start]=few&q[s]=completed_at desc', admin);
    const largeIndex = await count('/api/orders?per_page=3&q[email_start]=many&q[s]=completed_at desc', admin);
    expect(largeIndex).toBe(smallIndex);
    expect(smallIndex).toBeLessThanOrEqual(BUDGET.ordersIndex);

    const smallShow = await count(`/api/orders/${small.number}`, admin);
    const largeShow = await count(`/api/orders/${large[0]}`, admin);
    expect(largeShow).toBe(smallShow);
    expect(smallShow).toBeLessThanOrEqual(BUDGET.orderShow);
  });
});
