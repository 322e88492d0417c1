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
