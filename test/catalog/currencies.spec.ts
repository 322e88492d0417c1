import { createProduct, createVariant, TestProduct } from '../support/catalog';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Selling in more than one currency, the catalog side (issue 31): a variant has one price per currency the store
// sells in (SUPPORTED_CURRENCIES); catalog reads show the prices of the currency asked (`currency`, `X-Currency`).
describe('prices per currency', () => {
  let t: TestApp;
  let admin: TestUser;
  let product: TestProduct;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORTED_CURRENCIES: 'EUR,JPY', RESPONSE_CACHE_MB: '1' });
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    product = await createProduct(t.db, { price: '24.00', name: `Mug ${Math.random().toString(36).slice(2, 8)}` });
  });

  const setPrice = (variantId: number, currency: string, amount: unknown) =>
    t.http().put(`/api/variants/${variantId}/prices/${currency}`).set(admin.auth).send({ price: { amount } });
  const productIn = (currency: string | undefined, how: 'query' | 'header' = 'query') => {
    const req = t.http().get(`/api/products/${product.slug}`);
    if (currency === undefined) return req;
    return how === 'query' ? req.query({ currency }) : req.set('X-Currency', currency);
  };

  it('sets a price per currency, lists them in the order of SUPPORTED_CURRENCIES, and replaces one in place', async () => {
    const eur = await setPrice(product.masterVariantId, 'eur', '22.00').expect(200);
    expect(eur.body).toEqual({ id: expect.any(Number), variant_id: product.masterVariantId, amount: '22.00', currency: 'EUR', display_amount: '€22.00' });
    const jpy = await setPrice(product.masterVariantId, 'JPY', '3500').expect(200);
    expect(jpy.body).toMatchObject({ amount: '3500', currency: 'JPY', display_amount: '¥3,500' });
    const replaced = await setPrice(product.masterVariantId, 'EUR', '21.50').expect(200);
    expect(replaced.body.id).toBe(eur.body.id);

    const list = await t.http().get(`/api/variants/${product.masterVariantId}/prices`).set(admin.auth).expect(200);
    expect(list.body.prices.map((p: { currency: string; amount: string }) => [p.currency, p.amount])).toEqual([
      ['USD', '24.00'],
      ['EUR', '21.50'],
      ['JPY', '3500'],
    ]);
  });

  it('shows the product, its master and variants in the currency asked, by parameter or header, the store currency otherwise', async () => {
    const variantId = await createVariant(t.db, product.id, { price: '26.00' });
    await setPrice(product.masterVariantId, 'EUR', '22.00').expect(200);
    await setPrice(variantId, 'EUR', '23.00').expect(200);
    await setPrice(product.masterVariantId, 'JPY', '3500').expect(200);

    const usd = (await productIn(undefined).expect(200)).body;
    expect([usd.price, usd.display_price, usd.variants[0].price]).toEqual(['24.00', '$24.00', '26.00']);
    const eur = (await productIn('eur').expect(200)).body;
    expect([eur.price, eur.display_price, eur.master.price, eur.variants[0].price, eur.variants[0].display_price]).toEqual(['22.00', '€22.00', '22.00', '23.00', '€23.00']);
    const byHeader = (await productIn('EUR', 'header').expect(200)).body;
    expect(byHeader.price).toBe('22.00');
    // JPY has no minor unit: no decimals anywhere; a variant without a JPY price shows none.
    const jpy = (await productIn('JPY').expect(200)).body;
    expect([jpy.price, jpy.display_price, jpy.variants[0].price, jpy.variants[0].display_price]).toEqual(['3500', '¥3,500', null, null]);

    const variant = (await t.http().get(`/api/variants/${variantId}`).set('X-Currency', 'EUR').expect(200)).body;
    expect([variant.price, variant.display_price]).toEqual(['23.00', '€23.00']);
    const nested = await t.http().get(`/api/products/${product.slug}/variants`).query({ currency: 'EUR' }).expect(200);
    expect(nested.body.variants.map((v: { id: number; price: string }) => [v.id, v.price])).toEqual(
      expect.arrayContaining([
        [product.masterVariantId, '22.00'],
        [variantId, '23.00'],
      ]),
    );
  });

  it('lists a product with several prices once, priced and searched in the currency asked (Spree: "product has more than one price")', async () => {
    await setPrice(product.masterVariantId, 'EUR', '22.00').expect(200);
    const q = { 'q[name_eq]': product.name };
    const usd = await t.http().get('/api/products').query(q).expect(200);
    expect(usd.body.products.map((p: { id: number; price: string }) => [p.id, p.price])).toEqual([[product.id, '24.00']]);
    const eur = await t.http().get('/api/products').query({ ...q, currency: 'EUR' }).expect(200);
    expect(eur.body.products.map((p: { id: number; price: string }) => [p.id, p.price])).toEqual([[product.id, '22.00']]);
    expect(eur.body.total_count).toBe(1);
    // q[price_…] reads the currency's price: 22 EUR is under 23, 24 USD is not.
    const cheap = { ...q, 'q[price_lt]': '23' };
    expect((await t.http().get('/api/products').query(cheap).expect(200)).body.products).toEqual([]);
    expect((await t.http().get('/api/products').query({ ...cheap, currency: 'EUR' }).expect(200)).body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    // Without a JPY price the product is listed, marked by its null price (not sold in JPY).
    const jpy = await t.http().get('/api/products').query({ ...q, currency: 'JPY' }).expect(200);
    expect(jpy.body.products.map((p: { id: number; price: unknown }) => [p.id, p.price])).toEqual([[product.id, null]]);
  });

  it('keeps a product page and its ETag per currency, and a price change shows in that currency at once', async () => {
    await setPrice(product.masterVariantId, 'EUR', '22.00').expect(200);
    const usd1 = await productIn(undefined).expect(200);
    const eur1 = await productIn('EUR').expect(200);
    expect(eur1.headers.etag).not.toBe(usd1.headers.etag);
    expect(eur1.headers.vary).toMatch(/X-Currency/);
    // Kept pages, each in its currency (a second read is answered from the cache).
    const usd2 = await productIn(undefined).expect(200);
    const eur2 = await productIn('EUR', 'header').expect(200);
    expect([usd2.body.price, usd2.headers.etag]).toEqual(['24.00', usd1.headers.etag]);
    expect([eur2.body.price, eur2.headers.etag]).toEqual(['22.00', eur1.headers.etag]);
    await productIn('EUR').set('If-None-Match', eur1.headers.etag).expect(304);

    await setPrice(product.masterVariantId, 'EUR', '20.00').expect(200);
    const eur3 = await productIn('EUR').expect(200);
    expect(eur3.body.price).toBe('20.00');
    expect(eur3.headers.etag).not.toBe(eur1.headers.etag);
  });

  it('refuses a currency the store does not sell in with 422 on `currency`, on reads and writes', async () => {
    for (const res of [
      await productIn('GBP').expect(422),
      await productIn('GBP', 'header').expect(422),
      await t.http().get('/api/products').query({ currency: 'XYZ' }).expect(422),
      await t.http().get('/api/products').query('currency=EUR&currency=JPY').expect(422),
      await t.http().get(`/api/variants/${product.masterVariantId}`).query({ currency: 'GBP' }).expect(422),
      await setPrice(product.masterVariantId, 'GBP', '10.00').expect(422),
    ]) {
      expect(res.body).toEqual({ error: INVALID, errors: { currency: ["is not a currency this store sells in (USD, EUR, JPY)"] } });
    }
  });

  it("refuses an amount with more decimals than the currency's, a negative or missing one, without writing", async () => {
    const jpy = await setPrice(product.masterVariantId, 'JPY', '3500.50').expect(422);
    expect(jpy.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 0 decimal places'] } });
    await setPrice(product.masterVariantId, 'EUR', '-1').expect(422);
    await setPrice(product.masterVariantId, 'EUR', 'ten').expect(422);
    await t.http().put(`/api/variants/${product.masterVariantId}/prices/EUR`).set(admin.auth).send({ price: {} }).expect(422);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM prices WHERE variant_id = $1 AND currency <> 'USD'`, [product.masterVariantId]);
    expect(n).toBe(0);
  });

  it("removes a price in another currency, never the store currency's; 404 for a missing price or variant", async () => {
    await setPrice(product.masterVariantId, 'EUR', '22.00').expect(200);
    await t.http().delete(`/api/variants/${product.masterVariantId}/prices/eur`).set(admin.auth).expect(204);
    expect((await productIn('EUR').expect(200)).body.price).toBeNull();
    expect((await t.http().delete(`/api/variants/${product.masterVariantId}/prices/EUR`).set(admin.auth).expect(404)).body).toEqual(NOT_FOUND);
    const store = await t.http().delete(`/api/variants/${product.masterVariantId}/prices/USD`).set(admin.auth).expect(422);
    expect(store.body.errors).toEqual({ currency: ['is the store currency: its price can be changed, not removed'] });
    expect((await productIn(undefined).expect(200)).body.price).toBe('24.00');
    await setPrice(2147483000, 'EUR', '1.00').expect(404);
    await t.http().get('/api/variants/2147483000/prices').set(admin.auth).expect(404);
  });

  it('is for admins: shoppers and anonymous callers get 401', async () => {
    const shopper = await createUser(t.db);
    expect((await t.http().get(`/api/variants/${product.masterVariantId}/prices`).set(shopper.auth).expect(401)).body).toEqual(UNAUTHORIZED);
    await t.http().get(`/api/variants/${product.masterVariantId}/prices`).expect(401);
    await t.http().put(`/api/variants/${product.masterVariantId}/prices/EUR`).set(shopper.auth).send({ price: { amount: '1.00' } }).expect(401);
    await t.http().delete(`/api/variants/${product.masterVariantId}/prices/EUR`).expect(401);
  });

  it('GET /api/config lists the currencies; /api/config/money writes each', async () => {
    expect((await t.http().get('/api/config').expect(200)).body).toMatchObject({ currency: 'USD', supported_currencies: ['USD', 'EUR', 'JPY'] });
    expect((await t.http().get('/api/config/money').query({ currency: 'jpy' }).expect(200)).body).toMatchObject({ symbol: '¥', currency: 'JPY' });
    expect((await t.http().get('/api/config/money').expect(200)).body).toMatchObject({ symbol: '$', currency: 'USD' });
  });
});
