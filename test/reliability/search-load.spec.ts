import { Client } from 'pg';
import { SEARCH_LIMITS } from '../../src/common/listing/list-query';
import { closedGate, POOL_SIZE } from '../support/concurrency';
import { createTestApp, TestApp } from '../support/test-app';

/*
 * Searches cannot take the service away from everyone else (docs/reliability.md,
 * search limits). A search allowed by the caps may still read every row of a large
 * table, so list reads with a `q` hold at most their share of the pool at once
 * (SearchGate): the others wait their turn, and the rest of the pool serves
 * other requests. RELIABILITY_REPORT=1 prints the figures.
 */

/** The app's environment for these tests: the pool's wait, which is also a search's longest wait for its turn. */
const SETTINGS = { DATABASE_CONNECT_TIMEOUT_MS: '1500', TRUST_PROXY: 'true' };

/** A request from this address (TRUST_PROXY: the app reads the client's address from X-Forwarded-For). */
const from = (address: string) => ({ 'X-Forwarded-For': address });

async function appWith(settings: Record<string, string>): Promise<TestApp> {
  // The pool settings come through AppConfig (config.database), read from the environment as in production.
  return createTestApp(settings);
}

/** Searches that may run at once: their share of the pool. */
const SEARCH_SLOTS = Math.max(1, Math.floor(POOL_SIZE * SEARCH_LIMITS.poolShare));

describe('searches hold their share of the pool, no more', () => {
  let t: TestApp;
  beforeAll(async () => (t = await appWith(SETTINGS)));
  afterAll(() => t?.close());

  it('past its share a search waits for its turn (503 after the pool wait), while other requests go on', async () => {
    // Every read of countries waits on this lock: the searches that got their turn wait in the database.
    const gate = await closedGate(t.databaseUrl, { sql: 'LOCK TABLE countries IN ACCESS EXCLUSIVE MODE', params: [] });
    try {
      // Each from another client: one client holds only its share of the slots (the next test).
      const searches = Array.from({ length: SEARCH_SLOTS + 1 }, (_, i) =>
        t
          .http()
          .get('/api/countries')
          .set(from(`198.51.100.${i + 1}`))
          .query({ q: { name_cont: 'a', id_gt: String(i) } })
          .then((r) => r),
      );
      await gate.waitFor(SEARCH_SLOTS);
      // The last search waits its turn in the service, not in the database.
      await new Promise((resolve) => setTimeout(resolve, 300));
      let waiting = 0;
      await gate.waitFor((n) => ((waiting = n), true));
      expect(waiting).toBe(SEARCH_SLOTS);
      // Meanwhile requests without a search are served.
      await t.http().get('/api/products').expect(200);
      await t.http().get('/api/taxonomies').expect(200);
      const late = await searches[SEARCH_SLOTS];
      expect({ status: late.status, body: late.body, retryAfter: late.headers['retry-after'] }).toEqual({ status: 503, body: { error: 'Service unavailable' }, retryAfter: '5' });
      await gate.open();
      for (const res of await Promise.all(searches.slice(0, SEARCH_SLOTS))) expect(res.status).toBe(200);
    } finally {
      await gate.open();
    }
    // The slots are free again.
    await t.http().get('/api/countries').query({ q: { name_cont: 'a' } }).expect(200);
  }, 30_000);

  it('one client holds only its share of the slots: its slow searches do not starve another client', async () => {
    expect(SEARCH_SLOTS).toBeGreaterThan(1);
    const share = Math.max(1, Math.floor(SEARCH_SLOTS * SEARCH_LIMITS.clientShare));
    const gate = await closedGate(t.databaseUrl, { sql: 'LOCK TABLE countries IN ACCESS EXCLUSIVE MODE', params: [] });
    try {
      // One client (every address of one IPv6 /64 is one client) sends as many slow searches as there are slots.
      const greedy = Array.from({ length: SEARCH_SLOTS }, (_, i) =>
        t
          .http()
          .get('/api/countries')
          .set(from(`2001:db8:7:7::${i + 1}`))
          .query({ q: { name_cont: 'a', id_gt: String(i) } })
          .then((r) => r),
      );
      await gate.waitFor(share);
      await new Promise((resolve) => setTimeout(resolve, 300));
      let waiting = 0;
      await gate.waitFor((n) => ((waiting = n), true));
      // Before: every slot held by this client.
      expect(waiting).toBe(share);
      // Another client's search gets a free slot at once and reaches the database.
      const other = t.http().get('/api/countries').set(from('203.0.113.9')).query({ q: { name_cont: 'b' } }).then((r) => r);
      await gate.waitFor(share + 1);
      // The greedy client's search past its share waited its turn: 503 with Retry-After, as a busy gate answers.
      const late = await greedy[SEARCH_SLOTS - 1];
      expect({ status: late.status, retryAfter: late.headers['retry-after'] }).toEqual({ status: 503, retryAfter: '5' });
      await gate.open();
      expect((await other).status).toBe(200);
      for (const res of await Promise.all(greedy.slice(0, share))) expect(res.status).toBe(200);
    } finally {
      await gate.open();
    }
  }, 30_000);
});

/** `(SELECT words[1 + hash % n])` for row `g`: the same store every run. */
const pick = (words: string[], salt: number) => `(ARRAY[${words.map((w) => `'${w}'`).join(',')}])[1 + (hashint4(g * 7919 + ${salt}) & 2147483647) % ${words.length}]`;

/**
 * A store of `products` products, each with a master and 4 variants and their USD
 * prices, written by set-based INSERT … SELECT (as bench/generate-data.mjs does),
 * with triggers off; the live-products counter is refreshed after.
 */
async function bulkCatalog(databaseUrl: string, products: number): Promise<void> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query('SET session_replication_role = replica');
    await db.query('BEGIN');
    const [{ id: shippingCategoryId }] = (await db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`)).rows;
    await db.query(
      `INSERT INTO products (id, name, description, available_on, slug, shipping_category_id)
       SELECT g, name, 'The ' || lower(name) || ' is made to last. ' || repeat('Comfortable, durable and easy to care for. ', 1 + g % 4), now() - interval '1 day',
              lower(replace(name, ' ', '-')) || '-' || g, $2
       FROM (SELECT g, ${pick(['Rustic', 'Sleek', 'Premium', 'Classic', 'Light'], 1)} || ' ' || ${pick(['Cotton', 'Wool', 'Linen', 'Denim'], 2)} || ' ' ||
                       ${pick(['Jacket', 'Shirt', 'Dress', 'Scarf', 'Mug'], 3)} AS name
             FROM generate_series(1, $1::int) g) named`,
      [products, shippingCategoryId],
    );
    await db.query(
      `INSERT INTO variants (id, product_id, sku, is_master, position, track_inventory, weight)
       SELECT (g - 1) * 5 + k + 1, g, CASE WHEN k = 0 THEN 'SKU-' || g ELSE 'SKU-' || g || '-' || k END, k = 0, k + 1, true, 1.5
       FROM generate_series(1, $1::int) g CROSS JOIN generate_series(0, 4) k`,
      [products],
    );
    await db.query(`INSERT INTO prices (variant_id, amount, currency) SELECT id, 10 + id % 90, 'USD' FROM variants`);
    await db.query(`SELECT setval(pg_get_serial_sequence('products', 'id'), $1::int), setval(pg_get_serial_sequence('variants', 'id'), $1::int * 5)`, [products]);
    await db.query('COMMIT');
    await db.query('SET session_replication_role = DEFAULT');
    await db.query('SELECT refresh_product_counts()');
    await db.query('ANALYZE');
  } finally {
    await db.end();
  }
}

/**
 * The costliest anonymous search the caps allow on products: 20 conditions, one
 * per key (so no `_or_` terms fold together), each true for every product (so
 * none stops the others early and every one runs on every row), through every
 * association a product search reaches: 13 keys on the variants (each a test of
 * its own over every variant), the master's SKU and price, the shipping category,
 * and pattern matches over the long descriptions, the `not_cont` ones with long
 * values that almost match the descriptions (spending the pattern budget,
 * SEARCH_LIMITS.patternLength).
 */
const VIM = 'variants_including_master_sku';
/** `length` characters that start like every description and end unlike any. */
const nearMiss = (length: number) => `${'comfortable, durable and easy to care for. '.repeat(10).slice(0, length - 1)}z`;
const LONG = nearMiss(165);
const WORST_SEARCH: Record<string, string> = {
  [`${VIM}_not_cont`]: LONG,
  [`${VIM}_not_eq`]: 'zz',
  [`${VIM}_present`]: '1',
  [`${VIM}_not_null`]: '1',
  [`${VIM}_gt`]: 'A',
  [`${VIM}_gteq`]: 'A',
  [`${VIM}_lt`]: 'zzz',
  [`${VIM}_lteq`]: 'zzz',
  [`${VIM}_blank`]: '0',
  [`${VIM}_null`]: '0',
  [`${VIM}_not_in`]: 'zz',
  [`${VIM}_start`]: 'SKU',
  [`${VIM}_cont`]: 'SKU',
  name_not_cont: LONG,
  description_not_cont: LONG,
  description_cont: 'e',
  slug_not_cont: LONG,
  sku_not_cont: LONG,
  price_not_eq: '1',
  shipping_category_name_not_cont: LONG,
};

const PRODUCTS = 20_000;
const SEARCHERS = 10;
const DURATION_MS = 10_000;

describe(`ten worst allowed searches at once on ${PRODUCTS.toLocaleString('en')} products`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await bulkCatalog(t.databaseUrl, PRODUCTS);
  }, 60_000);
  afterAll(() => t?.close());

  it('leave ordinary requests their pool: every one answered, none refused', async () => {
    expect(Object.keys(WORST_SEARCH)).toHaveLength(SEARCH_LIMITS.conditions);
    const patterns = Object.entries(WORST_SEARCH).filter(([key]) => /_(cont|start|end)$/.test(key));
    expect(patterns.reduce((sum, [, value]) => sum + value.length, 0)).toBeGreaterThan(SEARCH_LIMITS.patternLength - 10);
    // Allowed, and true for every product.
    const alone = Date.now();
    const worst = await t.http().get('/api/products').query({ q: WORST_SEARCH }).expect(200);
    const aloneMs = Date.now() - alone;
    expect(worst.body.total_count).toBe(PRODUCTS);

    const until = Date.now() + DURATION_MS;
    const searches: { status: number; ms: number }[] = [];
    const ordinary: { url: string; status: number; ms: number }[] = [];
    const loop = async (send: () => Promise<{ status: number }>, record: (status: number, ms: number) => void) => {
      while (Date.now() < until) {
        const started = Date.now();
        const res = await send();
        record(res.status, Date.now() - started);
      }
    };
    let n = 0;
    // The storefront's plain reads: a page of the catalog, a product.
    const ordinaryUrl = () => (n++ % 2 === 0 ? `/api/products?page=${1 + (n % 50)}` : `/api/products/${1 + ((n * 7919) % PRODUCTS)}`);
    await Promise.all([
      ...Array.from({ length: SEARCHERS }, () =>
        loop(
          () => t.http().get('/api/products').query({ q: WORST_SEARCH }),
          (status, ms) => searches.push({ status, ms }),
        ),
      ),
      ...Array.from({ length: 2 }, () => {
        let url = '';
        return loop(
          () => t.http().get((url = ordinaryUrl())),
          (status, ms) => ordinary.push({ url, status, ms }),
        );
      }),
    ]);

    const sorted = ordinary.map((o) => o.ms).sort((a, b) => a - b);
    const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    const figures = {
      worstSearchAloneMs: aloneMs,
      ordinary: { requests: ordinary.length, p50: p(0.5), p99: p(0.99), max: sorted[sorted.length - 1] },
      searches: { requests: searches.length, answered: searches.filter((s) => s.status === 200).length, waitedTooLong503: searches.filter((s) => s.status === 503).length },
    };
    if (process.env.RELIABILITY_REPORT) console.log(JSON.stringify(figures));
    expect(ordinary.filter((o) => o.status !== 200)).toEqual([]);
    // Latency is a figure (RELIABILITY_REPORT=1, docs/reliability.md), not an assertion: a loaded machine is no failure.
    expect(ordinary.length).toBeGreaterThan(50);
    // A search either ran or, the searches' share busy past the pool's wait, was told to come back.
    expect(searches.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    expect(figures.searches.answered).toBeGreaterThan(0);
  }, 60_000);
});
