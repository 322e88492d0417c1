import { DataSource } from 'typeorm';

/**
 * A cheap fingerprint of every table's rows, to tell whether a request wrote
 * anything. Per table: the row count and the newest row version (`xmin`, the
 * id of the transaction that wrote it). Any committed insert or update makes a
 * row version newer than all before it, and any delete lowers the count, so the
 * fingerprint moves on every committed write; a rolled-back transaction leaves
 * it as it was (its row versions are never visible). Row locks (`FOR UPDATE`)
 * do not touch `xmin`, so reading with a lock is not mistaken for writing.
 */
export interface DatabaseFingerprint {
  /** The current fingerprint: table name → "count:newest xmin". */
  take(): Promise<Record<string, string>>;
}

/**
 * Tables whose rows may change on a refused request, by design: a refused
 * sign-in still counts towards its rate limit, and a refused request sent
 * with an Idempotency-Key keeps its answer for the retry.
 */
export const TABLES_WRITTEN_ON_ANY_REQUEST = /^(migrations|typeorm_metadata|rate_limit_counters|idempotency_keys)$/;

export async function databaseFingerprint(db: DataSource, ignore: RegExp = TABLES_WRITTEN_ON_ANY_REQUEST): Promise<DatabaseFingerprint> {
  const tables: string[] = (
    await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)
  )
    .map((r: { table_name: string }) => r.table_name)
    .filter((name: string) => !ignore.test(name));
  // One round trip for all tables.
  const sql = tables.map((name) => `SELECT '${name}' AS name, count(*) || ':' || coalesce(max(xmin::text::bigint), 0) AS print FROM "${name}"`).join(' UNION ALL ');
  return {
    async take() {
      const rows: { name: string; print: string }[] = await db.query(sql);
      return Object.fromEntries(rows.map((r) => [r.name, r.print]));
    },
  };
}

/** Names of the tables whose fingerprint differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name]);
}
