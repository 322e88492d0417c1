import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { perDataSource } from './entity-json';

/**
 * A statement PostgreSQL parses and plans once per connection and then runs
 * by name: for the big read statements of hot paths, planning cost more than
 * running (about 2.4 ms against 0.8 ms for a product's graph).
 *
 * It goes through TypeORM's `query` like any other statement (so logging,
 * statement counting and error wrapping stay the same): TypeORM hands the
 * query to pg untouched, and pg runs a query object with a `name` as a named
 * prepared statement. `toString` gives the text to whoever reads it as one.
 *
 * Names are global per connection: each statement text gets its own name.
 * Behind PgBouncer in transaction mode, use a version that keeps prepared
 * statements (1.21 or later with max_prepared_statements), or set
 * DATABASE_PREPARED_STATEMENTS=false: the pool's client then runs the text
 * unnamed (`UnpreparedClient`, database/data-source-options.ts).
 */
export class PreparedStatement {
  constructor(
    readonly name: string,
    readonly text: string,
  ) {}

  toString(): string {
    return this.text;
  }

  run<T>(em: EntityManager, params: unknown[]): Promise<T[]> {
    return em.query(this as unknown as string, params);
  }
}

/**
 * `= ANY(<array parameter>)` for prepared statements that take a list of ids:
 * `inIds('$1')` gives `= ANY((SELECT $1::int[])::int[])`.
 *
 * Why: PostgreSQL plans a prepared statement afresh at each execution (a
 * custom plan) until a generic plan looks no dearer. A plain `= ANY($1)` shows
 * the planner the array's length in custom plans but not in the generic one,
 * which it then prices for 10 elements, so it never switches: the order graph
 * was planned at every execution (1–4 ms, against 0.5 ms to run it). Reading
 * the array through a sub-select hides its length from both plans, which then
 * cost the same, and PostgreSQL keeps the generic plan after five executions.
 * Statements keyed by one scalar (`= $1`) need none of this.
 */
export const inIds = (param: string): string => `= ANY((SELECT ${param}::int[])::int[])`;

/**
 * The one way to declare a prepared statement: `preparedStatement(name, text)`,
 * the text fixed or built from the data source's entity metadata
 * (`entityColumns`, `entityRows`); built on first use, once per data source,
 * then reused. `STATEMENT(em).run(em, params)` runs it. For the big statements
 * that PostgreSQL took longer to plan than to run (the order graph: ~4.6 ms to
 * parse and plan, 0.5 ms to run), and the small ones run before every request.
 */
export function preparedStatement(name: string, text: string | ((em: EntityManager) => string)): (em: EntityManager) => PreparedStatement {
  return perDataSource((em) => new PreparedStatement(name, typeof text === 'string' ? text : text(em)));
}

/**
 * A family of prepared statements, one per key: `text(em, variant)` builds
 * the text of a variant (a statement whose text depends on what the caller
 * may see, say), `keyOf(variant)` says which statements are the same. Built
 * on first use of a key; each key gets its own name (`name-1`, `name-2`, …,
 * the same in every data source), as names are global per connection.
 */
export function preparedStatements<V = string>(
  name: string,
  text: (em: EntityManager, variant: V) => string,
  keyOf: (variant: V) => string = String,
): (em: EntityManager, variant: V) => PreparedStatement {
  const names = new Map<string, string>();
  const byDataSource = new WeakMap<object, Map<string, PreparedStatement>>();
  return (em, variant) => {
    const key = keyOf(variant);
    let statements = byDataSource.get(em.connection);
    if (!statements) byDataSource.set(em.connection, (statements = new Map()));
    let statement = statements.get(key);
    if (!statement) {
      let keyName = names.get(key);
      if (keyName === undefined) names.set(key, (keyName = `${name}-${names.size + 1}`));
      statement = new PreparedStatement(keyName, text(em, variant));
      statements.set(key, statement);
    }
    return statement;
  };
}

const byText = new Map<string, PreparedStatement>();

/**
 * `em.query(text, params)` run as a named prepared statement, named after its text (a digest): for the hot path's
 * call sites whose text is fixed (or one of a few), where declaring each with `preparedStatement` would only repeat
 * it. Never for a text built from input or of unbounded variety (say, a list's length): every text gets a statement
 * in every connection for the connection's life. Answers what `em.query` answers (rows; `[rows, count]` for UPDATE
 * and DELETE).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function queryPrepared(em: EntityManager, text: string, params: unknown[]): Promise<any> {
  let statement = byText.get(text);
  if (!statement) byText.set(text, (statement = new PreparedStatement(`q-${createHash('sha1').update(text).digest('hex').slice(0, 20)}`, text)));
  return em.query(statement as unknown as string, params);
}
