import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { defaultStockLocationId } from '../support/catalog';
import { closedGate, inBatches, range } from '../support/concurrency';
import { COULD_NOT_TRANSITION } from '../support/error-bodies';
import { completeCheckout, createOrder, CreatedOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import type { TestApp } from '../support/test-app';

// The production topology (scripts/topology.mjs, docs/deployment.md) on this
// machine's loopback: nginx → two instances (app1: PgBouncer in session mode
// with prepared statements; app2: transaction mode without) → the primary,
// catalog reads from a streaming replica. Everything goes through nginx as a
// storefront's requests would. It needs root, nginx, PgBouncer and
// PostgreSQL 15 (installed with apt-get when missing), so it runs only with
// TOPOLOGY_TEST=1 (.ci/run does); TOPOLOGY_REUSE=1 keeps a running topology
// up before and after (to iterate on this file).

const enabled = process.env.TOPOLOGY_TEST === '1';
const reuse = process.env.TOPOLOGY_REUSE === '1';

// As scripts/topology.mjs sets them.
const NGINX = 'http://127.0.0.1:38080';
const PRIMARY_URL = 'postgres://postgres@127.0.0.1:55432/commerce';
const REPLICA_URL = 'postgres://postgres@127.0.0.1:55433/commerce';
const ADMIN = { Authorization: 'Bearer topology-admin-key-0123456789abcdef' };
const REPLICA_MAX_LAG_MS = 3000;

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'topology.mjs');
const topology = async (...args: string[]) => {
  await promisify(execFile)(process.execPath, [SCRIPT, ...args], { env: { ...process.env, TOPOLOGY_SKIP_BUILD: process.env.TOPOLOGY_SKIP_BUILD ?? '0' } });
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const http = () => request(NGINX);

/** A direct connection to the replica (the test stops it: its loss is expected, not a crash). */
async function replicaClient(): Promise<Client> {
  const client = new Client({ connectionString: REPLICA_URL });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

(enabled ? describe : describe.skip)('the topology: nginx, two instances, PgBouncer, a primary and its replica', () => {
  let primary: DataSource;
  let replica: Client;
  /** The helpers of test/support, through nginx, with the primary for their direct reads and writes. */
  let t: TestApp;

  beforeAll(async () => {
    if (!reuse) await topology('up', '--fresh');
    primary = await new DataSource(dataSourceOptions(PRIMARY_URL)).initialize();
    replica = await replicaClient();
    t = { http, db: primary } as unknown as TestApp;
  }, 300_000);

  afterAll(async () => {
    await replica?.end();
    await primary?.destroy();
    if (!reuse) await topology('down', '--purge');
  }, 120_000);

  /**
   * Waits until the replica has replayed everything the primary has committed so far. Commits are asynchronous
   * there (their WAL waits in the buffers), and a transaction that wrote nothing commits asynchronously even
   * with synchronous_commit on; so a synchronously committed WAL message flushes what came before it, and its
   * position is the target (the insert position can point past a page header that nothing replays until the
   * next write). A restarted replica reconnects and replays at its own pace: this waits for that, up to a minute.
   */
  async function replicaCaughtUp(): Promise<void> {
    const lsn = await primary.transaction(async (m) => {
      await m.query('SET LOCAL synchronous_commit = on');
      const [{ at }] = await m.query("SELECT pg_logical_emit_message(true, 'replica-probe', '')::text AS at");
      return at as string;
    });
    const until = Date.now() + 60_000;
    let last: unknown;
    while (Date.now() < until) {
      const { rows } = await replica.query(
        'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS done, pg_last_wal_replay_lsn()::text AS replayed, pg_last_wal_receive_lsn()::text AS received',
        [lsn],
      );
      if (rows[0].done) return;
      last = rows[0];
      await sleep(100);
    }
    throw new Error(`the replica did not catch up to ${lsn} in a minute: ${JSON.stringify(last)}`);
  }

  /** A product as an anonymous shopper reads it, bypassing nginx's cache (a query nobody asked before). */
  const anonymousName = async (slug: string) => (await http().get(`/api/products/${slug}?probe=${randomUUID()}`).expect(200)).body.name as string;

  it('nginx is in front of the instances: anonymous catalog reads are cached there, keyed ones are not', async () => {
    const path = `/api/taxonomies?probe=${randomUUID()}`;
    const first = await http().get(path).expect(200);
    expect(first.headers['x-cache-status']).toBe('MISS');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const second = await http().get(path).expect(200);
    expect(second.headers['x-cache-status']).toBe('HIT');
    expect(second.headers['etag']).toBe(first.headers['etag']);
    await http().get(path).set('If-None-Match', first.headers['etag']).expect(304);
    const keyed = await http().get(path).set(ADMIN).expect(200);
    expect(keyed.headers['x-cache-status']).toBe('BYPASS');
    expect(keyed.headers['cache-control']).toBe('private, no-store');
  });

  it('a full storefront checkout: find the product, fill the cart, address, delivery, pay by card, complete', async () => {
    const product = await stockedProduct(primary, { price: '24.00', count: 3, name: `Topology mug ${randomUUID().slice(0, 8)}` });
    await replicaCaughtUp();
    const found = await http().get('/api/products').query({ 'q[name_cont]': product.name }).expect(200);
    expect(found.body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    const variantId = found.body.products[0].master.id;
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 2 }]);
    const completed = await completeCheckout(t, order, { email: 'topology-shopper@example.com' });
    expect(completed).toMatchObject({ state: 'complete', item_total: '48.00', payment_state: 'balance_due', shipment_state: 'pending' });
    const shown = await http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
    expect(shown.body.state).toBe('complete');
    expect(shown.headers['cache-control']).toBe('no-store');
  });

  it('anonymous catalog reads are served by the replica, until it falls further behind than DATABASE_REPLICA_MAX_LAG_MS', async () => {
    const product = await stockedProduct(primary, { count: 1, name: 'Before the change' });
    await replicaCaughtUp();
    expect(await anonymousName(product.slug)).toBe('Before the change');
    // The replica stops replaying: what the primary commits from now on is not on it.
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await http().put(`/api/products/${product.slug}`).set(ADMIN).send({ product: { name: 'After the change' } }).expect(201);
      // An admin (a key) reads from the primary; anonymous reads on both instances still see the replica's data.
      expect((await http().get(`/api/products/${product.slug}`).set(ADMIN).expect(200)).body.name).toBe('After the change');
      const anonymous = await Promise.all(range(4).map(() => anonymousName(product.slug)));
      expect(anonymous).toEqual(range(4).map(() => 'Before the change'));
      // Once the replica is further behind than the limit, the instances read from the primary instead.
      await sleep(REPLICA_MAX_LAG_MS + 1500);
      expect(await Promise.all(range(4).map(() => anonymousName(product.slug)))).toEqual(range(4).map(() => 'After the change'));
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
    await replicaCaughtUp();
    expect(await anonymousName(product.slug)).toBe('After the change');
  }, 60_000);

  it('50 customers race for the last 5 units across the instances while one instance is killed: no oversell, every loser a clean 422, no completed order lost or doubled', async () => {
    const units = 5;
    const product = await stockedProduct(primary, { count: units, name: `Last units ${randomUUID().slice(0, 8)}` });
    const variantId = product.masterVariantId;
    const orders = await inBatches(range(50), 8, (i) => orderAtConfirm(t, [{ variant_id: variantId, quantity: 1 }], `racer${i}@example.com`));
    const locationId = await defaultStockLocationId(primary);
    const [stock] = await primary.query('SELECT id FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2', [locationId, variantId]);

    /** Every answer any attempt got, for the check that nothing failed but what the kill cut. */
    const attempts: Array<number | string> = [];
    /**
     * A storefront completing its order: retries what failed with the same
     * Idempotency-Key; a key its dead instance left claimed (409 again and
     * again) makes it look at the order, and if it is not complete, try once
     * more with a new key.
     */
    async function complete(order: CreatedOrder): Promise<{ status: number; body: any }> {
      let key = randomUUID();
      let conflicts = 0;
      for (let attempt = 0; attempt < 40; attempt++) {
        let res: request.Response;
        try {
          res = await http().put(`/api/checkouts/${order.number}`).set(order.guest).set('Idempotency-Key', key);
        } catch (error) {
          attempts.push(`network: ${(error as Error).message}`);
          await sleep(200);
          continue;
        }
        attempts.push(res.status);
        if (res.status === 200 || res.status === 422) return res;
        if (res.status === 409) {
          const shown = await http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
          if (shown.body.state === 'complete') return { status: 200, body: shown.body };
          if (++conflicts >= 3) {
            key = randomUUID();
            conflicts = 0;
          }
        }
        await sleep(250);
      }
      throw new Error(`order ${order.number} could not be completed or refused`);
    }

    // The stock row held: every completion waits in the database, on both instances.
    const gate = await closedGate(PRIMARY_URL, { sql: 'SELECT 1 FROM stock_items WHERE id = $1 FOR UPDATE', params: [stock.id] });
    let results: Array<{ status: number; body: any }>;
    try {
      const racing = Promise.all(orders.map((order) => complete(order)));
      await gate.waitFor(16);
      // app2 dies with its requests in flight (their transactions roll back); nginx sends the rest to app1.
      await topology('kill', 'app2');
      await gate.open();
      results = await racing;
    } finally {
      await gate.open();
    }

    const winners = orders.filter((_, i) => results[i].status === 200);
    expect(winners).toHaveLength(units);
    for (const [i, res] of results.entries()) {
      if (res.status === 200) expect(res.body).toMatchObject({ state: 'complete', payment_state: 'balance_due' });
      else expect({ order: orders[i].number, status: res.status, body: res.body }).toEqual({
        order: orders[i].number,
        status: 422,
        body: { error: COULD_NOT_TRANSITION, errors: { base: [`Selected quantity of "${product.name}" is not available.`] } },
      });
    }
    // Only what the kill cut failed: 502 from nginx for requests app2 had taken, 409 for the keys it left claimed.
    expect(attempts.filter((a) => ![200, 422, 409, 502].includes(a as number))).toEqual([]);
    // (It did cut some: at least 16 were waiting in the database, at most 10 of them app1's.)
    expect(attempts.filter((a) => a === 502).length).toBeGreaterThan(0);

    // The database agrees: exactly the winners complete, each once, with one payment; stock at 0, taken once per unit.
    const rows: Array<{ number: string; state: string; payments: number; completions: number }> = await primary.query(
      `SELECT o.number, o.state,
              (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.state NOT IN ('failed', 'invalid', 'void')) AS payments,
              (SELECT count(*)::int FROM state_changes sc WHERE sc.stateful_type = 'Spree::Order' AND sc.stateful_id = o.id AND sc.next_state = 'complete') AS completions
         FROM orders o WHERE o.number = ANY($1) ORDER BY o.number`,
      [orders.map((o) => o.number)],
    );
    const completeInDb = rows.filter((r) => r.state === 'complete');
    expect(completeInDb.map((r) => r.number).sort()).toEqual(winners.map((o) => o.number).sort());
    expect(completeInDb.every((r) => r.completions === 1 && r.payments === 1)).toBe(true);
    expect(rows.filter((r) => r.state !== 'complete').every((r) => r.state === 'confirm' && r.completions === 0)).toBe(true);
    const [item] = await primary.query('SELECT count_on_hand FROM stock_items WHERE id = $1', [stock.id]);
    expect(item.count_on_hand).toBe(0);
    const [moved] = await primary.query('SELECT count(*)::int AS n, sum(quantity)::int AS total FROM stock_movements WHERE stock_item_id = $1 AND quantity < 0', [stock.id]);
    expect(moved).toEqual({ n: units, total: -units });

    await topology('start', 'app2');
  }, 240_000);

  /**
   * Reads for `ms`, several at a time: anonymous catalog reads and keyed ones
   * (orders: the primary, through PgBouncer); `during` runs after a second.
   * Times are ms since the start; `doneAt`, when `during` finished.
   */
  async function readFor(ms: number, during: () => Promise<void>): Promise<{ seen: Array<{ at: number; kind: string; status: number }>; doneAt: number }> {
    const seen: Array<{ at: number; kind: string; status: number }> = [];
    const started = Date.now();
    const reader = async (kind: 'catalog' | 'keyed') => {
      while (Date.now() - started < ms) {
        const res = kind === 'catalog' ? await http().get(`/api/products?probe=${randomUUID()}`) : await http().get('/api/orders?per_page=1').set(ADMIN);
        seen.push({ at: Date.now() - started, kind, status: res.status });
        await sleep(20);
      }
    };
    const readers = Promise.all([reader('catalog'), reader('catalog'), reader('keyed'), reader('keyed')]);
    await sleep(1000);
    await during();
    const doneAt = Date.now() - started;
    await readers;
    return { seen, doneAt };
  }

  it('PgBouncer restarted during reads: only 503s meanwhile (never a 500), then every read answers again by itself', async () => {
    const { seen, doneAt } = await readFor(8000, () => topology('restart', 'pgbouncer'));
    expect(doneAt).toBeLessThan(5000);
    expect(seen.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
    // Anonymous catalog reads never needed PgBouncer: the replica served them.
    expect(seen.filter((s) => s.kind === 'catalog' && s.status !== 200)).toEqual([]);
    // From a few seconds after the restart, nothing fails.
    const settled = doneAt + 2000;
    expect(seen.filter((s) => s.at > settled && s.status !== 200)).toEqual([]);
    expect(seen.filter((s) => s.at > settled && s.kind === 'keyed').length).toBeGreaterThan(0);
    // And writes go through again.
    const product = await stockedProduct(primary, { count: 2 });
    await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
  }, 60_000);

  it('the replica stopped during reads: no read fails, anonymous catalog reads move to the primary by themselves, then back once it returns', async () => {
    const { seen } = await readFor(6000, () => topology('stop', 'replica'));
    try {
      // Reads cut in flight run again on the primary; the next ones go there.
      expect(seen.filter((s) => s.status !== 200)).toEqual([]);
      expect(seen.filter((s) => s.kind === 'catalog').length).toBeGreaterThan(20);
    } finally {
      await topology('start', 'replica');
    }
    await replica.end().catch(() => undefined);
    replica = await replicaClient();
    // Back on the replica: a change the replica has not replayed is not seen by anonymous readers.
    const product = await stockedProduct(primary, { count: 1, name: 'Replica is back' });
    await replicaCaughtUp();
    await sleep(1500);
    await replica.query('SELECT pg_wal_replay_pause()');
    try {
      await http().put(`/api/products/${product.slug}`).set(ADMIN).send({ product: { name: 'Changed while paused' } }).expect(201);
      expect(await anonymousName(product.slug)).toBe('Replica is back');
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()');
    }
  }, 150_000);
});
