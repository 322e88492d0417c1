import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { EntityManager } from 'typeorm';

/** pg-boss statements run on the caller's transaction (its `db` option), so a job exists iff that transaction commits. */
export async function inTransaction(em: EntityManager): Promise<PgBoss.Db> {
  const runner = em.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('a delivery job is sent inside a transaction');
  const client = (await runner.connect()) as Client;
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values as unknown[]) };
}
