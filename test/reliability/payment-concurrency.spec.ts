import { BogusGateway } from '../../src/payments/payment/gateways/bogus.gateway';
import { defaultStockLocationId } from '../support/catalog';
import { POOL_SIZE, range, roundRobin, rowLock, throughGate, twoInstances, closeInstances } from '../support/concurrency';
import { COULD_NOT_TRANSITION, INVALID } from '../support/error-bodies';
import { CreatedOrder, orderAtPayment, paymentMethodId, PlacedOrder, placedOrder, stockedProduct, VISA } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { cents } from '../support/database';

// Staff (or a retrying client) acting on one order's money and goods at the
// same moment, on two instances of the service sharing the database: a
// payment is captured once, credited no more than it holds, an order
// canceled once (stock back once, payment voided once), a return received
// once (stock back once, one credit).
describe('concurrent actions on one order', () => {
  let t: TestApp;
  let second: TestApp;
  let admin: TestUser;
  let locationId: number;
  const bogus = () => BogusGateway.prototype;

  beforeAll(async () => {
    [t, second] = await twoInstances();
    admin = await createAdmin(t.db);
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => closeInstances(t, second));
  afterEach(() => jest.restoreAllMocks());

  /** `n` requests at once behind a lock on the order's row, alternately through each instance. */
  function concurrently(order: CreatedOrder, n: number, send: (http: ReturnType<ReturnType<typeof roundRobin>>, i: number) => PromiseLike<{ status: number; body: any }>) {
    const http = roundRobin([t, second]);
    return throughGate(t.databaseUrl, rowLock('orders', 'id = $1', order.id), () => range(n).map((i) => send(http(i), i).then((res) => res)), {
      capacity: POOL_SIZE * 2,
    });
  }
  const payments = (order: CreatedOrder) => t.db.query(`SELECT id, amount, state, source_type, source_id FROM payments WHERE order_id = $1 ORDER BY id`, [order.id]).then(cents);
  const orderRow = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT state, total, payment_total, payment_state, shipment_state, adjustment_total FROM orders WHERE id = $1`, [order.id]))[0];
  const paymentMoves = async (paymentId: number) =>
    (await t.db.query(`SELECT previous_state, next_state FROM state_changes WHERE stateful_type = 'Spree::Payment' AND stateful_id = $1 ORDER BY id`, [paymentId])).map(
      (c: { previous_state: string; next_state: string }) => `${c.previous_state}→${c.next_state}`,
    );
  const countOnHand = async (variantId: number) =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2`, [locationId, variantId]))[0].count_on_hand as number;
  const capture = (order: PlacedOrder) => (http: ReturnType<ReturnType<typeof roundRobin>>) =>
    http.put(`/api/orders/${order.number}/payments/${order.paymentId}/capture`).set(admin.auth);

  it('the payment step submitted 4 times at once (double click): one payment, the order at confirm', async () => {
    const product = await stockedProduct(t.db, { price: '19.99', count: 10 });
    const order = await orderAtPayment(t, { product, email: 'double@example.com' });
    const method = await paymentMethodId(t.db, 'Credit Card');
    const responses = await concurrently(order, 4, (http) =>
      http
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { payments_attributes: [{ payment_method_id: method }] }, payment_source: { [method]: VISA } }),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: INVALID, errors: { payments: ['can only be added at the payment step'] } });
    }
    expect((await payments(order)).map((p: { state: string }) => p.state)).toEqual(['checkout']);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM credit_cards WHERE id IN (SELECT source_id FROM payments WHERE order_id = $1)`, [order.id])).toEqual([{ n: 1 }]);
    expect(await orderRow(order)).toMatchObject({ state: 'confirm' });
  });

  it('10 captures of one authorized payment at once: the gateway captures once, the payment completes once, the order is paid once', async () => {
    const order = await placedOrder(t, { quantity: 2 });
    const gatewayCapture = jest.spyOn(bogus(), 'capture');
    const responses = await concurrently(order, 10, capture(order));
    // As in Spree, capturing a completed payment answers it as it is (200) and does nothing: no second capture.
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(responses.every((r) => r.body.id === order.paymentId && r.body.state === 'completed')).toBe(true);
    expect(gatewayCapture).toHaveBeenCalledTimes(1);
    expect(await paymentMoves(order.paymentId)).toEqual(['checkout→processing', 'processing→pending', 'pending→processing', 'processing→completed']);
    expect(await payments(order)).toEqual([{ id: order.paymentId, amount: order.total, state: 'completed', source_type: 'Spree::CreditCard', source_id: expect.any(Number) }]);
    expect(await orderRow(order)).toMatchObject({ payment_total: order.total, payment_state: 'paid', shipment_state: 'ready' });
  });

  it('a capture and a void of one payment at once: one of them happens, the other finds the payment already moved', async () => {
    const order = await placedOrder(t, { quantity: 2 });
    const responses = await concurrently(order, 2, (http, i) => (i === 0 ? capture(order)(http) : http.put(`/api/orders/${order.number}/payments/${order.paymentId}/void`).set(admin.auth)));
    const [captured, voided] = responses;
    const [payment] = await payments(order);
    if (payment.state === 'void' && (await paymentMoves(order.paymentId)).includes('processing→completed')) {
      // The capture went first, then the void gave the money back: both 200.
      expect([captured.status, voided.status]).toEqual([200, 200]);
      expect(await orderRow(order)).toMatchObject({ payment_total: '0.00', payment_state: 'balance_due' });
    } else {
      // The void went first: a void payment cannot be captured.
      expect(payment.state).toBe('void');
      expect(voided.status).toBe(200);
      expect(captured.status).toBe(422);
      expect(captured.body).toEqual({ error: INVALID, errors: { state: ['cannot capture a void payment'] } });
      expect(await orderRow(order)).toMatchObject({ payment_total: '0.00', payment_state: 'balance_due' });
    }
    expect(await payments(order)).toHaveLength(1);
  });

  it('6 credits of a captured payment’s whole amount at once: one credit is given, the others are refused; never more than was paid', async () => {
    const order = await placedOrder(t, { quantity: 2 });
    await capture(order)(t.http()).expect(200);
    const gatewayCredit = jest.spyOn(bogus(), 'credit');
    const responses = await concurrently(order, 6, (http) => http.put(`/api/orders/${order.number}/payments/${order.paymentId}/credit`).set(admin.auth).send({ amount: order.total }));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: 'This payment can only be credited up to 0.0. Please specify an amount less than or equal to this number.' });
    }
    expect(gatewayCredit).toHaveBeenCalledTimes(1);
    const rows = await payments(order);
    expect(rows.map((p: { amount: string; state: string }) => [p.amount, p.state])).toEqual([
      [order.total, 'completed'],
      [`-${order.total}`, 'completed'],
    ]);
    expect(await orderRow(order)).toMatchObject({ payment_total: '0.00' });
  });

  it('8 cancellations of one order at once: canceled once, its stock back once, its payment voided once', async () => {
    const order = await placedOrder(t, { quantity: 2 });
    const stock = await countOnHand(order.variantId);
    expect(stock).toBe(8);
    const gatewayVoid = jest.spyOn(bogus(), 'void');
    const responses = await concurrently(order, 8, (http) => http.put(`/api/orders/${order.number}/cancel`).set(admin.auth));
    expect(responses.map((r) => r.status).sort()).toEqual([200, ...Array(7).fill(422)]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: COULD_NOT_TRANSITION, errors: { state: ['cannot cancel an order in state canceled'] } });
    }
    expect(gatewayVoid).toHaveBeenCalledTimes(1);
    expect(await countOnHand(order.variantId)).toBe(10);
    const item = (await t.db.query(`SELECT id FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2`, [locationId, order.variantId]))[0];
    expect((await t.db.query(`SELECT quantity FROM stock_movements WHERE stock_item_id = $1 ORDER BY id`, [item.id])).map((m: { quantity: number }) => m.quantity)).toEqual([-2, 2]);
    expect((await payments(order)).map((p: { state: string }) => p.state)).toEqual(['void']);
    expect(await orderRow(order)).toMatchObject({ state: 'canceled' });
    const cancels = await t.db.query(`SELECT previous_state FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1 AND next_state = 'canceled'`, [order.id]);
    expect(cancels).toEqual([{ previous_state: 'complete' }]);
  });

  it('6 receipts of one return authorization at once: received once, the unit back in stock once, one credit', async () => {
    const order = await placedOrder(t, { quantity: 2 });
    await capture(order)(t.http()).expect(200);
    const [shipment] = await t.db.query(`SELECT number FROM shipments WHERE order_id = $1`, [order.id]);
    await t.http().put(`/api/shipments/${shipment.number}/ship`).set(admin.auth).expect(200);
    const base = `/api/orders/${order.number}/return_authorizations`;
    const ra = await t.http().post(base).set(admin.auth).send({ return_authorization: { amount: '19.99', reason: 'Too small' } }).expect(201);
    await t.http().put(`${base}/${ra.body.id}/add`).set(admin.auth).send({ variant_id: order.variantId, quantity: 1 }).expect(200);
    const stock = await countOnHand(order.variantId);

    const responses = await concurrently(order, 6, (http) => http.put(`${base}/${ra.body.id}/receive`).set(admin.auth));
    expect(responses.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot transition via "receive"'] } });
    }
    expect(await countOnHand(order.variantId)).toBe(stock + 1);
    expect(await t.db.query(`SELECT quantity FROM stock_movements WHERE originator_type = 'Spree::ReturnAuthorization' AND originator_id = $1`, [ra.body.id])).toEqual([{ quantity: 1 }]);
    expect(cents(await t.db.query(`SELECT amount FROM adjustments WHERE order_id = $1 AND source_type = 'Spree::ReturnAuthorization'`, [order.id]))).toEqual([{ amount: '-19.99' }]);
    expect(await orderRow(order)).toMatchObject({ state: 'returned', adjustment_total: '-19.99', total: '24.99', payment_total: '44.98', payment_state: 'credit_owed' });
  });
});
