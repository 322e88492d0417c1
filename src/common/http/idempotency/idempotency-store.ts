import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SecretBox, secretDigest } from '../../../config/secret-box';

/** How long a key is remembered (as Stripe: 24 hours); older rows are ignored and swept. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/** How many expired rows one request sweeps away at most. */
const SWEEP_BATCH = 100;

export type Claim =
  /** The key is ours: run the request, then `complete` or `release`. */
  | { kind: 'claimed' }
  /** The first request with this key answered this; answer it again. */
  | { kind: 'replay'; status: number; body: unknown }
  /** The key was used with another request (method, path, query or body). */
  | { kind: 'mismatch' }
  /** The first request with this key has not answered yet. */
  | { kind: 'in_flight' };

/**
 * Idempotency-Key records in PostgreSQL, so a retry reaching another instance
 * of the service is recognised as well. A request first claims its key with
 * an insert (the primary key makes exactly one of several racing requests win),
 * so the work runs once; the answer is stored when the work is done.
 *
 * Nothing in a row can be replayed from a dump: the key is kept as its
 * SHA-256 digest (`key`), the request as an HMAC (`request_hash`), and the
 * answer, which may hold an order token, sealed with SECRET_KEY (`response_body`).
 */
@Injectable()
export class IdempotencyStore {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
  ) {}

  async claim(scope: string, key: string, requestHash: string): Promise<Claim> {
    await this.sweep();
    const keyDigest = secretDigest(key);
    // A row may vanish between the claim and the read (its request failed and released it): claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const claimed: unknown[] = await this.dataSource.query(
        `INSERT INTO idempotency_keys AS k (scope, key, request_hash) VALUES ($1, $2, $3)
         ON CONFLICT (scope, key) DO UPDATE
            SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now(), completed_at = NULL
          WHERE k.created_at <= now() - make_interval(secs => $4)
         RETURNING 1`,
        [scope, keyDigest, requestHash, IDEMPOTENCY_KEY_TTL_SECONDS],
      );
      if (claimed.length > 0) return { kind: 'claimed' };
      const [row]: { request_hash: string; response_status: number | null; response_body: string | null }[] = await this.dataSource.query(
        `SELECT request_hash, response_status, response_body FROM idempotency_keys
          WHERE scope = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
        [scope, keyDigest, IDEMPOTENCY_KEY_TTL_SECONDS],
      );
      if (!row) continue;
      if (row.request_hash !== requestHash) return { kind: 'mismatch' };
      if (row.response_status === null) return { kind: 'in_flight' };
      const body = row.response_body === null ? undefined : JSON.parse(this.box.open('idempotency_keys.response_body', row.response_body));
      return { kind: 'replay', status: row.response_status, body };
    }
    return { kind: 'in_flight' };
  }

  /** Stores the answer of a claimed key (`body` as sent: already free of card numbers, see the serializers). */
  async complete(scope: string, key: string, status: number, body: unknown): Promise<void> {
    await this.dataSource.query(
      `UPDATE idempotency_keys SET response_status = $3, response_body = $4, completed_at = now()
        WHERE scope = $1 AND key = $2 AND response_status IS NULL`,
      [scope, secretDigest(key), status, body === undefined ? null : this.box.seal('idempotency_keys.response_body', JSON.stringify(body))],
    );
  }

  /** Gives a claimed key up, so a retry runs the request again. */
  async release(scope: string, key: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND response_status IS NULL`, [scope, secretDigest(key)]);
  }

  /** Deletes a batch of expired keys; rows another request is touching are skipped, not waited for. */
  private async sweep(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys
        WHERE ctid = ANY (ARRAY(SELECT ctid FROM idempotency_keys WHERE created_at <= now() - make_interval(secs => $1) LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED))`,
      [IDEMPOTENCY_KEY_TTL_SECONDS],
    );
  }
}
