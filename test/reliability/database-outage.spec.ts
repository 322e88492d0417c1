import type { Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { loadConfig } from '../../src/config/configuration';
import { prepareDatabase } from '../../src/database/prepare-database';
import { defaultStockLocationId } from '../support/catalog';
import { checkoutToPayment, createOrder, CreatedOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { PrivatePostgres, startPrivatePostgres } from '../support/private-postgres';
import { createTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';
import { TEST_SECRET_KEY } from '../support/secrets';

// PostgreSQL stops and starts again while the service is under a steady load
// of catalog reads, account reads, order creations and checkout completions
// (some of them inside their transaction at the moment the server goes away).
// Every answer is a normal one or 503 {"error":"Service unavailable"} with
// Retry-After; nothing hangs, nothing is a 500; /health/ready says 503 while
// the database is gone and 200 after; the service recovers by itself; and
// every order is either completed in full or left exactly at confirm.
//
// The server is the test's own (test/support/private-postgres.ts), never the
// shared one. RELIABILITY_REPORT=1 prints the figures of each run.

const UNAVAILABLE = { error: 'Service unavailable' };
/** Far above the pool's connect timeout: an answer slower than this is a hang. */
const HANG_MS = 15_000;

type Operation = 'catalog' | 'account' | 'create' | 'complete';
interface Outcome {
  op: Operation;
  status: number | 'hung' | 'network error';
  body: unknown;
  retryAfter: string | null;
  started: number;
  ended: number;
  order?: CreatedOrder;
}

describe('PostgreSQL stopped and started again under load', () => {
  let pg: PrivatePostgres;
  let t: TestApp;
  let base: string;
  let shopper: TestUser;
  let creditCardId: number;
  let locationId: number;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    const url = await pg.createDatabase('commerce');
    await prepareDatabase(url, loadConfig({ NODE_ENV: 'test', SECRET_KEY: TEST_SECRET_KEY }), { sampleData: false, admin: false });
    t = await createTestApp({}, { databaseUrl: url });
    const server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    shopper = await createUser(t.db);
    creditCardId = await paymentMethodId(t.db, 'Credit Card');
    locationId = await defaultStockLocationId(t.db);
  }, 60_000);
  afterEach(() => jest.restoreAllMocks());
  afterAll(async () => {
    await t?.close();
    await pg?.destroy();
  });

  /** One request as a client sees it: status, body, Retry-After, and when. A request unanswered after HANG_MS counts as hung. */
  async function send(op: Operation, method: string, path: string, headers: Record<string, string> = {}, body?: object, order?: CreatedOrder): Promise<Outcome> {
    const started = Date.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: { ...headers, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(HANG_MS),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // kept as text: the assertions below then fail on it
      }
      return { op, status: res.status, body: parsed, retryAfter: res.headers.get('retry-after'), started, ended: Date.now(), order };
    } catch (error) {
      const hung = error instanceof Error && error.name === 'TimeoutError';
      return { op, status: hung ? 'hung' : 'network error', body: String(error), retryAfter: null, started, ended: Date.now(), order };
    }
  }

  async function orderAtConfirm(variantId: number, i: number): Promise<CreatedOrder> {
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
    await checkoutToPayment(t, order, `outage${i}@example.com`);
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: creditCardId }] }, payment_source: { [creditCardId]: VISA } });
    expect({ status: res.status, state: res.body.state }).toEqual({ status: 200, state: 'confirm' });
    return order;
  }

  /** Backends of the app waiting on a lock (the completions held at the gate). */
  async function waitingOnLocks(gate: Client): Promise<number> {
    // Inside the gate's transaction pg_stat_activity is a snapshot taken once: clear it to see backends as they are now.
    await gate.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await gate.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    return rows[0].n;
  }

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Where an order is: completed in full, or untouched at confirm; anything else is a half-done completion. */
  async function orderCondition(order: CreatedOrder): Promise<'complete' | 'confirm' | string> {
    const [row] = await t.db.query(`SELECT state, completed_at, payment_state, shipment_state FROM orders WHERE id = $1`, [order.id]);
    const payments = await t.db.query(`SELECT state, response_code FROM payments WHERE order_id = $1 ORDER BY id`, [order.id]);
    const shipments = await t.db.query(`SELECT id, state FROM shipments WHERE order_id = $1 ORDER BY id`, [order.id]);
    const units = await t.db.query(`SELECT pending FROM inventory_units WHERE order_id = $1`, [order.id]);
    const movements = await t.db.query(`SELECT quantity FROM stock_movements WHERE originator_type = 'Spree::Shipment' AND originator_id = ANY($1)`, [shipments.map((s: { id: number }) => s.id)]);
    const completions = await t.db.query(`SELECT previous_state FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1 AND next_state = 'complete'`, [order.id]);
    const seen = {
      state: row.state,
      completed: row.completed_at !== null,
      payment_state: row.payment_state,
      shipment_state: row.shipment_state,
      payments: payments.map((p: { state: string; response_code: string | null }) => [p.state, p.response_code]),
      shipments: shipments.map((s: { state: string }) => s.state),
      units: units.map((u: { pending: boolean }) => u.pending),
      movements: movements.map((m: { quantity: number }) => m.quantity),
      completions: completions.length,
    };
    const complete = { state: 'complete', completed: true, payment_state: 'balance_due', shipment_state: 'pending', payments: [['pending', '12345']], shipments: ['pending'], units: [false], movements: [-1], completions: 1 };
    const atConfirm = { state: 'confirm', completed: false, payment_state: null, shipment_state: null, payments: [['checkout', null]], shipments: ['pending'], units: [true], movements: [], completions: 0 };
    if (JSON.stringify(seen) === JSON.stringify(complete)) return 'complete';
    if (JSON.stringify(seen) === JSON.stringify(atConfirm)) return 'confirm';
    return `half-done ${order.number}: ${JSON.stringify(seen)}`;
  }

  it('the OpenAPI document lists the 503 and its Retry-After header on API operations', async () => {
    const doc = (await send('catalog', 'GET', '/api/openapi.json')).body as { paths: Record<string, Record<string, { responses: Record<string, { headers?: object; content?: object }> }>> };
    const operations = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ operation: `${method.toUpperCase()} ${path}`, unavailable: op.responses['503'] })));
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((o) => !o.unavailable?.headers || !('Retry-After' in o.unavailable.headers)).map((o) => o.operation)).toEqual([]);
  });

  it('sessions ended by an administrator (pg_terminate_backend): the request on one answers 503, idle ones are replaced, the next requests succeed', async () => {
    const product = await stockedProduct(t.db, { count: 5 });
    const [order] = await Promise.all([orderAtConfirm(product.masterVariantId, 100), ...Array.from({ length: 4 }, () => send('catalog', 'GET', '/api/products'))]);
    const gate = new Client({ connectionString: t.databaseUrl });
    await gate.connect();
    try {
      await gate.query('BEGIN');
      await gate.query(`SELECT 1 FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 FOR UPDATE`, [locationId, product.masterVariantId]);
      const completing = send('complete', 'PUT', `/api/checkouts/${order.number}`, order.guest);
      for (let i = 0; i < 1500 && (await waitingOnLocks(gate)) < 1; i++) await sleep(10);
      // Every session of the app: the busy one (the completion) and the idle ones in its pool.
      const { rows } = await gate.query(`SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'`);
      expect(rows[0].n).toBeGreaterThan(1);
      const res = await completing;
      expect({ status: res.status, body: res.body, retryAfter: res.retryAfter }).toEqual({ status: 503, body: UNAVAILABLE, retryAfter: '5' });
    } finally {
      await gate.end();
    }
    expect(await orderCondition(order)).toBe('confirm');
    // Served again at once, by new connections.
    for (let i = 0; i < 4; i++) expect((await send('catalog', 'GET', '/api/products')).status).toBe(200);
    const again = await send('complete', 'PUT', `/api/checkouts/${order.number}`, order.guest);
    expect({ status: again.status, state: (again.body as { state?: string }).state }).toEqual({ status: 200, state: 'complete' });
    expect(await orderCondition(order)).toBe('complete');
  }, 60_000);

  it('a product list whose queries are all in flight when the server stops: 503, and the process lives on', async () => {
    await stockedProduct(t.db, { name: 'Product in flight' });
    // The list itself reads products; the product JSON then reads these tables (in one statement, the product graph).
    const gate = new Client({ connectionString: t.databaseUrl });
    gate.on('error', () => undefined);
    await gate.connect();
    let reading: Promise<Outcome>;
    try {
      await gate.query('BEGIN');
      await gate.query('LOCK TABLE variants, product_option_types, product_properties, classifications IN ACCESS EXCLUSIVE MODE');
      reading = send('catalog', 'GET', '/api/products?q[name_cont]=in%20flight');
      for (let i = 0; i < 500 && (await waitingOnLocks(gate)) < 1; i++) await sleep(10);
      // At least the list's statement (a background statement of the app may wait on these tables too).
      expect(await waitingOnLocks(gate)).toBeGreaterThanOrEqual(1);
      // Immediate: with one statement in flight, a fast stop could end the lock holder first and let it finish.
      await pg.stop('immediate');
    } finally {
      await gate.end().catch(() => undefined);
    }
    const res = await reading;
    expect({ status: res.status, body: res.body, retryAfter: res.retryAfter }).toEqual({ status: 503, body: UNAVAILABLE, retryAfter: '5' });
    // Each failed query is answered for; one left unhandled would end the process (Jest reports it against this test).
    await sleep(200);
    await pg.start();
    const again = await send('catalog', 'GET', '/api/products?q[name_cont]=in%20flight');
    expect({ status: again.status, names: (again.body as { products: { name: string }[] }).products.map((p) => p.name) }).toEqual({ status: 200, names: ['Product in flight'] });
  }, 60_000);

  for (const mode of ['fast', 'immediate'] as const) {
    it(`${mode} stop: 503 while it is down, complete-or-untouched orders, recovery without a restart`, async () => {
      const units = 1000;
      const product = await stockedProduct(t.db, { price: '19.99', count: units, backorderable: false });
      const waiting = await Promise.all(Array.from({ length: 8 }, (_, i) => orderAtConfirm(product.masterVariantId, i)));
      // Three complete before the outage; the rest are handed to the load once the gate below holds them.
      const toComplete = waiting.slice(0, 3);

      // What the exception filter logs for a 500 (the app's logger is silent in tests).
      const loggedErrors: string[] = [];
      jest.spyOn(Logger.prototype, 'error').mockImplementation(function (this: { context?: string }, message: unknown) {
        if (this.context === 'ApiExceptionFilter') loggedErrors.push(String(message));
      });

      // The load: workers in a loop, each taking the next kind of request in turn.
      const outcomes: Outcome[] = [];
      let running = true;
      const kinds: Operation[] = ['complete', 'catalog', 'create', 'account'];
      let turn = 0;
      const worker = async () => {
        while (running) {
          let kind = kinds[turn++ % kinds.length];
          const order = kind === 'complete' ? toComplete.shift() : undefined;
          if (kind === 'complete' && !order) kind = 'catalog';
          let outcome: Outcome;
          if (kind === 'complete') outcome = await send('complete', 'PUT', `/api/checkouts/${order!.number}`, order!.guest, undefined, order);
          else if (kind === 'catalog') outcome = await send('catalog', 'GET', `/api/products?per_page=5&q[name_cont]=Product`);
          else if (kind === 'account') outcome = await send('account', 'GET', '/api/orders/mine', shopper.auth);
          else outcome = await send('create', 'POST', '/api/orders', {}, { order: { line_items: [{ variant_id: product.masterVariantId, quantity: 1 }] } });
          outcomes.push(outcome);
          // Let the others and the test's own steps have the (shared) CPU between requests.
          await sleep(5);
        }
      };
      const workers = Array.from({ length: 6 }, () => worker());

      // Up for a moment, with completions going through.
      while (outcomes.filter((o) => o.op === 'complete' && o.status === 200).length < 3) await sleep(20);

      // Hold the next completions inside their transactions (order locked and
      // re-totalled, waiting to take the stock), so the server goes away under them.
      const gate = new Client({ connectionString: t.databaseUrl });
      gate.on('error', () => undefined); // the server ends this session too
      await gate.connect();
      let heldAtGate: number, stopAt: number, downAt: number;
      try {
        await gate.query('BEGIN');
        await gate.query(`SELECT 1 FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 FOR UPDATE`, [locationId, product.masterVariantId]);
        toComplete.push(...waiting.slice(3));
        for (let i = 0; i < 1500 && (await waitingOnLocks(gate)) < 2; i++) await sleep(10);
        heldAtGate = await waitingOnLocks(gate);
        expect(heldAtGate).toBeGreaterThanOrEqual(2);
        stopAt = Date.now();
        await pg.stop(mode);
        downAt = Date.now();
      } catch (error) {
        running = false;
        await Promise.all(workers);
        throw error;
      } finally {
        await gate.end().catch(() => undefined);
      }

      // Down: readiness says so, promptly.
      await sleep(700);
      const readyDown = await send('catalog', 'GET', '/health/ready');
      await sleep(700);

      const startAt = Date.now();
      await pg.start();
      const upAt = Date.now();

      // Up again: the same app, not restarted, serves again.
      let firstSuccessAfterUp: number | undefined;
      for (let i = 0; i < 500 && firstSuccessAfterUp === undefined; i++) {
        await sleep(10);
        firstSuccessAfterUp = outcomes.find((o) => o.started >= upAt && typeof o.status === 'number' && o.status < 300)?.ended;
      }
      await sleep(700);
      running = false;
      await Promise.all(workers);
      const readyUp = await send('catalog', 'GET', '/health/ready');

      // Every answer is an expected one, or 503 with the contract body; none hung.
      const expected: Record<Operation, number> = { catalog: 200, account: 200, create: 201, complete: 200 };
      const unexpected = outcomes.filter((o) => o.status !== expected[o.op] && o.status !== 503);
      // One of each kind is enough to say what went wrong; a 500 brings the first line of what the app logged.
      expect({
        unexpected: [...new Map(unexpected.map((o) => [`${o.op} ${o.status} ${JSON.stringify(o.body)}`, { op: o.op, status: o.status, body: o.body }])).values()],
        logged500s: [...new Set(loggedErrors.map((e) => e.split('\n')[0]))],
      }).toEqual({ unexpected: [], logged500s: [] });
      const unavailable = outcomes.filter((o) => o.status === 503);
      for (const o of unavailable) expect({ body: o.body, retryAfter: o.retryAfter }).toEqual({ body: UNAVAILABLE, retryAfter: '5' });
      // Every request sent while the server was fully down was refused, quickly.
      const whileDown = outcomes.filter((o) => o.started >= downAt && o.ended <= startAt);
      expect(whileDown.length).toBeGreaterThan(0);
      expect(whileDown.filter((o) => o.status !== 503)).toEqual([]);
      // Every request sent once the server was back succeeded.
      const afterUp = outcomes.filter((o) => o.started >= upAt);
      expect(afterUp.length).toBeGreaterThan(0);
      expect(afterUp.filter((o) => o.status !== expected[o.op]).map((o) => ({ op: o.op, status: o.status, body: o.body }))).toEqual([]);

      expect({ status: readyDown.status, body: readyDown.body, retryAfter: readyDown.retryAfter }).toEqual({
        status: 503,
        body: { status: 'error', info: {}, error: { database: { status: 'down' } }, details: { database: { status: 'down' } } },
        retryAfter: '5',
      });
      expect(readyUp.status).toBe(200);
      expect((readyUp.body as { status: string }).status).toBe('ok');

      // No order is half-completed; the stock taken is one unit per completed order.
      const conditions = await Promise.all(waiting.map(orderCondition));
      expect(conditions.filter((c) => c !== 'complete' && c !== 'confirm')).toEqual([]);
      const completed = conditions.filter((c) => c === 'complete').length;
      const answeredComplete = outcomes.filter((o) => o.op === 'complete' && o.status === 200).map((o) => o.order!.number);
      // A 200 means completed (a 503 may still have completed: its commit can reach the server just before it goes).
      for (const number of answeredComplete) expect(conditions[waiting.findIndex((o) => o.number === number)]).toBe('complete');
      const stock = async () => (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2`, [locationId, product.masterVariantId]))[0].count_on_hand;
      expect(await stock()).toBe(units - completed);

      // The orders that were refused complete when tried again, once each.
      const refused = waiting.filter((_, i) => conditions[i] === 'confirm');
      for (const order of refused) {
        const again = await send('complete', 'PUT', `/api/checkouts/${order.number}`, order.guest);
        expect({ number: order.number, status: again.status, state: (again.body as { state?: string }).state }).toEqual({ number: order.number, status: 200, state: 'complete' });
      }
      expect((await Promise.all(waiting.map(orderCondition))).filter((c) => c !== 'complete')).toEqual([]);
      expect(await stock()).toBe(units - waiting.length);

      if (process.env.RELIABILITY_REPORT) {
        const latencies = unavailable.map((o) => o.ended - o.started).sort((a, b) => a - b);
        console.log(
          JSON.stringify({
            mode,
            requests: outcomes.length,
            byOperation: Object.fromEntries(kinds.map((k) => [k, outcomes.filter((o) => o.op === k).length])),
            completionsHeldInTransactionAtStop: heldAtGate,
            stopMs: downAt - stopAt,
            outageMs: upAt - stopAt,
            unavailable503: unavailable.length,
            unavailableMedianMs: latencies[Math.floor(latencies.length / 2)],
            unavailableMaxMs: latencies[latencies.length - 1],
            recoveryMsAfterServerUp: firstSuccessAfterUp === undefined ? null : firstSuccessAfterUp - upAt,
            successesAfterUp: afterUp.length,
            ordersCompletedDuringRun: completed,
            ordersRefusedThenRetried: refused.length,
          }),
        );
      }
    }, 120_000);
  }
});
