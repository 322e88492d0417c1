import { POOL_SIZE, range, rowLock, throughGate } from '../support/concurrency';
import { COULD_NOT_TRANSITION, INVALID } from '../support/error-bodies';
import { gatewayLog, GatewayLog } from '../support/gateway-log';
import { checkoutToPayment, completeCheckout, createOrder, CreatedOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * Money moves only the right way (issue 24, findings 1 and 3): a payment's
 * actions are checked against what already happened to its money (a refunded
 * capture is never voided as well), and an order's open payments never add
 * up to more than its total unless an admin records an overpayment. Each case
 * asserts what the gateway was asked (the bogus gateway's log) and the order's
 * payment_total and payment_state after the fact.
 */
describe('money moves only the right way', () => {
  let t: TestApp;
  let log: GatewayLog;
  let admin: TestUser;
  let owner: TestUser;
  let cardMethod: number;
  let checkMethod: number;

  beforeAll(async () => {
    log = gatewayLog();
    t = await createTestApp(log.env);
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    cardMethod = await paymentMethodId(t.db, 'Credit Card');
    checkMethod = await paymentMethodId(t.db, 'Check');
  });
  afterAll(() => t.close());

  const base = (order: CreatedOrder) => `/api/orders/${order.number}/payments`;
  const act = (order: CreatedOrder, id: number, action: string, body: Record<string, unknown> = {}) => t.http().put(`${base(order)}/${id}/${action}`).set(admin.auth).send(body);
  const orderRow = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT state, total, payment_total, payment_state FROM orders WHERE id = $1`, [order.id]))[0] as { state: string; total: string; payment_total: string; payment_state: string };
  const payments = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT amount, state FROM payments WHERE order_id = $1 ORDER BY id`, [order.id])).map((p: { amount: string; state: string }) => `${p.state}:${p.amount}`);
  const operations = (mark: number) => log.since(mark).map((o) => `${o.operation}${o.amountCents === null ? '' : `:${o.amountCents}`}`);

  /** A product at `price` (shipping adds 5.00). */
  const product = (price: string) => stockedProduct(t.db, { price, count: 50 });

  /** A completed order of 45.00 (40.00 + 5.00 shipping) paid by the bogus card and captured: its payment completed, the order paid. */
  async function capturedOrder(): Promise<CreatedOrder & { paymentId: number }> {
    const p = await product('40.00');
    const order = await createOrder(t, [{ variant_id: p.masterVariantId, quantity: 1 }], owner.auth);
    const body = await completeCheckout(t, order);
    expect(body.total).toBe('45.00');
    const paymentId: number = body.payments[0].id;
    await act(order, paymentId, 'capture').expect(200);
    expect(await orderRow(order)).toMatchObject({ payment_total: '45.00', payment_state: 'paid' });
    return { ...order, paymentId };
  }

  describe('a refunded payment is never voided (finding 1)', () => {
    const REFUSED = { error: INVALID, errors: { state: ['cannot void a payment that has been credited (credit what is left of it instead)'] } };

    it('captured, credited in full, then voided: 422 before the gateway is asked; the books stay at zero', async () => {
      const order = await capturedOrder();
      await act(order, order.paymentId, 'credit', { amount: '45.00' }).expect(200);
      expect(await orderRow(order)).toMatchObject({ payment_total: '0.00', payment_state: 'balance_due' });

      const mark = log.mark();
      const res = await act(order, order.paymentId, 'void');
      expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: REFUSED });
      expect(operations(mark)).toEqual([]);
      expect(await payments(order)).toEqual(['completed:45.00', 'completed:-45.00']);
      expect(await orderRow(order)).toMatchObject({ state: 'complete', payment_total: '0.00', payment_state: 'balance_due' });
    });

    it('credited in part: the void is refused too; what is left is credited, never more', async () => {
      const order = await capturedOrder();
      await act(order, order.paymentId, 'credit', { amount: '10.00' }).expect(200);
      const mark = log.mark();
      await act(order, order.paymentId, 'void').expect(422, REFUSED);
      await act(order, order.paymentId, 'credit', { amount: '35.01' }).expect(422);
      await act(order, order.paymentId, 'credit', { amount: '35.00' }).expect(200);
      expect(operations(mark)).toEqual(['credit:3500']);
      expect(await payments(order)).toEqual(['completed:45.00', 'completed:-10.00', 'completed:-35.00']);
      expect(await orderRow(order)).toMatchObject({ payment_total: '0.00', payment_state: 'balance_due' });
    });

    it('an order canceled (its capture credited back) then its payment voided: 422, the canceled order owes nothing and is owed nothing', async () => {
      const order = await capturedOrder();
      const mark = log.mark();
      await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
      expect(operations(mark)).toEqual(['credit:4500']);
      expect(await orderRow(order)).toMatchObject({ state: 'canceled', payment_total: '0.00', payment_state: 'void' });

      await act(order, order.paymentId, 'void').expect(422, REFUSED);
      expect(operations(mark)).toEqual(['credit:4500']);
      expect(await payments(order)).toEqual(['completed:45.00', 'completed:-45.00']);
      expect(await orderRow(order)).toMatchObject({ state: 'canceled', payment_total: '0.00', payment_state: 'void' });
    });

    it('a credit (a refund) is neither voided nor credited', async () => {
      const order = await capturedOrder();
      await act(order, order.paymentId, 'credit', { amount: '5.00' }).expect(200);
      const [{ id: creditId }] = await t.db.query(`SELECT id FROM payments WHERE order_id = $1 AND amount < 0`, [order.id]);
      const mark = log.mark();
      await act(order, creditId, 'void').expect(422, { error: INVALID, errors: { state: ['cannot void a credit'] } });
      await act(order, creditId, 'credit', { amount: '1.00' }).expect(422, { error: INVALID, errors: { state: ['cannot credit a credit'] } });
      expect(operations(mark)).toEqual([]);
      expect(await orderRow(order)).toMatchObject({ payment_total: '40.00', payment_state: 'balance_due' });
    });

    it('a capture nothing was given back from may still be voided, once: the gateway voids it, the books go back to zero', async () => {
      const order = await capturedOrder();
      const mark = log.mark();
      await act(order, order.paymentId, 'void').expect(200);
      await act(order, order.paymentId, 'void').expect(200);
      expect(operations(mark)).toEqual(['void']);
      // Voided: nothing left to credit.
      await act(order, order.paymentId, 'credit', { amount: '1.00' }).expect(422, { error: INVALID, errors: { state: ['cannot credit a void payment'] } });
      expect(operations(mark)).toEqual(['void']);
      expect(await orderRow(order)).toMatchObject({ payment_total: '0.00', payment_state: 'balance_due' });
    });
  });

  describe("payments bounded by the order's total (finding 3)", () => {
    const card = (order: CreatedOrder, amount: string, extra: Record<string, unknown> = {}) =>
      t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount, source_attributes: VISA, ...extra } });
    const check = (order: CreatedOrder, amount: string, extra: Record<string, unknown> = {}) =>
      t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount, ...extra } });
    const over = (message: string) => ({ error: INVALID, errors: { amount: [message] } });

    /** A guest order of 55.00 (50.00 + 5.00 shipping) at the payment step. */
    async function orderAtPayment(): Promise<CreatedOrder> {
      const p = await product('50.00');
      const order = await createOrder(t, [{ variant_id: p.masterVariantId, quantity: 1 }], owner.auth);
      expect(await checkoutToPayment(t, order)).toMatchObject({ state: 'payment', total: '55.00' });
      return order;
    }

    it('three card parts of 40.00 on a 55.00 order: the second and third are refused naming the amount; completion authorizes 40.00, not 120.00', async () => {
      const order = await orderAtPayment();
      await card(order, '40.00').expect(201);
      for (let i = 0; i < 2; i++) {
        await card(order, '40.00').expect(
          422,
          over('exceeds what the order leaves to pay: 15.00 of its total of 55.00 (40.00 is in its open payments); an admin may record an overpayment with allow_overpayment=true'),
        );
      }
      const mark = log.mark();
      let res = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth).expect(200);
      if (res.body.state === 'confirm') res = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth).expect(200);
      expect(res.body.state).toBe('complete');
      expect(operations(mark)).toEqual(['authorize:4000']);
      expect(await payments(order)).toEqual(['pending:40.00']);
      expect(await orderRow(order)).toMatchObject({ total: '55.00', payment_total: '0.00', payment_state: 'balance_due' });
    });

    it('six check parts of 33.00 posted at once on a 55.00 order: one is taken, five refused; 33.00 captured, never 198.00', async () => {
      const p = await product('50.00');
      const order = await createOrder(t, [{ variant_id: p.masterVariantId, quantity: 1 }], owner.auth);
      const done = await completeCheckout(t, order);
      expect(done.total).toBe('55.00');
      // The shopper's card payment voided: the order owes its whole total again.
      await act(order, done.payments[0].id, 'void').expect(200);

      const responses = await throughGate(t.databaseUrl, rowLock('orders', 'id = $1', order.id), () => range(6).map(() => check(order, '33.00').then((r) => r)), { capacity: POOL_SIZE });
      expect(responses.map((r) => r.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
      for (const r of responses.filter((r) => r.status === 422)) {
        expect(r.body).toEqual(
          over('exceeds what the order leaves to pay: 22.00 of its total of 55.00 (33.00 is in its open payments); an admin may record an overpayment with allow_overpayment=true'),
        );
      }
      const taken = responses.find((r) => r.status === 201)!.body.id;
      await act(order, taken, 'capture').expect(200);
      expect(await orderRow(order)).toMatchObject({ payment_total: '33.00', payment_state: 'balance_due' });
      // The rest of what it owes is still welcome.
      const rest = await check(order, '22.00').expect(201);
      await act(order, rest.body.id, 'capture').expect(200);
      expect(await payments(order)).toEqual(['void:55.00', 'completed:33.00', 'completed:22.00']);
      expect(await orderRow(order)).toMatchObject({ payment_total: '55.00', payment_state: 'paid' });
    });

    it('a duplicate submit of a split payment’s last part is caught: 422 on amount, nothing charged', async () => {
      const order = await orderAtPayment();
      await card(order, '30.00').expect(201);
      await check(order, '25.00').expect(201);
      // The back-office sends the check part again.
      const again = await check(order, '25.00').expect(422);
      expect(again.body).toEqual(
        over('exceeds what the order leaves to pay: 0.00 of its total of 55.00 (55.00 is in its open payments); an admin may record an overpayment with allow_overpayment=true'),
      );
      expect(await payments(order)).toEqual(['checkout:30.00', 'checkout:25.00']);
    });

    it('99999999.99 on an 85.00 order is refused and never purchased; an admin may record an overpayment explicitly', async () => {
      const p = await product('80.00');
      const order = await createOrder(t, [{ variant_id: p.masterVariantId, quantity: 1 }], owner.auth);
      const done = await completeCheckout(t, order, { pay: 'check' });
      expect(done.total).toBe('85.00');
      await act(order, done.payments[0].id, 'capture').expect(200);

      const mark = log.mark();
      await card(order, '99999999.99').expect(
        422,
        over('exceeds what the order leaves to pay: 0.00 of its total of 85.00 (85.00 is in its open payments); an admin may record an overpayment with allow_overpayment=true'),
      );
      // Not for anyone but an admin: the shopper's flag is not honoured.
      const shopper = await t.http().post(base(order)).set(owner.auth).send({ payment: { payment_method_id: checkMethod, amount: '1.00', allow_overpayment: true } });
      expect(shopper.status).toBe(422);
      expect(operations(mark)).toEqual([]);
      expect(await payments(order)).toEqual(['completed:85.00']);

      // The admin's explicit overpayment (a customer paid 10.00 too much by card): recorded, purchased, the order owes credit.
      const extra = await card(order, '10.00', { allow_overpayment: 'true' }).expect(201);
      await act(order, extra.body.id, 'purchase').expect(200);
      expect(operations(mark)).toEqual(['purchase:1000']);
      expect(await orderRow(order)).toMatchObject({ payment_total: '95.00', payment_state: 'credit_owed' });
    });

    it("a payment's amount changed above what is left is refused the same way", async () => {
      const order = await orderAtPayment();
      const first = await card(order, '30.00').expect(201);
      await check(order, '25.00').expect(201);
      const res = await t.http().put(`${base(order)}/${first.body.id}`).set(admin.auth).send({ payment: { amount: '30.01' } });
      expect(res.body).toEqual(
        over('exceeds what the order leaves to pay: 30.00 of its total of 55.00 (25.00 is in its open payments); an admin may record an overpayment with allow_overpayment=true'),
      );
      await t.http().put(`${base(order)}/${first.body.id}`).set(admin.auth).send({ payment: { amount: '20.00' } }).expect(200);
      await t.http().put(`${base(order)}/${first.body.id}`).set(admin.auth).send({ payment: { amount: '31.00', allow_overpayment: true } }).expect(200);
      expect(await payments(order)).toEqual(['checkout:31.00', 'checkout:25.00']);
    });

    it('completion never authorizes more than the order total: parts made before a coupon lowered it are refused at completion, nothing charged', async () => {
      const order = await orderAtPayment();
      await card(order, '30.00').expect(201);
      await check(order, '25.00').expect(201);
      const promotion = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: 'Ten off', code: `TEN-${order.number}`, discount_type: 'flat_rate', amount: '10' } }).expect(201);
      await t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(owner.auth).send({ coupon_code: promotion.body.code }).expect(200);
      expect(await orderRow(order)).toMatchObject({ total: '45.00' });

      const mark = log.mark();
      let res = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth);
      if (res.status === 200 && res.body.state === 'confirm') res = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 422,
        body: { error: COULD_NOT_TRANSITION, errors: { payments: ["add up to 55.00, more than the order's total of 45.00: change or remove a payment"] } },
      });
      expect(operations(mark)).toEqual([]);
      expect(await payments(order)).toEqual(['checkout:30.00', 'checkout:25.00']);
      expect((await orderRow(order)).state).not.toBe('complete');

      // The back-office lowers its card part: completion authorizes what the order costs.
      const [{ id: cardPart }] = await t.db.query(`SELECT id FROM payments WHERE order_id = $1 AND source_type IS NOT NULL`, [order.id]);
      await t.http().put(`${base(order)}/${cardPart}`).set(admin.auth).send({ payment: { amount: '20.00' } }).expect(200);
      res = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth).expect(200);
      if (res.body.state === 'confirm') res = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth).expect(200);
      expect(res.body.state).toBe('complete');
      expect(operations(mark)).toEqual(['authorize:2000']);
      expect(await orderRow(order)).toMatchObject({ total: '45.00', payment_total: '0.00', payment_state: 'balance_due' });
    });
  });
});
