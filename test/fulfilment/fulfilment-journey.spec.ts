import { defaultStockLocationId } from '../support/catalog';
import { completeCheckout, createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/**
 * The back-office journey, through HTTP only: a customer completes an order;
 * store staff capture the payment, ship it with tracking; the customer sends
 * one item back; staff authorize and receive the return and refund it. Stock,
 * totals and payment states are checked to the cent at every step.
 */
describe('fulfilment journey', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    customer = await createUser(t.db);
  });
  afterAll(() => t.close());

  it('order → capture → ship → return → receive → refund', async () => {
    const product = await stockedProduct(t.db, { price: '19.99', count: 10 });
    const locationId = await defaultStockLocationId(t.db);
    const stock = async () =>
      (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1 AND stock_location_id = $2`, [product.masterVariantId, locationId]))[0].count_on_hand;
    const showOrder = async () => (await t.http().get(`/api/orders/${order.number}`).set(customer.auth).expect(200)).body;

    // The customer buys two.
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], customer.auth);
    const placed = await completeCheckout(t, order, { email: customer.email });
    expect(placed).toEqual(expect.objectContaining({ state: 'complete', item_total: '39.98', ship_total: '5.00', total: '44.98', payment_state: 'balance_due', shipment_state: 'pending' }));
    expect(await stock()).toBe(8);
    const shipmentNumber: string = placed.shipments[0].number;
    const paymentId: number = placed.payments[0].id;

    // Staff capture the authorized payment: the order is paid and its shipment ready.
    let res = await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('completed');
    let current = await showOrder();
    expect(current).toEqual(expect.objectContaining({ payment_total: '44.98', payment_state: 'paid', shipment_state: 'ready' }));
    expect(current.shipments[0].state).toBe('ready');

    // Staff ship it with tracking.
    res = await t.http().put(`/api/shipments/${shipmentNumber}/ship`).set(admin.auth).send({ shipment: { tracking: '1Z999AA10123456784' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.objectContaining({ state: 'shipped', tracking: '1Z999AA10123456784' }));
    expect(res.body.manifest[0].states).toEqual({ shipped: 2 });
    current = await showOrder();
    expect(current.shipment_state).toBe('shipped');
    expect(await stock()).toBe(8);

    // The customer sends one back: staff authorize the return of one unit, for its price.
    res = await t.http()
      .post(`/api/orders/${order.number}/return_authorizations`)
      .set(admin.auth)
      .send({ return_authorization: { amount: '19.99', reason: 'Too small', stock_location_id: locationId } });
    expect(res.status).toBe(201);
    expect(res.body.state).toBe('authorized');
    const rmaId: number = res.body.id;
    res = await t.http().put(`/api/orders/${order.number}/return_authorizations/${rmaId}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 });
    expect(res.status).toBe(200);
    expect((await showOrder()).state).toBe('awaiting_return');

    // It arrives: staff receive it. The unit is back on the shelf and the order credited.
    res = await t.http().put(`/api/orders/${order.number}/return_authorizations/${rmaId}/receive`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('received');
    expect(await stock()).toBe(9);
    current = await showOrder();
    expect(current).toEqual(expect.objectContaining({ state: 'returned', total: '24.99', payment_total: '44.98', payment_state: 'credit_owed' }));
    expect(current.adjustments).toEqual([expect.objectContaining({ amount: '-19.99' })]);
    const units = await t.db.query(`SELECT state, count(*)::int AS n FROM inventory_units WHERE order_id = $1 GROUP BY state ORDER BY state`, [order.id]);
    expect(units).toEqual([
      { state: 'returned', n: 1 },
      { state: 'shipped', n: 1 },
    ]);

    // Staff refund the credit owed to the card: the books balance.
    res = await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '19.99' });
    expect(res.status).toBe(200);
    current = await showOrder();
    expect(current).toEqual(expect.objectContaining({ total: '24.99', payment_total: '24.99', payment_state: 'paid' }));
    expect(current.payments.map((p: { amount: string; state: string }) => [p.amount, p.state])).toEqual([
      ['44.98', 'completed'],
      ['-19.99', 'completed'],
    ]);
  });
});
