import { insertDirectEvent } from '../../src/common/events/events';
import { WebhookQueue } from '../../src/webhooks/delivery/webhook-queue.service';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createEndpoint, eventually, WEBHOOK_TEST_ENV, WebhookReceiver } from '../support/webhook-receiver';

/*
 * A slow or dead receiver holds only its own slots (issue 24, finding 5): a
 * delivery batch no longer ends with its slowest delivery, and an endpoint
 * with WEBHOOKS_ENDPOINT_CONCURRENCY deliveries in flight has its other jobs
 * put back for later, so other endpoints' events go out without waiting for
 * its timeouts. RELIABILITY_REPORT=1 prints the figures (docs/reliability.md).
 */

const TIMEOUT_MS = 8000;
const PER_ENDPOINT = 2;
const ENV = { ...WEBHOOK_TEST_ENV, WEBHOOKS_TIMEOUT_MS: String(TIMEOUT_MS), WEBHOOKS_CONCURRENCY: '4', WEBHOOKS_ENDPOINT_CONCURRENCY: String(PER_ENDPOINT), WEBHOOKS_POLL_MS: '100' };

describe('webhook deliveries isolated per endpoint', () => {
  let t: TestApp;
  let admin: TestUser;
  const receivers: WebhookReceiver[] = [];

  beforeAll(async () => {
    t = await createTestApp(ENV);
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await t.close();
  });

  async function receiver(hang = false): Promise<{ receiver: WebhookReceiver; id: number }> {
    const r = await WebhookReceiver.start();
    r.hang = hang;
    receivers.push(r);
    const endpoint = await createEndpoint(t, admin.auth, r.url, ['order.completed']);
    return { receiver: r, id: endpoint.id };
  }

  /** Queues `count` pings to each endpoint, interleaved, in one transaction (as POST …/ping does one): none goes out before all are queued. */
  async function queuePings(endpointIds: number[], count: number): Promise<void> {
    const queue = t.app.get(WebhookQueue);
    await t.db.transaction(async (em) => {
      for (let i = 0; i < count; i++) {
        for (const id of endpointIds) {
          const eventId = await insertDirectEvent(em, 'ping', { webhook_endpoint_id: id });
          const [row] = await em.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1, $2) RETURNING id`, [id, eventId]);
          await queue.queueDelivery(em, Number(row.id));
        }
      }
    });
  }

  /** Attempts recorded for an endpoint's deliveries (a dead receiver's are its timeouts). */
  async function attemptsOf(endpointId: number): Promise<number> {
    const [row] = await t.db.query(`SELECT count(*)::int AS n FROM webhook_delivery_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1`, [endpointId]);
    return row.n;
  }

  /** Queues `events` pings to the healthy endpoint (and as many to `dead`, interleaved, the dead one's first); the ms until the healthy one has them all. */
  async function drain(healthy: { receiver: WebhookReceiver; id: number }, events: number, dead?: { id: number }): Promise<number> {
    await queuePings(dead ? [dead.id, healthy.id] : [healthy.id], events);
    const started = Date.now();
    await healthy.receiver.waitFor(events, () => true, 150_000);
    return Date.now() - started;
  }

  it('a receiver that never answers does not delay another endpoint: its events arrive before the first timeout', async () => {
    const dead = await receiver(true);
    const healthy = await receiver();
    const events = 12;
    await drain(healthy, events, dead);
    // Every healthy event went out while the dead receiver's first deliveries were still waiting for their timeout:
    // before, each batch waited for the dead deliveries in it (none of the healthy ones before the first timeout).
    expect(await attemptsOf(dead.id)).toBe(0);
    // And the dead receiver held its own slots, no more.
    expect(dead.receiver.received.length).toBe(PER_ENDPOINT);
    // Each healthy delivery recorded (the receiver may have its request a moment before the record commits).
    await eventually(() => attemptsOf(healthy.id), (n) => n === events);
    // The dead endpoint's deliveries are still made: they time out and are retried, none lost.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS + 1000));
    expect(await attemptsOf(dead.id)).toBeGreaterThanOrEqual(1);
    const [{ pending }] = await t.db.query(`SELECT count(*)::int AS pending FROM webhook_deliveries WHERE endpoint_id = $1 AND state = 'pending'`, [dead.id]);
    expect(pending).toBe(events);
    // Done with it: no more retries in the way of the next test.
    await t.db.query(`UPDATE webhook_endpoints SET enabled = false WHERE id = $1`, [dead.id]);
  }, 60_000);

  it('measured: 40 events to a healthy endpoint alone and beside a receiver that never answers', async () => {
    const alone = await receiver();
    const aloneMs = await drain(alone, 40);
    const dead = await receiver(true);
    const healthy = await receiver();
    const besideMs = await drain(healthy, 40, dead);
    if (process.env.RELIABILITY_REPORT) console.log(JSON.stringify({ timeoutMs: TIMEOUT_MS, events: 40, aloneMs, besideDeadMs: besideMs, deadReceived: dead.receiver.received.length }));
    // Not a timing claim beyond this: the healthy endpoint did not wait for the dead one's timeouts (before: 77 s).
    expect(besideMs).toBeLessThan(aloneMs + 2 * TIMEOUT_MS);
  }, 240_000);
});
