import { Client } from 'pg';
import { secretDigest } from '../../src/config/secret-box';
import { createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';

// An Idempotency-Key in progress is taken over by a retry once its process
// stops showing it alive (IDEMPOTENCY_STALE_SECONDS; a process killed
// mid-request: test/reliability/no-charge-without-order-restart.spec.ts).
// A process that lives keeps its keys alive with a heartbeat, however long
// their requests take: a retry meanwhile is still a 409.
const IN_FLIGHT = { error: 'A request with this Idempotency-Key is still being processed. Please try again later.' };

describe('Idempotency-Key heartbeat', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ IDEMPOTENCY_STALE_SECONDS: '1' });
  });
  afterAll(() => t.close());

  it('a request running longer than IDEMPOTENCY_STALE_SECONDS keeps its key while its process lives', async () => {
    const variantId = (await stockedProduct(t.db, { count: 5 })).masterVariantId;
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
    const key = `heartbeat-${Date.now()}`;
    const next = () => t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).set('Idempotency-Key', key);
    const row = async () => (await gate.query(`SELECT owner, heartbeat_at FROM idempotency_keys WHERE key = $1`, [secretDigest(key)])).rows[0];
    const gate = new Client({ connectionString: t.databaseUrl });
    await gate.connect();
    try {
      // Hold the order's row so the first request waits inside its transaction, its key claimed.
      await gate.query('BEGIN');
      await gate.query(`SELECT id FROM orders WHERE id = $1 FOR UPDATE`, [order.id]);
      const first = next().then((res) => res);
      while (!(await row())) await new Promise((resolve) => setTimeout(resolve, 10));
      const claimed = await row();
      expect(claimed.owner).toMatch(/^[0-9a-f-]{36}$/);

      // Three stale periods: without the heartbeat the key would be taken over by now.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const alive = await row();
      expect(alive.owner).toBe(claimed.owner);
      expect(alive.heartbeat_at.getTime()).toBeGreaterThan(claimed.heartbeat_at.getTime() + 1000);
      expect((await next().expect(409)).body).toEqual(IN_FLIGHT);

      await gate.query('COMMIT');
      const done = await first;
      expect({ status: done.status, state: done.body.state }).toEqual({ status: 200, state: 'address' });
      const replay = await next().expect(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
    } finally {
      await gate.end();
    }
  });

  it('a key left in progress by a process that stopped showing it alive is taken over by the same request', async () => {
    const variantId = (await stockedProduct(t.db, { count: 5 })).masterVariantId;
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
    const key = `takeover-${Date.now()}`;
    const next = () => t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).set('Idempotency-Key', key);
    // A first request that ran and answered (stored), made to look as if it never answered and its process is gone.
    await next().expect(200);
    await t.db.query(`UPDATE orders SET state = 'cart' WHERE id = $1`, [order.id]);
    await t.db.query(`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, owner = 'gone', heartbeat_at = now() - interval '5 seconds' WHERE key = $1`, [secretDigest(key)]);

    const retry = await next().expect(200);
    expect(retry.body.state).toBe('address');
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    // A different request with that key is still refused, whoever held it.
    await t.db.query(`UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, owner = 'gone', heartbeat_at = now() - interval '5 seconds' WHERE key = $1`, [secretDigest(key)]);
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).set('Idempotency-Key', key).send({ order: { email: 'x@example.com' } }).expect(422);
  });
});
