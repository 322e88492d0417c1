import { createProduct, defaultShippingCategoryId } from '../support/catalog';
import { INVALID } from '../support/error-bodies';
import { createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { cents } from '../support/database';

/*
 * Money input is exact: an amount with more decimal places than the currency has (2) is refused with the
 * contract's 422 on the field, never rounded by the database (a price of 0.001 stored as 0.00 is a free
 * product). So is any other decimal with more places than its column keeps: tax rates (5), percents and
 * dimensions (2). The same value with the places the column keeps is stored exactly, trailing zeros allowed.
 */
describe('money and other decimals are taken exactly or refused', () => {
  let t: TestApp;
  let admin: TestUser;
  const twoPlaces = ['must have at most 2 decimal places'];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const send = (method: 'post' | 'put', url: string, body: unknown, type: 'json' | 'form' = 'json') => {
    const req = t.http()[method](url).set(admin.auth);
    return type === 'form' ? req.type('form').send(body as string) : req.send(body as object);
  };

  describe('products and variants', () => {
    const productCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM products`))[0].n;

    it.each([
      ['a price of 0.001', { price: '0.001' }, 'price'],
      ['a price of 19.999', { price: '19.999' }, 'price'],
      ['a price as a JSON number with 3 places', { price: 0.001 }, 'price'],
      ['a float that is not cents', { price: 0.1 + 0.2 }, 'price'],
      ['a cost price of 1.234', { price: '10', cost_price: '1.234' }, 'cost_price'],
      ['a weight of 1.234', { price: '10', weight: '1.234' }, 'weight'],
    ])('refuses a new product with %s, creating nothing', async (_, fields, field) => {
      const before = await productCount();
      const shippingCategoryId = await defaultShippingCategoryId(t.db);
      const res = await send('post', '/api/products', { product: { name: 'Free lunch', shipping_category_id: shippingCategoryId, ...fields } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { [field]: twoPlaces } } });
      expect(await productCount()).toBe(before);
    });

    it('refuses it in a form too, and on update, leaving the price as it was', async () => {
      const product = await createProduct(t.db, { price: '12.00' });
      const form = await send('put', `/api/products/${product.id}`, 'product[price]=0.005', 'form');
      expect({ status: form.status, body: form.body }).toEqual({ status: 422, body: { error: INVALID, errors: { price: twoPlaces } } });
      const cost = await send('put', `/api/products/${product.id}`, { product: { cost_price: '3.3333' } });
      expect(cost.body).toEqual({ error: INVALID, errors: { cost_price: twoPlaces } });
      expect(cents(await t.db.query(`SELECT p.amount::text AS price, v.cost_price::text AS cost FROM prices p JOIN variants v ON v.id = p.variant_id WHERE v.id = $1`, [product.masterVariantId]))).toEqual([
        { price: '12.00', cost: null },
      ]);
    });

    it('keeps 2 places exactly (and trailing zeros lose nothing)', async () => {
      const product = await createProduct(t.db, { price: '12.00' });
      const res = await send('put', `/api/products/${product.id}`, { product: { price: '0.010', cost_price: '0.01' } }).expect(201);
      expect(res.body.price).toBe('0.01');
      expect(cents(await t.db.query(`SELECT amount::text AS price FROM prices WHERE variant_id = $1`, [product.masterVariantId]))).toEqual([{ price: '0.01' }]);
    });

    it("refuses a variant's price or cost price with 3 places", async () => {
      const product = await createProduct(t.db, { price: '12.00' });
      const base = `/api/products/${product.id}/variants`;
      const created = await send('post', base, { variant: { sku: 'MP-1', price: '9.999' } });
      expect({ status: created.status, body: created.body }).toEqual({ status: 422, body: { error: INVALID, errors: { price: twoPlaces } } });
      const updated = await send('put', `${base}/${product.masterVariantId}`, { variant: { cost_price: '1.001' } });
      expect({ status: updated.status, body: updated.body }).toEqual({ status: 422, body: { error: INVALID, errors: { cost_price: twoPlaces } } });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM variants WHERE product_id = $1`, [product.id])).toEqual([{ n: 1 }]);
    });
  });

  describe('shipping methods, tax rates and promotions', () => {
    it("refuses a shipping method's calculator amount with 3 places", async () => {
      const [{ id }] = await t.db.query(`SELECT id FROM shipping_methods ORDER BY id LIMIT 1`);
      const [before] = await t.db.query(`SELECT calculator_amount::text AS amount FROM shipping_methods WHERE id = $1`, [id]);
      const res = await send('put', `/api/shipping_methods/${id}`, { shipping_method: { calculator_amount: '5.005' } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { calculator_amount: twoPlaces } } });
      expect(await t.db.query(`SELECT calculator_amount::text AS amount FROM shipping_methods WHERE id = $1`, [id])).toEqual([before]);
    });

    it('keeps a tax rate to 5 places and refuses a sixth', async () => {
      const [{ zone }] = await t.db.query(`SELECT id AS zone FROM zones WHERE name = 'North America'`);
      const [{ category }] = await t.db.query(`SELECT id AS category FROM tax_categories WHERE name = 'Default'`);
      const refused = await send('post', '/api/tax_rates', { tax_rate: { amount: '0.062501', zone_id: zone, tax_category_id: category } });
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { error: INVALID, errors: { amount: ['must have at most 5 decimal places'] } } });
      const kept = await send('post', '/api/tax_rates', { tax_rate: { amount: '0.06255', zone_id: zone, tax_category_id: category } }).expect(201);
      expect(kept.body.amount).toBe('0.06255');
      const update = await send('put', `/api/tax_rates/${kept.body.id}`, { tax_rate: { amount: '0.0000001' } });
      expect(update.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 5 decimal places'] } });
      expect(await t.db.query(`SELECT amount::text FROM tax_rates WHERE id = $1`, [kept.body.id])).toEqual([{ amount: '0.06255' }]);
    });

    it("refuses a promotion's amount or percent with 3 places", async () => {
      const amount = await send('post', '/api/promotions', { promotion: { name: 'Cheap', code: 'CHEAP', discount_type: 'flat_rate', amount: '1.005' } });
      expect({ status: amount.status, body: amount.body }).toEqual({ status: 422, body: { error: INVALID, errors: { amount: twoPlaces } } });
      const percent = await send('post', '/api/promotions', { promotion: { name: 'Cheap', code: 'CHEAP', discount_type: 'flat_percent_item_total', percent: '10.125' } });
      expect(percent.body).toEqual({ error: INVALID, errors: { percent: twoPlaces } });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM promotions`)).toEqual([{ n: 0 }]);
    });
  });

  describe('orders', () => {
    it("refuses an admin's line item price with 3 places, on an order's creation and on its line items", async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 10 });
      const orders = async () => (await t.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n;
      const before = await orders();
      const create = await send('post', '/api/orders', { order: { line_items: [{ variant_id: product.masterVariantId, quantity: 1, price: '0.001' }] } });
      expect({ status: create.status, body: create.body }).toEqual({ status: 422, body: { error: INVALID, errors: { 'line_items.price': twoPlaces } } });
      expect(await orders()).toBe(before);

      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], admin.auth);
      const add = await send('post', `/api/orders/${order.number}/line_items`, { line_item: { variant_id: product.masterVariantId, quantity: 1, price: '9.999' } });
      expect({ status: add.status, body: add.body }).toEqual({ status: 422, body: { error: INVALID, errors: { price: twoPlaces } } });
      const [item] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);
      const change = await send('put', `/api/orders/${order.number}/line_items/${item.id}`, { line_item: { price: '0.015' } });
      expect({ status: change.status, body: change.body }).toEqual({ status: 422, body: { error: INVALID, errors: { price: twoPlaces } } });
      expect(cents(await t.db.query(`SELECT quantity, price::text FROM line_items WHERE order_id = $1`, [order.id]))).toEqual([{ quantity: 1, price: '10.00' }]);
    });

    it.each([
      ['a line item price', { line_items_attributes: [{ quantity: 1, price: '9.995' }] }, 'line_items_attributes[0].price'],
      ['a shipment cost', { shipments_attributes: [{ stock_location: 'default', shipping_method: 'UPS Ground (USD)', cost: '4.255' }] }, 'shipments_attributes[0].cost'],
      ['an adjustment amount', { adjustments_attributes: [{ label: 'Fee', amount: '-0.005' }] }, 'adjustments_attributes[0].amount'],
      ['a payment amount', { payments_attributes: [{ payment_method: 'Check', amount: '10.001' }] }, 'payments_attributes[0].amount'],
    ])("refuses an order import with %s of 3 places, importing nothing", async (_, fields, field) => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 10 });
      const orders = async () => (await t.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n;
      const before = await orders();
      const { line_items_attributes: items, ...rest } = fields as { line_items_attributes?: object[] };
      const lineItems = (items ?? [{}]).map((item) => ({ variant_id: product.masterVariantId, quantity: 1, ...item }));
      const res = await send('post', '/api/orders', { order: { completed_at: '2026-03-01T10:00:00Z', line_items_attributes: lineItems, ...rest } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { [field]: twoPlaces } } });
      expect(await orders()).toBe(before);
    });

    it("refuses a return authorization's amount with 3 places", async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 10 });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], admin.auth);
      const res = await send('post', `/api/orders/${order.number}/return_authorizations`, { return_authorization: { amount: '1.001', reason: 'Too small' } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { amount: twoPlaces } } });
      expect(await t.db.query(`SELECT count(*)::int AS n FROM return_authorizations`)).toEqual([{ n: 0 }]);
    });
  });

  it('the OpenAPI document gives each such field its pattern', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    const schemas = doc.components.schemas as Record<string, { properties: Record<string, { pattern?: string }> }>;
    const pattern = (schema: string, property: string) => schemas[schema].properties[property].pattern;
    // Money: the columns' places (3, for KWD); the currency's own (USD 2) are checked when a value comes (above).
    expect(pattern('ProductParamsDto', 'price')).toBe('^\\d{1,12}(\\.\\d{1,3})?$');
    expect(pattern('CreateTaxRateDto', 'amount')).toBe('^-?\\d{1,12}(\\.\\d{1,5})?$');
    expect(pattern('ImportAdjustmentDto', 'amount')).toBe('^-?\\d{1,12}(\\.\\d{1,3})?$');
  });
});
