import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { defaultStockLocationId, TestProduct } from '../support/catalog';
import { stockedProduct } from '../support/orders';

// HTTP caching of anonymous catalog reads (common/http/catalog-cache.ts):
// public with a strong ETag and 304 on If-None-Match; private, no-store for
// whoever brings a key or an order token; a change shows at the next read.

describe('HTTP caching of catalog reads', () => {
  let t: TestApp;
  let admin: TestUser;
  let product: TestProduct;
  beforeAll(async () => {
    t = await createTestApp({ CATALOG_CACHE_SECONDS: '90' });
    admin = await createAdmin(t.db);
    product = await stockedProduct(t.db, { price: '10.00', count: 5, name: 'Cached mug' });
  });
  afterAll(() => t.close());

  const CACHEABLE = () => [
    '/api/products',
    `/api/products/${product.slug}`,
    `/api/products/${product.id}/variants`,
    '/api/taxonomies',
    '/api/taxons',
    '/api/countries',
    '/api/states',
    '/api/config',
    '/api/config/money',
  ];

  it('anonymous reads are public for CATALOG_CACHE_SECONDS, with a strong ETag, and a matching If-None-Match is a 304 without a body', async () => {
    for (const path of CACHEABLE()) {
      const first = await t.http().get(path);
      expect({ path, status: first.status }).toEqual({ path, status: 200 });
      expect({ path, cacheControl: first.headers['cache-control'] }).toEqual({ path, cacheControl: 'public, max-age=90' });
      expect(first.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers['vary']).toMatch(/Authorization, X-Spree-Token, X-Spree-Order-Token/);
      expect(first.headers['content-type']).toMatch(/^application\/json/);
      const again = await t.http().get(path).set('If-None-Match', first.headers['etag']);
      expect({ path, status: again.status }).toEqual({ path, status: 304 });
      expect(again.text).toBeFalsy();
      expect(again.headers['etag']).toBe(first.headers['etag']);
      // Another validator (or a weak form of this one on a strong comparison) gets the full answer.
      const other = await t.http().get(path).set('If-None-Match', '"something-else"');
      expect({ path, status: other.status }).toEqual({ path, status: 200 });
      expect(other.body).toEqual(first.body);
    }
  });

  it('a matching If-None-Match is a 304 whatever the request\'s Cache-Control (fetch() sends no-cache with it), and a weak form of the tag matches', async () => {
    for (const path of CACHEABLE()) {
      const first = await t.http().get(path).expect(200);
      for (const cacheControl of ['no-cache', 'max-age=0', 'no-cache, no-store']) {
        const again = await t.http().get(path).set('If-None-Match', first.headers['etag']).set('Cache-Control', cacheControl).set('Pragma', 'no-cache');
        expect({ path, cacheControl, status: again.status }).toEqual({ path, cacheControl, status: 304 });
        expect(again.text).toBeFalsy();
      }
      const weak = await t.http().get(path).set('If-None-Match', `"other", W/${first.headers['etag']}`);
      expect({ path, status: weak.status }).toEqual({ path, status: 304 });
      const star = await t.http().get(path).set('If-None-Match', '*').set('Cache-Control', 'no-cache');
      expect({ path, status: star.status }).toEqual({ path, status: 304 });
      // Without a validator, no-cache gets the full answer.
      const reload = await t.http().get(path).set('Cache-Control', 'no-cache');
      expect({ path, status: reload.status }).toEqual({ path, status: 200 });
    }
  });

  it('a request with an API key (header or ?token=) or an order token stays private, no-store, without a validator', async () => {
    const user = await createUser(t.db);
    const order = await t.http().post('/api/orders').send({}).expect(201);
    const variants = [
      { Authorization: `Bearer ${admin.apiKey}` },
      { 'X-Spree-Token': user.apiKey },
      { 'X-Spree-Order-Token': order.body.token },
    ];
    for (const path of CACHEABLE()) {
      for (const headers of variants) {
        const res = await t.http().get(path).set(headers);
        expect({ path, headers: Object.keys(headers), status: res.status, cacheControl: res.headers['cache-control'], etag: res.headers['etag'] }).toEqual({
          path,
          headers: Object.keys(headers),
          status: 200,
          cacheControl: 'private, no-store',
          etag: undefined,
        });
      }
      const query = await t.http().get(`${path}${path.includes('?') ? '&' : '?'}token=${admin.apiKey}`).expect(200);
      expect(query.headers['cache-control']).toBe('private, no-store');
    }
    // An admin's answer carries what the public one does not (deleted products).
    const deleted = await t.http().get('/api/products?show_deleted=true').set('Authorization', `Bearer ${admin.apiKey}`).expect(200);
    expect(deleted.headers['cache-control']).toBe('private, no-store');
  });

  it('writes, errors and other reads stay no-store', async () => {
    const created = await t.http().post('/api/products').set('Authorization', `Bearer ${admin.apiKey}`).send({ product: { name: 'New', price: '1.00', shipping_category_id: 1 } });
    expect(created.headers['cache-control']).toBe('no-store');
    const missing = await t.http().get('/api/products/no-such-product').expect(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.headers['etag']).toBeUndefined();
    const zones = await t.http().get('/api/zones').set('Authorization', `Bearer ${admin.apiKey}`).expect(200);
    expect(zones.headers['cache-control']).toBe('no-store');
  });

  it("after an admin changes a product's price, name or stock, the next read shows it with a new ETag and the old one no longer gets a 304", async () => {
    const path = `/api/products/${product.slug}`;
    const adminAuth = { Authorization: `Bearer ${admin.apiKey}` };
    const changes: Array<[string, () => Promise<unknown>, (body: Record<string, any>) => void]> = [
      [
        'price',
        () => t.http().put(`/api/products/${product.slug}`).set(adminAuth).send({ product: { price: '12.50' } }).expect(201),
        (body) => expect(body.price).toBe('12.50'),
      ],
      [
        'name',
        () => t.http().put(`/api/products/${product.slug}`).set(adminAuth).send({ product: { name: 'Renamed mug' } }).expect(201),
        (body) => expect(body.name).toBe('Renamed mug'),
      ],
      [
        'stock',
        async () => {
          const location = await defaultStockLocationId(t.db);
          const [{ id }] = await t.db.query('SELECT id FROM stock_items WHERE variant_id = $1', [product.masterVariantId]);
          await t.http().put(`/api/stock_locations/${location}/stock_items/${id}`).set(adminAuth).send({ stock_item: { count_on_hand: 3 } }).expect(201);
        },
        (body) => expect(body.total_on_hand).toBe(8),
      ],
    ];
    for (const [what, change, shows] of changes) {
      const before = await t.http().get(path).expect(200);
      await change();
      const after = await t.http().get(path).set('If-None-Match', before.headers['etag']);
      expect({ what, status: after.status }).toEqual({ what, status: 200 });
      expect(after.headers['etag']).not.toBe(before.headers['etag']);
      shows(after.body);
      const list = await t.http().get('/api/products').expect(200);
      shows(list.body.products.find((p: { id: number }) => p.id === product.id));
    }
  });

  it('CATALOG_CACHE_SECONDS=0: public but revalidated every time', async () => {
    const zero = await createTestApp({ CATALOG_CACHE_SECONDS: '0' }, { databaseUrl: t.databaseUrl });
    try {
      const res = await zero.http().get('/api/config').expect(200);
      expect(res.headers['cache-control']).toBe('public, no-cache');
      await zero.http().get('/api/config').set('If-None-Match', res.headers['etag']).expect(304);
    } finally {
      await zero.close();
    }
  });
  // Last: a second app in this process takes over passport's strategy (and its data source) when it closes.
  it('the same answer has the same ETag from another instance on the same database', async () => {
    const second = await createTestApp({ CATALOG_CACHE_SECONDS: '90' }, { databaseUrl: t.databaseUrl });
    try {
      const path = `/api/products/${product.slug}`;
      const a = await t.http().get(path).expect(200);
      await second.http().get(path).set('If-None-Match', a.headers['etag']).expect(304);
    } finally {
      await second.close();
    }
  });
});
