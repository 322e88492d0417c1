import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which database a request's statements may go to. By default, the primary:
 * whatever a request reads, it reads its own writes and everyone's
 * acknowledged ones. A request that only reads what may lag a little (an
 * anonymous catalog read: `CatalogCacheInterceptor`) runs inside
 * `readsMayLag`, and its connections may then come from a read replica
 * (database/replicas.ts). Such a request never writes; one that writes is
 * never inside it.
 */
const routing = new AsyncLocalStorage<LagTolerantReads>();

/** What a run of `readsMayLag` did: whether a replica served any of its connections. */
export interface LagTolerantReads {
  usedReplica: boolean;
}

/** Runs `work` (and everything it starts) as reads that may be served by a replica; `reads` tells afterwards whether one did. */
export function readsMayLag<T>(work: () => T, reads: LagTolerantReads = { usedReplica: false }): T {
  return routing.run(reads, work);
}

/** Runs `work` (and everything it starts) on the primary, even inside `readsMayLag`. */
export function onPrimary<T>(work: () => T): T {
  return routing.exit(work);
}

/** Whether the code running now may read from a replica. */
export function mayReadFromReplica(): boolean {
  return routing.getStore() !== undefined;
}

/** Notes that a replica served a connection of the reads running now (the replica router calls it). */
export function servedByReplica(): void {
  const reads = routing.getStore();
  if (reads) reads.usedReplica = true;
}

/** What the replica router last learnt of a replica. */
export interface ReplicaState {
  /** Answered the last check. */
  up: boolean;
  /** How far behind the primary it was at the last check (ms); Infinity when unknown. */
  lagMs: number;
}

/**
 * The replicas a lag-tolerant read may use: up, and at most `maxLagMs`
 * behind. None: the read goes to the primary.
 */
export function usableReplicas<R extends ReplicaState>(replicas: readonly R[], maxLagMs: number): R[] {
  return replicas.filter((r) => r.up && r.lagMs <= maxLagMs);
}
