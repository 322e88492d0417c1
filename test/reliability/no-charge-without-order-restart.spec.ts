import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import type { BogusOperation } from '../../src/payments/payment/gateways/bogus.gateway';
import { COMMIT_GATE_LOCK, injectCommitGate } from '../support/commit-failures';
import { freshDatabaseUrl } from '../support/database';
import { CreatedOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import { ServiceProcess, startService, until } from '../support/service-process';
import { createTestApp } from '../support/test-app';

// A crash between the gateway and the commit, across a restart of the service.
// The real service (src/main.ts, its own process) completes an order whose
// card method captures at once (a purchase); the test holds the commit at its
// last step (a deferred trigger waiting for an advisory lock the test holds),
// sees the purchase in the bogus gateway's log (BOGUS_GATEWAY_LOG), and kills
// the process (SIGKILL). PostgreSQL then ends the orphaned transaction
// (client_connection_check_interval, set on the test's database, notices the
// vanished client while its backend waits): the order is not completed, and
// the gateway's money is held by nobody. A new process's reconciler credits
// it back. The shopper's retry with the same Idempotency-Key is taken over by
// the new process (the dead one's heartbeat stopped) instead of a 409, and
// completes the order with a new charge.

describe('a process killed after the gateway charged, before its commit', () => {
  let databaseUrl: string;
  let log: string;
  let db: Client;
  let order: CreatedOrder;
  let cents: number;
  const services: ServiceProcess[] = [];

  const gatewayLog = (): BogusOperation[] => (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as BogusOperation) : []);
  const journal = async () =>
    (await db.query(`SELECT operation, amount_cents::int AS cents, state, compensation FROM gateway_operations WHERE order_id = $1 ORDER BY id`, [order.id])).rows;

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    log = join(mkdtempSync(join(tmpdir(), 'bogus-')), 'gateway.log');
    // The order is taken to confirm by an in-process app on the same database.
    const t = await createTestApp({}, { databaseUrl });
    try {
      const product = await stockedProduct(t.db, { price: '30.00', count: 5 });
      order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      cents = Math.round(Number((await t.db.query(`SELECT total FROM orders WHERE id = $1`, [order.id]))[0].total) * 100);
      await t.db.query(`UPDATE payment_methods SET auto_capture = true WHERE type = 'Spree::Gateway::Bogus'`);
      await injectCommitGate(t.db);
      await t.db.query(`INSERT INTO test_commit_gates (order_id) VALUES ($1)`, [order.id]);
      await t.db.query(`ALTER DATABASE "${new URL(databaseUrl).pathname.slice(1)}" SET client_connection_check_interval = '100ms'`);
    } finally {
      await t.close();
    }
    db = new Client({ connectionString: databaseUrl });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    for (const service of services) service.kill();
    await db?.end();
  });

  it('is credited back by the next process, and the retry with the same Idempotency-Key completes the order', async () => {
    const key = randomUUID();
    const complete = (service: ServiceProcess) =>
      fetch(`${service.url}/api/checkouts/${order.number}`, { method: 'PUT', headers: { ...order.guest, 'Idempotency-Key': key } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { state?: string },
      }));

    // 1. The first process charges, and is killed while its commit waits.
    const first = await startService(databaseUrl, { BOGUS_GATEWAY_LOG: log, IDEMPOTENCY_STALE_SECONDS: '1' });
    services.push(first);
    await db.query(`SELECT pg_advisory_lock($1)`, [COMMIT_GATE_LOCK]);
    const inFlight = complete(first).catch((error: Error) => ({ status: 0, body: { error: error.message } }));
    await until(() => gatewayLog().some((o) => o.operation === 'purchase'), 'the purchase');
    await until(
      async () => (await db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`)).rows.length > 0,
      'the commit waiting at its gate',
    );
    first.kill();
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect((await inFlight).status).toBe(0); // no answer: the connection was cut
    // PostgreSQL ends the dead client's transaction by itself.
    await until(async () => (await db.query(`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`)).rows.length === 0, 'the orphaned transaction to end');
    await db.query(`SELECT pg_advisory_unlock($1)`, [COMMIT_GATE_LOCK]);
    await db.query(`DELETE FROM test_commit_gates`);

    // Charged at the gateway, no completed order: the journal knows.
    expect((await db.query(`SELECT state, completed_at FROM orders WHERE id = $1`, [order.id])).rows).toEqual([{ state: 'confirm', completed_at: null }]);
    expect((await db.query(`SELECT state FROM payments WHERE order_id = $1`, [order.id])).rows).toEqual([{ state: 'checkout' }]);
    expect(await journal()).toEqual([{ operation: 'purchase', cents, state: 'answered', compensation: null }]);

    // 2. The next process's reconciler credits it back (grace period of a second).
    const second = await startService(databaseUrl, {
      BOGUS_GATEWAY_LOG: log,
      CHARGE_RECONCILE_GRACE_SECONDS: '1',
      CHARGE_RECONCILE_INTERVAL_SECONDS: '1',
      IDEMPOTENCY_STALE_SECONDS: '1',
    });
    services.push(second);
    await until(async () => (await journal())[0].state === 'compensated', 'the reconciler');
    expect(await journal()).toEqual([{ operation: 'purchase', cents, state: 'compensated', compensation: 'credit' }]);
    expect(gatewayLog().map(({ operation, amountCents, pid }) => ({ operation, amountCents, pid }))).toEqual([
      { operation: 'purchase', amountCents: cents, pid: first.child.pid },
      { operation: 'credit', amountCents: cents, pid: second.child.pid },
    ]);

    // 3. The shopper's retry with the same key: taken over (not 409 until the key expires), and the order completes.
    const retry = await complete(second);
    expect({ status: retry.status, state: retry.body.state }).toEqual({ status: 200, state: 'complete' });
    expect((await journal()).map((r) => r.state)).toEqual(['compensated', 'settled']);
    expect(gatewayLog().map((o) => o.operation)).toEqual(['purchase', 'credit', 'purchase']);
    // And a second retry is a replay of that answer.
    const replay = await complete(second);
    expect({ status: replay.status, state: replay.body.state }).toEqual({ status: 200, state: 'complete' });
    expect(gatewayLog()).toHaveLength(3);
  }, 180_000);
});
