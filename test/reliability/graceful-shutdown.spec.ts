import { ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { join } from 'node:path';
import { Client } from 'pg';
import { defaultStockLocationId } from '../support/catalog';
import { freshDatabaseUrl } from '../support/database';
import { checkoutToPayment, createOrder, CreatedOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { freePort } from '../support/private-postgres';
import { TEST_SECRET_KEY } from '../support/secrets';
import { createTestApp } from '../support/test-app';

// The real service (src/main.ts in its own process) gets SIGTERM while a
// checkout completion is in flight (held on a row lock by the test; LOG_LEVEL info, as its shutdown messages are read): it stops
// accepting connections at once, lets that request finish with its normal
// answer, closes its database pool and exits with code 0.

const root = join(__dirname, '..', '..');

describe('SIGTERM', () => {
  let child: ChildProcess | undefined;
  let output = '';
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  let port: number;
  let databaseUrl: string;
  let order: CreatedOrder;
  let variantId: number;
  let locationId: number;

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    // The order is taken to confirm by an in-process app on the same database.
    const t = await createTestApp({}, { databaseUrl });
    try {
      const product = await stockedProduct(t.db, { count: 5 });
      variantId = product.masterVariantId;
      locationId = await defaultStockLocationId(t.db);
      order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
      await checkoutToPayment(t, order, 'sigterm@example.com');
      const card = await paymentMethodId(t.db, 'Credit Card');
      const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: card }] }, payment_source: { [card]: VISA } });
      expect(res.body.state).toBe('confirm');
    } finally {
      await t.close();
    }

    port = await freePort();
    child = spawn(process.execPath, ['-r', './test/support/swc-register.cjs', 'src/main.ts'], {
      cwd: root,
      // The test runs' SECRET_KEY, which sealed the database's secrets (not a key file in the repository's .data).
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'info', SAMPLE_DATA: 'false', SHUTDOWN_TIMEOUT_MS: '20000', SECRET_KEY: TEST_SECRET_KEY },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    exited = new Promise((resolve) => child!.once('exit', (code, signal) => resolve({ code, signal })));
    // Started when it answers (compiling and migrating takes a few seconds, more on a busy machine).
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the service exited at start:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.status, () => 0);
      if (ready === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 120_000);

  afterAll(() => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });

  it('lets the request in flight finish, refuses new connections, and exits 0', async () => {
    const gate = new Client({ connectionString: databaseUrl });
    await gate.connect();
    try {
      // Hold the stock row: the completion waits inside its transaction.
      await gate.query('BEGIN');
      await gate.query(`SELECT 1 FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 FOR UPDATE`, [locationId, variantId]);
      const inFlight = fetch(`http://127.0.0.1:${port}/api/checkouts/${order.number}`, { method: 'PUT', headers: order.guest }).then(async (r) => ({ status: r.status, connection: r.headers.get('connection'), body: await r.json() }));
      await until(async () => {
        await gate.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await gate.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return rows[0].n > 0;
      });

      child!.kill('SIGTERM');
      await until(async () => output.includes('SIGTERM: no new connections'));

      // No longer listening, yet still running: the request is in flight.
      expect(await connects(port)).toBe(false);
      expect(child!.exitCode).toBeNull();

      await gate.query('COMMIT');
      const res = await inFlight;
      expect({ status: res.status, state: (res.body as { state?: string }).state, number: (res.body as { number?: string }).number }).toEqual({ status: 200, state: 'complete', number: order.number });
      expect(res.connection).toBe('close');
    } finally {
      await gate.end();
    }

    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('Stopped');
    expect(output).not.toContain('forced');

    // The completion was committed before the pool closed.
    const check = new Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const { rows } = await check.query(`SELECT state, completed_at IS NOT NULL AS completed FROM orders WHERE id = $1`, [order.id]);
      expect(rows).toEqual([{ state: 'complete', completed: true }]);
      // And every connection of the service is closed (its backends end a moment after).
      await until(async () => (await check.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows[0].n === 0);
    } finally {
      await check.end();
    }
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Whether a new TCP connection to the port is accepted. */
function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
