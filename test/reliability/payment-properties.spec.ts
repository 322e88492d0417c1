import fc from 'fast-check';
import request from 'supertest';
import { closeInstances, listen } from '../support/concurrency';
import { gatewayLog, GatewayLog } from '../support/gateway-log';
import { createOrder, completeCheckout, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/**
 * Property: whatever the back-office does to one order's money, in whatever
 * order, from two clients at once (on two instances of the service sharing
 * the database), the books stay true. fast-check draws sequences of capture,
 * void, credit, purchase, authorize, cancel and payment creation on a placed
 * order of 45.00 paid by card (authorized, captured, or voided so that it owes
 * its total again); the sequence is dealt to two
 * clients that send their halves at the same time. After each sequence:
 *
 * - no request fails with anything but a 422 refusal (never a 5xx);
 * - payment_total is what was captured less what was credited, never below
 *   zero nor above what was captured; a payment is never credited beyond its
 *   amount, and a credited one is never voided;
 * - the gateway never gave back more than it took: its credits plus the
 *   captures it voided never exceed its purchases and captures, and what it
 *   took, gave back and voided is what the order's payments say (nothing
 *   compensated, nothing unrecorded);
 * - the order's open payments exceed its total only when an admin recorded
 *   an overpayment;
 * - the order's payment_state follows its payments (Spree's rules).
 *
 * FAST_CHECK_RUNS and FAST_CHECK_SEED explore more.
 */

const RUNS = Number(process.env.FAST_CHECK_RUNS ?? 40);
const SEED = process.env.FAST_CHECK_SEED === undefined ? 20_241 : Number(process.env.FAST_CHECK_SEED);

type Command =
  | { kind: 'capture' | 'void' | 'purchase' | 'authorize'; payment: number }
  | { kind: 'credit'; payment: number; amount: 'owed' | 'all' | number }
  | { kind: 'cancel' }
  | { kind: 'create'; method: 'card' | 'check'; cents: number; allowOverpayment: boolean };

/** Which payment: even numbers pick among the completed ones (not the credits) when there are some, odd ones among all. */
const paymentIndex = fc.nat({ max: 11 });
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constantFrom('capture' as const, 'void' as const, 'purchase' as const, 'authorize' as const), payment: paymentIndex }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('credit' as const), payment: paymentIndex, amount: fc.oneof(fc.constant('owed' as const), fc.constant('all' as const), fc.integer({ min: 1, max: 4_500 })) }), weight: 5 },
  { arbitrary: fc.constant({ kind: 'cancel' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      method: fc.constantFrom('card' as const, 'check' as const),
      cents: fc.integer({ min: 100, max: 3_000 }),
      // Now and then an admin records an overpayment.
      allowOverpayment: fc.nat({ max: 4 }).map((n) => n === 0),
    }),
    weight: 3,
  },
);

interface PaymentRow {
  id: number;
  amount: string;
  state: string;
  source_type: string | null;
  source_id: number | null;
  method: string;
  captured: boolean;
}

const cents = (amount: string | number) => Math.round(Number(amount) * 100);

describe('property: the books of one order stay true under any sequence of payment actions from two clients', () => {
  let t: TestApp;
  let second: TestApp;
  let log: GatewayLog;
  let admin: TestUser;
  let cardMethod: number;
  let checkMethod: number;

  beforeAll(async () => {
    log = gatewayLog();
    t = await createTestApp(log.env);
    second = await createTestApp(log.env, { databaseUrl: t.databaseUrl });
    await listen(t);
    await listen(second);
    admin = await createAdmin(t.db);
    cardMethod = await paymentMethodId(t.db, 'Credit Card');
    checkMethod = await paymentMethodId(t.db, 'Check');
  });
  afterAll(() => closeInstances(t, second));

  async function paymentsOf(orderId: number): Promise<PaymentRow[]> {
    return t.db.query(
      `SELECT p.id, p.amount, p.state, p.source_type, p.source_id, pm.type AS method,
              EXISTS (SELECT 1 FROM state_changes sc WHERE sc.stateful_type = 'Spree::Payment' AND sc.stateful_id = p.id AND sc.next_state = 'completed') AS captured
         FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id WHERE p.order_id = $1 ORDER BY p.id`,
      [orderId],
    );
  }

  /** Sends one command through `http` (its client's instance); the payment is chosen among the order's payments as they are then. */
  async function send(http: () => ReturnType<typeof request>, number: string, orderId: number, c: Command): Promise<{ status: number; body: any; overpaid: boolean }> {
    const base = `/api/orders/${number}/payments`;
    if (c.kind === 'cancel') {
      const res = await http().put(`/api/orders/${number}/cancel`).set(admin.auth);
      return { status: res.status, body: res.body, overpaid: false };
    }
    if (c.kind === 'create') {
      const payment =
        c.method === 'card'
          ? { payment_method_id: cardMethod, amount: (c.cents / 100).toFixed(2), source_attributes: VISA }
          : { payment_method_id: checkMethod, amount: (c.cents / 100).toFixed(2) };
      const res = await http()
        .post(base)
        .set(admin.auth)
        .send({ payment: { ...payment, ...(c.allowOverpayment ? { allow_overpayment: true } : {}) } });
      return { status: res.status, body: res.body, overpaid: c.allowOverpayment && res.status === 201 };
    }
    const rows = await paymentsOf(orderId);
    const completed = rows.filter((p) => p.state === 'completed' && p.source_type !== 'Spree::Payment');
    const pool = c.payment % 2 === 0 && completed.length > 0 ? completed : rows;
    const target = pool[Math.floor(c.payment / 2) % pool.length];
    let body: Record<string, unknown> = {};
    if (c.kind === 'credit' && c.amount === 'all') body = { amount: target.amount.replace('-', '') };
    else if (c.kind === 'credit' && typeof c.amount === 'number') body = { amount: (c.amount / 100).toFixed(2) };
    const res = await http().put(`${base}/${target.id}/${c.kind}`).set(admin.auth).send(body);
    return { status: res.status, body: res.body, overpaid: false };
  }

  /** Spree's `update_payment_state`, as docs/back-office.md states it, for a placed order. */
  function expectedPaymentState(orderState: string, total: number, paymentTotal: number, states: string[]): string {
    const canceled = orderState === 'canceled';
    if (states.length > 0 && states.every((s) => s === 'failed' || s === 'invalid')) return 'failed';
    if (states.length === 0 && canceled) return 'void';
    if (canceled && paymentTotal === 0 && states.some((s) => s === 'completed' || s === 'void')) return 'void';
    const outstanding = canceled && states.includes('completed') ? -paymentTotal : total - paymentTotal;
    return outstanding === 0 ? 'paid' : outstanding > 0 ? 'balance_due' : 'credit_owed';
  }

  it('payment_total = captured − credited, within [0, captured]; the gateway never refunds more than it took; payment_state follows', async () => {
    const product = await stockedProduct(t.db, { price: '40.00', count: 10_000 });
    const clients = [() => request(t.app.getHttpServer()), () => request(second.app.getHttpServer())];
    let runs = 0;
    const statuses: Record<string, number> = {};

    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('authorized' as const, 'captured' as const, 'voided' as const),
        fc.array(command, { minLength: 2, maxLength: 12 }),
        fc.array(fc.nat({ max: 1 }), { minLength: 12, maxLength: 12 }),
        async (start, commands, deal) => {
          runs++;
          const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
          const done = await completeCheckout(t, order);
          expect(done).toMatchObject({ total: '45.00', payment_state: 'balance_due' });
          const first = `/api/orders/${order.number}/payments/${done.payments[0].id}`;
          const mark = log.mark();
          if (start === 'captured') await t.http().put(`${first}/capture`).set(admin.auth).expect(200);
          if (start === 'voided') await t.http().put(`${first}/void`).set(admin.auth).expect(200);

          // Each command goes to one of the two clients; each client sends its own in order, both at once.
          const halves: Command[][] = [[], []];
          commands.forEach((c, i) => halves[deal[i]].push(c));
          const answers = (
            await Promise.all(
              halves.map(async (half, k) => {
                const out = [];
                for (const c of half) out.push({ c, ...(await send(clients[k], order.number, order.id, c)) });
                return out;
              }),
            )
          ).flat();

          for (const a of answers) {
            statuses[`${a.c.kind} ${a.status}`] = (statuses[`${a.c.kind} ${a.status}`] ?? 0) + 1;
            // Only successes and refusals: a refusal is the contract's body.
            expect({ command: a.c, status: [200, 201, 422].includes(a.status) ? 'ok' : a.status, body: a.status >= 400 ? typeof a.body.error : 'string' }).toEqual({
              command: a.c,
              status: 'ok',
              body: 'string',
            });
          }
          const overpaymentRecorded = answers.some((a) => a.overpaid);

          const [o] = await t.db.query(`SELECT state, total, payment_total, payment_state FROM orders WHERE id = $1`, [order.id]);
          const rows = await paymentsOf(order.id);
          const credits = rows.filter((p) => p.source_type === 'Spree::Payment');
          const payments = rows.filter((p) => p.source_type !== 'Spree::Payment');
          const creditedOf = (p: PaymentRow) => credits.filter((c) => c.source_id === p.id && c.state === 'completed').reduce((sum, c) => sum - cents(c.amount), 0);

          // Each payment: never credited beyond its amount; a credited one is still completed (never voided after).
          for (const p of payments) {
            const credited = creditedOf(p);
            expect({ payment: p.id, credited: credited <= cents(p.amount), voidedAfterCredit: credited > 0 && p.state !== 'completed' }).toEqual({
              payment: p.id,
              credited: true,
              voidedAfterCredit: false,
            });
          }
          // The credits are completed refunds: no credit is ever voided.
          expect(credits.map((c) => c.state).filter((s) => s !== 'completed')).toEqual([]);

          // payment_total = captured (completed payments) − credited, within [0, captured].
          const captured = payments.filter((p) => p.state === 'completed').reduce((sum, p) => sum + cents(p.amount), 0);
          const credited = payments.reduce((sum, p) => sum + creditedOf(p), 0);
          const paymentTotal = cents(o.payment_total);
          expect({ paymentTotal, inRange: paymentTotal >= 0 && paymentTotal <= captured }).toEqual({ paymentTotal: captured - credited, inRange: true });

          // The gateway (card payments): what it took and gave back is what the payments say, and it never gave back more than it took.
          const ops = log.since(mark).filter((op) => op.success);
          const sum = (kinds: string[]) => ops.filter((op) => kinds.includes(op.operation)).reduce((s, op) => s + (op.amountCents ?? 0), 0);
          const cards = payments.filter((p) => p.method === 'Spree::Gateway::Bogus');
          const cardCaptured = cards.filter((p) => p.captured).reduce((s, p) => s + cents(p.amount), 0);
          const cardVoidedAfterCapture = cards.filter((p) => p.captured && p.state === 'void').reduce((s, p) => s + cents(p.amount), 0);
          const cardCredited = cards.reduce((s, p) => s + creditedOf(p), 0);
          const voids = ops.filter((op) => op.operation === 'void').length;
          expect({ taken: sum(['purchase', 'capture']), refunded: sum(['credit']), voids }).toEqual({
            taken: cardCaptured,
            refunded: cardCredited,
            voids: cards.filter((p) => p.state === 'void').length,
          });
          expect(sum(['credit']) + cardVoidedAfterCapture).toBeLessThanOrEqual(sum(['purchase', 'capture']));
          expect(await t.db.query(`SELECT state FROM gateway_operations WHERE order_id = $1 AND state NOT IN ('settled', 'declined')`, [order.id])).toEqual([]);

          // Open payments (credits among them) within the total, unless an admin recorded an overpayment.
          const open = rows.filter((p) => ['checkout', 'processing', 'pending', 'completed'].includes(p.state)).reduce((s, p) => s + cents(p.amount), 0);
          if (!overpaymentRecorded) expect({ open, total: cents(o.total), within: open <= cents(o.total) }).toMatchObject({ within: true });

          // payment_state follows.
          expect(o.payment_state).toBe(expectedPaymentState(o.state, cents(o.total), paymentTotal, rows.map((p) => p.state)));
        },
      ),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    if (process.env.FAST_CHECK_VERBOSE) console.log(`payment properties: ${runs} sequences`, statuses);
    // The runs exercised refusals and successes of the money-moving actions alike.
    expect(Object.keys(statuses).filter((k) => k.endsWith(' 200') || k.endsWith(' 201')).length).toBeGreaterThan(3);
    expect(Object.keys(statuses).filter((k) => k.endsWith(' 422')).length).toBeGreaterThan(3);
  }, 300_000);
});
