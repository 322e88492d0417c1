import type { Response } from 'supertest';
import { createStockItem, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { checkoutToPayment, placedOrder, createOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/shipments_controller_spec.rb,
// plus what the back-office relies on: stock follows every unit added, removed or
// relocated; the order's totals and shipment state follow; invalid moves are 422
// and write nothing; non-admins are refused as the contract says.

/** Spree's `attributes` list for shipment JSON. */
const ATTRIBUTES = ['id', 'tracking', 'number', 'cost', 'shipped_at', 'stock_location_name', 'order_id', 'shipping_rates', 'shipping_methods'];

describe('shipments (admin)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let user: TestUser;
  let locationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => t.close());

  const countOnHand = async (variantId: number, location = locationId) =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1 AND stock_location_id = $2 AND deleted_at IS NULL`, [variantId, location]))[0]
      ?.count_on_hand as number | undefined;
  const orderRow = async (number: string) => cents(await t.db.query(`SELECT * FROM orders WHERE number = $1`, [number]))[0];
  const shipmentRows = async (orderId: number) => t.db.query(`SELECT * FROM shipments WHERE order_id = $1 ORDER BY id`, [orderId]);
  const unitStates = async (shipmentId: number) =>
    (await t.db.query(`SELECT state, count(*)::int AS n FROM inventory_units WHERE shipment_id = $1 GROUP BY state ORDER BY state`, [shipmentId])) as Array<{ state: string; n: number }>;
  const lineItemQuantity = async (orderId: number, variantId: number) =>
    (await t.db.query(`SELECT quantity FROM line_items WHERE order_id = $1 AND variant_id = $2`, [orderId, variantId]))[0]?.quantity as number | undefined;

  function expectDocumented(res: Response, method: string, path: string, status = 200): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), res.body)).toEqual([]);
  }

  /** Captures the order's card payment through the payments API: the order is paid and its shipments become ready. */
  async function pay(number: string) {
    const [payment] = await t.db.query(`SELECT p.id FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = $1 AND p.state = 'pending'`, [number]);
    await t.http().put(`/api/orders/${number}/payments/${payment.id}/capture`).set(admin.auth).expect(200);
  }

  describe('as a non-admin', () => {
    it('cannot make a shipment ready', async () => {
      const { shipment } = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const res = await t.http().put(`/api/shipments/${shipment.number}/ready`).set(user.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    });

    it('cannot make a shipment shipped, update it, or add and remove units', async () => {
      const { shipment, variantId } = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      for (const [path, query] of [
        ['ship', {}],
        ['', {}],
        ['add', { variant_id: variantId }],
        ['remove', { variant_id: variantId }],
      ] as const) {
        for (const headers of [user.auth, {}]) {
          const res = await t.http().put(`/api/shipments/${shipment.number}${path ? `/${path}` : ''}`).query(query).set(headers).send({ shipment: { tracking: 'X' } });
          expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: NOT_FOUND });
        }
      }
      const [row] = await t.db.query(`SELECT state, tracking FROM shipments WHERE number = $1`, [shipment.number]);
      expect(row).toEqual({ state: 'pending', tracking: null });
    });

    it('cannot create a shipment (401)', async () => {
      const { number, variantId, id } = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const res = await t.http().post('/api/shipments').query({ shipment: { order_id: number }, variant_id: variantId, stock_location_id: locationId }).set(user.auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
      expect(await shipmentRows(id)).toHaveLength(1);
    });
  });

  describe('as an admin', () => {
    it('can create a new shipment', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const other = await stockedProduct(t.db, { price: '4.00', count: 5 });
      const res = await t.http()
        .post('/api/shipments')
        .query({ variant_id: other.masterVariantId, shipment: { order_id: order.number }, stock_location_id: locationId })
        .set(admin.auth);
      expectDocumented(res, 'post', '/api/shipments');
      for (const key of ATTRIBUTES) expect(res.body).toHaveProperty(key);
      expect(res.body.order_id).toBe(order.number);
      expect(res.body.state).toBe('pending');
      expect(res.body.manifest).toEqual([expect.objectContaining({ variant_id: other.masterVariantId, quantity: 1, states: { on_hand: 1 } })]);
      expect(res.body.manifest[0].variant).toEqual(expect.objectContaining({ id: other.masterVariantId, name: other.name }));
      // The unit's stock is taken, the line item exists, the order owes the difference.
      expect(await countOnHand(other.masterVariantId)).toBe(4);
      expect(await lineItemQuantity(order.id, other.masterVariantId)).toBe(1);
      const row = await orderRow(order.number);
      expect(row.item_total).toBe('14.00');
      expect(row.payment_state).toBe('balance_due');
      expect(await shipmentRows(order.id)).toHaveLength(2);
    });

    it('creates under the order path too, with a quantity, and refuses what it cannot do without writing', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const scarce = await stockedProduct(t.db, { price: '3.00', count: 2 });
      let res = await t.http()
        .post(`/api/orders/${order.number}/shipments`)
        .send({ variant_id: scarce.masterVariantId, quantity: 2, stock_location_id: locationId })
        .set(admin.auth);
      expectDocumented(res, 'post', '/api/orders/{order_number}/shipments');
      expect(res.body.manifest[0].quantity).toBe(2);
      expect(await countOnHand(scarce.masterVariantId)).toBe(0);

      const before = await orderRow(order.number);
      // Not backorderable and none left: 422 naming quantity, nothing written.
      res = await t.http().post(`/api/orders/${order.number}/shipments`).send({ variant_id: scarce.masterVariantId, stock_location_id: locationId }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe(INVALID);
      expect(Object.keys(res.body.errors)).toEqual(['quantity']);
      expect(await shipmentRows(order.id)).toHaveLength(2);
      expect(await lineItemQuantity(order.id, scarce.masterVariantId)).toBe(2);
      expect((await orderRow(order.number)).total).toBe(before.total);

      for (const [query, field] of [
        [{ stock_location_id: locationId }, 'variant_id'],
        [{ variant_id: scarce.masterVariantId }, 'stock_location_id'],
        [{ variant_id: 'many', stock_location_id: locationId }, 'variant_id'],
        [{ variant_id: scarce.masterVariantId, stock_location_id: locationId, quantity: 0 }, 'quantity'],
        [{ variant_id: 999999, stock_location_id: locationId }, 'variant_id'],
        [{ variant_id: scarce.masterVariantId, stock_location_id: 999999 }, 'stock_location_id'],
      ] as const) {
        res = await t.http().post(`/api/shipments`).query({ ...query, shipment: { order_id: order.number } }).set(admin.auth);
        expect({ query, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ query, status: 422, fields: [field] });
      }
      res = await t.http().post(`/api/shipments`).query({ variant_id: scarce.masterVariantId, stock_location_id: locationId }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'shipment.order_id': ["can't be blank"] });
      res = await t.http().post(`/api/shipments`).query({ variant_id: scarce.masterVariantId, stock_location_id: locationId, shipment: { order_id: 'R000' } }).set(admin.auth);
      expect(res.status).toBe(404);
      expect(await shipmentRows(order.id)).toHaveLength(2);
    });

    it('adds a shipment to a cart: its units wait, pending, and no stock is taken', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 5 });
      const cart = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      const res = await t.http()
        .post('/api/shipments')
        .query({ variant_id: product.masterVariantId, quantity: 2, stock_location_id: locationId, shipment: { order_id: cart.number } })
        .set(admin.auth);
      expectDocumented(res, 'post', '/api/shipments');
      expect(res.body.manifest).toEqual([expect.objectContaining({ variant_id: product.masterVariantId, quantity: 2, states: { on_hand: 2 } })]);
      expect(await countOnHand(product.masterVariantId)).toBe(5);
      expect(await t.db.query(`SELECT pending FROM inventory_units WHERE order_id = $1`, [cart.id])).toEqual([{ pending: true }, { pending: true }]);
      expect(await lineItemQuantity(cart.id, product.masterVariantId)).toBe(3);
      expect(await orderRow(cart.number)).toMatchObject({ state: 'cart', item_total: '30.00', total: '30.00', payment_state: null });
    });

    it('adds a shipment to an order at the payment step without restarting it; completion takes its stock', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 5 });
      const extra = await stockedProduct(t.db, { price: '4.00', count: 3 });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      expect((await checkoutToPayment(t, order)).state).toBe('payment');
      const before = await orderRow(order.number);
      const res = await t.http()
        .post(`/api/orders/${order.number}/shipments`)
        .send({ variant_id: extra.masterVariantId, quantity: 2, stock_location_id: locationId })
        .set(admin.auth)
        .expect(200);
      expect(res.body.manifest).toEqual([expect.objectContaining({ variant_id: extra.masterVariantId, quantity: 2 })]);
      expect(await countOnHand(extra.masterVariantId)).toBe(3);
      const after = await orderRow(order.number);
      expect(after).toMatchObject({ state: 'payment', item_total: '18.00', total: (Number(before.total) + 8).toFixed(2) });
      expect(await shipmentRows(order.id)).toHaveLength(2);

      // The shopper pays and completes: both shipments' stock is taken, the payment follows the new total.
      const method = await paymentMethodId(t.db, 'Credit Card');
      let done = await t.http()
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { payments_attributes: [{ payment_method_id: method }] }, payment_source: { [method]: VISA } })
        .expect(200);
      if (done.body.state === 'confirm') done = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      expect(done.body.state).toBe('complete');
      expect(done.body.shipments).toHaveLength(2);
      expect(await countOnHand(extra.masterVariantId)).toBe(1);
      expect(await countOnHand(product.masterVariantId)).toBe(4);
      expect(done.body.payments[0].amount).toBe(after.total);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM inventory_units WHERE order_id = $1 AND pending`, [order.id])).toEqual([{ n: 0 }]);
    });

    it('refuses a shipment for a canceled order, or one short of stock in checkout, writing nothing', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
      let res = await t.http().post('/api/shipments').query({ variant_id: order.variantId, stock_location_id: locationId, shipment: { order_id: order.number } }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ order: ['is canceled'] });
      expect(await shipmentRows(order.id)).toHaveLength(1);

      const scarce = await stockedProduct(t.db, { price: '3.00', count: 1 });
      const cart = await createOrder(t, [{ variant_id: scarce.masterVariantId, quantity: 1 }]);
      res = await t.http().post('/api/shipments').query({ variant_id: scarce.masterVariantId, quantity: 2, stock_location_id: locationId, shipment: { order_id: cart.number } }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['quantity']);
      expect(await shipmentRows(cart.id)).toHaveLength(0);
      expect(await lineItemQuantity(cart.id, scarce.masterVariantId)).toBe(1);
    });

    it('can update a shipment: its stock location, and the stock moves with it', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 3 });
      const warehouse = await createStockLocation(t.db, { name: `Warehouse ${order.number}` });
      await createStockItem(t.db, warehouse, order.variantId, { countOnHand: 10 });
      expect(await countOnHand(order.variantId)).toBe(17);

      const res = await t.http().put(`/api/shipments/${order.shipment.number}`).send({ shipment: { stock_location_id: warehouse } }).set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}');
      expect(res.body.stock_location_name).toBe(`Warehouse ${order.number}`);
      expect(await countOnHand(order.variantId)).toBe(20);
      expect(await countOnHand(order.variantId, warehouse)).toBe(7);
      const movements = await t.db.query(
        `SELECT sm.quantity, si.stock_location_id FROM stock_movements sm JOIN stock_items si ON si.id = sm.stock_item_id
          WHERE sm.originator_type = 'Spree::Shipment' AND sm.originator_id = $1 ORDER BY sm.id`,
        [order.shipment.id],
      );
      expect(movements).toEqual([
        { quantity: -3, stock_location_id: locationId },
        { quantity: 3, stock_location_id: locationId },
        { quantity: -3, stock_location_id: warehouse },
      ]);
    });

    it('a new location short of stock backorders what it can, or refuses when it takes no backorders', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 3 });
      const backorders = await createStockLocation(t.db, { name: 'Backorders' });
      await createStockItem(t.db, backorders, order.variantId, { countOnHand: 1, backorderable: true });
      const empty = await createStockLocation(t.db, { name: 'Empty' });
      await createStockItem(t.db, empty, order.variantId, { countOnHand: 1, backorderable: false });

      let res = await t.http().put(`/api/shipments/${order.shipment.number}`).send({ shipment: { stock_location_id: empty } }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['stock_location_id']);
      expect(await countOnHand(order.variantId)).toBe(17);
      expect(await countOnHand(order.variantId, empty)).toBe(1);

      res = await t.http().put(`/api/shipments/${order.shipment.number}`).send({ shipment: { stock_location_id: backorders } }).set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.manifest[0].states).toEqual({ backordered: 2, on_hand: 1 });
      expect(await countOnHand(order.variantId, backorders)).toBe(-2);
      expect((await orderRow(order.number)).shipment_state).toBe('backorder');
    });

    it('sets tracking, and changes the selected rate: cost and order total follow', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const rates = order.body.shipments[0].shipping_rates as Array<{ id: number; cost: string; selected: boolean }>;
      const dearer = rates.find((r) => !r.selected)!;
      const res = await t.http()
        .put(`/api/shipments/${order.shipment.number}`)
        .send({ shipment: { tracking: '1Z999', selected_shipping_rate_id: dearer.id } })
        .set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}');
      expect(res.body.tracking).toBe('1Z999');
      expect(res.body.cost).toBe(dearer.cost);
      expect(res.body.selected_shipping_rate.id).toBe(dearer.id);
      expect(res.body.selected_shipping_rate.cost).toBe(Number(dearer.cost));
      expect(res.body.selected_shipping_rate.shipment_id).toBe(order.shipment.id);
      expect(res.body.shipping_method).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String), zone_id: expect.any(Number) }));
      const row = await orderRow(order.number);
      expect(row.shipment_total).toBe(dearer.cost);
      expect(row.total).toBe((10 + Number(dearer.cost)).toFixed(2));

      const bad = await t.http().put(`/api/shipments/${order.shipment.number}`).send({ shipment: { tracking: 'NOPE', selected_shipping_rate_id: 999999 } }).set(admin.auth);
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['selected_shipping_rate_id']);
      // One transaction: the tracking sent along was not kept either.
      expect((await shipmentRows(order.id))[0].tracking).toBe('1Z999');
    });

    it('unlock=yes prices a new shipment from the shipping methods', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const created = await t.http()
        .post('/api/shipments')
        .query({ variant_id: order.variantId, shipment: { order_id: order.number }, stock_location_id: locationId })
        .set(admin.auth)
        .expect(200);
      expect(created.body.shipping_rates).toEqual([]);
      expect(created.body.cost).toBe('0.00');
      const res = await t.http().put(`/api/shipments/${created.body.number}`).send({ shipment: { unlock: 'yes' } }).set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}');
      expect(res.body.shipping_rates.length).toBeGreaterThan(0);
      expect(res.body.selected_shipping_rate.cost).toBe(Math.min(...res.body.shipping_rates.map((r: { cost: number }) => r.cost)));
      expect(res.body.cost).toBe(res.body.selected_shipping_rate.cost.toFixed(2));
      expect((await orderRow(order.number)).shipment_total).toBe((Number(order.body.ship_total) + res.body.selected_shipping_rate.cost).toFixed(2));
    });

    it('cannot make a shipment ready if the order is unpaid', async () => {
      const { shipment } = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const res = await t.http().put(`/api/shipments/${shipment.number}/ready`).set(admin.auth);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('Cannot ready shipment.');
      expect((await t.db.query(`SELECT state FROM shipments WHERE id = $1`, [shipment.id]))[0].state).toBe('pending');
    });

    it('can make a shipment ready once the order is paid', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      await pay(order.number);
      const res = await t.http().put(`/api/shipments/${order.shipment.number}/ready`).set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}/ready');
      for (const key of ATTRIBUTES) expect(res.body).toHaveProperty(key);
      expect(res.body.state).toBe('ready');
      expect((await t.db.query(`SELECT state FROM shipments WHERE id = $1`, [order.shipment.id]))[0].state).toBe('ready');
    });

    it('can transition a shipment from ready to ship, with tracking', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 2 });
      await pay(order.number);
      const res = await t.http().put(`/api/shipments/${order.shipment.number}/ship`).send({ shipment: { tracking: '123123', order_id: order.number } }).set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}/ship');
      for (const key of ATTRIBUTES) expect(res.body).toHaveProperty(key);
      expect(res.body.state).toBe('shipped');
      expect(res.body.tracking).toBe('123123');
      expect(new Date(res.body.shipped_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(res.body.manifest[0].states).toEqual({ shipped: 2 });
      expect(await unitStates(order.shipment.id)).toEqual([{ state: 'shipped', n: 2 }]);
      const row = await orderRow(order.number);
      expect(row.shipment_state).toBe('shipped');
      expect(row.payment_state).toBe('paid');
      const changes = await t.db.query(`SELECT previous_state, next_state, user_id FROM state_changes WHERE stateful_type = 'Spree::Shipment' AND stateful_id = $1`, [order.shipment.id]);
      expect(changes).toEqual([{ previous_state: 'ready', next_state: 'shipped', user_id: admin.id }]);
      // Shipping is counted once: stock was taken at completion, not again now.
      expect(await countOnHand(order.variantId)).toBe(18);

      // Again: unchanged. A shipped shipment takes tracking only.
      const again = await t.http().put(`/api/orders/${order.number}/shipments/${order.shipment.number}/ship`).set(admin.auth);
      expect(again.status).toBe(200);
      expect(again.body.shipped_at).toBe(res.body.shipped_at);
      const add = await t.http().put(`/api/shipments/${order.shipment.number}/add`).query({ variant_id: order.variantId }).set(admin.auth);
      expect(add.status).toBe(422);
      expect(await lineItemQuantity(order.id, order.variantId)).toBe(2);
      const tracked = await t.http().put(`/api/shipments/${order.shipment.number}`).send({ shipment: { tracking: 'CORRECTED' } }).set(admin.auth);
      expect(tracked.status).toBe(200);
      expect(tracked.body.tracking).toBe('CORRECTED');
    });

    it('cannot ship a shipment that is not ready', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const res = await t.http().put(`/api/shipments/${order.shipment.number}/ship`).send({ shipment: { tracking: 'T1' } }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('Cannot ship shipment.');
      const [row] = await shipmentRows(order.id);
      expect({ state: row.state, tracking: row.tracking, shipped_at: row.shipped_at }).toEqual({ state: 'pending', tracking: null, shipped_at: null });
      expect(await unitStates(order.shipment.id)).toEqual([{ state: 'on_hand', n: 1 }]);
    });

    it('ships one of two shipments: the order is partially shipped', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const other = await stockedProduct(t.db, { price: '1.00', count: 3 });
      const created = await t.http()
        .post(`/api/orders/${order.number}/shipments`)
        .send({ variant_id: other.masterVariantId, stock_location_id: locationId })
        .set(admin.auth)
        .expect(200);
      // The split-off unit is made free, so capturing the original payment pays the order in full.
      await t.db.query(`UPDATE line_items SET price = 0 WHERE order_id = $1 AND variant_id = $2`, [order.id, other.masterVariantId]);
      await pay(order.number);
      await t.http().put(`/api/shipments/${order.shipment.number}/ship`).set(admin.auth).expect(200);
      expect((await orderRow(order.number)).shipment_state).toBe('partial');
      await t.http().put(`/api/shipments/${created.body.number}/ship`).set(admin.auth).expect(200);
      expect((await orderRow(order.number)).shipment_state).toBe('shipped');
    });

    it('adds a variant to a shipment', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const variant = await stockedProduct(t.db, { price: '2.50', count: 10 });
      const res = await t.http().put(`/api/shipments/${order.shipment.number}/add`).send({ variant_id: variant.masterVariantId, quantity: 2 }).set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}/add');
      expect(res.body.manifest.find((m: any) => m.variant.id === variant.masterVariantId).quantity).toBe(2);
      expect(await countOnHand(variant.masterVariantId)).toBe(8);
      expect(await lineItemQuantity(order.id, variant.masterVariantId)).toBe(2);
      const row = await orderRow(order.number);
      expect(row.item_total).toBe('15.00');
      expect(row.total).toBe((15 + Number(order.body.ship_total)).toFixed(2));
    });

    it('removes a variant from a shipment, putting its stock back; an emptied shipment goes', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const variant = await stockedProduct(t.db, { price: '2.50', count: 10 });
      await t.http().put(`/api/shipments/${order.shipment.number}/add`).query({ variant_id: variant.masterVariantId, quantity: 2 }).set(admin.auth).expect(200);

      let res = await t.http().put(`/api/shipments/${order.shipment.number}/remove`).query({ variant_id: variant.masterVariantId, quantity: 1 }).set(admin.auth);
      expectDocumented(res, 'put', '/api/shipments/{number}/remove');
      expect(res.body.manifest.find((m: any) => m.variant.id === variant.masterVariantId).quantity).toBe(1);
      expect(await countOnHand(variant.masterVariantId)).toBe(9);
      expect(await lineItemQuantity(order.id, variant.masterVariantId)).toBe(1);

      res = await t.http().put(`/api/shipments/${order.shipment.number}/remove`).query({ variant_id: variant.masterVariantId, quantity: 5 }).set(admin.auth);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['quantity']);
      expect(await countOnHand(variant.masterVariantId)).toBe(9);

      // Split the second variant into its own shipment, then empty it.
      const split = await t.http().post(`/api/orders/${order.number}/shipments`).send({ variant_id: variant.masterVariantId, stock_location_id: locationId }).set(admin.auth).expect(200);
      res = await t.http().put(`/api/orders/${order.number}/shipments/${split.body.number}/remove`).send({ variant_id: variant.masterVariantId }).set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.manifest).toEqual([]);
      expect((await shipmentRows(order.id)).map((s: { number: string }) => s.number)).toEqual([order.shipment.number]);
      expect(await lineItemQuantity(order.id, variant.masterVariantId)).toBe(1);
      expect(await countOnHand(variant.masterVariantId)).toBe(9);
      const row = await orderRow(order.number);
      expect(row.item_total).toBe('12.50');
    });

    it('removing the last units of a variant from a shipment removes its line item (a quantity of 0 is no line item)', async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const variant = await stockedProduct(t.db, { price: '2.50', count: 10 });
      await t.http().put(`/api/shipments/${order.shipment.number}/add`).query({ variant_id: variant.masterVariantId, quantity: 2 }).set(admin.auth).expect(200);
      const res = await t.http().put(`/api/shipments/${order.shipment.number}/remove`).query({ variant_id: variant.masterVariantId, quantity: 2 }).set(admin.auth);
      expect(res.status).toBe(200);
      expect(res.body.manifest.find((m: any) => m.variant.id === variant.masterVariantId)).toBeUndefined();
      expect(await t.db.query(`SELECT id FROM line_items WHERE order_id = $1 AND variant_id = $2`, [order.id, variant.masterVariantId])).toEqual([]);
      expect(await countOnHand(variant.masterVariantId)).toBe(10);
      expect((await orderRow(order.number)).item_total).toBe(order.body.item_total);
    });

    it("serves every route under the order's checkout too (Spree's order_routes), with the same guards", async () => {
      const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const other = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const base = `/api/checkouts/${order.number}/shipments`;
      // Non-admins: 404 on a shipment, 401 on create, as under orders; nothing written.
      for (const headers of [user.auth, {}]) {
        const res = await t.http().put(`${base}/${order.shipment.number}`).set(headers).send({ shipment: { tracking: 'X' } });
        expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
      }
      const refused = await t.http().post(base).send({ variant_id: order.variantId, stock_location_id: locationId }).set(user.auth);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: UNAUTHORIZED });
      expect(await shipmentRows(order.id)).toHaveLength(1);

      let res = await t.http().put(`${base}/${order.shipment.number}`).send({ shipment: { tracking: 'TRACK-1' } }).set(admin.auth);
      expectDocumented(res, 'put', '/api/checkouts/{order_number}/shipments/{number}');
      expect(res.body.tracking).toBe('TRACK-1');
      await pay(order.number);
      res = await t.http().put(`${base}/${order.shipment.number}/ready`).set(admin.auth);
      expectDocumented(res, 'put', '/api/checkouts/{order_number}/shipments/{number}/ready');
      expect(res.body.state).toBe('ready');
      res = await t.http().post(base).send({ variant_id: order.variantId, stock_location_id: locationId }).set(admin.auth);
      expectDocumented(res, 'post', '/api/checkouts/{order_number}/shipments');
      expect(await shipmentRows(order.id)).toHaveLength(2);
      // A shipment under another order's checkout is not there.
      res = await t.http().put(`/api/checkouts/${other.number}/shipments/${order.shipment.number}/ship`).set(admin.auth);
      expect({ status: res.status, body: res.body }).toEqual({ status: 404, body: NOT_FOUND });
    });

    it('answers 404 for an unknown shipment, or one under another order', async () => {
      const a = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      const b = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
      for (const path of [`/api/shipments/H000/ready`, `/api/orders/${b.number}/shipments/${a.shipment.number}/ready`, `/api/orders/${b.number}/shipments/${a.shipment.number}`]) {
        const res = await t.http().put(path).set(admin.auth);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: NOT_FOUND });
      }
    });
  });
});
