import { INVALID } from '../support/error-bodies';
import { createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';
import { TestProduct } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

// Orders in a currency (issue 31, the order side): `order[currency]` at creation, line items priced in it, shipping
// methods and flat promotions per currency, and every amount of the order (totals, line items, adjustments, shipments,
// rates, payments, refunds, return authorizations) written and checked in the order currency's decimals.
describe('orders in a currency', () => {
  let t: TestApp;
  let admin: TestUser;
  let product: TestProduct;
  let northAmericaId: number;
  let shippingCategoryId: number;

  beforeAll(async () => {
    t = await createTestApp({ SUPPORTED_CURRENCIES: 'EUR,JPY' });
    admin = await createAdmin(t.db);
    [{ id: northAmericaId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    [{ id: shippingCategoryId }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
    const [{ id: taxCategoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
    // 8 % sales tax on the items, in every currency; a flat shipping rate per currency (the seeded UPS methods are USD).
    await t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: { name: 'Sales Tax', amount: '0.08', zone_id: northAmericaId, tax_category_id: taxCategoryId } }).expect(201);
    await shippingMethod({ name: 'DHL Euro', calculator_amount: '4.50', calculator_currency: 'eur' }).expect(201);
    await shippingMethod({ name: 'Yamato', calculator_amount: '700', calculator_currency: 'JPY' }).expect(201);
    product = await stockedProduct(t.db, { price: '19.99', count: 50 });
    await setPrice(product.masterVariantId, 'EUR', '18.49');
    await setPrice(product.masterVariantId, 'JPY', '2999');
  });
  afterAll(() => t.close());

  const shippingMethod = (fields: Record<string, unknown>) =>
    t
      .http()
      .post('/api/shipping_methods')
      .set(admin.auth)
      .send({ shipping_method: { zone_ids: [northAmericaId], shipping_category_ids: [shippingCategoryId], ...fields } });
  const setPrice = (variantId: number, currency: string, amount: string) =>
    t.http().put(`/api/variants/${variantId}/prices/${currency}`).set(admin.auth).send({ price: { amount } }).expect(200);

  /** A guest order in `currency` with 2 of the product, taken to delivery (addresses in Maryland); its JSON there. */
  async function toDelivery(currency: string): Promise<{ order: CreatedOrder; body: Record<string, any> }> {
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], {}, { currency });
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const address = await usAddress(t.db);
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } })
      .expect(200);
    expect(res.body.state).toBe('delivery');
    return { order, body: res.body };
  }

  /** From delivery to complete, paying the whole total by card. */
  async function complete(order: CreatedOrder): Promise<Record<string, any>> {
    expect((await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200)).body.state).toBe('payment');
    const cc = await paymentMethodId(t.db, 'Credit Card');
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: cc }] }, payment_source: { [cc]: VISA } }).expect(200);
    const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
    expect(res.body.state).toBe('complete');
    return res.body;
  }

  /** A variant's dimensions are not money (a weight of 1.50 is kept). */
  const DIMENSIONS = /(^|\.)(weight|height|width|depth)$/;

  /** Every string of the JSON that is (or displays) an amount with a decimal point: where a JPY order must have none. */
  function decimalsIn(value: unknown, path = ''): string[] {
    if (DIMENSIONS.test(path)) return [];
    if (typeof value === 'string') return /^-?\d+\.\d+$/.test(value) || /[¥$€]\s?-?[\d,]*\.\d/.test(value) ? [`${path}=${value}`] : [];
    if (Array.isArray(value)) return value.flatMap((v, i) => decimalsIn(v, `${path}[${i}]`));
    if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => decimalsIn(v, path ? `${path}.${k}` : k));
    if (typeof value === 'number' && !Number.isInteger(value)) return [`${path}=${value}`];
    return [];
  }

  const rates = (body: Record<string, any>) => body.shipments[0].shipping_rates.map((r: { name: string; cost: string; display_cost: string }) => [r.name, r.cost, r.display_cost]);

  it('checks out in USD, EUR and JPY: prices, tax, shipping and totals exact to each currency’s minor unit', async () => {
    const cases = [
      // 2 × 19.99 = 39.98; tax 3.1984 → 3.20; UPS Ground 5.00
      { currency: 'USD', rates: [['UPS Ground', '5.00', '$5.00'], ['UPS Two Day', '10.00', '$10.00'], ['UPS One Day', '15.00', '$15.00']], item: '39.98', tax: '3.20', ship: '5.00', total: '48.18', display: '$48.18' },
      // 2 × 18.49 = 36.98; tax 2.9584 → 2.96; 4.50
      { currency: 'EUR', rates: [['DHL Euro', '4.50', '€4.50']], item: '36.98', tax: '2.96', ship: '4.50', total: '44.44', display: '€44.44' },
      // 2 × 2999 = 5998; tax 479.84 → 480; 700
      { currency: 'JPY', rates: [['Yamato', '700', '¥700']], item: '5998', tax: '480', ship: '700', total: '7178', display: '¥7,178' },
    ];
    for (const c of cases) {
      const { order, body } = await toDelivery(c.currency);
      // Only the shipping methods whose calculator is in the order's currency are offered.
      expect(rates(body)).toEqual(c.rates);
      const placed = await complete(order);
      expect(placed).toMatchObject({
        currency: c.currency,
        item_total: c.item,
        additional_tax_total: c.tax,
        tax_total: c.tax,
        ship_total: c.ship,
        total: c.total,
        display_total: c.display,
        payment_total: c.currency === 'JPY' ? '0' : '0.00',
      });
      expect(placed.payments).toEqual([expect.objectContaining({ amount: c.total, display_amount: c.display, state: 'pending' })]);
      expect(placed.line_items[0].adjustments).toEqual([expect.objectContaining({ amount: c.tax })]);
    }
  });

  it('writes a JPY order with no decimals anywhere in its JSON (totals, line items, adjustments, shipments, rates, payments)', async () => {
    const { order, body } = await toDelivery('JPY');
    expect(decimalsIn(body)).toEqual([]);
    const placed = await complete(order);
    expect(decimalsIn(placed)).toEqual([]);
    const asAdmin = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    // A back office lists the orders of one currency (totals compare within a currency only).
    const listed = (await t.http().get('/api/orders').set(admin.auth).query({ 'q[currency_eq]': 'JPY', 'q[number_eq]': order.number }).expect(200)).body;
    expect(listed.orders.map((o: { number: string; total: string }) => [o.number, o.total])).toEqual([[order.number, '7178']]);
    expect((await t.http().get('/api/orders').set(admin.auth).query({ 'q[currency_eq]': 'EUR', 'q[number_eq]': order.number }).expect(200)).body.orders).toEqual([]);
    expect(decimalsIn(asAdmin)).toEqual([]);
    expect(asAdmin).toMatchObject({ item_total: '5998', display_item_total: '¥5,998', display_tax_total: '¥480', display_ship_total: '¥700' });
    expect(asAdmin.shipments[0]).toMatchObject({ cost: '700', selected_shipping_rate: { cost: '700', display_cost: '¥700' } });
  });

  it('refuses a line item whose variant has no price in the order’s currency (422), at creation and after', async () => {
    const usdOnly = await stockedProduct(t.db, { price: '9.99' });
    const created = await t.http().post('/api/orders').send({ order: { currency: 'EUR', line_items: [{ variant_id: usdOnly.masterVariantId, quantity: 1 }] } }).expect(422);
    expect(created.body).toEqual({ error: INVALID, errors: { 'line_items.variant_id': ['has no price in EUR'] } });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], {}, { currency: 'eur' });
    const added = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: usdOnly.masterVariantId, quantity: 1 } }).expect(422);
    expect(added.body).toEqual({ error: INVALID, errors: { variant_id: ['has no price in EUR'] } });
    const body = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
    expect(body).toMatchObject({ currency: 'EUR', item_total: '18.49', display_item_total: '€18.49' });
    expect(body.line_items.map((li: { price: string; single_display_amount: string }) => [li.price, li.single_display_amount])).toEqual([['18.49', '€18.49']]);
  });

  it('takes order[currency] from the store’s currencies only, and never changes it once the order has line items', async () => {
    const unknown = await t.http().post('/api/orders').send({ order: { currency: 'GBP' } }).expect(422);
    expect(unknown.body).toEqual({ error: INVALID, errors: { currency: ['is not a currency this store sells in (USD, EUR, JPY)'] } });
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE currency = 'GBP'`);
    expect(n).toBe(0);

    // The store currency by default; an empty cart may change it.
    const empty = await t.http().post('/api/orders').send({}).expect(201);
    expect(empty.body.currency).toBe('USD');
    const guest = { 'X-Spree-Order-Token': empty.body.token };
    const checkout = await t.http().post('/api/checkouts').send({ order: { currency: 'Eur' } }).expect(201);
    expect(checkout.body).toMatchObject({ currency: 'EUR', total: '0.00', display_total: '€0.00' });
    const changed = await t.http().put(`/api/orders/${empty.body.number}`).set(guest).send({ order: { currency: 'JPY' } }).expect(200);
    expect(changed.body).toMatchObject({ currency: 'JPY', total: '0', display_total: '¥0' });

    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], {}, { currency: 'JPY' });
    const refused = await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { currency: 'EUR' } }).expect(422);
    expect(refused.body).toEqual({ error: INVALID, errors: { currency: ['cannot be changed on an order with line items (it is JPY)'] } });
    // The same currency again is no change.
    await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { currency: 'jpy' } }).expect(200);
    const after = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
    expect(after).toMatchObject({ currency: 'JPY', total: '2999' });
  });

  it('refunds a JPY order in whole yen: amounts with decimals are refused (payments, credits, return authorizations, line item prices)', async () => {
    const { order } = await toDelivery('JPY');
    const placed = await complete(order);
    const paymentId = placed.payments[0].id;
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);

    // Shipped, a return authorization's credit in yen.
    await t.http().put(`/api/shipments/${placed.shipments[0].number}/ship`).set(admin.auth).expect(200);
    const ra = await t.http().post(`/api/orders/${order.number}/return_authorizations`).set(admin.auth).send({ return_authorization: { amount: '2999.5', reason: 'Too small' } }).expect(422);
    expect(ra.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 0 decimal places'] } });
    const created = await t.http().post(`/api/orders/${order.number}/return_authorizations`).set(admin.auth).send({ return_authorization: { amount: '2999', reason: 'Too small' } }).expect(201);
    expect(created.body.amount).toBe(2999);

    const fractional = await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '1000.5' }).expect(422);
    expect(fractional.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 0 decimal places'] } });
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '1000' }).expect(200);
    const refunded = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    expect(refunded.payments.map((p: { amount: string; display_amount: string; state: string }) => [p.amount, p.display_amount, p.state])).toEqual([
      ['7178', '¥7,178', 'completed'],
      ['-1000', '-¥1,000', 'completed'],
    ]);
    expect(refunded).toMatchObject({ payment_total: '6178', display_total: '¥7,178' });
    expect(decimalsIn(refunded)).toEqual([]);

    const payment = await t.http().post(`/api/orders/${order.number}/payments`).set(admin.auth).send({ payment: { payment_method_id: await paymentMethodId(t.db, 'Check'), amount: '10.5' } }).expect(422);
    expect(payment.body.errors).toEqual({ amount: ['must have at most 0 decimal places'] });

    // An admin's line item price on a JPY cart: whole yen only.
    const cart = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], {}, { currency: 'JPY' });
    const lineItemId = (await t.http().get(`/api/orders/${cart.number}`).set(admin.auth).expect(200)).body.line_items[0].id;
    const price = await t.http().put(`/api/orders/${cart.number}/line_items/${lineItemId}`).set(admin.auth).send({ line_item: { price: '2500.5' } }).expect(422);
    expect(price.body.errors).toEqual({ price: ['must have at most 0 decimal places'] });
    await t.http().put(`/api/orders/${cart.number}/line_items/${lineItemId}`).set(admin.auth).send({ line_item: { price: '2500' } }).expect(200);
    expect((await t.http().get(`/api/orders/${cart.number}`).set(admin.auth).expect(200)).body).toMatchObject({ item_total: '2500' });
  });

  it('keeps shipping calculators and flat promotions in their currency: a EUR amount never applies to a USD order', async () => {
    const yen = await shippingMethod({ name: 'Sagawa', calculator_amount: '700.5', calculator_currency: 'JPY' }).expect(422);
    expect(yen.body).toEqual({ error: INVALID, errors: { calculator_amount: ['must have at most 0 decimal places'] } });
    const gbp = await shippingMethod({ name: 'Royal Mail', calculator_amount: '3.00', calculator_currency: 'GBP' }).expect(422);
    expect(gbp.body.errors).toEqual({ calculator_currency: ['is not a currency this store sells in (USD, EUR, JPY)'] });

    const promotion = (fields: Record<string, unknown>) => t.http().post('/api/promotions').set(admin.auth).send({ promotion: { discount_type: 'flat_rate', ...fields } });
    const badYen = await promotion({ name: 'Yen off', code: `yen-${Date.now()}`, amount: '5.5', currency: 'JPY' }).expect(422);
    expect(badYen.body.errors).toEqual({ amount: ['must have at most 0 decimal places'] });
    const euro = await promotion({ name: 'Two euros off', code: 'EURO2', amount: '2.00', currency: 'eur' }).expect(201);
    expect(euro.body).toMatchObject({ amount: '2.00', display_amount: '€2.00', currency: 'EUR' });
    const usdDefault = await promotion({ name: 'One dollar off', code: 'USD1', amount: '1' }).expect(201);
    expect(usdDefault.body).toMatchObject({ amount: '1.00', display_amount: '$1.00', currency: 'USD' });

    const apply = (order: CreatedOrder, code: string) => t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(order.guest).query({ coupon_code: code });
    const { order: usd } = await toDelivery('USD');
    const refused = await apply(usd, 'EURO2').expect(422);
    expect(refused.body).toMatchObject({ successful: false, success: null });
    const { order: eur } = await toDelivery('EUR');
    await apply(eur, 'EURO2').expect(200);
    const body = (await t.http().get(`/api/orders/${eur.number}`).set(eur.guest).expect(200)).body;
    expect(body.adjustments.map((a: { amount: string; display_amount: string; eligible: boolean }) => [a.amount, a.display_amount, a.eligible])).toEqual([['-2.00', '-€2.00', true]]);
    // 36.98 − 2.00 + 2.96 tax + 4.50 shipping; adjustment_total is the discount and the tax (Spree's promo + additional tax).
    expect(body).toMatchObject({ adjustment_total: '0.96', total: '42.44', display_total: '€42.44' });
  });
});

// A store whose own currency has no minor units also selling in one that has: the USD order's amounts keep their cents
// (never rounded to the store's whole yen), and the JPY ones have none.
describe('a JPY store selling in USD', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ CURRENCY: 'JPY', SUPPORTED_CURRENCIES: 'USD' });
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  it('prices, ships and pays a USD order in cents', async () => {
    const product = await stockedProduct(t.db, { price: '1500' });
    // The test catalog's rows are priced in USD: this one's price is the store's, in yen.
    await t.db.query(`UPDATE prices SET currency = 'JPY' WHERE variant_id = $1`, [product.masterVariantId]);
    await t.http().put(`/api/variants/${product.masterVariantId}/prices/USD`).set(admin.auth).send({ price: { amount: '12.45' } }).expect(200);
    const [{ id: zoneId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    const [{ id: categoryId }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
    await t
      .http()
      .post('/api/shipping_methods')
      .set(admin.auth)
      .send({ shipping_method: { name: 'USPS', zone_ids: [zoneId], shipping_category_ids: [categoryId], calculator_amount: '3.75', calculator_currency: 'USD' } })
      .expect(201);

    const address = await usAddress(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }], {}, { currency: 'USD', email: 'guest@example.com', bill_address: address, ship_address: address });
    const res = await t.http().put(`/api/checkouts/${order.number}/advance`).set(order.guest).expect(200);
    expect(res.body).toMatchObject({ state: 'payment', currency: 'USD', item_total: '37.35', ship_total: '3.75', total: '41.10', display_total: '$41.10' });
    // The USD methods only (the test database's seeded UPS methods are USD too), the cheapest selected.
    expect(res.body.shipments[0].shipping_rates.map((r: { name: string; cost: string }) => [r.name, r.cost])).toEqual([
      ['USPS', '3.75'],
      ['UPS Ground', '5.00'],
      ['UPS Two Day', '10.00'],
      ['UPS One Day', '15.00'],
    ]);
    expect(res.body.line_items[0]).toMatchObject({ price: '12.45', total: '37.35', display_amount: '$37.35' });

    // An admin's payment of part of it, in cents (the store's yen would refuse them).
    const check = await paymentMethodId(t.db, 'Check');
    const paid = await t.http().post(`/api/orders/${order.number}/payments`).set(admin.auth).send({ payment: { payment_method_id: check, amount: '10.55' } }).expect(201);
    expect(paid.body).toMatchObject({ amount: '10.55', display_amount: '$10.55' });

    const yen = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }]);
    expect((await t.http().get(`/api/orders/${yen.number}`).set(yen.guest).expect(200)).body).toMatchObject({ currency: 'JPY', item_total: '4500', display_item_total: '¥4,500' });
  });
});
