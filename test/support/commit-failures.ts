import type { TestApp } from './test-app';

/**
 * The injected failure: a deferred constraint trigger on orders and payments that raises at COMMIT for the orders
 * listed in `test_commit_failures` (tables and function of this test's database only).
 */
export async function injectCommitFailures(t: Pick<TestApp, 'db'>): Promise<void> {
  await t.db.query(`CREATE TABLE test_commit_failures (order_id integer PRIMARY KEY)`);
  await t.db.query(`
    CREATE FUNCTION test_fail_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_commit_failures WHERE order_id = (to_jsonb(NEW) ->> CASE TG_TABLE_NAME WHEN 'orders' THEN 'id' ELSE 'order_id' END)::int) THEN
        RAISE EXCEPTION 'injected failure at commit' USING ERRCODE = '58000';
      END IF;
      RETURN NULL;
    END $$`);
  for (const table of ['orders', 'payments']) {
    await t.db.query(`CREATE CONSTRAINT TRIGGER test_fail_at_commit AFTER INSERT OR UPDATE ON ${table} DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_fail_at_commit()`);
  }
}

/** The advisory lock a gated commit waits for: hold it (`pg_advisory_lock`) to stop such commits mid-way. */
export const COMMIT_GATE_LOCK = 4242;

/**
 * A commit held at its last step: a deferred constraint trigger on orders that, at COMMIT, waits for the advisory
 * lock COMMIT_GATE_LOCK for the orders listed in `test_commit_gates` (this test's database only). A test holding the
 * lock can kill the process whose request is then past the gateway and not yet committed.
 */
export async function injectCommitGate(db: { query: (sql: string) => Promise<unknown> }): Promise<void> {
  await db.query(`CREATE TABLE test_commit_gates (order_id integer PRIMARY KEY)`);
  await db.query(`
    CREATE FUNCTION test_gate_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_commit_gates WHERE order_id = NEW.id) THEN
        PERFORM pg_advisory_xact_lock(${COMMIT_GATE_LOCK});
      END IF;
      RETURN NULL;
    END $$`);
  await db.query(`CREATE CONSTRAINT TRIGGER test_gate_at_commit AFTER UPDATE ON orders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_gate_at_commit()`);
}
