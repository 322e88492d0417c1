import { EntityManager, EntitySubscriberInterface, EventSubscriber, QueryRunner } from 'typeorm';
import type { BeforeQueryEvent } from 'typeorm/subscriber/event/QueryEvent';

/**
 * Reads a transaction keeps while it writes nothing more: a graph read for a
 * request's answer is used again by the events written as the transaction
 * commits (common/events), instead of being read a second time. Anything
 * read is kept per transaction (its query runner) under a key its reader
 * chooses, and every kept read of the transaction is forgotten as soon as a
 * statement other than a plain SELECT runs on it (an INSERT, UPDATE, DELETE,
 * a SELECT … FOR UPDATE, a savepoint, the COMMIT), so what is found is what
 * a new read would return.
 */
const kept = new WeakMap<QueryRunner, Map<string, unknown>>();

function runnerOf(em: EntityManager): QueryRunner | undefined {
  const runner = em.queryRunner;
  return runner && runner.isTransactionActive ? runner : undefined;
}

/** Keeps what was just read in `em`'s transaction (nothing outside a transaction). */
export function keepRead(em: EntityManager, key: string, value: unknown): void {
  const runner = runnerOf(em);
  if (!runner) return;
  let map = kept.get(runner);
  if (!map) kept.set(runner, (map = new Map()));
  map.set(key, value);
}

/** What `em`'s transaction read under `key` and has not written since, if anything. */
export function keptRead<T>(em: EntityManager, key: string): T | undefined {
  const runner = runnerOf(em);
  return runner ? (kept.get(runner)?.get(key) as T | undefined) : undefined;
}

/** A statement that cannot change what a kept read shows: a SELECT without a row lock. */
export function readsOnly(query: string): boolean {
  return /^\s*(\(\s*)?SELECT\b/i.test(query) && !/\bFOR\s+(NO\s+KEY\s+)?(UPDATE|SHARE|KEY\s+SHARE)\b/i.test(query);
}

/** Forgets a transaction's kept reads before any statement that may write (registered on the data source). */
@EventSubscriber()
export class TransactionReadsSubscriber implements EntitySubscriberInterface {
  beforeQuery(event: BeforeQueryEvent): void {
    const runner = event.queryRunner;
    if (runner && kept.has(runner) && !readsOnly(event.query)) kept.delete(runner);
  }
}
