import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { RateLimit } from '../../../config/configuration';

/** One counter to bump: a bucket (what is counted, e.g. sign-in attempts of one address) and its limit. */
export interface RateLimitHit {
  bucket: string;
  limit: RateLimit;
}

/**
 * The bucket name for `value` (an address, an e-mail) under `action`/`kind`.
 * Hashed: the counters table never holds e-mails or addresses in clear.
 */
export function rateLimitBucket(action: string, kind: string, value: string): string {
  return `${action}:${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 40)}`;
}

/** How many expired counter rows one request sweeps away at most. */
const SWEEP_BATCH = 200;

/**
 * Fixed-window counters in PostgreSQL, so every instance of the service counts
 * the same hits. A bucket's window opens at its first hit (database clock) and
 * lasts the limit's window; each hit is one upsert that returns the new count,
 * so concurrent hits on any instance never lose a count.
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts one hit on every bucket (a bucket whose window has ended starts a
   * new one) and answers how many seconds to wait when any of them is now over
   * its limit (null: go ahead). Expired counters of other buckets are swept in
   * the same statement.
   */
  async hit(hits: RateLimitHit[]): Promise<number | null> {
    if (hits.length === 0) return null;
    const buckets = hits.map((h) => h.bucket);
    const rows: { bucket: string; hits: number; retry_after: number }[] = await this.dataSource.query(
      `WITH swept AS (
         DELETE FROM rate_limit_counters
          WHERE ctid = ANY (ARRAY(
            SELECT ctid FROM rate_limit_counters WHERE expires_at <= now() AND bucket <> ALL ($1::text[]) LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED))
       )
       INSERT INTO rate_limit_counters AS c (bucket, window_start, expires_at, hits)
       SELECT h.bucket, now(), now() + make_interval(secs => h.seconds), 1
         FROM unnest($1::text[], $2::int[]) AS h(bucket, seconds)
       ON CONFLICT (bucket) DO UPDATE
          SET hits = CASE WHEN c.expires_at <= now() THEN 1 ELSE c.hits + 1 END,
              window_start = CASE WHEN c.expires_at <= now() THEN now() ELSE c.window_start END,
              expires_at = CASE WHEN c.expires_at <= now() THEN EXCLUDED.expires_at ELSE c.expires_at END
       RETURNING c.bucket, c.hits, ceil(extract(epoch FROM c.expires_at - now()))::int AS retry_after`,
      [buckets, hits.map((h) => h.limit.windowSeconds)],
    );
    const limits = new Map(hits.map((h) => [h.bucket, h.limit.limit]));
    const over = rows.filter((row) => row.hits > (limits.get(row.bucket) ?? Infinity));
    if (over.length === 0) return null;
    return Math.max(1, ...over.map((row) => row.retry_after));
  }

  /** Forgets a bucket's hits. */
  async reset(bucket: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_counters WHERE bucket = $1`, [bucket]);
  }
}
