import { GatewayOperations } from '../../src/payments/payment/gateway-operations.service';
import { AbandonedPaymentsSweeper } from '../../src/order-actions/checkout/abandoned-payments.sweeper';
import { CreatedOrder } from '../support/orders';
import { createStripeMethod, stripeOrderAtConfirm } from '../support/stripe/stripe-method';
import { StripeTestServer } from '../support/stripe/stripe-test-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/**
 * What is left behind at Stripe when the service cannot finish (issue 28): an authorization whose answer never
 * reached the books (the process died, or the answer was lost, before the commit) is found by the reconciler's
 * `status` lookup and voided at the next start; a 3-D Secure attempt the shopper abandoned is canceled after
 * PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS and its payment failed. Through HTTP into PostgreSQL, the real SDK
 * against the Stripe test server.
 */
describe('Stripe: the reconciler and abandoned 3-D Secure', () => {
  let server: StripeTestServer;
  let t: TestApp;
  let admin: TestUser;
  let stripeMethod: number;

  const intentOf = (id: string) => server.account.paymentIntents.get(id) as Record<string, any>;
  const intentsOfOrder = (orderId: number) => [...server.account.paymentIntents.values()].filter((i: any) => i.metadata?.order_id === String(orderId)) as Record<string, any>[];
  const countOnHand = async (variantId: number) => Number((await t.db.query(`SELECT sum(count_on_hand) AS n FROM stock_items WHERE variant_id = $1`, [variantId]))[0].n);
  const complete = (order: CreatedOrder) => t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
  const journalOf = async (orderId: number) => t.db.query(`SELECT id, operation, state, compensation, "authorization" FROM gateway_operations WHERE order_id = $1 ORDER BY id`, [orderId]);

  const atConfirm = (pm: string) => stripeOrderAtConfirm(t, stripeMethod, pm);

  /** Waits (without a deadline of its own: Jest's timeout ends it) until `check` holds. */
  async function until(check: () => Promise<boolean>): Promise<void> {
    while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
  }

  beforeAll(async () => {
    server = await StripeTestServer.start();
    t = await createTestApp({ STRIPE_API_BASE: server.url });
    admin = await createAdmin(t.db);
    stripeMethod = await createStripeMethod(t, admin, server, { name: 'Stripe recovery', publishableKey: 'pk_test_rec', signingSecret: 'whsec_rec' });
  });
  afterAll(async () => {
    await t.close();
    expect(server.auditProblems).toEqual([]);
    await server.stop();
  });

  it('Stripe authorized but the answer never reached the books: the order is not completed, and the next start voids the authorization', async () => {
    const { order, variantId } = await atConfirm('pm_card_visa');
    const before = await countOnHand(variantId);
    // Stripe makes the PaymentIntent, then the connection drops before its answer, twice (the SDK's retry too): the
    // service cannot know what happened, as if it had died during the call.
    server.failNext('POST /v1/payment_intents', 'drop-after', 2);
    const lost = await complete(order);
    expect(lost.status).toBe(503);
    expect(lost.body).toEqual({ error: expect.stringMatching(/did not answer/) });
    const [intent] = intentsOfOrder(order.id);
    expect(intent).toMatchObject({ status: 'requires_capture', amount_capturable: 2499 });
    const [row] = await journalOf(order.id);
    expect(row).toMatchObject({ operation: 'authorize', state: 'pending', authorization: null });
    expect(intent.metadata.gateway_operation).toBe(`gateway-operation-${row.id}`);
    expect((await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body.state).toBe('confirm');
    expect(await countOnHand(variantId)).toBe(before);

    // The grace period passes; a process starts (a second instance on the same database) and reconciles at start.
    await t.db.query(`UPDATE gateway_operations SET updated_at = now() - interval '10 minutes' WHERE id = $1`, [row.id]);
    const next = await createTestApp({ STRIPE_API_BASE: server.url }, { databaseUrl: t.databaseUrl });
    try {
      await until(async () => (await journalOf(order.id))[0].state === 'compensated');
    } finally {
      await next.close();
    }
    expect((await journalOf(order.id))[0]).toMatchObject({ state: 'compensated', compensation: 'void', authorization: intent.id });
    expect(intentOf(intent.id)).toMatchObject({ status: 'canceled', amount_received: 0 });

    // The shopper completes again: a new authorization, the order completes once.
    const completed = await complete(order).expect(200);
    expect(completed.body.state).toBe('complete');
    expect(intentsOfOrder(order.id).map((i) => i.status).sort()).toEqual(['canceled', 'requires_capture']);
    expect(await countOnHand(variantId)).toBe(before - 1);
  });

  it('the status lookup: nothing made at Stripe is declined; an attempt waiting for 3-D Secure is voided', async () => {
    const operations = t.app.get(GatewayOperations);
    // Nothing reached Stripe.
    const first = await atConfirm('pm_card_visa');
    server.failNext('POST /v1/payment_intents', 'drop-before', 2);
    expect((await complete(first.order)).status).toBe(503);
    expect(intentsOfOrder(first.order.id)).toEqual([]);
    // Stripe asked for 3-D Secure, the answer lost.
    const second = await atConfirm('pm_card_authenticationRequired');
    server.failNext('POST /v1/payment_intents', 'drop-after', 2);
    expect((await complete(second.order)).status).toBe(503);
    const [waiting] = intentsOfOrder(second.order.id);
    expect(waiting.status).toBe('requires_action');

    await t.db.query(`UPDATE gateway_operations SET updated_at = now() - interval '10 minutes' WHERE order_id = ANY($1) AND state = 'pending'`, [[first.order.id, second.order.id]]);
    await operations.reconcile();
    expect((await journalOf(first.order.id))[0]).toMatchObject({ state: 'declined' });
    expect((await journalOf(second.order.id))[0]).toMatchObject({ state: 'compensated', compensation: 'void', authorization: waiting.id });
    expect(intentOf(waiting.id).status).toBe('canceled');
  });

  it('abandoned 3-D Secure: a payment waiting longer than the timeout is failed and its attempt canceled; no charge, no stock held', async () => {
    const sweeper = t.app.get(AbandonedPaymentsSweeper);
    const { order, variantId } = await atConfirm('pm_card_authenticationRequired');
    const before = await countOnHand(variantId);
    const waiting = await complete(order).expect(202);
    const paymentId: number = waiting.body.payments[0].id;
    const intentId: string = waiting.body.payments[0].response_code;

    // Not yet old enough: left alone.
    expect(await sweeper.sweep()).toBe(0);
    expect(intentOf(intentId).status).toBe('requires_action');

    // Past PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS (an hour by default).
    await t.db.query(`UPDATE payments SET updated_at = now() - interval '2 hours' WHERE id = $1`, [paymentId]);
    expect(await sweeper.sweep()).toBe(1);
    expect(intentOf(intentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    const shown = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
    expect(shown.state).toBe('payment');
    expect(shown.payments[0]).toMatchObject({ id: paymentId, state: 'failed' });
    expect(await countOnHand(variantId)).toBe(before);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'payment.failed' AND (data->>'id')::int = $1`, [paymentId]);
    expect(n).toBe(1);
    // Once: a second sweep finds nothing.
    expect(await sweeper.sweep()).toBe(0);

    // A shopper who authenticates too late cannot be charged: the intent is canceled.
    expect(() => server.authenticate(intentId, 'succeeded')).toThrow();
  });
});
