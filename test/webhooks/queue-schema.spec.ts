import { Client } from 'pg';
import { DELIVERY_QUEUE, installQueueSchema } from '../../src/webhooks/delivery/queue-schema';
import { freshDatabaseUrl } from '../support/database';

/*
 * The delivery queue's schema is pg-boss's. pg-boss 10 (the last to support
 * Node 20) cannot use the schema pg-boss 12 made, and pg-boss migrates only
 * upwards: such a schema is replaced at start, and the pending deliveries (our
 * own table records them) get their job back.
 */
describe("the delivery queue's schema (pg-boss)", () => {
  let url: string;
  let db: Client;
  const jobs = async () =>
    (await db.query(`SELECT data, start_after FROM pgboss.job WHERE name = $1 ORDER BY (data->>'delivery_id')::bigint`, [DELIVERY_QUEUE])).rows as Array<{ data: { delivery_id: number; attempt: number }; start_after: Date }>;

  beforeAll(async () => {
    url = await freshDatabaseUrl();
    db = new Client({ connectionString: url });
    await db.connect();
    const [{ id: endpoint }] = (await db.query(`INSERT INTO webhook_endpoints (url, events, secret_sealed) VALUES ('https://shop.example/hooks', '{order.completed}', 'sealed') RETURNING id`)).rows;
    const [{ id: event }] = (await db.query(`INSERT INTO events (public_id, type, data, dispatched_at) VALUES ('evt_1', 'order.completed', '{}', now()) RETURNING id`)).rows;
    await db.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, state, attempts, next_attempt_at) VALUES
         ($1, $2, 'pending', 0, NULL), ($1, $2, 'pending', 3, '2030-01-01T00:00:00Z'), ($1, $2, 'succeeded', 1, NULL), ($1, $2, 'failed', 15, NULL)`,
      [endpoint, event],
    );
  });
  afterAll(async () => {
    await db.end();
  });

  it("leaves this pg-boss's own schema as it is", async () => {
    await installQueueSchema(url);
    await db.query(`CREATE TABLE IF NOT EXISTS pgboss.marker (x int)`);
    await installQueueSchema(url);
    expect((await db.query(`SELECT to_regclass('pgboss.marker') AS t`)).rows[0].t).toBe('pgboss.marker');
    expect(await jobs()).toEqual([]);
  });

  it('replaces a newer pg-boss schema and queues each pending delivery again, for the attempt it is due, when it is due', async () => {
    const [{ version }] = (await db.query(`SELECT version FROM pgboss.version`)).rows;
    await db.query(`UPDATE pgboss.version SET version = 46`);
    await installQueueSchema(url, { jobExpireSeconds: 120 });
    expect((await db.query(`SELECT version FROM pgboss.version`)).rows).toEqual([{ version }]);
    expect((await db.query(`SELECT to_regclass('pgboss.marker') AS t`)).rows[0].t).toBeNull();
    const queued = await jobs();
    const pending = (await db.query(`SELECT id FROM webhook_deliveries WHERE state = 'pending' ORDER BY id`)).rows.map((r) => Number(r.id));
    expect(queued.map((j) => j.data)).toEqual([
      { delivery_id: pending[0], attempt: 1 },
      { delivery_id: pending[1], attempt: 4 },
    ]);
    expect(queued[1].start_after.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(queued[0].start_after.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });
});
