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
const routing = new AsyncLocalStorage<{ mayLag: true }>();

/** Runs `work` (and everything it starts) as reads that may be served by a replica. */
export function readsMayLag<T>(work: () => T): T {
  return routing.run({ mayLag: true }, work);
}

/** Whether the code running now may read from a replica. */
export function mayReadFromReplica(): boolean {
  return routing.getStore()?.mayLag === true;
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
