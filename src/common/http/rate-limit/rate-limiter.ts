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
 * the same hits: window starts are aligned to the database clock (multiples of
 * the window length since the epoch), and each hit is one upsert that returns
 * the new count, so concurrent hits on any instance never lose a count.
 */
@Injectable()
export class RateLimiter {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Counts one hit on every bucket and answers how many seconds to wait when
   * any of them is now over its limit (null: go ahead). Expired windows are
   * swept in the same statement (never the current ones: they expire later).
   */
  async hit(hits: RateLimitHit[]): Promise<number | null> {
    if (hits.length === 0) return null;
    const rows: { bucket: string; hits: number; retry_after: number }[] = await this.dataSource.query(
      `WITH swept AS (
         DELETE FROM rate_limit_counters
          WHERE ctid = ANY (ARRAY(SELECT ctid FROM rate_limit_counters WHERE expires_at <= now() LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED))
       )
       INSERT INTO rate_limit_counters AS c (bucket, window_start, expires_at, hits)
       SELECT h.bucket, w.start, w.start + make_interval(secs => h.seconds), 1
         FROM unnest($1::text[], $2::int[]) AS h(bucket, seconds)
        CROSS JOIN LATERAL (SELECT to_timestamp(floor(extract(epoch FROM now()) / h.seconds) * h.seconds) AS start) w
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = c.hits + 1
       RETURNING c.bucket, c.hits, ceil(extract(epoch FROM c.expires_at - now()))::int AS retry_after`,
      [hits.map((h) => h.bucket), hits.map((h) => h.limit.windowSeconds)],
    );
    const limits = new Map(hits.map((h) => [h.bucket, h.limit.limit]));
    const over = rows.filter((row) => row.hits > (limits.get(row.bucket) ?? Infinity));
    if (over.length === 0) return null;
    return Math.max(1, ...over.map((row) => row.retry_after));
  }

  /** Forgets a bucket's hits (every window). */
  async reset(bucket: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM rate_limit_counters WHERE bucket = $1`, [bucket]);
  }
}
