import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../../config/configuration';
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
 *
 * A request that dies with its process (killed, crashed) cannot release its
 * key. So a claim names its process (`owner`, random per process) and the
 * process shows its keys in progress alive (`heartbeat_at`, every third of
 * IDEMPOTENCY_STALE_SECONDS while it has any); a key in progress whose
 * heartbeat is older than IDEMPOTENCY_STALE_SECONDS is taken over by the
 * next request with it (its process is gone, and so is its transaction),
 * instead of answering 409 until it expires. A process that was only slow
 * and lost its key can no longer record an answer for it (`owner` checked).
 */
@Injectable()
export class IdempotencyStore implements OnModuleDestroy {
  private readonly logger = new Logger('Idempotency');
  /** This process, as the owner of the keys it runs. */
  private readonly owner = randomUUID();
  /** Keys claimed and not yet answered here: while there are any, the heartbeat runs. */
  private inFlight = 0;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly box: SecretBox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleDestroy(): void {
    clearInterval(this.heartbeat);
  }

  async claim(scope: string, key: string, requestHash: string): Promise<Claim> {
    await this.sweep();
    const keyDigest = secretDigest(key);
    // A row may vanish between the claim and the read (its request failed and released it): claim again.
    for (let attempt = 0; attempt < 3; attempt++) {
      // New, expired, or in progress for a process that stopped showing itself alive: ours.
      const claimed: unknown[] = await this.dataSource.query(
        `INSERT INTO idempotency_keys AS k (scope, key, request_hash, owner, heartbeat_at) VALUES ($1, $2, $3, $5, now())
         ON CONFLICT (scope, key) DO UPDATE
            SET request_hash = EXCLUDED.request_hash, response_status = NULL, response_body = NULL, created_at = now(), completed_at = NULL,
                owner = EXCLUDED.owner, heartbeat_at = now()
          WHERE k.created_at <= now() - make_interval(secs => $4)
             OR (k.response_status IS NULL AND k.request_hash = EXCLUDED.request_hash
                 AND COALESCE(k.heartbeat_at, k.created_at) <= now() - make_interval(secs => $6))
         RETURNING 1`,
        [scope, keyDigest, requestHash, IDEMPOTENCY_KEY_TTL_SECONDS, this.owner, this.config.idempotencyStaleSeconds],
      );
      if (claimed.length > 0) {
        this.started();
        return { kind: 'claimed' };
      }
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
    this.ended();
    await this.dataSource.query(
      `UPDATE idempotency_keys SET response_status = $3, response_body = $4, completed_at = now()
        WHERE scope = $1 AND key = $2 AND response_status IS NULL AND owner = $5`,
      [scope, secretDigest(key), status, body === undefined ? null : this.box.seal('idempotency_keys.response_body', JSON.stringify(body)), this.owner],
    );
  }

  /** Gives a claimed key up, so a retry runs the request again. */
  async release(scope: string, key: string): Promise<void> {
    this.ended();
    await this.dataSource.query(`DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND response_status IS NULL AND owner = $3`, [scope, secretDigest(key), this.owner]);
  }

  /** A key claimed: the heartbeat runs while any is in progress. */
  private started(): void {
    this.inFlight++;
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => void this.beat(), Math.max(100, (this.config.idempotencyStaleSeconds * 1000) / 3));
    this.heartbeat.unref();
  }

  private ended(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) {
      clearInterval(this.heartbeat);
      this.heartbeat = undefined;
    }
  }

  /** Shows this process's keys in progress alive: one statement for all of them. */
  private async beat(): Promise<void> {
    try {
      await this.dataSource.query(`UPDATE idempotency_keys SET heartbeat_at = now() WHERE owner = $1 AND response_status IS NULL`, [this.owner]);
    } catch (error) {
      this.logger.warn(`Idempotency-Key heartbeat failed: ${error instanceof Error ? error.message : String(error)}`);
    }
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
