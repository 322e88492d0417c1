import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'typeorm';

const TRANSACTION_CONTROL = /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT|SET TRANSACTION)\b/i;

/**
 * Benchmark instrumentation (bench/run.mjs), off unless BENCH_QUERY_COUNT_DIR
 * is set: counts the SQL statements this process sends through TypeORM and
 * keeps `<dir>/<pid>.json` up to date (checked every 200 ms), so the benchmark
 * can report queries per request for every worker. (pg_stat_statements would
 * need the server restarted with shared_preload_libraries; transaction counts
 * in pg_stat_database are not statements; signals are taken by Nest's
 * shutdown hooks.)
 */
export class QueryCounter implements Logger {
  /** Statements other than transaction control. */
  queries = 0;
  /** START TRANSACTION, COMMIT, ROLLBACK and savepoints. */
  transactionControl = 0;

  logQuery(query: string): void {
    if (TRANSACTION_CONTROL.test(query)) this.transactionControl++;
    else this.queries++;
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}

  /** Written to a temporary name, then renamed: a reader never sees half a file. */
  writeTo(dir: string): void {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify({ pid: process.pid, queries: this.queries, transactionControl: this.transactionControl }));
    renameSync(`${file}.tmp`, file);
  }
}

let counter: QueryCounter | undefined;

/** The process's counter when BENCH_QUERY_COUNT_DIR is set (`dir`, made once, with its signal handler), else undefined. */
export function benchQueryCounter(dir: string | undefined): QueryCounter | undefined {
  if (!dir) return undefined;
  if (!counter) {
    const made = (counter = new QueryCounter());
    let written = -1;
    const flush = () => {
      const total = made.queries + made.transactionControl;
      if (total !== written) made.writeTo(dir);
      written = total;
    };
    flush();
    setInterval(flush, 200).unref();
  }
  return counter;
}
