import { INVALID } from '../support/error-bodies';
import { OpenApiDocument, resolveSchema, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createProduct, createStockItem, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Spree 2.2's Spree::Core::Importer::Order through POST /api/orders (api/spec/controllers/spree/api/orders_controller_spec.rb
// "importing" and core/spec/lib/spree/core/importer/order_spec.rb, ported): an admin brings in an order another system took,
// in one transaction; any bad part is a 422 naming its path and keeps nothing.
describe('POST /api/orders as an order import (admin)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let shopper: TestUser;
  let customer: TestUser;
  let shippingMethod: string;
  let skus = 0;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
    shopper = await createUser(t.db);
    customer = await createUser(t.db, { email: 'customer@example.com' });
    [{ name: shippingMethod }] = await t.db.query(`SELECT name FROM shipping_methods WHERE deleted_at IS NULL ORDER BY id LIMIT 1`);
  });
  afterAll(() => t.close());

  /** A product with `count` units at the default location, by a fresh SKU. */
  async function product(price: string, count: number, backorderable = false): Promise<{ sku: string; variantId: number; name: string }> {
    const sku = `IMP-${++skus}`;
    const p = await createProduct(t.db, { price, sku });
    await createStockItem(t.db, await defaultStockLocationId(t.db), p.masterVariantId, { countOnHand: count, backorderable });
    return { sku, variantId: p.masterVariantId, name: p.name };
  }
  const onHand = async (variantId: number, location?: number) =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1 AND stock_location_id = $2 AND deleted_at IS NULL`, [variantId, location ?? (await defaultStockLocationId(t.db))]))[0]
      ?.count_on_hand;
  const address = (overrides: Record<string, unknown> = {}) => ({
    firstname: 'Ada',
    lastname: 'Lovelace',
    address1: '7735 Old Georgetown Road',
    city: 'Bethesda',
    zipcode: '20814',
    phone: '3014445002',
    country: { iso: 'us' },
    state: { abbr: 'md' },
    ...overrides,
  });
  const importOrder = (order: Record<string, unknown>, auth: Record<string, string> = admin.auth) => t.http().post('/api/orders').set(auth).send({ order });
  const TABLES = ['orders', 'line_items', 'shipments', 'shipping_rates', 'inventory_units', 'payments', 'adjustments', 'addresses', 'stock_movements', 'state_changes'];
  const counts = async () => {
    const [row] = await t.db.query(`SELECT ${TABLES.map((name) => `(SELECT count(*)::int FROM ${name}) AS ${name}`).join(', ')}, (SELECT sum(count_on_hand)::int FROM stock_items) AS on_hand`);
    return row;
  };
  const expectOrderShape = (body: unknown) => expect(shapeProblems(doc, responseSchema(doc, '/api/orders', 'post', 201), body)).toEqual([]);

  describe('a completed order with its shipments, payments and adjustments', () => {
    it('is complete at completed_at, takes its stock, and shows the right totals and states', async () => {
      const shirt = await product('15.00', 10);
      const mug = await product('7.50', 4);
      const completedAt = '2026-03-01T10:20:30.000Z';
      const res = await importOrder({
        completed_at: completedAt,
        user_id: customer.id,
        email: 'marketplace-buyer@example.com',
        channel: 'marketplace',
        line_items_attributes: [
          { sku: shirt.sku, quantity: 2 },
          { variant_id: mug.variantId, quantity: 1, price: '6.00' },
        ],
        bill_address_attributes: address(),
        ship_address_attributes: address({ firstname: 'Charles', country: { iso: 'US' }, state: { name: 'Maryland' } }),
        shipments_attributes: [
          {
            tracking: '1Z999',
            stock_location: 'default',
            shipping_method: shippingMethod,
            cost: '4.25',
            inventory_units: [{ sku: shirt.sku }, { sku: shirt.sku }, { sku: mug.sku }],
          },
        ],
        adjustments_attributes: [{ label: 'Marketplace discount', amount: '-2.50' }],
        // 2 × 15.00 + 6.00 + 4.25 − 2.50 = 37.75
        payments_attributes: [{ payment_method: 'Check', amount: '37.75', state: 'completed' }],
      });
      expect(res.status).toBe(201);
      expectOrderShape(res.body);
      expect(res.body).toMatchObject({
        state: 'complete',
        completed_at: completedAt,
        user_id: customer.id,
        email: 'marketplace-buyer@example.com',
        channel: 'marketplace',
        item_total: '36.00',
        ship_total: '4.25',
        adjustment_total: '-2.50',
        total: '37.75',
        payment_total: '37.75',
        payment_state: 'paid',
        shipment_state: 'ready',
        total_quantity: 3,
      });
      expect(res.body.line_items).toEqual([
        expect.objectContaining({ variant_id: shirt.variantId, quantity: 2, price: '15.00' }),
        expect.objectContaining({ variant_id: mug.variantId, quantity: 1, price: '6.00' }),
      ]);
      expect(res.body.bill_address).toMatchObject({ firstname: 'Ada', country: expect.objectContaining({ iso: 'US' }), state: expect.objectContaining({ abbr: 'MD' }) });
      expect(res.body.ship_address).toMatchObject({ firstname: 'Charles', state: expect.objectContaining({ abbr: 'MD' }) });
      expect(res.body.shipments).toEqual([
        expect.objectContaining({ tracking: '1Z999', cost: '4.25', state: 'ready', stock_location_name: 'default', selected_shipping_rate: expect.objectContaining({ name: shippingMethod, cost: '4.25' }) }),
      ]);
      expect(res.body.payments).toEqual([expect.objectContaining({ amount: '37.75', state: 'completed', payment_method: expect.objectContaining({ name: 'Check' }) })]);
      expect(res.body.adjustments).toEqual([expect.objectContaining({ label: 'Marketplace discount', amount: '-2.50' })]);

      // Stock taken at the default location, one movement per shipment and variant; units no longer pending.
      expect(await onHand(shirt.variantId)).toBe(8);
      expect(await onHand(mug.variantId)).toBe(3);
      const units = await t.db.query(`SELECT variant_id, state, pending FROM inventory_units WHERE order_id = $1 ORDER BY id`, [res.body.id]);
      expect(units).toEqual([
        { variant_id: shirt.variantId, state: 'on_hand', pending: false },
        { variant_id: shirt.variantId, state: 'on_hand', pending: false },
        { variant_id: mug.variantId, state: 'on_hand', pending: false },
      ]);
      const movements = await t.db.query(
        `SELECT si.variant_id, m.quantity, m.originator_type FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id WHERE si.variant_id = ANY($1) ORDER BY si.variant_id`,
        [[shirt.variantId, mug.variantId]],
      );
      expect(movements).toEqual([
        { variant_id: shirt.variantId, quantity: -2, originator_type: 'Spree::Shipment' },
        { variant_id: mug.variantId, quantity: -1, originator_type: 'Spree::Shipment' },
      ]);
      // The state move is in the order's history, by the admin.
      const history = await t.db.query(`SELECT previous_state, next_state, user_id FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1`, [res.body.id]);
      expect(history).toEqual([{ previous_state: 'cart', next_state: 'complete', user_id: admin.id }]);

      // Read back, the same.
      const shown = (await t.http().get(`/api/orders/${res.body.number}`).set(admin.auth).expect(200)).body;
      expect(shown).toMatchObject({ state: 'complete', total: '37.75', payment_state: 'paid', shipment_state: 'ready' });
      // The customer owns it.
      await t.http().get(`/api/orders/${res.body.number}`).set(customer.auth).expect(200);
    });

    it('a shipment that left already is shipped; a part payment leaves a balance due', async () => {
      const book = await product('20.00', 5);
      const res = await importOrder({
        completed_at: '2026-02-01T00:00:00Z',
        email: 'reader@example.com',
        line_items_attributes: { 0: { sku: book.sku, quantity: 1 } },
        ship_address_attributes: address(),
        bill_address_attributes: address(),
        shipments_attributes: { 0: { stock_location: 'default', shipping_method: shippingMethod, cost: '5', shipped_at: '2026-02-02T08:00:00Z', inventory_units: { 0: { sku: book.sku } } } },
        payments_attributes: [
          { payment_method: 'Check', amount: '10.00' },
          { payment_method: 'Check', amount: '15.00', status: 'pending' },
        ],
      });
      expect(res.status).toBe(201);
      expectOrderShape(res.body);
      expect(res.body).toMatchObject({ state: 'complete', total: '25.00', payment_total: '10.00', payment_state: 'balance_due', shipment_state: 'shipped' });
      expect(res.body.shipments).toEqual([expect.objectContaining({ state: 'shipped', shipped_at: '2026-02-02T08:00:00.000Z' })]);
      expect(res.body.payments.map((p: { amount: string; state: string }) => [p.amount, p.state])).toEqual([
        ['10.00', 'completed'],
        ['15.00', 'pending'],
      ]);
      const units = await t.db.query(`SELECT state, pending FROM inventory_units WHERE order_id = $1`, [res.body.id]);
      expect(units).toEqual([{ state: 'shipped', pending: false }]);
      expect(await onHand(book.variantId)).toBe(4);
    });

    it('without shipments, gets the shipments the checkout would propose (cheapest rate) and takes their stock', async () => {
      const lamp = await product('30.00', 3);
      const res = await importOrder({
        completed_at: '2026-01-15T12:00:00Z',
        email: 'lamp@example.com',
        line_items_attributes: [{ sku: lamp.sku, quantity: 3, price: '25.00' }],
        ship_address_attributes: address(),
        bill_address_attributes: address(),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ state: 'complete', item_total: '75.00', payment_state: 'balance_due', shipment_state: 'pending' });
      expect(res.body.shipments).toHaveLength(1);
      expect(Number(res.body.ship_total)).toBeGreaterThan(0);
      expect(res.body.total).toBe((75 + Number(res.body.ship_total)).toFixed(2));
      expect(await onHand(lamp.variantId)).toBe(0);
    });

    it('a backorderable variant may go below zero: the shipment waits for it', async () => {
      const chair = await product('40.00', 1, true);
      const res = await importOrder({
        completed_at: '2026-01-15T12:00:00Z',
        email: 'chair@example.com',
        line_items_attributes: [{ sku: chair.sku, quantity: 3 }],
        ship_address_attributes: address(),
        bill_address_attributes: address(),
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ state: 'complete', shipment_state: 'backorder' });
      expect(await onHand(chair.variantId)).toBe(-2);
    });

    it('ships from the stock location named, and takes stock there', async () => {
      const locationId = await createStockLocation(t.db, { name: 'Warehouse East' });
      const vase = await product('12.00', 0);
      await createStockItem(t.db, locationId, vase.variantId, { countOnHand: 2 });
      const res = await importOrder({
        completed_at: '2026-01-15T12:00:00Z',
        email: 'vase@example.com',
        line_items_attributes: [{ sku: vase.sku, quantity: 2 }],
        shipments_attributes: [{ stock_location: 'Warehouse East', shipping_method: shippingMethod, inventory_units: [{ sku: vase.sku }, { variant_id: vase.variantId }] }],
        payments_attributes: [{ payment_method: 'Check', amount: '24.00' }],
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ total: '24.00', ship_total: '0.00', payment_state: 'paid', shipment_state: 'ready' });
      expect(await onHand(vase.variantId, locationId)).toBe(0);
      expect(await onHand(vase.variantId)).toBe(0);
    });
  });

  it('a retried import with the same Idempotency-Key answers the first answer and takes stock once', async () => {
    const clock = await product('50.00', 5);
    const body = {
      completed_at: '2026-03-02T00:00:00Z',
      email: 'retry@example.com',
      line_items_attributes: [{ sku: clock.sku, quantity: 2 }],
      shipments_attributes: [{ stock_location: 'default', shipping_method: shippingMethod, inventory_units: [{ sku: clock.sku }, { sku: clock.sku }] }],
      payments_attributes: [{ payment_method: 'Check', amount: '100.00' }],
    };
    const key = `import-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const first = await t.http().post('/api/orders').set(admin.auth).set('Idempotency-Key', key).send({ order: body });
    const again = await t.http().post('/api/orders').set(admin.auth).set('Idempotency-Key', key).send({ order: body });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.number).toBe(first.body.number);
    expect(await onHand(clock.variantId)).toBe(3);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE email = 'retry@example.com'`);
    expect(n).toBe(1);
  });

  it('without completed_at it is a cart of the user, holding what was sent; its stock is not taken yet', async () => {
    const pen = await product('2.50', 10);
    const res = await importOrder({ user_id: customer.id, line_items_attributes: [{ sku: pen.sku, quantity: 4 }], bill_address_attributes: address() });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ state: 'cart', completed_at: null, user_id: customer.id, email: 'customer@example.com', item_total: '10.00', total: '10.00' });
    expect(res.body.bill_address).toMatchObject({ state: expect.objectContaining({ abbr: 'MD' }) });
    expect(await onHand(pen.variantId)).toBe(10);
  });

  describe('a bad part answers 422 naming its path and keeps nothing', () => {
    let good: { sku: string; variantId: number; name: string };
    let scarce: { sku: string; variantId: number; name: string };
    let elsewhere: { sku: string; variantId: number; name: string };
    beforeAll(async () => {
      good = await product('10.00', 50);
      scarce = await product('10.00', 1);
      // 1 at the default location (the one the shipments here name), 5 at another.
      elsewhere = await product('10.00', 1);
      const other = await createStockLocation(t.db, { name: `other ${skus}` });
      await createStockItem(t.db, other, elsewhere.variantId, { countOnHand: 5 });
    });
    const completed = (overrides: Record<string, unknown> = {}) => ({
      completed_at: '2026-03-01T00:00:00Z',
      email: 'bad@example.com',
      line_items_attributes: [{ sku: good.sku, quantity: 1 }],
      bill_address_attributes: address(),
      ship_address_attributes: address(),
      shipments_attributes: [{ stock_location: 'default', shipping_method: shippingMethod, cost: '1.00', inventory_units: [{ sku: good.sku }] }],
      payments_attributes: [{ payment_method: 'Check', amount: '11.00' }],
      adjustments_attributes: [{ label: 'Fee', amount: '0.50' }],
      ...overrides,
    });
    const shipment = (overrides: Record<string, unknown>) => [{ stock_location: 'default', shipping_method: shippingMethod, inventory_units: [{ sku: good.sku }], ...overrides }];

    const cases: Array<[string, () => Record<string, unknown>, Record<string, string[]>]> = [
      ['an unknown sku', () => completed({ line_items_attributes: [{ sku: good.sku, quantity: 1 }, { sku: 'NO-SUCH-SKU', quantity: 1 }] }), { 'line_items_attributes[1].sku': ['is not the SKU of a variant of the store'] }],
      ['a line item without variant', () => completed({ line_items_attributes: [{ quantity: 1 }] }), { 'line_items_attributes[0].sku': ["can't be blank"] }],
      ['a bad quantity', () => completed({ line_items_attributes: [{ sku: good.sku, quantity: 'two' }] }), { 'line_items_attributes[0].quantity': ['is not a number'] }],
      ['an unknown country', () => completed({ ship_address_attributes: address({ country: { iso: 'XX' } }) }), { 'ship_address_attributes.country': ['is not a country'] }],
      ['an unknown state of a country with states', () => completed({ bill_address_attributes: address({ state: { abbr: 'ZZ' } }) }), { 'bill_address_attributes.state': ['is not a state of the country'] }],
      ['an address missing a field', () => completed({ bill_address_attributes: address({ city: '' }) }), { 'bill_address_attributes.city': ["can't be blank"] }],
      ['an unknown stock location', () => completed({ shipments_attributes: shipment({ stock_location: 'Atlantis' }) }), { 'shipments_attributes[0].stock_location': ['is not a stock location of the store'] }],
      ['an unknown shipping method', () => completed({ shipments_attributes: shipment({ shipping_method: 'Pigeon' }) }), { 'shipments_attributes[0].shipping_method': ['is not a shipping method of the store'] }],
      ['a unit of no line item', () => completed({ shipments_attributes: shipment({ inventory_units: [{ sku: scarce.sku }] }) }), { 'shipments_attributes[0].inventory_units[0].sku': ['is not the variant of a line item of this order'] }],
      [
        'more units than ordered',
        () => completed({ shipments_attributes: [...shipment({}), ...shipment({ stock_location: 'default' })] }),
        { 'shipments_attributes[1].inventory_units[0].sku': ["is one unit more than the line item's quantity (1)"] },
      ],
      ['a bad shipment cost', () => completed({ shipments_attributes: shipment({ cost: '-1' }) }), { 'shipments_attributes[0].cost': ['must be greater than or equal to 0'] }],
      ['an unknown payment method', () => completed({ payments_attributes: [{ payment_method: 'Barter', amount: '11.00' }] }), { 'payments_attributes[0].payment_method': ['is not a payment method of the store'] }],
      ['a payment amount of zero', () => completed({ payments_attributes: [{ payment_method: 'Check', amount: '0' }] }), { 'payments_attributes[0].amount': ['must be greater than 0'] }],
      ['a payment amount that is not a number', () => completed({ payments_attributes: [{ payment_method: 'Check', amount: 'lots' }] }), { 'payments_attributes[0].amount': ['is not a number'] }],
      ['an unknown payment state', () => completed({ payments_attributes: [{ payment_method: 'Check', amount: '11.00', state: 'bogus' }] }), { 'payments_attributes[0].state': ['is not a payment state'] }],
      ['an adjustment amount that is not a number', () => completed({ adjustments_attributes: [{ label: 'Fee', amount: 'x' }] }), { 'adjustments_attributes[0].amount': ['is not a number'] }],
      ['an adjustment without label', () => completed({ adjustments_attributes: [{ amount: '1.00' }] }), { 'adjustments_attributes[0].label': ["can't be blank"] }],
      ['an unknown user', () => completed({ user_id: 99999999 }), { user_id: ['does not exist'] }],
      ['a bad completed_at', () => completed({ completed_at: 'yesterday-ish' }), { completed_at: ['is not a valid date'] }],
      [
        'more than the store has of a variant it cannot back-order (the line item is checked: explicit shipment)',
        () =>
          completed({
            line_items_attributes: [{ sku: good.sku, quantity: 1 }, { sku: scarce.sku, quantity: 2 }],
            shipments_attributes: shipment({ inventory_units: [{ sku: good.sku }, { sku: scarce.sku }, { sku: scarce.sku }] }),
          }),
        { 'line_items_attributes[1].quantity': [expect.stringMatching(/^Selected quantity of ".+" is not available\.$/) as unknown as string] },
      ],
      [
        'more than the store has of a variant it cannot back-order (the line item is checked: proposed shipments)',
        () => completed({ line_items_attributes: [{ sku: scarce.sku, quantity: 2 }], shipments_attributes: undefined }),
        { 'line_items_attributes[0].quantity': [expect.stringMatching(/is not available/) as unknown as string] },
      ],
      [
        "more than the shipment's location has, though the store has enough elsewhere",
        () =>
          completed({
            line_items_attributes: [{ sku: good.sku, quantity: 1 }, { sku: elsewhere.sku, quantity: 2 }],
            shipments_attributes: shipment({ inventory_units: [{ sku: good.sku }, { sku: elsewhere.sku }, { sku: elsewhere.sku }] }),
          }),
        { 'shipments_attributes[0].inventory_units': [expect.stringMatching(/^Selected quantity of ".+" is not available\.$/) as unknown as string] },
      ],
    ];

    it.each(cases)('%s', async (_name, body, errors) => {
      const before = await counts();
      const res = await importOrder(body());
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors } });
      expect(shapeProblems(doc, responseSchema(doc, '/api/orders', 'post', 422), res.body)).toEqual([]);
      expect(await counts()).toEqual(before);
    });

    it('a shipped_at without completed_at is refused', async () => {
      const before = await counts();
      const res = await importOrder({ line_items_attributes: [{ sku: good.sku, quantity: 1 }], shipments_attributes: shipment({ shipped_at: '2026-01-01T00:00:00Z' }) });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'shipments_attributes[0].shipped_at': ['needs the order’s completed_at'] });
      expect(await counts()).toEqual(before);
    });

    it('a list of the wrong shape is a 400, keeping nothing', async () => {
      const before = await counts();
      const res = await importOrder(completed({ payments_attributes: 'all of them' }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringContaining('payments_attributes') });
      expect(await counts()).toEqual(before);
    });

    it('the last unit goes to one of two imports racing for it', async () => {
      const last = await product('10.00', 1);
      const body = completed({ line_items_attributes: [{ sku: last.sku, quantity: 1 }], shipments_attributes: shipment({ inventory_units: [{ sku: last.sku }] }), payments_attributes: [] });
      const results = await Promise.all([importOrder(body), importOrder(body)]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 422]);
      expect(await onHand(last.variantId)).toBe(0);
    });
  });

  describe('anyone but an admin keeps the storefront’s strict parameters', () => {
    it('a shopper sending completed_at, user_id, shipments, payments and adjustments gets an ordinary cart', async () => {
      const tea = await product('5.00', 10);
      for (const auth of [shopper.auth, {}]) {
        const before = await counts();
        const res = await importOrder(
          {
            completed_at: '2026-01-01T00:00:00Z',
            user_id: customer.id,
            line_items_attributes: [{ variant_id: tea.variantId, quantity: 2, price: '0.01' }],
            shipments_attributes: [{ stock_location: 'default', shipping_method: shippingMethod, cost: '0', inventory_units: [{ sku: tea.sku }] }],
            payments_attributes: [{ payment_method: 'Check', amount: '10.00', state: 'completed' }],
            adjustments_attributes: [{ label: 'Free money', amount: '-100' }],
          },
          auth,
        );
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ state: 'cart', completed_at: null, user_id: auth === shopper.auth ? shopper.id : null, item_total: '10.00', total: '10.00', payment_total: '0.00', payment_state: null });
        expect(res.body.payments).toEqual([]);
        expect(res.body.shipments).toEqual([]);
        expect(res.body.adjustments).toEqual([]);
        const after = await counts();
        expect(after).toEqual({ ...before, orders: before.orders + 1, line_items: before.line_items + 1 });
      }
      expect(await onHand(tea.variantId)).toBe(10);
    });

    it('a shopper naming a variant by sku or a country by iso gets a cart without them', async () => {
      const tea = await product('5.00', 10);
      const res = await importOrder({ line_items_attributes: [{ sku: tea.sku, quantity: 1 }] }, shopper.auth);
      // The storefront's line items need a variant_id.
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'line_items.variant_id': ["can't be blank"] });
    });
  });

  it('documents the import body as its own schema on POST /api/orders', () => {
    const body = doc.paths['/api/orders'].post.requestBody.content['application/json'].schema;
    expect(body.anyOf).toEqual(expect.arrayContaining([{ $ref: '#/components/schemas/OrderImportBodyDto' }, { $ref: '#/components/schemas/OrderBodyDto' }]));
    const params = resolveSchema(doc, resolveSchema(doc, '#/components/schemas/OrderImportBodyDto').properties.order);
    expect(Object.keys(params.properties)).toEqual(
      expect.arrayContaining(['completed_at', 'user_id', 'email', 'line_items_attributes', 'bill_address_attributes', 'ship_address_attributes', 'shipments_attributes', 'payments_attributes', 'adjustments_attributes']),
    );
    expect(doc.paths['/api/orders'].post.description).toContain('Order import');
  });
});
