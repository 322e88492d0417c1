import { createStockItem, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { COULD_NOT_TRANSITION as TRANSITION } from '../support/error-bodies';
import { cents } from '../support/database';

// Tax and shipping arithmetic, to the cent, through the HTTP API: Spree 2.2's
// DefaultTax calculator (additional tax = amount × rate, tax included in the
// price = amount − amount ÷ (1 + rate), both rounded half up per line item or
// shipment), its shipping calculators (flat_rate, per_item,
// flat_percent_item_total), Stock::Estimator's choice of shipping methods
// (zone and shipping category), Stock::Coordinator's split over stock
// locations and backorders, and the order totals that follow
// (core/app/models/spree/order_updater.rb). Amounts that a float or a
// half-even rounding would get wrong are chosen on purpose.
describe('order totals: taxes and shipping', () => {
  let t: TestApp;
  let admin: TestUser;
  let northAmericaId: number;
  let euId: number;
  let taxCategoryId: number;
  let shippingCategoryId: number;
  let oversizedId: number;
  let groundId: number;
  /** Undone after each test, so that every test sees the reference shipping methods and no tax rate. */
  let cleanup: Array<() => Promise<unknown>> = [];


  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    [{ id: northAmericaId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    [{ id: euId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'EU_VAT'`);
    [{ id: taxCategoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
    [{ id: shippingCategoryId }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
    [{ id: oversizedId }] = await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Oversized') RETURNING id`);
    [{ id: groundId }] = await t.db.query(`SELECT id FROM shipping_methods WHERE name = 'UPS Ground'`);
  });
  afterEach(async () => {
    for (const undo of cleanup.reverse()) await undo();
    cleanup = [];
  });
  afterAll(() => t.close());

  /** A tax rate through the admin API (removed after the test). */
  async function taxRate(fields: { name: string; amount: string; zone_id?: number; included_in_price?: boolean; tax_category_id?: number }): Promise<number> {
    const res = await t
      .http()
      .post('/api/tax_rates')
      .set(admin.auth)
      .send({ tax_rate: { zone_id: northAmericaId, tax_category_id: taxCategoryId, ...fields } })
      .expect(201);
    expect(res.body.amount).toBe(fields.amount);
    cleanup.push(() => t.http().delete(`/api/tax_rates/${res.body.id}`).set(admin.auth).expect(204));
    return res.body.id;
  }

  /** A shipping method through the admin API (removed after the test). */
  async function shippingMethod(fields: Record<string, unknown>): Promise<number> {
    const res = await t
      .http()
      .post('/api/shipping_methods')
      .set(admin.auth)
      .send({ shipping_method: { zone_ids: [northAmericaId], shipping_category_ids: [shippingCategoryId], ...fields } })
      .expect(201);
    cleanup.push(() => t.http().delete(`/api/shipping_methods/${res.body.id}`).set(admin.auth).expect(204));
    return res.body.id;
  }

  /** Two products at the brief's awkward prices, 10 of each in stock. */
  async function twoProducts() {
    return { shirt: await stockedProduct(t.db, { price: '19.99' }), mug: await stockedProduct(t.db, { price: '7.33' }) };
  }

  /** A guest order taken to the delivery step (addresses in Maryland, US); returns the order JSON there. */
  async function toDelivery(order: CreatedOrder): Promise<Record<string, any>> {
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const address = await usAddress(t.db);
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('delivery');
    return res.body;
  }

  /** From delivery through payment (credit card) and confirm to complete; returns the completed order JSON. */
  async function complete(order: CreatedOrder): Promise<Record<string, any>> {
    let res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    expect(res.body.state).toBe('payment');
    const cc = await paymentMethodId(t.db, 'Credit Card');
    res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: cc }] }, payment_source: { [cc]: VISA } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('confirm');
    res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('complete');
    return res.body;
  }

  const orderRow = async (id: number) =>
    cents(
      await t.db.query(
        `SELECT item_total, shipment_total, additional_tax_total, included_tax_total, adjustment_total, total, state, shipment_state FROM orders WHERE id = $1`,
        [id],
      ),
    )[0];
  const taxAdjustments = async (orderId: number) =>
    t.db
      .query(
        `SELECT adjustable_type, adjustable_id, source_id, amount, label, included, eligible FROM adjustments
        WHERE order_id = $1 AND source_type = 'Spree::TaxRate' ORDER BY adjustable_type, adjustable_id`,
        [orderId],
      )
      .then(cents);
  const countOnHand = async (locationId: number, variantId: number) =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL`, [locationId, variantId]))[0]
      .count_on_hand as number;

  describe('additional sales tax', () => {
    it('charges 8.875% on each line item, rounded half up per item, and adds it to the total', async () => {
      const rateId = await taxRate({ name: 'NY Sales Tax', amount: '0.08875' });
      const { shirt, mug } = await twoProducts();
      const order = await createOrder(t, [
        { variant_id: shirt.masterVariantId, quantity: 3 },
        { variant_id: mug.masterVariantId, quantity: 1 },
      ]);

      // A cart has no address yet, and no zone is the default tax zone: no tax.
      const cart = await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
      expect(cart.body).toMatchObject({ item_total: '67.30', additional_tax_total: '0.00', tax_total: '0.00', total: '67.30' });
      expect(cart.body.line_items.map((li: any) => li.adjustments)).toEqual([[], []]);

      const body = await toDelivery(order);
      // 59.97 × 0.08875 = 5.3223375 → 5.32; 7.33 × 0.08875 = 0.6505375 → 0.65.
      const [shirtLine, mugLine] = body.line_items;
      expect(shirtLine).toMatchObject({ variant_id: shirt.masterVariantId, quantity: 3, total: '59.97' });
      expect(mugLine).toMatchObject({ variant_id: mug.masterVariantId, quantity: 1, total: '7.33' });
      const adjustment = (lineItemId: number, amount: string) => ({
        id: expect.any(Number),
        source_type: 'Spree::TaxRate',
        source_id: rateId,
        adjustable_type: 'Spree::LineItem',
        adjustable_id: lineItemId,
        amount,
        display_amount: `$${amount}`,
        label: 'NY Sales Tax 8.875%',
        mandatory: false,
        eligible: true,
        included: false,
        state: 'open',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(shirtLine.adjustments).toEqual([adjustment(shirtLine.id, '5.32')]);
      expect(mugLine.adjustments).toEqual([adjustment(mugLine.id, '0.65')]);
      // Taxes hang on the line items, not on the order itself.
      expect(body.adjustments).toEqual([]);
      expect(body).toMatchObject({
        item_total: '67.30',
        display_item_total: '$67.30',
        ship_total: '5.00',
        display_ship_total: '$5.00',
        additional_tax_total: '5.97',
        display_additional_tax_total: '$5.97',
        included_tax_total: '0.00',
        display_included_tax_total: '$0.00',
        tax_total: '5.97',
        display_tax_total: '$5.97',
        adjustment_total: '5.97',
        display_adjustment_total: '$5.97',
        total: '78.27',
        display_total: '$78.27',
      });

      expect(await orderRow(order.id)).toMatchObject({
        item_total: '67.30',
        shipment_total: '5.00',
        additional_tax_total: '5.97',
        included_tax_total: '0.00',
        adjustment_total: '5.97',
        total: '78.27',
      });
      const lines = cents(await t.db.query(`SELECT id, additional_tax_total, included_tax_total, adjustment_total FROM line_items WHERE order_id = $1 ORDER BY id`, [order.id]));
      expect(lines).toEqual([
        { id: shirtLine.id, additional_tax_total: '5.32', included_tax_total: '0.00', adjustment_total: '5.32' },
        { id: mugLine.id, additional_tax_total: '0.65', included_tax_total: '0.00', adjustment_total: '0.65' },
      ]);
      expect(await taxAdjustments(order.id)).toEqual([
        { adjustable_type: 'Spree::LineItem', adjustable_id: shirtLine.id, source_id: rateId, amount: '5.32', label: 'NY Sales Tax 8.875%', included: false, eligible: true },
        { adjustable_type: 'Spree::LineItem', adjustable_id: mugLine.id, source_id: rateId, amount: '0.65', label: 'NY Sales Tax 8.875%', included: false, eligible: true },
      ]);

      // The payment covers the taxed total, and completing changes none of the sums.
      const completed = await complete(order);
      expect(completed.payments).toHaveLength(1);
      expect(completed.payments[0]).toMatchObject({ amount: '78.27', display_amount: '$78.27', state: 'pending' });
      expect(completed).toMatchObject({ item_total: '67.30', ship_total: '5.00', additional_tax_total: '5.97', tax_total: '5.97', adjustment_total: '5.97', total: '78.27' });
      expect(completed.line_items.map((li: any) => li.adjustments.map((a: any) => a.amount))).toEqual([['5.32'], ['0.65']]);
      expect(await taxAdjustments(order.id)).toHaveLength(2);
    });

    it('rounds exact half cents up, per line item rather than on the sum', async () => {
      await taxRate({ name: 'NY Sales Tax', amount: '0.08875' });
      const twelve = await stockedProduct(t.db, { price: '12.00' });
      const four = await stockedProduct(t.db, { price: '4.00' });
      const order = await createOrder(t, [
        { variant_id: twelve.masterVariantId, quantity: 1 },
        { variant_id: four.masterVariantId, quantity: 1 },
      ]);
      const body = await toDelivery(order);
      // 12.00 × 0.08875 = 1.065 → 1.07 (half-even or a float would give 1.06); 4.00 × 0.08875 = 0.355 → 0.36.
      // On the sum it would be 16.00 × 0.08875 = 1.42: Spree rounds each item.
      expect(body.line_items.map((li: any) => li.adjustments.map((a: any) => a.amount))).toEqual([['1.07'], ['0.36']]);
      expect(body).toMatchObject({ item_total: '16.00', ship_total: '5.00', additional_tax_total: '1.43', tax_total: '1.43', adjustment_total: '1.43', total: '22.43' });
    });

    it('labels a rate without a name by its tax category, and without the rate when show_rate_in_label is false', async () => {
      await taxRate({ name: '', amount: '0.05' });
      const hidden = await t
        .http()
        .post('/api/tax_rates')
        .set(admin.auth)
        .send({ tax_rate: { name: 'City Tax', amount: '0.01', zone_id: northAmericaId, tax_category_id: taxCategoryId, show_rate_in_label: false } })
        .expect(201);
      cleanup.push(() => t.http().delete(`/api/tax_rates/${hidden.body.id}`).set(admin.auth).expect(204));
      const product = await stockedProduct(t.db, { price: '10.00' });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      const body = await toDelivery(order);
      expect(body.line_items[0].adjustments.map((a: any) => [a.label, a.amount])).toEqual([
        ['Default 5.0%', '0.50'],
        ['City Tax', '0.10'],
      ]);
      expect(body).toMatchObject({ additional_tax_total: '0.60', total: '15.60' });
    });

    it('taxes the shipment when its shipping method has a taxed tax category', async () => {
      const rateId = await taxRate({ name: 'NY Sales Tax', amount: '0.08875' });
      await t.http().put(`/api/shipping_methods/${groundId}`).set(admin.auth).send({ shipping_method: { tax_category_id: taxCategoryId } }).expect(200);
      cleanup.push(() => t.http().put(`/api/shipping_methods/${groundId}`).set(admin.auth).send({ shipping_method: { tax_category_id: null } }).expect(200));
      const product = await stockedProduct(t.db, { price: '19.99' });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);

      const body = await toDelivery(order);
      const shipment = body.shipments[0];
      expect(shipment.selected_shipping_rate).toMatchObject({ name: 'UPS Ground', cost: '5.00' });
      // Item: 19.99 × 0.08875 = 1.7741125 → 1.77; shipping: 5.00 × 0.08875 = 0.44375 → 0.44.
      expect(body.line_items[0].adjustments.map((a: any) => a.amount)).toEqual(['1.77']);
      expect(body).toMatchObject({ item_total: '19.99', ship_total: '5.00', additional_tax_total: '2.21', tax_total: '2.21', adjustment_total: '2.21', total: '27.20', display_total: '$27.20' });
      expect(await taxAdjustments(order.id)).toEqual([
        { adjustable_type: 'Spree::LineItem', adjustable_id: body.line_items[0].id, source_id: rateId, amount: '1.77', label: 'NY Sales Tax 8.875%', included: false, eligible: true },
        { adjustable_type: 'Spree::Shipment', adjustable_id: shipment.id, source_id: rateId, amount: '0.44', label: 'NY Sales Tax 8.875%', included: false, eligible: true },
      ]);
      const [shipmentRow] = cents(await t.db.query(`SELECT cost, additional_tax_total, adjustment_total FROM shipments WHERE id = $1`, [shipment.id]));
      expect(shipmentRow).toEqual({ cost: '5.00', additional_tax_total: '0.44', adjustment_total: '0.44' });

      // UPS Two Day has no tax category: choosing it drops the shipment's tax.
      const twoDay = shipment.shipping_rates.find((r: any) => r.name === 'UPS Two Day');
      const res = await t
        .http()
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { shipments_attributes: [{ id: shipment.id, selected_shipping_rate_id: twoDay.id }] } })
        .expect(200);
      expect(res.body.state).toBe('payment');
      expect(res.body).toMatchObject({ ship_total: '10.00', additional_tax_total: '1.77', tax_total: '1.77', adjustment_total: '1.77', total: '31.76' });
      expect((await taxAdjustments(order.id)).map((a: any) => a.adjustable_type)).toEqual(['Spree::LineItem']);
    });
  });

  describe('tax included in the price (VAT)', () => {
    it('shows amount − amount ÷ (1 + rate) as included tax and leaves the total alone', async () => {
      const rateId = await taxRate({ name: 'VAT', amount: '0.2', included_in_price: true });
      const { shirt, mug } = await twoProducts();
      const order = await createOrder(t, [
        { variant_id: shirt.masterVariantId, quantity: 3 },
        { variant_id: mug.masterVariantId, quantity: 1 },
      ]);
      const body = await toDelivery(order);
      // 59.97 − 59.97 ÷ 1.2 = 9.995 → 10.00 (exact half, rounded up); 7.33 − 7.33 ÷ 1.2 = 1.2216… → 1.22.
      const [shirtLine, mugLine] = body.line_items;
      expect(shirtLine.adjustments).toEqual([
        expect.objectContaining({ source_type: 'Spree::TaxRate', source_id: rateId, amount: '10.00', display_amount: '$10.00', label: 'VAT 20.0% (Included in Price)', included: true }),
      ]);
      expect(mugLine.adjustments).toEqual([expect.objectContaining({ amount: '1.22', display_amount: '$1.22', label: 'VAT 20.0% (Included in Price)', included: true })]);
      expect(body).toMatchObject({
        item_total: '67.30',
        ship_total: '5.00',
        included_tax_total: '11.22',
        display_included_tax_total: '$11.22',
        additional_tax_total: '0.00',
        display_additional_tax_total: '$0.00',
        tax_total: '11.22',
        display_tax_total: '$11.22',
        adjustment_total: '0.00',
        display_adjustment_total: '$0.00',
        total: '72.30',
        display_total: '$72.30',
      });
      expect(await orderRow(order.id)).toMatchObject({ included_tax_total: '11.22', additional_tax_total: '0.00', adjustment_total: '0.00', total: '72.30' });
      const lines = cents(await t.db.query(`SELECT additional_tax_total, included_tax_total, adjustment_total FROM line_items WHERE order_id = $1 ORDER BY id`, [order.id]));
      expect(lines).toEqual([
        { additional_tax_total: '0.00', included_tax_total: '10.00', adjustment_total: '0.00' },
        { additional_tax_total: '0.00', included_tax_total: '1.22', adjustment_total: '0.00' },
      ]);

      const completed = await complete(order);
      expect(completed.payments[0].amount).toBe('72.30');
      expect(completed).toMatchObject({ included_tax_total: '11.22', total: '72.30' });
    });
    it('splits a price holding two included rates into one pre-tax amount (Spree: amount ÷ (1 + sum of rates) × rate)', async () => {
      await taxRate({ name: 'Federal VAT', amount: '0.1', included_in_price: true });
      await taxRate({ name: 'Local VAT', amount: '0.1', included_in_price: true });
      const product = await stockedProduct(t.db, { price: '100.00' });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      const body = await toDelivery(order);
      // Pre-tax 100.00 ÷ 1.2 = 83.333…; each rate 83.333… × 0.1 = 8.33. (100 − 100 ÷ 1.1 = 9.09 per rate would claim
      // 18.18 of tax inside a price whose pre-tax part is then 81.82, which at 20% would cost 98.18, not 100.00.)
      expect(body.line_items[0].adjustments.map((a: any) => [a.label, a.amount, a.included])).toEqual([
        ['Federal VAT 10.0% (Included in Price)', '8.33', true],
        ['Local VAT 10.0% (Included in Price)', '8.33', true],
      ]);
      expect(body).toMatchObject({ item_total: '100.00', included_tax_total: '16.66', additional_tax_total: '0.00', tax_total: '16.66', total: '105.00' });
    });
  });

  describe('no rate for the ship address zone', () => {
    it('charges no tax when the only rates are in another zone', async () => {
      await taxRate({ name: 'EU VAT', amount: '0.2', zone_id: euId });
      await taxRate({ name: 'EU VAT incl.', amount: '0.19', zone_id: euId, included_in_price: true });
      const { shirt, mug } = await twoProducts();
      const order = await createOrder(t, [
        { variant_id: shirt.masterVariantId, quantity: 3 },
        { variant_id: mug.masterVariantId, quantity: 1 },
      ]);
      const body = await toDelivery(order);
      expect(body.line_items.map((li: any) => li.adjustments)).toEqual([[], []]);
      expect(body).toMatchObject({
        item_total: '67.30',
        ship_total: '5.00',
        additional_tax_total: '0.00',
        included_tax_total: '0.00',
        tax_total: '0.00',
        adjustment_total: '0.00',
        total: '72.30',
        display_total: '$72.30',
      });
      expect(await taxAdjustments(order.id)).toEqual([]);
    });

    it('charges no tax on products of a tax category without a rate', async () => {
      await taxRate({ name: 'NY Sales Tax', amount: '0.08875' });
      const [{ id: foodId }] = await t.db.query(`INSERT INTO tax_categories (name) VALUES ('Food ${Date.now()}') RETURNING id`);
      const bread = await stockedProduct(t.db, { price: '3.00' });
      await t.db.query(`UPDATE products SET tax_category_id = $1 WHERE id = $2`, [foodId, bread.id]);
      const shirt = await stockedProduct(t.db, { price: '19.99' });
      const order = await createOrder(t, [
        { variant_id: bread.masterVariantId, quantity: 2 },
        { variant_id: shirt.masterVariantId, quantity: 1 },
      ]);
      const body = await toDelivery(order);
      expect(body.line_items.map((li: any) => li.adjustments.map((a: any) => a.amount))).toEqual([[], ['1.77']]);
      expect(body).toMatchObject({ item_total: '25.99', additional_tax_total: '1.77', total: '32.76' });
    });
    it('drops the tax when the ship address moves out of the rate zone', async () => {
      await taxRate({ name: 'NY Sales Tax', amount: '0.08875' });
      const product = await stockedProduct(t.db, { price: '19.99' });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      const atDelivery = await toDelivery(order);
      expect(atDelivery).toMatchObject({ additional_tax_total: '1.77', total: '26.76' });
      const [{ id: germanyId }] = await t.db.query(`SELECT id FROM countries WHERE iso = 'DE'`);
      const berlin = { ...(await usAddress(t.db)), country_id: germanyId, state_id: null, city: 'Berlin', zipcode: '10115', address1: 'Unter den Linden 1' };
      const res = await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { ship_address_attributes: berlin } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ state: 'address', shipments: [], item_total: '19.99', ship_total: '0.00', additional_tax_total: '0.00', tax_total: '0.00', adjustment_total: '0.00', total: '19.99' });
      expect(res.body.line_items[0].adjustments).toEqual([]);
      expect(await taxAdjustments(order.id)).toEqual([]);
    });
  });

  describe('shipping calculators and methods', () => {
    it('prices per item (amount × units) and as a percent of the item total (half up), cheapest selected', async () => {
      const perItemId = await shippingMethod({ name: 'Per Item Post', calculator_type: 'per_item', calculator_amount: '1.10' });
      const percentId = await shippingMethod({ name: 'Percent Post', calculator_type: 'flat_percent_item_total', calculator_amount: '5' });
      const euOnlyId = await shippingMethod({ name: 'EU Only', calculator_type: 'flat_rate', calculator_amount: '1.00', zone_ids: [euId] });
      const oversizedOnlyId = await shippingMethod({ name: 'Oversized Only', calculator_type: 'flat_rate', calculator_amount: '0.50', shipping_category_ids: [oversizedId] });
      const { shirt, mug } = await twoProducts();
      const order = await createOrder(t, [
        { variant_id: shirt.masterVariantId, quantity: 3 },
        { variant_id: mug.masterVariantId, quantity: 1 },
      ]);
      const body = await toDelivery(order);
      expect(body.shipments).toHaveLength(1);
      const shipment = body.shipments[0];
      // Percent: 67.30 × 5% = 3.365 → 3.37 (a float or half-even gives 3.36). Per item: 1.10 × 4 units = 4.40.
      expect(shipment.shipping_rates.map((r: any) => [r.name, r.cost, r.display_cost, r.selected])).toEqual([
        ['Percent Post', '3.37', '$3.37', true],
        ['Per Item Post', '4.40', '$4.40', false],
        ['UPS Ground', '5.00', '$5.00', false],
        ['UPS Two Day', '10.00', '$10.00', false],
        ['UPS One Day', '15.00', '$15.00', false],
      ]);
      const offered = shipment.shipping_rates.map((r: any) => r.shipping_method_id);
      expect(offered).toEqual(expect.arrayContaining([perItemId, percentId]));
      // Not offered: a method whose zone does not cover Maryland, and one lacking the products' shipping category.
      expect(offered).not.toContain(euOnlyId);
      expect(offered).not.toContain(oversizedOnlyId);
      expect(shipment.shipping_methods.map((m: any) => m.id)).not.toEqual(expect.arrayContaining([euOnlyId]));
      expect(shipment).toMatchObject({ cost: '3.37', selected_shipping_rate: { name: 'Percent Post', cost: '3.37' } });
      expect(body).toMatchObject({ item_total: '67.30', ship_total: '3.37', display_ship_total: '$3.37', total: '70.67' });

      const perItem = shipment.shipping_rates.find((r: any) => r.shipping_method_id === perItemId);
      const res = await t
        .http()
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { shipments_attributes: [{ id: shipment.id, selected_shipping_rate_id: perItem.id }] } })
        .expect(200);
      expect(res.body.shipments[0]).toMatchObject({ cost: '4.40', selected_shipping_rate: { id: perItem.id, cost: '4.40', selected: true } });
      expect(res.body).toMatchObject({ state: 'payment', ship_total: '4.40', total: '71.70' });
      expect((await orderRow(order.id)).shipment_total).toBe('4.40');
      const [rateRow] = cents(await t.db.query(`SELECT cost FROM shipping_rates WHERE id = $1`, [perItem.id]));
      expect(rateRow.cost).toBe('4.40');
    });

    it('offers only the methods carrying the shipping category of the products', async () => {
      const oversizedOnlyId = await shippingMethod({ name: 'Freight', calculator_type: 'flat_rate', calculator_amount: '25.00', shipping_category_ids: [oversizedId] });
      const sofa = await stockedProduct(t.db, { price: '499.00' });
      await t.db.query(`UPDATE products SET shipping_category_id = $1 WHERE id = $2`, [oversizedId, sofa.id]);
      const order = await createOrder(t, [{ variant_id: sofa.masterVariantId, quantity: 1 }]);
      const body = await toDelivery(order);
      expect(body.shipments[0].shipping_rates.map((r: any) => [r.shipping_method_id, r.name, r.cost, r.selected])).toEqual([[oversizedOnlyId, 'Freight', '25.00', true]]);
      expect(body).toMatchObject({ ship_total: '25.00', total: '524.00' });
    });

    it('refuses delivery when no method carries every shipping category of a package (422, order left at address)', async () => {
      await shippingMethod({ name: 'Freight', calculator_type: 'flat_rate', calculator_amount: '25.00', shipping_category_ids: [oversizedId] });
      const sofa = await stockedProduct(t.db, { price: '499.00' });
      await t.db.query(`UPDATE products SET shipping_category_id = $1 WHERE id = $2`, [oversizedId, sofa.id]);
      const shirt = await stockedProduct(t.db, { price: '19.99' });
      const order = await createOrder(t, [
        { variant_id: sofa.masterVariantId, quantity: 1 },
        { variant_id: shirt.masterVariantId, quantity: 1 },
      ]);
      await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
      const address = await usAddress(t.db);
      const res = await t
        .http()
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: TRANSITION, errors: { base: ['We are unable to calculate shipping rates for the selected items.'] } });
      const row = await orderRow(order.id);
      expect(row).toMatchObject({ state: 'address', shipment_total: '0.00', total: '518.99' });
      expect(await t.db.query(`SELECT id FROM shipments WHERE order_id = $1`, [order.id])).toEqual([]);
    });
  });

  describe('several stock locations', () => {
    it('splits the units over two locations: two shipments, each with its own rates; ship_total sums them', async () => {
      const defaultId = await defaultStockLocationId(t.db);
      const secondId = await createStockLocation(t.db, { name: 'Second warehouse' });
      const product = await stockedProduct(t.db, { price: '10.00', count: 2 });
      await createStockItem(t.db, secondId, product.masterVariantId, { countOnHand: 3 });
      await shippingMethod({ name: 'Per Item Post', calculator_type: 'per_item', calculator_amount: '1.75' });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 4 }]);

      const body = await toDelivery(order);
      expect(body.shipments).toHaveLength(2);
      const [first, second] = body.shipments;
      expect(first.stock_location_name).toBe('default');
      expect(second.stock_location_name).toBe('Second warehouse');
      expect(first.manifest).toEqual([{ variant_id: product.masterVariantId, quantity: 2, states: { on_hand: 2 } }]);
      expect(second.manifest).toEqual([{ variant_id: product.masterVariantId, quantity: 2, states: { on_hand: 2 } }]);
      for (const shipment of [first, second]) {
        // 1.75 × 2 units = 3.50 per shipment, cheapest.
        expect(shipment.shipping_rates.map((r: any) => [r.name, r.cost])).toEqual([
          ['Per Item Post', '3.50'],
          ['UPS Ground', '5.00'],
          ['UPS Two Day', '10.00'],
          ['UPS One Day', '15.00'],
        ]);
        expect(shipment.selected_shipping_rate.cost).toBe('3.50');
      }
      // Each shipment has rates of its own.
      const firstRateIds = first.shipping_rates.map((r: any) => r.id);
      expect(second.shipping_rates.map((r: any) => r.id).some((id: number) => firstRateIds.includes(id))).toBe(false);
      expect(body).toMatchObject({ item_total: '40.00', ship_total: '7.00', total: '47.00' });

      // A different rate on the second shipment only.
      const oneDay = second.shipping_rates.find((r: any) => r.name === 'UPS One Day');
      const res = await t
        .http()
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { shipments_attributes: [{ id: second.id, selected_shipping_rate_id: oneDay.id }] } })
        .expect(200);
      expect(res.body.shipments.map((s: any) => s.cost)).toEqual(['3.50', '15.00']);
      expect(res.body).toMatchObject({ state: 'payment', ship_total: '18.50', total: '58.50' });

      const cc = await paymentMethodId(t.db, 'Credit Card');
      await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: cc }] }, payment_source: { [cc]: VISA } }).expect(200);
      const done = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      expect(done.body).toMatchObject({ state: 'complete', shipment_state: 'pending', total: '58.50' });
      expect(done.body.payments[0].amount).toBe('58.50');
      expect(await countOnHand(defaultId, product.masterVariantId)).toBe(0);
      expect(await countOnHand(secondId, product.masterVariantId)).toBe(1);
    });

    it('backorders at a backorderable location with nothing on hand; completing drives its count negative (shipment_state backorder)', async () => {
      const defaultId = await defaultStockLocationId(t.db);
      const backorderId = await createStockLocation(t.db, { name: 'Backorder warehouse' });
      const product = await stockedProduct(t.db, { price: '10.00', count: 1 });
      await createStockItem(t.db, backorderId, product.masterVariantId, { countOnHand: 0, backorderable: true });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }]);

      const body = await toDelivery(order);
      expect(body.shipments.map((s: any) => [s.stock_location_name, s.manifest])).toEqual([
        ['default', [{ variant_id: product.masterVariantId, quantity: 1, states: { on_hand: 1 } }]],
        ['Backorder warehouse', [{ variant_id: product.masterVariantId, quantity: 2, states: { backordered: 2 } }]],
      ]);
      expect(body).toMatchObject({ item_total: '30.00', ship_total: '10.00', total: '40.00' });

      const completed = await complete(order);
      expect(completed).toMatchObject({ state: 'complete', shipment_state: 'backorder', payment_state: 'balance_due', total: '40.00' });
      expect(completed.shipments.map((s: any) => s.state)).toEqual(['pending', 'pending']);
      expect(await countOnHand(defaultId, product.masterVariantId)).toBe(0);
      expect(await countOnHand(backorderId, product.masterVariantId)).toBe(-2);
      expect((await orderRow(order.id)).shipment_state).toBe('backorder');
      const units = await t.db.query(`SELECT state, pending, count(*)::int AS n FROM inventory_units WHERE order_id = $1 GROUP BY state, pending ORDER BY state`, [order.id]);
      expect(units).toEqual([
        { state: 'backordered', pending: false, n: 2 },
        { state: 'on_hand', pending: false, n: 1 },
      ]);
    });

    it('backorders at one location holding both on-hand and backordered units of a line item', async () => {
      const product = await stockedProduct(t.db, { price: '5.00', count: 1, backorderable: true });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }]);
      const body = await toDelivery(order);
      expect(body.shipments).toHaveLength(1);
      expect(body.shipments[0].manifest).toEqual([{ variant_id: product.masterVariantId, quantity: 3, states: { backordered: 2, on_hand: 1 } }]);
      const completed = await complete(order);
      expect(completed.shipment_state).toBe('backorder');
      expect(await countOnHand(await defaultStockLocationId(t.db), product.masterVariantId)).toBe(-2);
    });
  });

  describe('changing the line items', () => {
    it('drops the shipments, goes back to address and recomputes the rates and totals on the way to delivery again', async () => {
      await taxRate({ name: 'NY Sales Tax', amount: '0.08875' });
      await shippingMethod({ name: 'Per Item Post', calculator_type: 'per_item', calculator_amount: '1.25' });
      const { shirt, mug } = await twoProducts();
      const order = await createOrder(t, [{ variant_id: shirt.masterVariantId, quantity: 1 }]);

      let body = await toDelivery(order);
      expect(body.shipments[0].selected_shipping_rate).toMatchObject({ name: 'Per Item Post', cost: '1.25' });
      // 19.99 + 1.25 + 1.77
      expect(body).toMatchObject({ item_total: '19.99', ship_total: '1.25', additional_tax_total: '1.77', total: '23.01' });
      const oldShipmentId = body.shipments[0].id;

      // Adding a line item: shipments gone, back to address, tax recomputed on the new items.
      const added = await t
        .http()
        .post(`/api/orders/${order.number}/line_items`)
        .set(order.guest)
        .send({ line_item: { variant_id: mug.masterVariantId, quantity: 1 } })
        .expect(201);
      expect(added.body.adjustments.map((a: any) => a.amount)).toEqual(['0.65']);
      body = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
      expect(body.state).toBe('address');
      expect(body.shipments).toEqual([]);
      expect(body).toMatchObject({ item_total: '27.32', ship_total: '0.00', additional_tax_total: '2.42', tax_total: '2.42', adjustment_total: '2.42', total: '29.74' });
      expect(await t.db.query(`SELECT id FROM shipments WHERE order_id = $1`, [order.id])).toEqual([]);
      expect(await t.db.query(`SELECT id FROM shipping_rates WHERE shipment_id = $1`, [oldShipmentId])).toEqual([]);
      expect(await t.db.query(`SELECT id FROM adjustments WHERE order_id = $1 AND adjustable_type = 'Spree::Shipment'`, [order.id])).toEqual([]);

      // Delivery again: 2 units × 1.25.
      body = (await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200)).body;
      expect(body.state).toBe('delivery');
      expect(body.shipments).toHaveLength(1);
      expect(body.shipments[0].id).not.toBe(oldShipmentId);
      expect(body.shipments[0].manifest).toEqual(
        expect.arrayContaining([
          { variant_id: shirt.masterVariantId, quantity: 1, states: { on_hand: 1 } },
          { variant_id: mug.masterVariantId, quantity: 1, states: { on_hand: 1 } },
        ]),
      );
      expect(body.shipments[0].selected_shipping_rate).toMatchObject({ name: 'Per Item Post', cost: '2.50' });
      expect(body).toMatchObject({ item_total: '27.32', ship_total: '2.50', additional_tax_total: '2.42', total: '32.24' });

      // Raising a quantity: 4 × 19.99 = 79.96 → tax 7.09645 → 7.10; 5 units × 1.25 = 6.25 is now dearer than UPS Ground.
      const shirtLine = body.line_items.find((li: any) => li.variant_id === shirt.masterVariantId);
      await t.http().put(`/api/orders/${order.number}/line_items/${shirtLine.id}`).set(order.guest).send({ line_item: { quantity: 4 } }).expect(200);
      body = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
      expect(body).toMatchObject({ state: 'address', shipments: [], item_total: '87.29', ship_total: '0.00', additional_tax_total: '7.75', total: '95.04' });
      body = (await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200)).body;
      expect(body.shipments[0].shipping_rates.map((r: any) => [r.name, r.cost])).toEqual([
        ['UPS Ground', '5.00'],
        ['Per Item Post', '6.25'],
        ['UPS Two Day', '10.00'],
        ['UPS One Day', '15.00'],
      ]);
      expect(body).toMatchObject({ state: 'delivery', item_total: '87.29', ship_total: '5.00', additional_tax_total: '7.75', total: '100.04' });
      expect(await orderRow(order.id)).toMatchObject({ item_total: '87.29', shipment_total: '5.00', additional_tax_total: '7.75', adjustment_total: '7.75', total: '100.04' });

      // Removing a line item, at the payment step this time.
      body = (await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200)).body;
      expect(body.state).toBe('payment');
      const mugLine = body.line_items.find((li: any) => li.variant_id === mug.masterVariantId);
      await t.http().delete(`/api/orders/${order.number}/line_items/${mugLine.id}`).set(order.guest).expect(204);
      body = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
      expect(body).toMatchObject({ state: 'address', shipments: [], item_total: '79.96', ship_total: '0.00', additional_tax_total: '7.10', total: '87.06' });
      expect(await taxAdjustments(order.id)).toHaveLength(1);
    });
  });
});
