import { Client } from 'pg';
import request from 'supertest';
import { createTestApp, TestApp } from './test-app';

/**
 * Tools for tests of concurrent requests: the gate (requests really overlap at
 * a contested row, on every run, without relying on timing) and several
 * service instances sharing one database.
 */

/** A row lock the gate holds, e.g. `SELECT 1 FROM stock_items WHERE variant_id = $1 FOR UPDATE`. */
export interface GateLock {
  sql: string;
  params: readonly unknown[];
}

export const rowLock = (table: string, where: string, ...params: unknown[]): GateLock => ({ sql: `SELECT 1 FROM ${table} WHERE ${where} FOR UPDATE`, params });

/** The app's connection pool size (DATABASE_POOL_SIZE, default 10): at most this many of one instance's requests can wait in the database. */
export const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 10);

/** A gate held open by hand: requests fired in waves, each wave known to be waiting before the next. */
export interface Gate {
  /** Resolves once this many backends of the database wait on a lock (or once `enough(waiting)` holds). */
  waitFor(enough: number | ((waiting: number) => boolean)): Promise<void>;
  /** Releases the lock and closes the gate's connection. */
  open(): Promise<void>;
}

/** Takes the gate's row lock on a connection of its own (release with `open`). */
export async function closedGate(databaseUrl: string, lock: GateLock): Promise<Gate> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(lock.sql, [...lock.params]);
  } catch (error) {
    await client.end();
    throw error;
  }
  let opened = false;
  return {
    async waitFor(enough) {
      const done = typeof enough === 'number' ? (waiting: number) => waiting >= enough : enough;
      for (;;) {
        // Inside a transaction pg_stat_activity is a snapshot taken once: clear it to see backends as they are now.
        await client.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await client.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if (done(rows[0].n)) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    async open() {
      if (opened) return;
      opened = true;
      try {
        await client.query('COMMIT');
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Fires every request at once, behind a gate: a separate connection holds a
 * row lock until every request is waiting on a lock in the database (or has
 * already answered), then lets them all go. With more requests than
 * connections, the gate opens once every pooled connection (`capacity`, of
 * every instance) waits, so that many contend at once and the rest follow as
 * connections free up. Answers in the order fired.
 */
export async function throughGate<T>(databaseUrl: string, lock: GateLock, fire: () => Array<PromiseLike<T>>, options: { capacity?: number } = {}): Promise<T[]> {
  const capacity = options.capacity ?? POOL_SIZE;
  const gate = await closedGate(databaseUrl, lock);
  let settled = 0;
  try {
    const requests = fire().map((r) =>
      Promise.resolve(r).finally(() => {
        settled++;
      }),
    );
    // Every request settles; a rejection is reported once the gate is open.
    const all = Promise.allSettled(requests);
    await gate.waitFor((waiting) => waiting + settled >= requests.length || waiting >= capacity);
    await gate.open();
    const outcomes = await all;
    return outcomes.map((o) => {
      if (o.status === 'rejected') throw o.reason;
      return o.value;
    });
  } finally {
    await gate.open();
  }
}

/** Binds the app's HTTP server to a port, so many requests share one listening server (supertest would otherwise listen and close around each one). */
export async function listen(t: TestApp): Promise<void> {
  const server = t.app.getHttpServer();
  if (server.listening) return;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
}

/** supertest against one of several instances, round robin: request `i` goes to instance `i % n`. */
/**
 * Two listening instances of the service on one database (the second serves
 * the first's), as two processes behind a load balancer would be. Close them
 * with `closeInstances`, the second first.
 */
export async function twoInstances(): Promise<[TestApp, TestApp]> {
  const first = await createTestApp();
  const second = await createTestApp({}, { databaseUrl: first.databaseUrl });
  await listen(first);
  await listen(second);
  return [first, second];
}

export async function closeInstances(first: TestApp, second: TestApp): Promise<void> {
  await second.close();
  await first.close();
}

export const roundRobin = (instances: TestApp[]) => (i: number) => request(instances[i % instances.length].app.getHttpServer());

/** Runs `work` for each item, at most `width` at a time (preparing many orders through HTTP without flooding the pool). */
export async function inBatches<I, T>(items: readonly I[], width: number, work: (item: I, index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(items.length);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < items.length) {
      const i = nextIndex++;
      results[i] = await work(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

export const range = (n: number) => Array.from({ length: n }, (_, i) => i);
