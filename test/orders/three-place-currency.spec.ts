import { INVALID } from '../support/error-bodies';
import { gatewayLog, GatewayLog } from '../support/gateway-log';
import { createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';
import { TestProduct } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

// A currency of 3 decimal places (issue 31: KWD, ISO 4217 exponent 3), end to end: the money columns keep 3 places
// (migration MoneyThreePlaces), every amount of a KWD order is written with 3 ("1.250", "0.125"), the payment provider
// is asked in fils (× 1000); a USD order of the same store keeps its 2 ("19.99", never "19.990").
describe('a store selling in KWD (3 decimal places)', () => {
  let t: TestApp;
  let admin: TestUser;
  let log: GatewayLog;
  let product: TestProduct;

  beforeAll(async () => {
    log = gatewayLog();
    t = await createTestApp({ SUPPORTED_CURRENCIES: 'KWD', ...log.env });
    admin = await createAdmin(t.db);
    const [{ id: zoneId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    const [{ id: categoryId }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
    const [{ id: taxCategoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
    // 5 % tax on the items; a flat KWD shipping rate of 0.750.
    await t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: { name: 'Tax', amount: '0.05', zone_id: zoneId, tax_category_id: taxCategoryId } }).expect(201);
    await t
      .http()
      .post('/api/shipping_methods')
      .set(admin.auth)
      .send({ shipping_method: { name: 'Aramex', zone_ids: [zoneId], shipping_category_ids: [categoryId], calculator_amount: '0.750', calculator_currency: 'KWD' } })
      .expect(201);
    product = await stockedProduct(t.db, { price: '19.99', count: 50 });
    const price = await t.http().put(`/api/variants/${product.masterVariantId}/prices/KWD`).set(admin.auth).send({ price: { amount: '1.25' } }).expect(200);
    expect(price.body).toMatchObject({ amount: '1.250', currency: 'KWD' });
  });
  afterAll(() => t.close());

  /** An order in `currency` with 2 of the product, addressed in Maryland and advanced to payment; its JSON there. */
  async function toPayment(currency: string): Promise<{ order: CreatedOrder; body: Record<string, any> }> {
    const address = await usAddress(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], {}, { currency, email: 'guest@example.com', bill_address: address, ship_address: address });
    const res = await t.http().put(`/api/checkouts/${order.number}/advance`).set(order.guest).expect(200);
    expect(res.body.state).toBe('payment');
    return { order, body: res.body };
  }

  /** Pays the whole total by the bogus card and completes; the order's JSON. */
  async function payAndComplete(order: CreatedOrder): Promise<Record<string, any>> {
    const cc = await paymentMethodId(t.db, 'Credit Card');
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: cc }] }, payment_source: { [cc]: VISA } }).expect(200);
    const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
    expect(res.body.state).toBe('complete');
    return res.body;
  }

  it('lists KWD among the currencies and shows the product in it with 3 places', async () => {
    expect((await t.http().get('/api/config').expect(200)).body).toMatchObject({ supported_currencies: ['USD', 'KWD'] });
    const shown = (await t.http().get(`/api/products/${product.id}`).query({ currency: 'KWD' }).expect(200)).body;
    expect(shown).toMatchObject({ price: '1.250', display_price: 'KWD\u00a01.250' });
    // The USD price as it always was.
    expect((await t.http().get(`/api/products/${product.id}`).expect(200)).body).toMatchObject({ price: '19.99', display_price: '$19.99' });
  });

  it('checks out in KWD exact to the fils: tax 0.125, shipping 0.750, paid in fils, refunded in KWD', async () => {
    const { order, body } = await toPayment('KWD');
    // 2 × 1.250 = 2.500; tax 5 % = 0.125; shipping 0.750; total 3.375.
    expect(body.shipments[0].shipping_rates.map((r: { name: string; cost: string; display_cost: string }) => [r.name, r.cost, r.display_cost])).toEqual([['Aramex', '0.750', 'KWD\u00a00.750']]);
    expect(body).toMatchObject({ currency: 'KWD', item_total: '2.500', additional_tax_total: '0.125', tax_total: '0.125', ship_total: '0.750', total: '3.375', display_total: 'KWD\u00a03.375' });
    expect(body.line_items[0]).toMatchObject({ price: '1.250', total: '2.500', single_display_amount: 'KWD\u00a01.250' });
    expect(body.line_items[0].adjustments).toEqual([expect.objectContaining({ amount: '0.125' })]);

    const mark = log.mark();
    const placed = await payAndComplete(order);
    expect(placed).toMatchObject({ total: '3.375', payment_total: '0.000', payment_state: 'balance_due' });
    const paymentId = placed.payments[0].id;
    expect(placed.payments).toEqual([expect.objectContaining({ amount: '3.375', display_amount: 'KWD\u00a03.375', state: 'pending' })]);
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);

    // A refund of the tax: 3 places taken, a fourth refused (nothing asked of the gateway).
    const fourth = await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '0.1255' }).expect(422);
    expect(fourth.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 3 decimal places'] } });
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '0.125' }).expect(200);
    // The provider is asked in minor units: fils.
    expect(log.since(mark).map((o) => `${o.operation}:${o.amountCents}`)).toEqual(['authorize:3375', 'capture:3375', 'credit:125']);

    const refunded = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    expect(refunded.payments.map((p: { amount: string; display_amount: string; state: string }) => [p.amount, p.display_amount, p.state])).toEqual([
      ['3.375', 'KWD\u00a03.375', 'completed'],
      ['-0.125', '-KWD\u00a00.125', 'completed'],
    ]);
    expect(refunded).toMatchObject({ total: '3.375', payment_total: '3.250', payment_state: 'balance_due' }); // refunded 0.125 of 3.375
    // Stored exactly: the columns keep the third place.
    const [row] = await t.db.query(`SELECT total::text, payment_total::text, additional_tax_total::text FROM orders WHERE number = $1`, [order.number]);
    expect(row).toEqual({ total: '3.375', payment_total: '3.250', additional_tax_total: '0.125' });
  });

  it('keeps a USD order of the same store in cents: "19.99", never "19.990"', async () => {
    const { body } = await toPayment('USD');
    // 2 × 19.99 = 39.98; tax 5 % = 1.999 → 2.00; UPS Ground 5.00.
    expect(body).toMatchObject({ currency: 'USD', item_total: '39.98', additional_tax_total: '2.00', ship_total: '5.00', total: '46.98', display_total: '$46.98' });
    expect(body.line_items[0]).toMatchObject({ price: '19.99', total: '39.98', single_display_amount: '$19.99' });
    const amounts = JSON.stringify(body).match(/"-?\d+\.\d+"/g) ?? [];
    expect(amounts.filter((a) => /\.\d{3}"$/.test(a))).toEqual([]);
  });

  it('refuses a fourth decimal place in KWD amounts clients set (prices, rates, payments)', async () => {
    const price = await t.http().put(`/api/variants/${product.masterVariantId}/prices/KWD`).set(admin.auth).send({ price: { amount: '1.2505' } }).expect(422);
    expect(price.body.errors).toEqual({ amount: ['must have at most 3 decimal places'] });
    const { order } = await toPayment('KWD');
    const check = await paymentMethodId(t.db, 'Check');
    const payment = await t.http().post(`/api/orders/${order.number}/payments`).set(admin.auth).send({ payment: { payment_method_id: check, amount: '1.0005' } }).expect(422);
    expect(payment.body.errors).toEqual({ amount: ['must have at most 3 decimal places'] });
    const paid = await t.http().post(`/api/orders/${order.number}/payments`).set(admin.auth).send({ payment: { payment_method_id: check, amount: '1.005' } }).expect(201);
    expect(paid.body).toMatchObject({ amount: '1.005', display_amount: 'KWD\u00a01.005' });
  });

  it('imports an order in KWD (not the store currency): prices, shipment cost, adjustments and payments in fils', async () => {
    const imported = await t
      .http()
      .post('/api/orders')
      .set(admin.auth)
      .send({
        order: {
          currency: 'kwd',
          email: 'marketplace@example.com',
          line_items_attributes: [{ variant_id: product.masterVariantId, quantity: 1, price: '1.125' }],
          adjustments_attributes: [{ label: 'Marketplace discount', amount: '-0.125' }],
          payments_attributes: [{ payment_method: 'Check', amount: '1.000' }],
        },
      })
      .expect(201);
    expect(imported.body).toMatchObject({ currency: 'KWD', item_total: '1.125', adjustment_total: '-0.125', total: '1.000', display_total: 'KWD\u00a01.000' });
    expect(imported.body.line_items[0]).toMatchObject({ price: '1.125' });
    expect(imported.body.adjustments).toEqual([expect.objectContaining({ amount: '-0.125', label: 'Marketplace discount' })]);
    expect(imported.body.payments).toEqual([expect.objectContaining({ amount: '1.000', state: 'completed' })]);

    const before = (await t.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n;
    const tooPrecise = await t
      .http()
      .post('/api/orders')
      .set(admin.auth)
      .send({ order: { currency: 'KWD', line_items_attributes: [{ variant_id: product.masterVariantId, quantity: 1 }], adjustments_attributes: [{ label: 'Off', amount: '-0.0005' }] } })
      .expect(422);
    expect(tooPrecise.body).toEqual({ error: INVALID, errors: { 'adjustments_attributes[0].amount': ['must have at most 3 decimal places'] } });
    // In the store's USD, two places, as before.
    const usd = await t
      .http()
      .post('/api/orders')
      .set(admin.auth)
      .send({ order: { line_items_attributes: [{ variant_id: product.masterVariantId, quantity: 1 }], adjustments_attributes: [{ label: 'Off', amount: '-0.125' }] } })
      .expect(422);
    expect(usd.body).toEqual({ error: INVALID, errors: { 'adjustments_attributes[0].amount': ['must have at most 2 decimal places'] } });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n).toBe(before);
  });
});
