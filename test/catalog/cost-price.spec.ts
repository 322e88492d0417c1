import { classify, createTaxon, createTaxonomy, createVariant } from '../support/catalog';
import { createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/*
 * A variant's cost_price (what the shop pays its supplier) is the merchant's confidential data (issue 24):
 * admins see it, anyone else's answer leaves it out, a deliberate departure from Spree 2.2. The product page
 * cache and the shared caches hold only the public form, whoever reads first; webhook events carry it (they
 * go to the shop's own endpoints, set up by an admin).
 */
describe("a variant's cost_price is for admins only", () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let productId: number;
  let slug: string;
  let masterId: number;
  let variantId: number;
  let taxonId: number;

  beforeAll(async () => {
    t = await createTestApp({ RESPONSE_CACHE_MB: '1', WEBHOOKS_DELIVERY: 'false' });
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    const product = await stockedProduct(t.db, { price: '20.00', count: 10 });
    ({ id: productId, slug, masterVariantId: masterId } = product);
    variantId = await createVariant(t.db, productId, { price: '22.00', countOnHand: 5 });
    await t.db.query(`UPDATE variants SET cost_price = CASE WHEN is_master THEN 12.34 ELSE 13.57 END WHERE product_id = $1`, [productId]);
    const taxonomy = await createTaxonomy(t.db);
    taxonId = await createTaxon(t.db, taxonomy.rootId);
    await classify(t.db, productId, taxonId);
  });
  afterAll(() => t.close());

  type Who = 'anonymous' | 'user' | 'admin';
  const as = (who: Who, path: string) => {
    const req = t.http().get(path);
    return who === 'anonymous' ? req : req.set((who === 'admin' ? admin : user).auth);
  };

  /** Every variant JSON in an answer, however deep. */
  function variantsIn(body: unknown): Array<Record<string, unknown>> {
    const found: Array<Record<string, unknown>> = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      if (typeof record.id === 'number' && 'is_master' in record && 'sku' in record) found.push(record);
      Object.values(record).forEach(walk);
    };
    walk(body);
    return found;
  }

  /** The cost prices an answer shows, by variant id (undefined: the key is absent). */
  const costPrices = (body: unknown) => Object.fromEntries(variantsIn(body).map((v) => [v.id, v.cost_price]));

  const catalogPaths = () => [
    `/api/products/${slug}`,
    `/api/products/${productId}`,
    `/api/products?q[name_eq]=${encodeURIComponent('x')}&ids=${productId}`,
    `/api/taxons/products?id=${taxonId}`,
    `/api/variants?q[product_id_eq]=${productId}`,
    `/api/variants/${variantId}`,
    `/api/products/${productId}/variants`,
    `/api/products/${productId}/variants/${masterId}`,
  ];

  it.each<Who>(['anonymous', 'user'])('leaves it out of every catalog answer to %s, read twice (the second from the cache)', async (who) => {
    for (const path of catalogPaths()) {
      for (const read of [1, 2]) {
        const res = await as(who, path).expect(200);
        const variants = variantsIn(res.body);
        expect([path, read, variants.length > 0]).toEqual([path, read, true]);
        expect([path, read, variants.filter((v) => 'cost_price' in v).map((v) => v.id)]).toEqual([path, read, []]);
      }
    }
  });

  it('shows it to an admin, in every catalog answer', async () => {
    for (const path of catalogPaths()) {
      const res = await as('admin', path).expect(200);
      const shown = costPrices(res.body);
      expect([path, Object.values(shown).every((c) => c === '12.34' || c === '13.57')]).toEqual([path, true]);
    }
    expect(costPrices((await as('admin', `/api/products/${productId}`)).body)).toEqual({ [masterId]: '12.34', [variantId]: '13.57' });
  });

  it("never puts an admin's page in the public cache, nor the public page in an admin's answer, whoever reads first", async () => {
    // A change gives the product a new version: the first read builds the page.
    await t.http().put(`/api/products/${productId}`).set(admin.auth).send({ product: { name: 'Margin Mug' } }).expect(201);
    expect(costPrices((await as('admin', `/api/products/${slug}`).expect(200)).body)).toEqual({ [masterId]: '12.34', [variantId]: '13.57' });
    const anonymous = await as('anonymous', `/api/products/${slug}`).expect(200);
    expect(costPrices(anonymous.body)).toEqual({ [masterId]: undefined, [variantId]: undefined });
    expect(anonymous.headers['cache-control']).toMatch(/^public/);
    const again = await as('anonymous', `/api/products/${slug}`).set('If-None-Match', anonymous.headers.etag).expect(304);
    expect(again.headers.etag).toBe(anonymous.headers.etag);

    await t.http().put(`/api/products/${productId}`).set(admin.auth).send({ product: { name: 'Margin Mug II' } }).expect(201);
    expect(costPrices((await as('anonymous', `/api/products/${slug}`).expect(200)).body)).toEqual({ [masterId]: undefined, [variantId]: undefined });
    const adminRead = await as('admin', `/api/products/${slug}`).expect(200);
    expect(costPrices(adminRead.body)).toEqual({ [masterId]: '12.34', [variantId]: '13.57' });
    expect(adminRead.headers['cache-control']).toBe('private, no-store');
    expect(adminRead.headers.etag).toBeUndefined();
  });

  it("leaves it out of a shopper's order and line items, and shows it in an admin's", async () => {
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
    const guest = await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
    expect(costPrices(guest.body.line_items)).toEqual({ [variantId]: undefined });
    const added = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: masterId, quantity: 1 } }).expect(201);
    expect(costPrices(added.body)).toEqual({ [masterId]: undefined });
    const mine = await createOrder(t, [{ variant_id: variantId, quantity: 1 }], user.auth);
    expect(costPrices((await t.http().get(`/api/orders/${mine.number}`).set(user.auth).expect(200)).body.line_items)).toEqual({ [variantId]: undefined });
    expect(costPrices((await t.http().get('/api/orders/mine').set(user.auth).expect(200)).body)).toEqual({ [variantId]: undefined });

    const shown = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
    expect(costPrices(shown.body.line_items)).toEqual({ [variantId]: '13.57', [masterId]: '12.34' });
  });

  it('cannot be guessed through a search', async () => {
    // Not an attribute of any search: a condition on it is ignored, not a way to guess it.
    const all = (await as('anonymous', `/api/variants?q[product_id_eq]=${productId}`).expect(200)).body.variants.length;
    const probed = (await as('anonymous', `/api/variants?q[product_id_eq]=${productId}&q[cost_price_lt]=13`).expect(200)).body.variants.length;
    expect(probed).toBe(all);
  });

  it('carries it in the product webhook events (the shop’s own endpoints), documented as a departure from Spree 2.2', async () => {
    const [{ last }] = await t.db.query(`SELECT coalesce(max(id), 0) AS last FROM events`);
    await t.http().put(`/api/products/${productId}`).set(admin.auth).send({ product: { name: 'Margin Mug III' } }).expect(201);
    const [event] = await t.db.query(`SELECT type, data FROM events WHERE id > $1 AND type = 'product.updated'`, [last]);
    expect(costPrices(event.data)).toEqual({ [masterId]: '12.34', [variantId]: '13.57' });

    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    const property = doc.components.schemas.VariantSmallJson.properties.cost_price;
    expect(property.description).toMatch(/admins.*departure from Spree 2\.2/);
    expect(doc.components.schemas.VariantSmallJson.required).not.toContain('cost_price');
  });
});
