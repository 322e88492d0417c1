import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * State shared by every instance of the service: rate-limit counters (one row
 * per bucket: its current window and the hits in it) and Idempotency-Key records (one per caller and
 * key). Both are swept opportunistically; the indexes serve those sweeps.
 */
export class RequestGuards1764000000000 implements MigrationInterface {
  name = 'RequestGuards1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limit_counters (
        bucket text NOT NULL,
        window_start timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        hits integer NOT NULL DEFAULT 0,
        PRIMARY KEY (bucket)
      )`);
    await q.query(`CREATE INDEX rate_limit_counters_expires_at_idx ON rate_limit_counters (expires_at)`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        response_status integer,
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        PRIMARY KEY (scope, key)
      )`);
    await q.query(`CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS idempotency_keys`);
    await q.query(`DROP TABLE IF EXISTS rate_limit_counters`);
  }
}
