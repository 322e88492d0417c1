import { MigrationInterface, QueryRunner } from 'typeorm';
import { secretDigest } from '../../config/secret-box';
import { migrationSecrets } from '../migration-secrets';

/** Rows converted per statement: a store's orders are converted without holding them all in memory. */
const BATCH = 5000;

/**
 * Secrets at rest (SECRET_KEY, see config/secret-box.ts), converting
 * the rows already there:
 *
 * - `orders.token` becomes `token_digest` (SHA-256, what a sent token is
 *   checked against; unique) and `token_sealed` (AES-256-GCM, opened only to
 *   show the token to whoever may read the order, as Spree does).
 * - `idempotency_keys`: the key is kept as its SHA-256 digest (a guest's
 *   unguessable key is what lets it have its answer again), the request
 *   digest becomes an HMAC (a plain digest of a body holding a card number
 *   can be brute-forced), and the stored answer (order tokens) is sealed.
 * - `secret_key`: the key's fingerprint, so a start with another key is
 *   refused instead of locking every guest out of their order.
 */
export class SecretsAtRest1764310000000 implements MigrationInterface {
  name = 'SecretsAtRest1764310000000';

  async up(q: QueryRunner): Promise<void> {
    const box = migrationSecrets(q.connection);
    await q.query(`
      CREATE TABLE secret_key (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        fingerprint char(64) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`INSERT INTO secret_key (fingerprint) VALUES ($1)`, [box.fingerprint()]);

    await q.query(`ALTER TABLE orders ADD COLUMN token_digest char(64), ADD COLUMN token_sealed text`);
    for (let after = 0; ; ) {
      const rows: { id: number; token: string }[] = await q.query(`SELECT id, token FROM orders WHERE id > $1 ORDER BY id LIMIT ${BATCH}`, [after]);
      if (rows.length === 0) break;
      await q.query(
        `UPDATE orders o SET token_digest = v.digest, token_sealed = v.sealed
           FROM unnest($1::int[], $2::text[], $3::text[]) AS v(id, digest, sealed) WHERE o.id = v.id`,
        [rows.map((r) => r.id), rows.map((r) => secretDigest(r.token)), rows.map((r) => box.seal('orders.token', r.token))],
      );
      after = rows[rows.length - 1].id;
    }
    await q.query(`ALTER TABLE orders ALTER COLUMN token_digest SET NOT NULL, ALTER COLUMN token_sealed SET NOT NULL, DROP COLUMN token`);
    await q.query(`CREATE UNIQUE INDEX orders_token_digest_idx ON orders (token_digest)`);

    // A converted key is a digest, which an unconverted one may look like: mark the rows done.
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN sealed boolean NOT NULL DEFAULT false`);
    for (;;) {
      const rows: { scope: string; key: string; request_hash: string; response_body: string | null }[] = await q.query(
        `SELECT scope, key, request_hash, response_body FROM idempotency_keys WHERE NOT sealed LIMIT ${BATCH}`,
      );
      if (rows.length === 0) break;
      await q.query(
        `UPDATE idempotency_keys k SET key = v.digest, request_hash = v.request_hash, response_body = v.body, sealed = true
           FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(scope, key, digest, request_hash, body)
          WHERE k.scope = v.scope AND k.key = v.key`,
        [
          rows.map((r) => r.scope),
          rows.map((r) => r.key),
          rows.map((r) => secretDigest(r.key)),
          rows.map((r) => box.mac(r.request_hash)),
          rows.map((r) => (r.response_body === null ? null : box.seal('idempotency_keys.response_body', r.response_body))),
        ],
      );
    }
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN sealed`);
    await q.query(`COMMENT ON COLUMN idempotency_keys.key IS 'SHA-256 of the Idempotency-Key sent'`);
    await q.query(`COMMENT ON COLUMN idempotency_keys.request_hash IS 'HMAC-SHA256 (SECRET_KEY) of the SHA-256 of the request'`);
    await q.query(`COMMENT ON COLUMN idempotency_keys.response_body IS 'The answer, sealed with SECRET_KEY (AES-256-GCM)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    const box = migrationSecrets(q.connection);
    await q.query(`ALTER TABLE orders ADD COLUMN token varchar(64)`);
    for (let after = 0; ; ) {
      const rows: { id: number; token_sealed: string }[] = await q.query(`SELECT id, token_sealed FROM orders WHERE id > $1 ORDER BY id LIMIT ${BATCH}`, [after]);
      if (rows.length === 0) break;
      await q.query(`UPDATE orders o SET token = v.token FROM unnest($1::int[], $2::text[]) AS v(id, token) WHERE o.id = v.id`, [
        rows.map((r) => r.id),
        rows.map((r) => box.open('orders.token', r.token_sealed)),
      ]);
      after = rows[rows.length - 1].id;
    }
    await q.query(`ALTER TABLE orders ALTER COLUMN token SET NOT NULL, DROP COLUMN token_digest, DROP COLUMN token_sealed`);
    // Digests of keys and requests cannot be turned back: the remembered answers (24 hours at most) are forgotten.
    await q.query(`DELETE FROM idempotency_keys`);
    await q.query(`COMMENT ON COLUMN idempotency_keys.key IS NULL`);
    await q.query(`COMMENT ON COLUMN idempotency_keys.request_hash IS NULL`);
    await q.query(`COMMENT ON COLUMN idempotency_keys.response_body IS NULL`);
    await q.query(`DROP TABLE secret_key`);
  }
}
