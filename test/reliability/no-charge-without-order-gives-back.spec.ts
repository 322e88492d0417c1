import { GatewayOperations } from '../../src/payments/payment/gateway-operations.service';
import { BogusGateway } from '../../src/payments/payment/gateways/bogus.gateway';
import type { OperationStatus, PaymentProvider, StatusRequest } from '../../src/payments/payment/gateways/payment-provider';
import { injectCommitFailures } from '../support/commit-failures';
import { gatewayLog, GatewayLog } from '../support/gateway-log';
import { placedOrder } from '../support/orders';
import { createAdmin, TestUser } from '../support/users';
import { createTestApp, TestApp } from '../support/test-app';
import { cents } from '../support/database';

// Every gateway call that moves money is journaled, voids and credits too
// (docs/reliability.md, "No charge without an order"). A void or a credit
// cannot be undone: when its request does not commit (the failure injected at
// COMMIT, test/support/commit-failures.ts), the journal keeps it `unbooked`
// (the money went back, the books do not show it) and the next void or credit
// of the payment books it instead of asking the gateway again, so a retried
// refund never refunds twice. The gateway's own record is the bogus gateway's
// log (BOGUS_GATEWAY_LOG).

describe('voids and credits go through the gateway journal', () => {
  let t: TestApp;
  let admin: TestUser;
  let log: GatewayLog;

  beforeAll(async () => {
    log = gatewayLog();
    t = await createTestApp(log.env);
    admin = await createAdmin(t.db);
    await injectCommitFailures(t);
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  type Row = { operation: string; cents: number; state: string; authorization: string | null; compensation: string | null };
  const journal = async (orderId: number): Promise<Row[]> =>
    t.db.query(`SELECT operation, amount_cents::int AS cents, state, "authorization", compensation FROM gateway_operations WHERE order_id = $1 ORDER BY id`, [orderId]);
  const states = async (orderId: number) => (await journal(orderId)).map((r) => `${r.operation}:${r.state}`);
  const asked = (mark: number) => log.since(mark).map((o) => `${o.operation}${o.amountCents === null ? '' : `:${o.amountCents}`}`);
  const failAtCommit = (orderId: number) => t.db.query(`INSERT INTO test_commit_failures (order_id) VALUES ($1)`, [orderId]);
  const stopFailing = (orderId: number) => t.db.query(`DELETE FROM test_commit_failures WHERE order_id = $1`, [orderId]);
  const payments = async (orderId: number) =>
    cents(await t.db.query(`SELECT amount, state FROM payments WHERE order_id = $1 ORDER BY id`, [orderId])).map((p: { amount: string; state: string }) => `${p.state}:${p.amount}`);
  const orderRow = async (orderId: number) => cents(await t.db.query(`SELECT state, payment_total, payment_state FROM orders WHERE id = $1`, [orderId]))[0];
  const act = (order: { number: string }, paymentId: number, action: string, body: Record<string, unknown> = {}) =>
    t.http().put(`/api/orders/${order.number}/payments/${paymentId}/${action}`).set(admin.auth).send(body);
  /** Makes a journal row look as old as the reconciler's grace period, as a dead process leaves it. */
  const age = (orderId: number) => t.db.query(`UPDATE gateway_operations SET updated_at = now() - interval '1 hour' WHERE order_id = $1`, [orderId]);
  const reconcile = () => t.app.get(GatewayOperations).reconcile();

  /** A placed order of 25.00 (20.00 + 5.00 shipping) paid by the bogus card: authorized (pending), or captured by the admin. */
  const placed = (captured: boolean) => placedOrder(t, { price: '20.00', onHand: 5, capturedBy: captured ? admin.auth : undefined });

  it('a void and a credit that commit are journaled and settled, with the method and currency they were asked with', async () => {
    const voided = await placed(false);
    await act(voided, voided.paymentId, 'void').expect(200);
    expect(await journal(voided.id)).toEqual([
      { operation: 'authorize', cents: 2500, state: 'settled', authorization: '12345', compensation: null },
      { operation: 'void', cents: 2500, state: 'settled', authorization: '12345', compensation: null },
    ]);

    const credited = await placed(true);
    await act(credited, credited.paymentId, 'credit', { amount: '7.50' }).expect(200);
    expect(await states(credited.id)).toEqual(['authorize:settled', 'capture:settled', 'credit:settled']);
    const [credit] = await t.db.query(
      `SELECT g.amount_cents::int AS cents, g.currency, g.payment_method_id = p.payment_method_id AS same_method
         FROM gateway_operations g JOIN payments p ON p.id = g.payment_id WHERE g.order_id = $1 AND g.operation = 'credit'`,
      [credited.id],
    );
    expect(credit).toEqual({ cents: 750, currency: 'USD', same_method: true });
  });

  it('a void whose commit fails is kept unbooked; the retry books it without voiding again', async () => {
    const order = await placed(false);
    await failAtCommit(order.id);
    const mark = log.mark();

    const res = await act(order, order.paymentId, 'void');
    expect(res.status).toBeGreaterThanOrEqual(500);
    // The gateway voided; the books still show the authorization, and the journal says so.
    expect(asked(mark)).toEqual(['void']);
    expect(await journal(order.id)).toEqual([
      { operation: 'authorize', cents: 2500, state: 'settled', authorization: '12345', compensation: null },
      { operation: 'void', cents: 2500, state: 'unbooked', authorization: '12345', compensation: null },
    ]);
    expect(await payments(order.id)).toEqual(['pending:25.00']);

    // The reconciler leaves it for the retry or a person: nothing to undo.
    await age(order.id);
    expect(await reconcile()).toEqual({ compensated: 0, unbooked: 0, unknown: 0 });
    expect(asked(mark)).toEqual(['void']);

    await stopFailing(order.id);
    const retry = await act(order, order.paymentId, 'void').expect(200);
    expect(retry.body).toMatchObject({ state: 'void', response_code: '12345' });
    expect(asked(mark)).toEqual(['void']);
    expect(await states(order.id)).toEqual(['authorize:settled', 'void:settled']);
    expect(await payments(order.id)).toEqual(['void:25.00']);
  });

  it('a credit whose commit fails is kept unbooked; a retry of another amount is refused, the same amount books it without refunding twice', async () => {
    const order = await placed(true);
    await failAtCommit(order.id);
    const mark = log.mark();

    const res = await act(order, order.paymentId, 'credit', { amount: '10.00' });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(asked(mark)).toEqual(['credit:1000']);
    expect(await states(order.id)).toEqual(['authorize:settled', 'capture:settled', 'credit:unbooked']);
    // The money went back; the books do not show it yet.
    expect(await payments(order.id)).toEqual(['completed:25.00']);
    expect(await orderRow(order.id)).toMatchObject({ payment_total: '25.00', payment_state: 'paid' });

    await stopFailing(order.id);
    const other = await act(order, order.paymentId, 'credit', { amount: '5.00' }).expect(422);
    expect(other.body).toEqual({
      error: 'A credit of 10.00 was given back at the payment gateway but is not in the books yet: credit 10.00 to book it (it is not sent again)',
      errors: { amount: ['must be 10.00: the credit given back at the gateway and not yet booked'] },
    });
    expect(asked(mark)).toEqual(['credit:1000']);

    await act(order, order.paymentId, 'credit', { amount: '10.00' }).expect(200);
    expect(asked(mark)).toEqual(['credit:1000']);
    expect(await states(order.id)).toEqual(['authorize:settled', 'capture:settled', 'credit:settled']);
    expect(await payments(order.id)).toEqual(['completed:25.00', 'completed:-10.00']);
    expect(await orderRow(order.id)).toMatchObject({ payment_total: '15.00', payment_state: 'balance_due' });

    // A further credit is a new one, asked of the gateway.
    await act(order, order.paymentId, 'credit', { amount: '1.00' }).expect(200);
    expect(asked(mark)).toEqual(['credit:1000', 'credit:100']);
  });

  it('canceling an order: the credit of its captured payment, made before a failed commit, is booked by the retried cancel', async () => {
    const order = await placed(true);
    await failAtCommit(order.id);
    const mark = log.mark();
    const res = await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth);
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(asked(mark)).toEqual(['credit:2500']);
    expect(await orderRow(order.id)).toMatchObject({ state: 'complete', payment_total: '25.00' });

    await stopFailing(order.id);
    await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
    expect(asked(mark)).toEqual(['credit:2500']);
    expect(await states(order.id)).toEqual(['authorize:settled', 'capture:settled', 'credit:settled']);
    expect(await orderRow(order.id)).toMatchObject({ state: 'canceled', payment_total: '0.00' });
  });

  it('a void or credit a dead process left answered is marked unbooked by the reconciler, never undone', async () => {
    const order = await placed(true);
    // As a process killed between the gateway's answer and its commit leaves them.
    await t.db.query(
      `INSERT INTO gateway_operations (payment_id, order_id, gateway, operation, amount_cents, state, "authorization", payment_method_id, currency, updated_at)
       SELECT p.id, p.order_id, 'Spree::Gateway::Bogus', op, 2500, 'answered', '12345', p.payment_method_id, 'USD', now() - interval '1 hour'
         FROM payments p, unnest(ARRAY['void', 'credit']) op WHERE p.order_id = $1`,
      [order.id],
    );
    const mark = log.mark();
    expect(await reconcile()).toEqual({ compensated: 0, unbooked: 2, unknown: 0 });
    expect(asked(mark)).toEqual([]);
    expect(await states(order.id)).toEqual(['authorize:settled', 'capture:settled', 'void:unbooked', 'credit:unbooked']);
  });

  describe('a provider call that fails mid-way (it throws: no answer)', () => {
    /** Gives the bogus gateway a `status` (what a real provider's lookup answers) for the test's length. */
    function withStatus(answer: (request: StatusRequest) => OperationStatus): jest.Mock {
      const status = jest.fn(async (request: StatusRequest) => answer(request));
      (BogusGateway.prototype as PaymentProvider).status = status;
      return status;
    }
    afterEach(() => delete (BogusGateway.prototype as PaymentProvider).status);

    it('a credit: 500, nothing booked, the row left pending with the failure; without a status lookup the reconciler leaves it to a person', async () => {
      const order = await placed(true);
      jest.spyOn(BogusGateway.prototype, 'credit').mockRejectedValueOnce(new Error('socket hang up'));
      const res = await act(order, order.paymentId, 'credit', { amount: '4.00' });
      expect(res.status).toBe(500);
      expect(await payments(order.id)).toEqual(['completed:25.00']);
      const [row] = await t.db.query(`SELECT state, last_error FROM gateway_operations WHERE order_id = $1 AND operation = 'credit'`, [order.id]);
      expect(row).toEqual({ state: 'pending', last_error: 'the gateway failed: socket hang up' });

      await age(order.id);
      expect(await reconcile()).toEqual({ compensated: 0, unbooked: 0, unknown: 1 });
      expect(await states(order.id)).toEqual(['authorize:settled', 'capture:settled', 'credit:unknown']);
    });

    it('a credit the provider says it made is unbooked, and the retry books it without asking again', async () => {
      const order = await placed(true);
      jest.spyOn(BogusGateway.prototype, 'credit').mockRejectedValueOnce(new Error('socket hang up'));
      await act(order, order.paymentId, 'credit', { amount: '4.00' }).expect(500);
      const [{ id }] = await t.db.query(`SELECT id FROM gateway_operations WHERE order_id = $1 AND operation = 'credit'`, [order.id]);
      const status = withStatus(() => ({ outcome: 'done', authorization: 're_1' }));

      await age(order.id);
      expect(await reconcile()).toEqual({ compensated: 0, unbooked: 1, unknown: 0 });
      // Asked by the key the lost call was sent with.
      expect(status).toHaveBeenCalledWith(expect.objectContaining({ operation: 'credit', idempotencyKey: `gateway-operation-${id}`, authorization: null }));
      expect(await journal(order.id)).toContainEqual({ operation: 'credit', cents: 400, state: 'unbooked', authorization: 're_1', compensation: null });

      const mark = log.mark();
      await act(order, order.paymentId, 'credit', { amount: '4.00' }).expect(200);
      // The credit booked with the reference the provider gave.
      expect(cents(await t.db.query(`SELECT amount, response_code FROM payments WHERE order_id = $1 AND amount < 0`, [order.id]))).toEqual([{ amount: '-4.00', response_code: 're_1' }]);
      expect(asked(mark)).toEqual([]);
      expect(await states(order.id)).toEqual(['authorize:settled', 'capture:settled', 'credit:settled']);
    });

    it('a capture the provider says it made is credited back; one it says never happened is declined', async () => {
      const taken = await placed(false);
      const lost = await placed(false);
      jest.spyOn(BogusGateway.prototype, 'capture').mockRejectedValueOnce(new Error('ETIMEDOUT')).mockRejectedValueOnce(new Error('ETIMEDOUT'));
      await act(taken, taken.paymentId, 'capture').expect(500);
      await act(lost, lost.paymentId, 'capture').expect(500);
      const [{ key: takenKey }] = await t.db.query(`SELECT 'gateway-operation-' || id AS key FROM gateway_operations WHERE order_id = $1 AND operation = 'capture'`, [taken.id]);
      withStatus((request) => (request.idempotencyKey === takenKey ? { outcome: 'done', authorization: '12345' } : { outcome: 'not_done', authorization: null }));

      await age(taken.id);
      await age(lost.id);
      const mark = log.mark();
      expect(await reconcile()).toEqual({ compensated: 1, unbooked: 0, unknown: 0 });
      expect(asked(mark)).toEqual(['credit:2500']);
      expect(await journal(taken.id)).toContainEqual({ operation: 'capture', cents: 2500, state: 'compensated', authorization: '12345', compensation: 'credit' });
      expect(await states(lost.id)).toEqual(['authorize:settled', 'capture:declined']);
      // The books never showed either capture.
      expect(await payments(taken.id)).toEqual(['pending:25.00']);
      expect(await payments(lost.id)).toEqual(['pending:25.00']);
    });
  });
});
