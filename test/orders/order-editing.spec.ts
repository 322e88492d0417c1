import type { Response } from 'supertest';
import { createStockItem, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { INVALID } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { placedOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * Store staff editing a completed order, as in Spree 2.2's back-office: an
 * admin adds, changes and removes line items of a placed order (or adds and
 * removes units of a shipment); the order stays complete, its shipments are
 * kept and adjusted (never rebuilt), stock moves at the shipment's location,
 * totals are recomputed and payment_state follows (balance_due, credit_owed).
 * Shipped units are never taken back; non-admins keep the checkout's 422; a
 * refusal keeps nothing; concurrent edits lose nothing.
 */
describe('editing a completed order (admin)', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let admin2: TestUser;
  let user: TestUser;
  let locationId: number;

  const NOT_IN_CHECKOUT = { error: INVALID, errors: { base: ['The order is no longer in checkout: its line items cannot be changed.'] } };

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
    admin2 = await createAdmin(t.db);
    user = await createUser(t.db);
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => t.close());

  const countOnHand = async (variantId: number) =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1 AND stock_location_id = $2 AND deleted_at IS NULL`, [variantId, locationId]))[0]
      .count_on_hand as number;
  const orderRow = async (id: number) => cents(await t.db.query(`SELECT * FROM orders WHERE id = $1`, [id]))[0];
  const shipmentRows = async (orderId: number) => t.db.query(`SELECT id, number, state, stock_location_id FROM shipments WHERE order_id = $1 ORDER BY id`, [orderId]);
  const units = async (orderId: number) =>
    t.db.query(`SELECT shipment_id, variant_id, state, count(*)::int AS n FROM inventory_units WHERE order_id = $1 GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`, [orderId]);
  const lineItems = async (orderId: number) => t.db.query(`SELECT id, variant_id, quantity, price FROM line_items WHERE order_id = $1 ORDER BY id`, [orderId]).then(cents);

  /** Every row an edit may touch, to prove a refused one touched none. */
  async function snapshot(orderId: number, variantIds: number[]) {
    return {
      order: await orderRow(orderId),
      lineItems: await lineItems(orderId),
      shipments: await t.db.query(`SELECT * FROM shipments WHERE order_id = $1 ORDER BY id`, [orderId]),
      units: await t.db.query(`SELECT * FROM inventory_units WHERE order_id = $1 ORDER BY id`, [orderId]),
      stock: await t.db.query(`SELECT * FROM stock_items WHERE variant_id = ANY($1) ORDER BY id`, [variantIds]),
      movements: await t.db.query(`SELECT count(*)::int AS n FROM stock_movements`),
      stateChanges: await t.db.query(`SELECT count(*)::int AS n FROM state_changes`),
    };
  }

  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), res.body)).toEqual([]);
  }

  async function ship(order: { number: string; shipment: { number: string } }) {
    await t.http().put(`/api/shipments/${order.shipment.number}/ship`).set(admin.auth).expect(200);
  }

  it('adds a line item: the order stays complete, its shipment takes the units, stock is taken, the order owes the difference', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, capturedBy: admin.auth });
    const before = await orderRow(order.id);
    expect(before).toMatchObject({ state: 'complete', payment_state: 'paid', shipment_state: 'ready' });
    const extra = await stockedProduct(t.db, { price: '4.50', count: 10 });
    const changesBefore = await t.db.query(`SELECT count(*)::int AS n FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1`, [order.id]);

    const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: extra.masterVariantId, quantity: 2 } });
    expectDocumented(res, 'post', '/api/orders/{number}/line_items', 201);
    expect(res.body).toMatchObject({ variant_id: extra.masterVariantId, quantity: 2, price: '4.50', total: '9.00' });

    // The same shipment (not rebuilt), holding the new units, their stock taken at its location.
    const shipments = await shipmentRows(order.id);
    expect(shipments.map((s: { id: number }) => s.id)).toEqual([order.shipment.id]);
    expect(await units(order.id)).toEqual([
      { shipment_id: order.shipment.id, variant_id: order.variantId, state: 'on_hand', n: 1 },
      { shipment_id: order.shipment.id, variant_id: extra.masterVariantId, state: 'on_hand', n: 2 },
    ]);
    expect(await countOnHand(extra.masterVariantId)).toBe(8);
    expect(await countOnHand(order.variantId)).toBe(19);

    // Still complete, same completion; totals recomputed; owes 9.00 now, so the shipment waits again (Spree: pending until paid).
    const after = await orderRow(order.id);
    expect(after).toMatchObject({
      state: 'complete',
      item_total: '19.00',
      total: (Number(before.total) + 9).toFixed(2),
      payment_total: before.total,
      payment_state: 'balance_due',
      shipment_state: 'pending',
    });
    expect(after.completed_at).toEqual(before.completed_at);
    expect(shipments[0].state).toBe('pending');
    expect(await t.db.query(`SELECT count(*)::int AS n FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1`, [order.id])).toEqual(changesBefore);

    // The order's JSON says the same.
    const shown = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
    expect(shown.body).toMatchObject({ state: 'complete', payment_state: 'balance_due', total: after.total, item_total: '19.00' });
  });

  it('the same variant again raises its line item; PUT changes the quantity both ways; less than paid for is credit_owed', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 2, capturedBy: admin.auth });
    const variant = order.variantId;
    expect(await countOnHand(variant)).toBe(18);

    await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: variant, quantity: 1 } }).expect(201);
    expect(await lineItems(order.id)).toEqual([expect.objectContaining({ id: order.lineItemId, quantity: 3 })]);
    expect(await countOnHand(variant)).toBe(17);

    const res = await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth).send({ line_item: { quantity: 5 } });
    expectDocumented(res, 'put', '/api/orders/{number}/line_items/{id}', 200);
    expect(res.body.quantity).toBe(5);
    expect(await countOnHand(variant)).toBe(15);
    expect(await units(order.id)).toEqual([{ shipment_id: order.shipment.id, variant_id: variant, state: 'on_hand', n: 5 }]);
    expect(await orderRow(order.id)).toMatchObject({ state: 'complete', item_total: '50.00', payment_state: 'balance_due' });

    // Down to 1: four units leave the shipment and their stock goes back; paid for 2, so the store owes the customer.
    await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth).send({ line_item: { quantity: 1 } }).expect(200);
    expect(await countOnHand(variant)).toBe(19);
    expect(await units(order.id)).toEqual([{ shipment_id: order.shipment.id, variant_id: variant, state: 'on_hand', n: 1 }]);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ state: 'complete', item_total: '10.00', payment_state: 'credit_owed' });
    expect(Number(row.payment_total)).toBeGreaterThan(Number(row.total));
    expect((await shipmentRows(order.id)).map((s: { id: number }) => s.id)).toEqual([order.shipment.id]);
  });

  it('removes a line item: its units leave the shipment (kept for the others), stock goes back', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, capturedBy: admin.auth });
    const extra = await stockedProduct(t.db, { price: '5.00', count: 10 });
    const added = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: extra.masterVariantId, quantity: 3 } }).expect(201);
    expect(await countOnHand(extra.masterVariantId)).toBe(7);
    expect((await orderRow(order.id)).payment_state).toBe('balance_due');

    await t.http().delete(`/api/orders/${order.number}/line_items/${added.body.id}`).set(admin.auth).expect(204);
    expect(await countOnHand(extra.masterVariantId)).toBe(10);
    expect(await lineItems(order.id)).toEqual([expect.objectContaining({ id: order.lineItemId, quantity: 1 })]);
    expect(await units(order.id)).toEqual([{ shipment_id: order.shipment.id, variant_id: order.variantId, state: 'on_hand', n: 1 }]);
    // Back to what was paid: paid, and the shipment ready again.
    expect(await orderRow(order.id)).toMatchObject({ state: 'complete', item_total: '10.00', payment_state: 'paid', shipment_state: 'ready' });
  });

  it('backorders what the location lacks when it takes backorders, and refuses (keeping nothing) when it does not', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
    const scarce = await stockedProduct(t.db, { price: '2.00', count: 1 });
    const before = await snapshot(order.id, [scarce.masterVariantId, order.variantId]);
    // More than the whole store has: the line item's own check (Spree's AvailabilityValidator).
    let res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: scarce.masterVariantId, quantity: 2 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: INVALID, errors: { quantity: [`Selected quantity of "${scarce.name}" is not available.`] } });
    expect(await snapshot(order.id, [scarce.masterVariantId, order.variantId])).toEqual(before);
    // The store has enough, but elsewhere: the shipment's location cannot supply it.
    const elsewhere = await createStockLocation(t.db, { name: 'elsewhere' });
    await createStockItem(t.db, elsewhere, scarce.masterVariantId, { countOnHand: 5 });
    const withElsewhere = await snapshot(order.id, [scarce.masterVariantId, order.variantId]);
    res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: scarce.masterVariantId, quantity: 2 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: INVALID, errors: { quantity: ['is more than the stock location has on hand, and it takes no backorders'] } });
    expect(await snapshot(order.id, [scarce.masterVariantId, order.variantId])).toEqual(withElsewhere);
    await t.db.query(`UPDATE stock_locations SET active = false WHERE id = $1`, [elsewhere]);

    const backorderable = await stockedProduct(t.db, { price: '2.00', count: 1, backorderable: true });
    await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: backorderable.masterVariantId, quantity: 3 } }).expect(201);
    expect(await countOnHand(backorderable.masterVariantId)).toBe(-2);
    expect(await units(order.id)).toEqual(
      expect.arrayContaining([
        { shipment_id: order.shipment.id, variant_id: backorderable.masterVariantId, state: 'backordered', n: 2 },
        { shipment_id: order.shipment.id, variant_id: backorderable.masterVariantId, state: 'on_hand', n: 1 },
      ]),
    );
    expect((await orderRow(order.id)).shipment_state).toBe('backorder');
  });

  it('never takes back shipped units: 422 and nothing kept; new units need an unshipped shipment', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 2, capturedBy: admin.auth });
    await ship(order);
    const extra = await stockedProduct(t.db, { price: '3.00', count: 5 });
    const variants = [order.variantId, extra.masterVariantId];
    const before = await snapshot(order.id, variants);
    expect(before.order.shipment_state).toBe('shipped');

    let res = await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth).send({ line_item: { quantity: 1 } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: INVALID, errors: { quantity: ['cannot be less than the units already shipped (2)'] } });
    res = await t.http().delete(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: INVALID, errors: { base: ['2 of its units have been shipped: it cannot be removed'] } });
    res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: extra.masterVariantId } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['variant_id']);
    // The shipments API refuses the shipped shipment too.
    res = await t.http().put(`/api/shipments/${order.shipment.number}/add`).set(admin.auth).send({ variant_id: extra.masterVariantId });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ state: ['cannot change a shipped shipment'] });
    expect(await snapshot(order.id, variants)).toEqual(before);

    // A new shipment from the back-office takes them; the shipped one is untouched.
    await t.http().post('/api/shipments').query({ variant_id: extra.masterVariantId, quantity: 2, stock_location_id: locationId, shipment: { order_id: order.number } }).set(admin.auth).expect(200);
    await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth).send({ line_item: { quantity: 3 } }).expect(200);
    const shipments = await shipmentRows(order.id);
    expect(shipments.map((s: { state: string }) => s.state)).toEqual(['shipped', 'pending']);
    expect(await units(order.id)).toEqual([
      { shipment_id: shipments[0].id, variant_id: order.variantId, state: 'shipped', n: 2 },
      // The third unit of the shipped product goes to the open shipment, whose location stocks it.
      { shipment_id: shipments[1].id, variant_id: order.variantId, state: 'on_hand', n: 1 },
      { shipment_id: shipments[1].id, variant_id: extra.masterVariantId, state: 'on_hand', n: 2 },
    ]);
    expect(await orderRow(order.id)).toMatchObject({ state: 'complete', shipment_state: 'partial', payment_state: 'balance_due', item_total: '36.00' });
    // Back down to 2: the open shipment gives its unit back, the shipped ones stay.
    await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth).send({ line_item: { quantity: 2 } }).expect(200);
    expect(await countOnHand(order.variantId)).toBe(18);
  });

  it('the shipments API edits a paid order the same way: add owes, remove is owed', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 2, capturedBy: admin.auth });
    const variant = order.variantId;
    const res = await t.http().put(`/api/shipments/${order.shipment.number}/add`).set(admin.auth).send({ variant_id: variant, quantity: 1 }).expect(200);
    expect(res.body.manifest).toEqual([expect.objectContaining({ variant_id: variant, quantity: 3 })]);
    expect(await countOnHand(variant)).toBe(17);
    expect(await orderRow(order.id)).toMatchObject({ state: 'complete', payment_state: 'balance_due', item_total: '30.00' });
    await t.http().put(`/api/shipments/${order.shipment.number}/remove`).set(admin.auth).send({ variant_id: variant, quantity: 2 }).expect(200);
    expect(await countOnHand(variant)).toBe(19);
    expect(await lineItems(order.id)).toEqual([expect.objectContaining({ quantity: 1 })]);
    expect(await orderRow(order.id)).toMatchObject({ state: 'complete', payment_state: 'credit_owed', item_total: '10.00' });
    expect((await shipmentRows(order.id)).map((s: { id: number }) => s.id)).toEqual([order.shipment.id]);
  });

  it('non-admins keep the checkout 422 and change nothing; a canceled order is not edited', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
    const extra = await stockedProduct(t.db, { price: '3.00', count: 5 });
    const variants = [order.variantId, extra.masterVariantId];
    const before = await snapshot(order.id, variants);
    for (const [method, path, body] of [
      ['post', `/api/orders/${order.number}/line_items`, { line_item: { variant_id: extra.masterVariantId } }],
      ['put', `/api/orders/${order.number}/line_items/${order.lineItemId}`, { line_item: { quantity: 3 } }],
      ['delete', `/api/orders/${order.number}/line_items/${order.lineItemId}`, {}],
    ] as const) {
      const res = await t.http()[method](path).set(user.auth).send(body);
      expect({ method, status: res.status, body: res.body }).toEqual({ method, status: 422, body: NOT_IN_CHECKOUT });
    }
    expect(await snapshot(order.id, variants)).toEqual(before);

    await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
    const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: extra.masterVariantId } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: INVALID, errors: { base: ['The order is canceled: its line items cannot be changed.'] } });
  });

  it('two admins adding to the same order at once lose nothing', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20 });
    const extra = await stockedProduct(t.db, { price: '1.25', count: 50 });
    const results = await Promise.all(
      [admin, admin2, admin, admin2].map((who) =>
        t.http().post(`/api/orders/${order.number}/line_items`).set(who.auth).send({ line_item: { variant_id: extra.masterVariantId, quantity: 2 } }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await lineItems(order.id)).toEqual([expect.objectContaining({ quantity: 1 }), expect.objectContaining({ variant_id: extra.masterVariantId, quantity: 8 })]);
    expect(await countOnHand(extra.masterVariantId)).toBe(42);
    expect(await units(order.id)).toEqual([
      { shipment_id: order.shipment.id, variant_id: order.variantId, state: 'on_hand', n: 1 },
      { shipment_id: order.shipment.id, variant_id: extra.masterVariantId, state: 'on_hand', n: 8 },
    ]);
    expect((await orderRow(order.id)).item_total).toBe('20.00');
  });
  it('concurrent edits through line items and shipments keep units, quantity and stock in step', async () => {
    const order = await placedOrder(t, { auth: user.auth, price: '10.00', onHand: 20, quantity: 4 });
    const variant = order.variantId;
    const results = await Promise.all([
      t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(admin.auth).send({ line_item: { quantity: 6 } }),
      t.http().put(`/api/shipments/${order.shipment.number}/add`).set(admin2.auth).send({ variant_id: variant, quantity: 3 }),
      t.http().put(`/api/shipments/${order.shipment.number}/remove`).set(admin.auth).send({ variant_id: variant, quantity: 1 }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const [item] = await lineItems(order.id);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM inventory_units WHERE line_item_id = $1`, [item.id]);
    // Whatever order they ran in, the line item has as many units as its quantity, and the stock gave exactly those.
    expect(n).toBe(item.quantity);
    expect(await countOnHand(variant)).toBe(20 - item.quantity);
    expect((await orderRow(order.id)).item_total).toBe((item.quantity * 10).toFixed(2));
  });
});
