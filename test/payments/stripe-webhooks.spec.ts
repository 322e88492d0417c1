import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { CreatedOrder } from '../support/orders';
import { createStripeMethod, stripeOrderAtConfirm, tokenizedCard } from '../support/stripe/stripe-method';
import { StripeTestServer } from '../support/stripe/stripe-test-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * Stripe's webhooks (issue 28) at POST /api/payment_methods/:id/webhooks: the test server signs its events with the
 * SDK's test-header helper and sends them to the service listening on loopback (manual delivery: each test says
 * which event arrives when, and may send one again or forged). Every event it writes is checked against Stripe's
 * OpenAPI fixture (stop() fails otherwise). Through HTTP into PostgreSQL, the real `stripe` SDK on both sides.
 */
describe('Stripe webhooks', () => {
  let server: StripeTestServer;
  let t: TestApp;
  let admin: TestUser;
  let stripeMethod: number;
  const SIGNING_SECRET = 'whsec_webhooks_spec';

  const tokenized = (pm: string) => tokenizedCard(pm);
  const intentOf = (id: string) => server.account.paymentIntents.get(id) as Record<string, any>;
  const countOnHand = async (variantId: number) => Number((await t.db.query(`SELECT sum(count_on_hand) AS n FROM stock_items WHERE variant_id = $1`, [variantId]))[0].n);
  const completions = async (orderId: number) =>
    (await t.db.query(`SELECT count(*)::int AS n FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1 AND next_state = 'complete'`, [orderId]))[0].n;
  const complete = (order: CreatedOrder) => t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
  const show = async (order: CreatedOrder) => (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
  /** The id of the latest event of `type` about the intent `intentId` (its own, or its charge's or dispute's). */
  const eventOf = (type: string, intentId: string): string => {
    const found = [...server.events].reverse().find((e: any) => e.type === type && (e.data.object.id === intentId || e.data.object.payment_intent === intentId));
    if (!found) throw new Error(`no ${type} event for ${intentId}`);
    return found.id as string;
  };
  const recorded = async (eventId: string) => t.db.query(`SELECT event_type, payment_id, outcome FROM payment_provider_events WHERE event_id = $1`, [eventId]);
  const outboxOf = async (type: string, paymentId: number) => t.db.query(`SELECT type, data FROM events WHERE type = $1 AND (data->>'id')::int = $2`, [type, paymentId]);

  const atConfirm = (pm: string, method = stripeMethod) => stripeOrderAtConfirm(t, method, pm);

  /** 3-D Secure asked at completion (202), then the shopper authenticates at Stripe: the intent holds the money. */
  async function authenticated(): Promise<{ order: CreatedOrder; variantId: number; intentId: string; paymentId: number; before: number }> {
    const { order, variantId } = await atConfirm('pm_card_authenticationRequired');
    const before = await countOnHand(variantId);
    const waiting = await complete(order).expect(202);
    const intentId: string = waiting.body.payments[0].response_code;
    server.authenticate(intentId, 'succeeded');
    expect(intentOf(intentId).status).toBe('requires_capture');
    return { order, variantId, intentId, paymentId: waiting.body.payments[0].id, before };
  }

  beforeAll(async () => {
    server = await StripeTestServer.start();
    t = await createTestApp({ STRIPE_API_BASE: server.url });
    await t.app.listen(0, '127.0.0.1');
    admin = await createAdmin(t.db);
    stripeMethod = await createStripeMethod(t, admin, server, { name: 'Stripe hooks', publishableKey: 'pk_test_hooks', signingSecret: SIGNING_SECRET });
    const { port } = t.app.getHttpServer().address() as AddressInfo;
    server.setWebhook({ url: `http://127.0.0.1:${port}/api/payment_methods/${stripeMethod}/webhooks`, secret: SIGNING_SECRET, delivery: 'manual' });
  });
  afterAll(async () => {
    await t.close();
    expect(server.auditProblems).toEqual([]);
    await server.stop();
  });

  it('a forged, tampered, stale or missing signature is a 400 with the error body, and nothing changes', async () => {
    const { order, variantId, intentId, before } = await authenticated();
    const eventId = eventOf('payment_intent.amount_capturable_updated', intentId);
    for (const forgery of ['wrong-secret', 'tampered-body', 'stale-timestamp', 'missing'] as const) {
      const delivery = await server.deliver(eventId, forgery);
      expect({ forgery, status: delivery.status }).toEqual({ forgery, status: 400 });
    }
    // The body as the service answers it.
    const raw = JSON.stringify(server.events.find((e: any) => e.id === eventId));
    const refused = await t.http().post(`/api/payment_methods/${stripeMethod}/webhooks`).set('content-type', 'application/json').set('stripe-signature', 't=1,v1=00').send(raw).expect(400);
    expect(refused.body).toEqual({ error: expect.stringMatching(/Stripe-Signature does not hold/) });
    expect(Object.keys(refused.body)).toEqual(['error']);
    expect(refused.body.error).not.toContain('\n');
    const unsigned = await t.http().post(`/api/payment_methods/${stripeMethod}/webhooks`).set('content-type', 'application/json').send(raw).expect(400);
    expect(unsigned.body).toEqual({ error: 'The request has no Stripe-Signature header' });
    expect(await recorded(eventId)).toEqual([]);
    const shown = await show(order);
    expect(shown.state).toBe('confirm');
    expect(shown.payments[0].state).toBe('processing');
    expect(await countOnHand(variantId)).toBe(before);

    // The genuine delivery then completes it.
    expect((await server.deliver(eventId)).status).toBe(200);
    expect((await show(order)).state).toBe('complete');
  });

  it('instead of the storefront: the webhook completes the order once; a replay answers 200 and does nothing; the storefront then finds it complete', async () => {
    const { order, variantId, intentId, paymentId, before } = await authenticated();
    const eventId = eventOf('payment_intent.amount_capturable_updated', intentId);
    const res = await t
      .http()
      .post(`/api/payment_methods/${stripeMethod}/webhooks`)
      .set('content-type', 'application/json')
      .set('stripe-signature', signed(eventId).signature)
      .send(signed(eventId).payload)
      .expect(200);
    expect(res.body.events).toEqual([{ id: eventId, type: 'payment_intent.amount_capturable_updated', replayed: false, outcome: `order ${order.number} completed` }]);
    const shown = await show(order);
    expect(shown).toMatchObject({ state: 'complete', payment_state: 'balance_due' });
    expect(shown.payments).toHaveLength(1);
    expect(shown.payments[0]).toMatchObject({ id: paymentId, state: 'pending', response_code: intentId });
    expect(await countOnHand(variantId)).toBe(before - 1);
    expect(await completions(order.id)).toBe(1);
    expect(await recorded(eventId)).toEqual([{ event_type: 'payment_intent.amount_capturable_updated', payment_id: paymentId, outcome: `order ${order.number} completed` }]);
    expect(await outboxOf('order.completed', order.id)).toHaveLength(1);

    // Stripe sends it again (a retry): nothing more.
    const replay = await server.deliver(eventId);
    expect(replay.status).toBe(200);
    // The shopper comes back after all: the order as it is.
    const late = await complete(order).expect(200);
    expect(late.body.state).toBe('complete');
    expect(await countOnHand(variantId)).toBe(before - 1);
    expect(await completions(order.id)).toBe(1);
    expect(await recorded(eventId)).toHaveLength(1);

    // Captured once, later, as any authorization.
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);
    expect(intentOf(intentId).status).toBe('succeeded');
    expect(server.executed('POST /v1/payment_intents/{intent}/capture').filter((c) => c.path.includes(intentId))).toHaveLength(1);
    // payment_intent.succeeded of our own capture: the payment is completed already, nothing to do.
    const succeeded = eventOf('payment_intent.succeeded', intentId);
    expect((await server.deliver(succeeded)).status).toBe(200);
    expect((await recorded(succeeded))[0].outcome).toMatch(/the payment is completed: nothing to do/);
  });

  it('after the storefront: the storefront completes first, the webhook then does nothing', async () => {
    const { order, variantId, intentId, before } = await authenticated();
    expect((await complete(order).expect(200)).body.state).toBe('complete');
    const eventId = eventOf('payment_intent.amount_capturable_updated', intentId);
    expect((await server.deliver(eventId)).status).toBe(200);
    expect((await recorded(eventId))[0].outcome).toMatch(/the payment is pending: nothing to do/);
    expect(await countOnHand(variantId)).toBe(before - 1);
    expect(await completions(order.id)).toBe(1);
  });

  it('racing: the storefront and the webhook at once complete the order once, take the stock once, authorize once', async () => {
    const waitingForLocks = async () =>
      (await t.db.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0].n as number;
    for (let round = 0; round < 4; round++) {
      const { order, variantId, intentId, paymentId, before } = await authenticated();
      const eventId = eventOf('payment_intent.amount_capturable_updated', intentId);
      let storefrontCall: Promise<{ status: number; body: any }>;
      let webhookCall: Promise<{ status: number }>;
      if (round < 2) {
        // Fired together, as they come.
        [storefrontCall, webhookCall] = [complete(order).then((r) => r), server.deliver(eventId)];
      } else {
        // Both made to wait at the order's row lock (held here), then let go at once: truly concurrent.
        const holder = t.db.createQueryRunner();
        await holder.connect();
        await holder.startTransaction();
        await holder.query(`SELECT id FROM orders WHERE id = $1 FOR UPDATE`, [order.id]);
        storefrontCall = complete(order).then((r) => r);
        webhookCall = server.deliver(eventId);
        while ((await waitingForLocks()) < 2) await new Promise((resolve) => setTimeout(resolve, 20));
        await holder.commitTransaction();
        await holder.release();
      }
      const [storefront, webhook] = await Promise.all([storefrontCall, webhookCall]);
      expect(storefront.status).toBe(200);
      expect(storefront.body.state).toBe('complete');
      expect(webhook.status).toBe(200);
      // Whichever took the order's lock first completed it; the other found it done.
      const [{ outcome }] = await recorded(eventId);
      expect([`order ${order.number} completed`, 'the payment is pending: nothing to do (its order completed already, or it was replaced)']).toContain(outcome);
      expect(await completions(order.id)).toBe(1);
      expect(await countOnHand(variantId)).toBe(before - 1);
      const shown = await show(order);
      expect(shown.payments).toHaveLength(1);
      expect(shown.payments[0]).toMatchObject({ state: 'pending', response_code: intentId });
      // One settled authorization in the journal, nothing compensated.
      const journal = await t.db.query(`SELECT operation, state FROM gateway_operations WHERE payment_id = $1 AND state NOT IN ('declined') ORDER BY id`, [paymentId]);
      expect(journal.filter((r: any) => r.operation === 'authorize' && r.state === 'settled')).toHaveLength(2); // the attempt, and its confirmation
      expect(journal.filter((r: any) => r.state === 'compensated' || r.state === 'answered')).toEqual([]);
      expect(intentOf(intentId)).toMatchObject({ status: 'requires_capture', amount_capturable: 2499 });
      expect(await outboxOf('order.completed', order.id)).toHaveLength(1);
      await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);
      expect(server.executed('POST /v1/payment_intents/{intent}/capture').filter((c) => c.path.includes(intentId))).toHaveLength(1);
    }
  });

  it('payment_intent.payment_failed: the waiting payment fails, its attempt is canceled, the order is back at payment with no stock taken', async () => {
    const { order, variantId } = await atConfirm('pm_card_authenticationRequired');
    const before = await countOnHand(variantId);
    const waiting = await complete(order).expect(202);
    const intentId: string = waiting.body.payments[0].response_code;
    const paymentId: number = waiting.body.payments[0].id;
    server.authenticate(intentId, 'failed');
    const eventId = eventOf('payment_intent.payment_failed', intentId);
    expect((await server.deliver(eventId)).status).toBe(200);
    const shown = await show(order);
    expect(shown.state).toBe('payment');
    expect(shown.payments[0]).toMatchObject({ id: paymentId, state: 'failed' });
    expect(intentOf(intentId).status).toBe('canceled');
    expect(await countOnHand(variantId)).toBe(before);
    expect(await outboxOf('payment.failed', paymentId)).toHaveLength(1);
    expect((await recorded(eventId))[0].outcome).toMatch(/the payment failed/);
    // Its canceled event changes nothing more.
    expect((await server.deliver(eventOf('payment_intent.canceled', intentId))).status).toBe(200);
    // The shopper pays with another card and completes.
    await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: stripeMethod }] }, payment_source: { [stripeMethod]: tokenized('pm_card_visa') } })
      .expect(200);
    const done = await complete(order).expect(200);
    expect(done.body.state).toBe('complete');
    expect(await countOnHand(variantId)).toBe(before - 1);
  });

  it('the webhook finds the stock gone: the order does not complete, the payment fails and the hold is released', async () => {
    const { order, variantId, intentId, paymentId } = await authenticated();
    await t.db.query(`UPDATE stock_items SET count_on_hand = 0, backorderable = false WHERE variant_id = $1`, [variantId]);
    const eventId = eventOf('payment_intent.amount_capturable_updated', intentId);
    expect((await server.deliver(eventId)).status).toBe(200);
    expect((await recorded(eventId))[0].outcome).toMatch(/could not complete \(.*not available.*\): the payment failed and its authorization was released/);
    const shown = await show(order);
    expect(shown.state).toBe('payment');
    expect(shown.payments[0]).toMatchObject({ id: paymentId, state: 'failed' });
    expect(intentOf(intentId)).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await countOnHand(variantId)).toBe(0);
  });

  it('charge.refunded: a refund made in the Dashboard is recorded as a credit, once; our own refunds are not counted twice', async () => {
    const { order } = await atConfirm('pm_card_visa');
    const placed = await complete(order).expect(200);
    const paymentId: number = placed.body.payments[0].id;
    const intentId: string = placed.body.payments[0].response_code;
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);

    // Our own refund of 3.00, then its charge.refunded: in the books already.
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '3.00' }).expect(200);
    const ours = eventOf('charge.refunded', intentId);
    expect((await server.deliver(ours)).status).toBe(200);
    expect((await recorded(ours))[0].outcome).toBe('every refund is in the books already');

    // 5.00 refunded in Stripe's Dashboard.
    const refund = await server.client().refunds.create({ payment_intent: intentId, amount: 500 });
    const dashboard = eventOf('charge.refunded', intentId);
    expect(dashboard).not.toBe(ours);
    expect((await server.deliver(dashboard)).status).toBe(200);
    expect((await server.deliver(dashboard)).status).toBe(200); // again: nothing more
    const credits = cents(await t.db.query(`SELECT amount, state, response_code FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1 ORDER BY id`, [paymentId]));
    expect(credits.map((c: any) => c.amount)).toEqual(['-3.00', '-5.00']);
    expect(credits[1].state).toBe('completed');
    expect([refund.id, expect.stringMatching(/^ch_/)]).toContainEqual(credits[1].response_code);
    expect((await recorded(dashboard))[0].outcome).toMatch(/a refund of 5\.00 made at the provider recorded as credit/);
    const credited = await t.db.query(`SELECT count(*)::int AS n FROM events WHERE type = 'payment.credited' AND (data->>'source_id')::int = $1`, [paymentId]);
    expect(credited[0].n).toBe(2);
    // What is left to credit counts both.
    const over = await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/credit`).set(admin.auth).send({ amount: '17.00' });
    expect(over.status).toBe(422);
    expect(over.body.error).toMatch(/credited up to 16\.99/);
  });

  it('charge.dispute.created: payment.disputed is raised to the shop\'s webhooks and the dispute recorded, once', async () => {
    const { order } = await atConfirm('pm_card_visa');
    const placed = await complete(order).expect(200);
    const paymentId: number = placed.body.payments[0].id;
    const intentId: string = placed.body.payments[0].response_code;
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);
    const dispute = server.dispute(intentOf(intentId).latest_charge, 'fraudulent');
    const eventId = eventOf('charge.dispute.created', intentId);
    expect((await server.deliver(eventId)).status).toBe(200);
    expect((await server.deliver(eventId)).status).toBe(200);
    const raised = await outboxOf('payment.disputed', paymentId);
    expect(raised).toHaveLength(1);
    expect(raised[0].data).toMatchObject({ id: paymentId, state: 'completed', response_code: intentId });
    expect(await recorded(eventId)).toEqual([{ event_type: 'charge.dispute.created', payment_id: paymentId, outcome: expect.stringContaining(`dispute ${dispute.id} (fraudulent)`) }]);
  });

  it('auto-capture, on a second method of the same account: payment_intent.succeeded, received at the first method\'s endpoint, completes the order with the payment captured', async () => {
    const autoCapture = await createStripeMethod(t, admin, server, { name: 'Stripe auto', publishableKey: 'pk_test_auto', signingSecret: SIGNING_SECRET });
    await t.http().put(`/api/payment_methods/${autoCapture}`).set(admin.auth).send({ payment_method: { auto_capture: true } }).expect(200);
    const { order, variantId } = await atConfirm('pm_card_authenticationRequired', autoCapture);
    const before = await countOnHand(variantId);
    const waiting = await complete(order).expect(202);
    const intentId: string = waiting.body.payments[0].response_code;
    server.authenticate(intentId, 'succeeded');
    expect(intentOf(intentId)).toMatchObject({ status: 'succeeded', capture_method: 'automatic' });
    const eventId = eventOf('payment_intent.succeeded', intentId);
    expect((await server.deliver(eventId)).status).toBe(200);
    const shown = await show(order);
    expect(shown).toMatchObject({ state: 'complete', payment_state: 'paid' });
    expect(shown.payments[0]).toMatchObject({ state: 'completed', response_code: intentId, payment_method_id: autoCapture });
    expect(await countOnHand(variantId)).toBe(before - 1);
    expect(server.executed('POST /v1/payment_intents/{intent}/capture').filter((c) => c.path.includes(intentId))).toEqual([]);
    expect(await recorded(eventId)).toEqual([{ event_type: 'payment_intent.succeeded', payment_id: shown.payments[0].id, outcome: `order ${order.number} completed` }]);
  });

  it("an event about no payment of the shop is acknowledged and recorded; another type is acknowledged and ignored; a method without webhooks is a 404", async () => {
    const intent = await server.client().paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true, automatic_payment_methods: { enabled: true, allow_redirects: 'never' } });
    const eventId = eventOf('payment_intent.succeeded', intent.id);
    expect((await server.deliver(eventId)).status).toBe(200);
    expect(await recorded(eventId)).toEqual([{ event_type: 'payment_intent.succeeded', payment_id: null, outcome: `no payment has ${intent.id}: nothing to do` }]);
    const created = eventOf('payment_intent.created', intent.id);
    expect((await server.deliver(created)).status).toBe(200);
    expect(await recorded(created)).toEqual([]);

    const [{ id: bogus }] = await t.db.query(`SELECT id FROM payment_methods WHERE type = 'Spree::Gateway::Bogus' LIMIT 1`);
    const { payload, signature } = signed(eventId);
    const missing = await t.http().post(`/api/payment_methods/${bogus}/webhooks`).set('content-type', 'application/json').set('stripe-signature', signature).send(payload).expect(404);
    expect(missing.body).toEqual({ error: expect.any(String) });
    await t.http().post(`/api/payment_methods/999999/webhooks`).set('content-type', 'application/json').set('stripe-signature', signature).send(payload).expect(404);
  });

  /** An event of the test server as Stripe would send it, signed with the SDK's test-header helper. */
  function signed(eventId: string): { payload: string; signature: string } {
    const payload = JSON.stringify(server.events.find((e: any) => e.id === eventId), null, 2);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: SIGNING_SECRET }) };
  }
});
