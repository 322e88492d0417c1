import { hostname } from 'node:os';
import { Webhook } from 'standardwebhooks';
import { TEST_SECRET_KEY } from '../support/secrets';
import { SecretBox } from '../../src/config/secret-box';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createEndpoint, eventually, WEBHOOK_TEST_ENV, WebhookReceiver } from '../support/webhook-receiver';

describe('Webhook endpoints API', () => {
  let t: TestApp;
  let admin: TestUser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp(WEBHOOK_TEST_ENV);
    admin = await createAdmin(t.db);
    receiver = await WebhookReceiver.start();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('creates an endpoint whose secret is shown once, sealed at rest, and lists, shows, updates and deletes it', async () => {
    const created = await createEndpoint(t, admin.auth, receiver.url, ['order.completed', 'product.created']);
    expect(created).toMatchObject({ url: receiver.url, events: ['order.completed', 'product.created'], enabled: true, failing_since: null, disabled_reason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const [row] = await t.db.query(`SELECT secret_sealed FROM webhook_endpoints WHERE id = $1`, [created.id]);
    expect(row.secret_sealed).not.toContain(created.secret);
    expect(SecretBox.fromSecretKey(TEST_SECRET_KEY).open('webhook_endpoints.secret', row.secret_sealed)).toBe(created.secret);

    const shown = await t.http().get(`/api/webhook_endpoints/${created.id}`).set(admin.auth).expect(200);
    expect(shown.body.secret).toBeUndefined();
    const list = await t.http().get('/api/webhook_endpoints?q[url_cont]=127.0.0.1').set(admin.auth).expect(200);
    expect(list.body).toMatchObject({ count: 1, current_page: 1, pages: 1 });
    expect(list.body.webhook_endpoints[0].secret).toBeUndefined();

    const updated = await t.http().put(`/api/webhook_endpoints/${created.id}`).set(admin.auth).send({ webhook_endpoint: { events: ['order.canceled'] } }).expect(200);
    expect(updated.body.events).toEqual(['order.canceled']);
    await t.http().delete(`/api/webhook_endpoints/${created.id}`).set(admin.auth).expect(204);
    await t.http().get(`/api/webhook_endpoints/${created.id}`).set(admin.auth).expect(404);
  });

  it('refuses unknown event types, no events and a missing URL with 422', async () => {
    const unknown = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { url: receiver.url, events: ['order.exploded'] } }).expect(422);
    expect(unknown.body.errors.events[0]).toMatch(/unknown event types: order.exploded/);
    const none = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { url: receiver.url, events: [] } }).expect(422);
    expect(none.body.errors.events).toBeDefined();
    const noUrl = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { events: ['order.completed'] } }).expect(422);
    expect(noUrl.body.errors.url).toEqual(["can't be blank"]);
    expect(Number((await t.db.query(`SELECT count(*) FROM webhook_endpoints`))[0].count)).toBe(0);
  });

  it('is for admins only', async () => {
    const user = await createUser(t.db);
    await t.http().get('/api/webhook_endpoints').set(user.auth).expect(401);
    await t.http().post('/api/webhook_endpoints').set(user.auth).send({ webhook_endpoint: { url: receiver.url, events: ['order.completed'] } }).expect(401);
    await t.http().get('/api/webhook_endpoints/1').set(user.auth).expect(404);
  });

  it('sends a signed ping, logs it, redelivers it with the same webhook-id, and signs with the new secret after a rotation', async () => {
    const endpoint = await createEndpoint(t, admin.auth, receiver.url, ['order.completed']);
    const ping = await t.http().post(`/api/webhook_endpoints/${endpoint.id}/ping`).set(admin.auth).expect(202);
    expect(ping.body).toMatchObject({ event_type: 'ping', state: 'pending', attempts: 0 });
    const [first] = await receiver.waitFor(1, (r) => r.json.type === 'ping');
    expect(new Webhook(endpoint.secret).verify(first.body, first.headers as Record<string, string>)).toMatchObject({ type: 'ping', data: { webhook_endpoint_id: endpoint.id } });

    const log = await eventually(
      async () => (await t.http().get(`/api/webhook_endpoints/${endpoint.id}/deliveries?q[event_type_eq]=ping`).set(admin.auth).expect(200)).body,
      (body) => body.deliveries[0]?.state === 'succeeded',
    );
    expect(log.deliveries[0]).toMatchObject({ id: ping.body.id, response_code: 200, attempts: 1 });
    expect(log.deliveries[0].duration_ms).toEqual(expect.any(Number));

    const rotated = await t.http().post(`/api/webhook_endpoints/${endpoint.id}/rotate`).set(admin.auth).expect(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const again = await t.http().post(`/api/webhook_endpoints/${endpoint.id}/deliveries/${ping.body.id}/redeliver`).set(admin.auth).expect(202);
    expect(again.body.id).not.toBe(ping.body.id);
    expect(again.body.event_id).toBe(ping.body.event_id);
    const [, second] = await receiver.waitFor(2, (r) => r.json.type === 'ping');
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(() => new Webhook(endpoint.secret).verify(second.body, second.headers as Record<string, string>)).toThrow();
    expect(new Webhook(rotated.body.secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({ type: 'ping' });

    await t.http().post(`/api/webhook_endpoints/${endpoint.id}/deliveries/999999/redeliver`).set(admin.auth).expect(404);
    await t.http().delete(`/api/webhook_endpoints/${endpoint.id}`).set(admin.auth).expect(204);
  });

  it('disables an endpoint that fails for too long, and says so; enabling it again clears that', async () => {
    const failing = await WebhookReceiver.start();
    failing.statuses = [503];
    try {
      const endpoint = await createEndpoint(t, admin.auth, failing.url, ['order.completed']);
      // It has been failing for four days already.
      await t.db.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '4 days' WHERE id = $1`, [endpoint.id]);
      await t.http().post(`/api/webhook_endpoints/${endpoint.id}/ping`).set(admin.auth).expect(202);
      const shown = await eventually(
        async () => (await t.http().get(`/api/webhook_endpoints/${endpoint.id}`).set(admin.auth).expect(200)).body,
        (body) => body.enabled === false,
      );
      expect(shown.disabled_at).not.toBeNull();
      expect(shown.disabled_reason).toMatch(/^Disabled after failing since .* without a success; last error: HTTP 503/);
      const refused = await t.http().post(`/api/webhook_endpoints/${endpoint.id}/ping`).set(admin.auth).expect(422);
      expect(refused.body.errors.enabled).toBeDefined();
      const enabled = await t.http().put(`/api/webhook_endpoints/${endpoint.id}`).set(admin.auth).send({ webhook_endpoint: { enabled: true } }).expect(200);
      expect(enabled.body).toMatchObject({ enabled: true, disabled_at: null, disabled_reason: null, failing_since: null });
    } finally {
      await failing.close();
    }
  });
});

describe('Webhook endpoints: safe by default (private URLs not allowed)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_RETRY_BASE_MS: '60000', WEBHOOKS_POLL_MS: '200' });
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  it.each([
    ['http://example.com/hooks', 'must be an https URL'],
    ['https://127.0.0.1/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://169.254.169.254/latest/meta-data', 'must not point to a loopback, private or link-local address'],
    ['https://localhost:8443/hooks', 'must not point to a loopback, private or link-local address'],
    ['not a url', 'is not a valid URL'],
    // Issue 24, finding 8: accepted before. IPv4-embedding IPv6 forms, site-local, documentation and relay ranges.
    ['https://[::127.0.0.1]/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://[::ffff:0:127.0.0.1]/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://[2002:7f00:1::]/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://[64:ff9b::a9fe:a9fe]/latest/meta-data', 'must not point to a loopback, private or link-local address'],
    ['https://[fec0::1]/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://192.0.2.1/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://198.51.100.1/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://203.0.113.1/hooks', 'must not point to a loopback, private or link-local address'],
    ['https://192.88.99.1/hooks', 'must not point to a loopback, private or link-local address'],
  ])('refuses %s', async (url, message) => {
    const res = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { url, events: ['order.completed'] } }).expect(422);
    expect(res.body).toEqual({ error: expect.any(String), errors: { url: [message] } });
  });

  it('refuses at creation and update a host name that resolves to a non-public address (every address it has is checked)', async () => {
    // The machine's own name resolves to loopback or a private address, as a rebinding name would.
    const url = `https://${hostname()}:8443/hooks`;
    const res = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { url, events: ['order.completed'] } }).expect(422);
    expect(res.body.errors.url).toEqual([expect.stringMatching(/^resolves to a non-public address \(.+\)$/)]);
    const created = await createEndpoint(t, admin.auth, 'https://example.com/hooks', ['order.completed']);
    const update = await t.http().put(`/api/webhook_endpoints/${created.id}`).set(admin.auth).send({ webhook_endpoint: { url } }).expect(422);
    expect(update.body.errors.url).toEqual([expect.stringMatching(/non-public address/)]);
    const [row] = await t.db.query(`SELECT url FROM webhook_endpoints WHERE id = $1`, [created.id]);
    expect(row.url).toBe('https://example.com/hooks');
  });

  it('checks the address again at delivery: a host that resolves to loopback is not reached', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const created = await createEndpoint(t, admin.auth, 'https://example.com/hooks', ['order.completed']);
      // The name now points to a non-public address (as a rebinding DNS answer would): the machine's own name resolves to loopback or a private address.
      const port = new URL(receiver.url).port;
      await t.db.query(`UPDATE webhook_endpoints SET url = $2 WHERE id = $1`, [created.id, `https://${hostname()}:${port}/hooks`]);
      await t.http().post(`/api/webhook_endpoints/${created.id}/ping`).set(admin.auth).expect(202);
      const log = await eventually(
        async () => (await t.http().get(`/api/webhook_endpoints/${created.id}/deliveries`).set(admin.auth).expect(200)).body,
        (body) => body.deliveries[0]?.attempts === 1,
      );
      expect(log.deliveries[0].error).toMatch(/resolves to a non-public address/);
      expect(log.deliveries[0]).toMatchObject({ state: 'pending', response_code: null });
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
