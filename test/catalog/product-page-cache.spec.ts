import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createImage, createOptionType, createProduct, createTaxon, createTaxonomy, createVariant, defaultStockLocationId, addOptionValues, setProductProperty, TestProduct } from '../support/catalog';
import { DataSource, EntitySubscriberInterface } from 'typeorm';
import { PRODUCT_PAGE } from '../../src/catalog/products/product-graph.sql';
import { visibleProducts } from '../../src/catalog/products/product-scope';
import { ANONYMOUS } from '../../src/common/auth/caller';
import { queryCounter, QueryCounter } from '../support/query-counter';

/**
 * How many product pages an instance built: product-page statements that read
 * the graph (its columns are NULL when the kept page's version is current).
 */
function pageBuilds(db: DataSource): { count: number } {
  const builds = { count: 0 };
  const subscriber: EntitySubscriberInterface = {
    afterQuery: (event) => {
      const rows = (event.rawResults as { rows?: Array<Record<string, unknown>> } | undefined)?.rows;
      if (/"cacheVersion"/.test(String(event.query)) && rows?.[0] && rows[0].variants !== null) builds.count++;
    },
  };
  db.subscribers.push(subscriber);
  return builds;
}

// The versioned response cache of the product page (issue 20): built once per version
// of the product, reused until a change that shows in it, on every instance.
describe('product page cache', () => {
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  let product: TestProduct;
  let variantId: number;
  let countA: QueryCounter;
  let buildsA: { count: number };
  let buildsB: { count: number };

  beforeAll(async () => {
    // A list of origins: CORS then adds `Vary: Origin`, which a kept page's answer must keep beside its own Vary.
    a = await createTestApp({ RESPONSE_CACHE_MB: '1', CORS_ORIGINS: 'https://shop.example' });
    // A second instance of the service on the same database, with its own cache.
    b = await createTestApp({ RESPONSE_CACHE_MB: '1' }, { databaseUrl: a.databaseUrl });
    admin = await createAdmin(a.db);
    countA = queryCounter(a.db);
    buildsA = pageBuilds(a.db);
    buildsB = pageBuilds(b.db);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  beforeEach(async () => {
    product = await createProduct(a.db, { price: '10.00' });
    variantId = await createVariant(a.db, product.id, { price: '12.00', countOnHand: 5 });
  });

  const page = (t: TestApp, ref: string | number = product.slug) => t.http().get(`/api/products/${ref}`).expect(200);
  /** Reads the page on both instances, so both keep its current version. */
  const warm = async () => {
    await page(a);
    await page(b);
  };
  /** The next read on each instance: both must show `check`. */
  const expectBoth = async (check: (body: Record<string, any>) => void) => {
    check((await page(a)).body);
    check((await page(b)).body);
  };

  it('builds a page once per version: a repeated read is one statement that does not read the graph', async () => {
    const before = buildsA.count;
    const first = await countA.during(() => page(a));
    expect(buildsA.count).toBe(before + 1);
    const again = await countA.during(() => page(a));
    expect(again.statements).toHaveLength(1);
    expect(buildsA.count).toBe(before + 1);
    expect(again.result.body).toEqual(first.result.body);
    expect(again.result.headers.etag).toBe(first.result.headers.etag);
    // The other instance builds its own once, then reuses it too.
    const beforeB = buildsB.count;
    await page(b);
    await page(b);
    expect(buildsB.count).toBe(beforeB + 1);
    // A change builds it again, once.
    await a.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { description: 'new' } }).expect(201);
    await page(a);
    await page(a);
    expect(buildsA.count).toBe(before + 2);
  });

  it("skips the graph's sub-plans in PostgreSQL when the kept version is current", async () => {
    await page(a);
    const [{ cache_version: version }] = await a.db.query(`SELECT cache_version::text FROM products WHERE id = $1`, [product.id]);
    const statement = PRODUCT_PAGE(a.db.manager, (alias) => visibleProducts(ANONYMOUS, false, alias));
    const runner = a.db.createQueryRunner();
    try {
      await runner.query(`PREPARE page_check(text, int, text, int, text) AS ${statement.text}`);
      const scans = async (known: [number | null, string | null]) => {
        // EXPLAIN takes no bound parameters: literals (a test slug, digits).
        const literal = (v: string | number | null) => (v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);
        const [{ 'QUERY PLAN': plan }] = await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) EXECUTE page_check(${literal(product.slug)}, NULL, 'USD', ${literal(known[0])}, ${literal(known[1])})`);
        const run: string[] = [];
        const visit = (node: Record<string, any>) => {
          if (node['Relation Name'] && node['Actual Loops'] > 0) run.push(node['Relation Name']);
          for (const child of node.Plans ?? []) visit(child);
        };
        visit(plan[0].Plan);
        return run;
      };
      expect(await scans([null, null])).toEqual(expect.arrayContaining(['variants', 'prices', 'stock_items']));
      expect(await scans([product.id, version])).toEqual(expect.not.arrayContaining(['variants', 'prices', 'stock_items', 'option_values_variants', 'images']));
    } finally {
      await runner.query(`DEALLOCATE page_check`).catch(() => undefined);
      await runner.release();
    }
  });

  it('checks kept pages read together in one go, each against its own version', async () => {
    const others = [await createProduct(a.db, { price: '20.00' }), await createProduct(a.db, { price: '30.00' })];
    const refs = [product.slug, ...others.map((o) => o.slug), String(others[0].id)];
    for (const ref of refs) await page(a, ref);
    await b.http().put(`/api/products/${others[0].id}`).set(admin.auth).send({ product: { price: '21.00' } }).expect(201);
    const bodies = (await Promise.all(refs.map((ref) => page(a, ref)))).map((res) => res.body.price);
    expect(bodies).toEqual(['10.00', '21.00', '30.00', '21.00']);
  });

  it('answers 304 from a kept page to a matching If-None-Match', async () => {
    const res = await page(a);
    await a.http().get(`/api/products/${product.slug}`).set('If-None-Match', res.headers.etag).expect(304);
  });

  it('answers 304 from a kept page to a matching If-None-Match sent with Cache-Control: no-cache (as fetch() revalidates)', async () => {
    const built = await page(a);
    await page(a, product.id); // each reference is kept under its own name
    const builds = buildsA.count;
    for (const ref of [product.slug, String(product.id)]) {
      const res = await a.http().get(`/api/products/${ref}`).set('If-None-Match', built.headers.etag).set('Cache-Control', 'no-cache');
      expect({ ref, status: res.status, body: res.text }).toEqual({ ref, status: 304, body: '' });
      expect(res.headers.etag).toBe(built.headers.etag);
    }
    // Answered from the kept page, not built again.
    expect(buildsA.count).toBe(builds);
  });

  it('answers a kept page (before Nest: product-page-hits.ts) with the bytes and headers of the read that built it', async () => {
    for (const ref of [product.slug, `${product.slug}.json`, String(product.id)]) {
      const read = () => a.http().get(`/api/products/${ref}`).set('Origin', 'https://shop.example').expect(200);
      const built = await read();
      const kept = await read();
      const builds = buildsA.count;
      const again = await read();
      expect(buildsA.count).toBe(builds);
      for (const hit of [kept, again]) {
        expect(hit.text).toBe(built.text);
        const { date: _d, ...headers } = hit.headers;
        const { date: _b, ...builtHeaders } = built.headers;
        expect(headers).toEqual(builtHeaders);
      }
      expect(built.headers['access-control-allow-origin']).toBe('https://shop.example');
      expect(built.headers.vary).toMatch(/Origin/);
      expect(built.headers.vary).toMatch(/X-Spree-Order-Token/);
      expect(built.headers['x-content-type-options']).toBe('nosniff');
    }
    // A HEAD, a key and a missing product still go through the controller.
    await a.http().head(`/api/products/${product.slug}`).expect(200);
    const keyed = await a.http().get(`/api/products/${product.slug}`).set(admin.auth).expect(200);
    expect(keyed.headers['cache-control']).toBe('private, no-store');
    await a.http().get('/api/products/no-such-product').expect(404);
    // A malformed escape: Express's answer to it, as before.
    await a.http().get('/api/products/%E0%A4%A').expect(400);
  });

  it('shows a new price and name on the very next read from either instance', async () => {
    await warm();
    await a.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { price: '11.50', name: 'Renamed' } }).expect(201);
    await expectBoth((body) => {
      expect(body.price).toBe('11.50');
      expect(body.name).toBe('Renamed');
      expect(body.master.name).toBe('Renamed');
    });
  });

  it("shows a variant's new price", async () => {
    await warm();
    await b.http().put(`/api/products/${product.id}/variants/${variantId}`).set(admin.auth).send({ variant: { price: '13.25' } }).expect(200);
    await expectBoth((body) => expect(body.variants[0].price).toBe('13.25'));
  });

  it('shows a changed image', async () => {
    const imageId = await createImage(a.db, product.masterVariantId, { alt: 'before' });
    await warm();
    await a.http().put(`/api/products/${product.id}/images/${imageId}`).set(admin.auth).send({ image: { alt: 'after' } }).expect(200);
    await expectBoth((body) => expect(body.master.images[0].alt).toBe('after'));
  });

  it('shows a changed property value and a renamed property', async () => {
    await setProductProperty(a.db, product.id, 'material', 'cotton');
    await warm();
    await a.http().put(`/api/products/${product.id}/product_properties/material`).set(admin.auth).send({ product_property: { value: 'wool' } }).expect(200);
    await expectBoth((body) => expect(body.product_properties[0].value).toBe('wool'));
    const [{ property_id }] = await a.db.query(`SELECT property_id FROM product_properties WHERE product_id = $1`, [product.id]);
    await a.http().put(`/api/properties/${property_id}`).set(admin.auth).send({ property: { name: 'fabric' } }).expect(200);
    await expectBoth((body) => expect(body.product_properties[0].property_name).toBe('fabric'));
  });

  it('shows taxons given and a taxon deleted', async () => {
    const taxonomy = await createTaxonomy(a.db);
    const taxonId = await createTaxon(a.db, taxonomy.rootId);
    await warm();
    await a.http().put(`/api/products/${product.id}`).set(admin.auth).send({ product: { taxon_ids: [taxonId] } }).expect(201);
    await expectBoth((body) => expect(body.taxon_ids).toEqual([taxonId]));
    await a.http().delete(`/api/taxonomies/${taxonomy.id}/taxons/${taxonId}`).set(admin.auth).expect(204);
    await expectBoth((body) => expect(body.taxon_ids).toEqual([]));
  });

  it('shows a renamed option value', async () => {
    const type = await createOptionType(a.db, 'size', ['S', 'M']);
    await addOptionValues(a.db, variantId, [type.valueIds[0]]);
    await warm();
    await a.http().put(`/api/option_types/${type.id}/option_values/${type.valueIds[0]}`).set(admin.auth).send({ option_value: { presentation: 'Small' } }).expect(200);
    await expectBoth((body) => expect(body.variants[0].option_values[0].presentation).toBe('Small'));
  });

  it('shows a change of stock (total_on_hand, in_stock)', async () => {
    await warm();
    const locationId = await defaultStockLocationId(a.db);
    const [{ id: stockItemId }] = await a.db.query(`SELECT id FROM stock_items WHERE variant_id = $1`, [variantId]);
    await b.http().put(`/api/stock_locations/${locationId}/stock_items/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 0, force: true } }).expect(201);
    await expectBoth((body) => {
      expect(body.total_on_hand).toBe(0);
      expect(body.variants[0].in_stock).toBe(false);
    });
  });

  it('stops answering a product deleted, by slug and by id', async () => {
    await warm();
    await page(a, product.id);
    await a.http().delete(`/api/products/${product.id}`).set(admin.auth).expect(204);
    await b.http().get(`/api/products/${product.slug}`).expect(404);
    await a.http().get(`/api/products/${product.slug}`).expect(404);
    await a.http().get(`/api/products/${product.id}`).expect(404);
  });

  it("does not hand the public page to an admin, nor an admin's to anyone", async () => {
    await warm();
    await a.db.query(`UPDATE products SET available_on = now() + interval '1 day' WHERE id = $1`, [product.id]);
    // Not yet available: the public page is gone, the admin still sees it.
    await a.http().get(`/api/products/${product.slug}`).expect(404);
    const asAdmin = await a.http().get(`/api/products/${product.slug}`).set(admin.auth).expect(200);
    expect(asAdmin.headers['cache-control']).toBe('private, no-store');
    await a.http().get(`/api/products/${product.slug}`).expect(404);
  });

  it('keeps nothing with RESPONSE_CACHE_MB=0', async () => {
    const off = await createTestApp({ RESPONSE_CACHE_MB: '0' }, { databaseUrl: a.databaseUrl });
    try {
      const builds = pageBuilds(off.db);
      await page(off);
      await page(off);
      expect(builds.count).toBe(2);
    } finally {
      await off.close();
    }
  });
});
