import { Webhook } from 'standardwebhooks';
import { moveOrderState } from '../../src/orders/order/order-moves';
import { createOrder, orderAtConfirm, stockedProduct, completeCheckout } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createEndpoint, eventually, WEBHOOK_TEST_ENV, WebhookReceiver } from '../support/webhook-receiver';

describe('Webhook delivery (outbox, pg-boss, Standard Webhooks signatures)', () => {
  let t: TestApp;
  let admin: TestUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(WEBHOOK_TEST_ENV);
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await t.db.query(`DELETE FROM webhook_endpoints`);
    await receiver.close();
  });

  it('a completed checkout delivers one order.completed, signed, whose data is GET /api/orders/:number', async () => {
    const endpoint = await createEndpoint(t, admin.auth, receiver.url, ['order.completed']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await completeCheckout(t, order);

    const [hook] = await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(1);
    const verified = new Webhook(endpoint.secret).verify(hook.body, hook.headers as Record<string, string>) as Record<string, any>;
    expect(verified.type).toBe('order.completed');
    expect(hook.headers['webhook-id']).toBe(verified.id);
    expect(verified.id).toMatch(/^evt_/);
    const shown = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
    // The same JSON but the guest's token (a credential: sealed at rest, never sent out).
    const { token, ...withoutToken } = shown.body;
    expect(token).toEqual(expect.any(String));
    expect(verified.data).toEqual(withoutToken);
    expect(hook.body).not.toContain(token);
    expect(Object.keys(verified).sort()).toEqual(['created_at', 'data', 'id', 'type']);
    // A wrong secret does not verify.
    expect(() => new Webhook('whsec_' + Buffer.alloc(24, 1).toString('base64')).verify(hook.body, hook.headers as Record<string, string>)).toThrow();

    const log = await t.http().get(`/api/webhook_endpoints/${endpoint.id}/deliveries`).set(admin.auth).expect(200);
    expect(log.body.deliveries).toHaveLength(1);
    expect(log.body.deliveries[0]).toMatchObject({ event_id: verified.id, event_type: 'order.completed', state: 'succeeded', attempts: 1, response_code: 200 });
  });

  it('a change that rolls back delivers nothing', async () => {
    await createEndpoint(t, admin.auth, receiver.url, ['order.completed']);
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const before = Number((await t.db.query(`SELECT count(*) FROM events`))[0].count);
    // The order moves to complete (raising order.completed), then the transaction fails.
    await expect(
      t.db.transaction(async (em) => {
        await moveOrderState(em, { id: order.id, state: 'confirm' }, { event: 'next', from: 'confirm', to: 'complete', recorded: true } as never, null);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(Number((await t.db.query(`SELECT count(*) FROM events`))[0].count)).toBe(before);
    // The same move committed is delivered, once.
    await t.db.transaction((em) => moveOrderState(em, { id: order.id, state: 'confirm' }, { event: 'next', from: 'confirm', to: 'complete', recorded: true } as never, null));
    await receiver.waitFor(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0].json.data.number).toBe(order.number);
  });

  it('a receiver answering 500 twice then 200 gets the event on the third attempt, the attempts in the delivery log', async () => {
    receiver.statuses = [500, 500, 200];
    const endpoint = await createEndpoint(t, admin.auth, receiver.url, ['order.completed']);
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);

    const hooks = await receiver.waitFor(3);
    expect(new Set(hooks.map((h) => h.headers['webhook-id'])).size).toBe(1);
    const log = await eventually(
      async () => (await t.http().get(`/api/webhook_endpoints/${endpoint.id}/deliveries`).set(admin.auth).expect(200)).body,
      (body) => body.deliveries[0]?.state === 'succeeded',
    );
    const delivery = log.deliveries[0];
    expect(delivery).toMatchObject({ attempts: 3, response_code: 200, error: null, next_attempt_at: null });
    expect(delivery.attempt_log.map((a: any) => [a.attempt, a.succeeded, a.response_code])).toEqual([
      [1, false, 500],
      [2, false, 500],
      [3, true, 200],
    ]);
    expect(delivery.attempt_log[0].error).toMatch(/^HTTP 500/);
    expect(delivery.attempt_log[0].next_attempt_at).not.toBeNull();
    // The endpoint failed, then succeeded: it is healthy again.
    const shown = await t.http().get(`/api/webhook_endpoints/${endpoint.id}`).set(admin.auth).expect(200);
    expect(shown.body).toMatchObject({ enabled: true, failing_since: null });
    expect(shown.body.secret).toBeUndefined();
  });

  it('an endpoint not subscribed to a type gets none of it, and a disabled endpoint gets nothing', async () => {
    const canceled = await createEndpoint(t, admin.auth, receiver.url, ['order.canceled']);
    const other = await WebhookReceiver.start();
    try {
      const off = await createEndpoint(t, admin.auth, other.url, ['order.completed']);
      await t.http().put(`/api/webhook_endpoints/${off.id}`).set(admin.auth).send({ webhook_endpoint: { enabled: false } }).expect(200);
      const product = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      await completeCheckout(t, order);
      await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
      const [hook] = await receiver.waitFor(1);
      expect(new Webhook(canceled.secret).verify(hook.body, hook.headers as Record<string, string>)).toMatchObject({ type: 'order.canceled' });
      expect(hook.json.data.state).toBe('canceled');
      await new Promise((r) => setTimeout(r, 1000));
      expect(receiver.received).toHaveLength(1);
      expect(other.received).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
