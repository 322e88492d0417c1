import type { Response } from 'supertest';
import { INVALID } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { checkoutToPayment, completeCheckout, createOrder, CreatedOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * Split payments: store staff take part of an order by card and part by
 * check. An admin's payment keeps the amount it was given (in checkout too,
 * where the storefront's one payment follows the total), the parts stay side
 * by side, and the order's payment_total and payment_state follow each
 * capture, void and credit as Spree's order updater computes them.
 */
describe('split payments', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let owner: TestUser;
  let cardMethod: number;
  let checkMethod: number;

  const base = (order: CreatedOrder) => `/api/orders/${order.number}/payments`;
  const orderRow = async (order: CreatedOrder) => cents(await t.db.query(`SELECT * FROM orders WHERE id = $1`, [order.id]))[0];
  const payments = async (order: CreatedOrder) =>
    t.db.query(`SELECT id, amount, state, payment_method_id, source_type FROM payments WHERE order_id = $1 ORDER BY id`, [order.id]).then(cents) as Promise<
      Array<{ id: number; amount: string; state: string; payment_method_id: number; source_type: string | null }>
    >;
  const minus = (a: string, b: string) => (Math.round(Number(a) * 100 - Number(b) * 100) / 100).toFixed(2);

  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), res.body)).toEqual([]);
  }

  const card = (order: CreatedOrder, amount: string) =>
    t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount, source_attributes: VISA } });
  const check = (order: CreatedOrder, amount: string) => t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount } });
  const act = (order: CreatedOrder, id: number, action: string, body: Record<string, unknown> = {}) => t.http().put(`${base(order)}/${id}/${action}`).set(admin.auth).send(body);

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    cardMethod = await paymentMethodId(t.db, 'Credit Card');
    checkMethod = await paymentMethodId(t.db, 'Check');
  });
  afterAll(() => t.close());

  it('in checkout: part by card, part by check; each keeps its amount, completion authorizes both, captures pay the order', async () => {
    const product = await stockedProduct(t.db, { price: '20.00', count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], owner.auth);
    const atPayment = await checkoutToPayment(t, order);
    expect(atPayment.state).toBe('payment');
    const total: string = atPayment.total;
    const rest = minus(total, '12.30');

    const first = await card(order, '12.30');
    expectDocumented(first, 'post', '/api/orders/{number}/payments', 201);
    expect(first.body).toMatchObject({ amount: '12.30', display_amount: '$12.30', state: 'checkout', payment_method_id: cardMethod });
    const second = await check(order, rest).expect(201);
    expect(second.body).toMatchObject({ amount: rest, state: 'checkout', payment_method_id: checkMethod });
    // Both parts stand, with their own amounts (the second did not invalidate the first).
    expect(await payments(order)).toEqual([
      expect.objectContaining({ id: first.body.id, amount: '12.30', state: 'checkout' }),
      expect.objectContaining({ id: second.body.id, amount: rest, state: 'checkout' }),
    ]);

    // The checkout goes on to completion: each part is processed (the card authorized, the check pending).
    let res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    if (res.body.state === 'confirm') res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    expect(res.body.state).toBe('complete');
    expect(await payments(order)).toEqual([
      expect.objectContaining({ amount: '12.30', state: 'pending', source_type: 'Spree::CreditCard' }),
      expect.objectContaining({ amount: rest, state: 'pending', source_type: null }),
    ]);
    expect(await orderRow(order)).toMatchObject({ total, payment_total: '0.00', payment_state: 'balance_due', shipment_state: 'pending' });

    await act(order, first.body.id, 'capture').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: '12.30', payment_state: 'balance_due', shipment_state: 'pending' });
    await act(order, second.body.id, 'capture').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: total, payment_state: 'paid', shipment_state: 'ready' });
    const shown = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
    expect(shown.body).toMatchObject({ payment_total: total, payment_state: 'paid' });
    expect(shown.body.payments.map((p: { amount: string }) => p.amount)).toEqual(['12.30', rest]);

    // Credit on the card: up to what it took (Spree's wording), then the order owes the customer nothing more and owes the difference.
    const over = await act(order, first.body.id, 'credit', { amount: '12.31' }).expect(422);
    expect(over.body).toEqual({ error: 'This payment can only be credited up to 12.3. Please specify an amount less than or equal to this number.' });
    await act(order, first.body.id, 'credit', { amount: '2.30' }).expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: minus(total, '2.30'), payment_state: 'balance_due' });
    const again = await act(order, first.body.id, 'credit', { amount: '10.01' }).expect(422);
    expect(again.body.error).toBe('This payment can only be credited up to 10.0. Please specify an amount less than or equal to this number.');

    // Void the check: its money no longer counts.
    await act(order, second.body.id, 'void').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: '10.00', payment_state: 'balance_due', shipment_state: 'pending' });
  });

  it("an admin's amount survives a change of the order's total in checkout; a shopper's payment follows the total", async () => {
    const product = await stockedProduct(t.db, { price: '20.00', count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], owner.auth);
    await checkoutToPayment(t, order);
    const fixed = await check(order, '5.00').expect(201);
    await t.http().post(`/api/orders/${order.number}/line_items`).set(owner.auth).send({ line_item: { variant_id: product.masterVariantId, quantity: 1 } }).expect(201);
    expect(await payments(order)).toEqual([expect.objectContaining({ id: fixed.body.id, amount: '5.00', state: 'checkout' })]);

    // The shopper's own payment follows the total (whatever amount was sent) and replaces the admin's part.
    const shopper = await t.http().post(base(order)).set(owner.auth).send({ payment: { payment_method_id: checkMethod, amount: '1.00' } }).expect(201);
    const total = (await orderRow(order)).total;
    expect(shopper.body.amount).toBe(total);
    expect(await payments(order)).toEqual([
      expect.objectContaining({ id: fixed.body.id, state: 'invalid' }),
      expect.objectContaining({ id: shopper.body.id, amount: total, state: 'checkout' }),
    ]);
    // An admin's payment without an amount is that same one payment: it follows the total and replaces the others.
    const following = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod } }).expect(201);
    expect(following.body.amount).toBe(total);
    await t.http().put(`/api/orders/${order.number}/line_items/${(await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]))[0].id}`)
      .set(owner.auth)
      .send({ line_item: { quantity: 3 } })
      .expect(200);
    const newTotal = (await orderRow(order)).total;
    expect(newTotal).not.toBe(total);
    expect((await payments(order)).find((p) => p.id === following.body.id)).toMatchObject({ amount: newTotal, state: 'checkout' });
    // An admin who sets the amount of that payment fixes it.
    await t.http().put(`${base(order)}/${following.body.id}`).set(admin.auth).send({ payment: { amount: '7.00' } }).expect(200);
    await t.http().put(`/api/orders/${order.number}/line_items/${(await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]))[0].id}`)
      .set(owner.auth)
      .send({ line_item: { quantity: 1 } })
      .expect(200);
    expect((await payments(order)).find((p) => p.id === following.body.id)).toMatchObject({ amount: '7.00', state: 'checkout' });
  });

  it('on a placed order: void the shopper’s payment, take card and check parts, over-pay, credit back, cancel', async () => {
    const product = await stockedProduct(t.db, { price: '30.00', count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], owner.auth);
    const body = await completeCheckout(t, order);
    const total: string = body.total;
    await act(order, body.payments[0].id, 'void').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_state: 'balance_due', payment_total: '0.00' });

    const byCard = await card(order, '10.00').expect(201);
    const byCheck = await check(order, minus(total, '10.00')).expect(201);
    expect(byCard.body.amount).toBe('10.00');
    await act(order, byCard.body.id, 'purchase').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: '10.00', payment_state: 'balance_due' });
    await act(order, byCheck.body.id, 'capture').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: total, payment_state: 'paid', shipment_state: 'ready' });

    // One more, by mistake (a double submit): refused, naming the amount, the order being paid in full …
    const again = await check(order, '1.50').expect(422);
    expect(again.body.errors.amount).toEqual([expect.stringContaining('exceeds what the order leaves to pay: 0.00')]);
    // … unless the admin records the overpayment: the store owes the customer; crediting it back makes the order paid again.
    const extra = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '1.50', allow_overpayment: true } }).expect(201);
    await act(order, extra.body.id, 'capture').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: (Number(total) + 1.5).toFixed(2), payment_state: 'credit_owed' });
    const credit = await act(order, extra.body.id, 'credit').expect(200);
    expect(credit.body).toMatchObject({ id: extra.body.id, amount: '1.50', state: 'completed' });
    expect(await orderRow(order)).toMatchObject({ payment_total: total, payment_state: 'paid' });

    // Canceling voids what was taken: nothing left to pay or to give back.
    await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
    expect(await orderRow(order)).toMatchObject({ state: 'canceled', payment_total: '0.00', payment_state: 'void' });
  });

  it('refuses amounts that are not positive with at most 2 decimal places, keeping nothing', async () => {
    const product = await stockedProduct(t.db, { price: '20.00', count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], owner.auth);
    const body = await completeCheckout(t, order, { pay: 'check' });
    const before = { order: await orderRow(order), payments: await payments(order) };
    for (const [amount, message] of [
      ['12.345', 'must have at most 2 decimal places'],
      ['0.001', 'must be greater than 0'],
      ['0', 'must be greater than 0'],
      ['-5.00', 'must be greater than 0'],
      ['abc', 'is not a number'],
      ['', 'is not a number'],
    ] as const) {
      const res = await check(order, amount);
      expect({ amount, status: res.status, body: res.body }).toEqual({ amount, status: 422, body: { error: INVALID, errors: { amount: [message] } } });
    }
    const update = await t.http().put(`${base(order)}/${body.payments[0].id}`).set(admin.auth).send({ payment: { amount: '1.005' } });
    expect(update.status).toBe(422);
    expect(update.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 2 decimal places'] } });
    expect({ order: await orderRow(order), payments: await payments(order) }).toEqual(before);
  });
});
