import { EntityManager } from 'typeorm';

type Thunks<T extends readonly unknown[]> = { [K in keyof T]: () => Promise<T[K]> };

/**
 * Runs independent queries together on the pool, or one after another when
 * `em` is a transaction's manager (one connection: pg does not queue
 * concurrent queries on a client for us).
 */
export async function runAll<T extends readonly unknown[]>(em: EntityManager, thunks: Thunks<T>): Promise<T> {
  if (!em.queryRunner) return (await Promise.all(thunks.map((f) => f()))) as unknown as T;
  const results: unknown[] = [];
  for (const f of thunks) results.push(await f());
  return results as unknown as T;
}
