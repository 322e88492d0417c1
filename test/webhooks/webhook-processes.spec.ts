import { ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { orderAtConfirm, stockedProduct } from '../support/orders';
import { TEST_SECRET_KEY } from '../support/secrets';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createEndpoint, eventually, WEBHOOK_TEST_ENV, WebhookReceiver } from '../support/webhook-receiver';

const root = join(__dirname, '..', '..');

/** `npm run worker` from the sources, in a child process. */
function startWorker(databaseUrl: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['-r', './test/support/swc-register.cjs', 'src/worker.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'info', SECRET_KEY: TEST_SECRET_KEY, MAIL_DIR: join(tmpdir(), 'commerce-test-mail'), ...WEBHOOK_TEST_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

describe('Webhook delivery across processes', () => {
  let t: TestApp;
  let admin: TestUser;
  let receiver: WebhookReceiver;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // This instance raises events but leaves their delivery to the worker processes.
    t = await createTestApp({ ...WEBHOOK_TEST_ENV, WEBHOOKS_DELIVERY: 'false', WEBHOOKS_JOB_EXPIRE_SECONDS: '2' });
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await t.close();
  });
  beforeEach(async () => {
    receiver = await WebhookReceiver.start();
  });
  afterEach(async () => {
    await t.db.query(`DELETE FROM webhook_endpoints`);
    await receiver.close();
  });

  it('a worker killed mid-delivery: the next worker delivers the event after restart, with the same webhook-id', async () => {
    const endpoint = await createEndpoint(t, admin.auth, receiver.url, ['order.completed']);
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    // The receiver takes the first request and never answers: the worker is mid-delivery.
    receiver.hang = true;
    const first = startWorker(t.databaseUrl, { WEBHOOKS_JOB_EXPIRE_SECONDS: '2', WEBHOOKS_TIMEOUT_MS: '60000' });
    children.push(first.child);
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
    const [inFlight] = await receiver.waitFor(1, undefined, 60_000).catch((error) => {
      throw new Error(`${error.message}\n${first.output()}`);
    });
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    const [delivery] = await t.db.query(`SELECT state, attempts FROM webhook_deliveries`);
    expect(delivery).toEqual({ state: 'pending', attempts: 0 });

    receiver.hang = false;
    const second = startWorker(t.databaseUrl, { WEBHOOKS_JOB_EXPIRE_SECONDS: '2' });
    children.push(second.child);
    const hooks = await receiver.waitFor(2, undefined, 60_000).catch((error) => {
      throw new Error(`${error.message}\n${second.output()}`);
    });
    expect(hooks[1].headers['webhook-id']).toBe(inFlight.headers['webhook-id']);
    expect(hooks[1].body).toBe(inFlight.body);
    expect(new Webhook(endpoint.secret).verify(hooks[1].body, hooks[1].headers as Record<string, string>)).toMatchObject({ type: 'order.completed', data: { number: order.number } });
    const done = await eventually(() => t.db.query(`SELECT state, attempts, response_code FROM webhook_deliveries`), (rows) => rows[0]?.state === 'succeeded', 30_000);
    expect(done).toEqual([{ state: 'succeeded', attempts: 1, response_code: 200 }]);
    second.child.kill('SIGTERM');
    await new Promise((resolve) => second.child.once('exit', resolve));
  }, 150_000);

  it('two service instances on one database deliver each event once', async () => {
    const a = await createTestApp(WEBHOOK_TEST_ENV, { databaseUrl: t.databaseUrl });
    const b = await createTestApp(WEBHOOK_TEST_ENV, { databaseUrl: t.databaseUrl });
    try {
      await createEndpoint(a, admin.auth, receiver.url, ['order.completed']);
      const product = await stockedProduct(t.db, { count: 50 });
      const orders = [];
      for (let i = 0; i < 6; i++) orders.push(await orderAtConfirm(i % 2 ? a : b, [{ variant_id: product.masterVariantId, quantity: 1 }]));
      // Completed on both instances at once.
      await Promise.all(orders.map((o, i) => (i % 2 ? b : a).http().put(`/api/checkouts/${o.number}`).set(o.guest).expect(200)));
      await receiver.waitFor(6);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(receiver.received).toHaveLength(6);
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(6);
      expect(new Set(receiver.received.map((r) => r.json.data.number))).toEqual(new Set(orders.map((o) => o.number)));
      const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM webhook_deliveries WHERE state = 'succeeded' AND attempts = 1`);
      expect(count).toBe(6);
    } finally {
      await a.close();
      await b.close();
    }
  }, 120_000);
});
