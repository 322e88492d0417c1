import { HttpStatus } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, ErrorText } from '../errors/api-errors';

/** 503: searches already hold their share of the pool, and this one waited its turn too long. */
export class SearchesBusyError extends ApiError {
  constructor(waitedMs: number) {
    super(HttpStatus.SERVICE_UNAVAILABLE, { error: ErrorText.unavailable });
    this.message = `Searches busy: no turn within ${waitedMs} ms`;
  }
}

/**
 * At most `size` list reads that search or sort (`q`) run at once; the others
 * wait their turn, first come first served, up to `waitMs` (then 503, as a
 * wait for a pool connection would). A search allowed by SEARCH_LIMITS may
 * still read every row of a large table; without a gate, ten at once held
 * every pool connection and the plain product list waited seconds behind
 * them. With it, a share of the pool is always left to other requests.
 */
export class SearchGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.size) this.running++;
    else await this.turn();
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const go = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(go), 1);
        reject(new SearchesBusyError(this.waitMs));
      }, this.waitMs);
      this.waiting.push(go);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next in line: `running` stays as it is.
    if (next) next();
    else this.running--;
  }
}

const gates = new WeakMap<DataSource, SearchGate>();

/**
 * The gate of a data source (each has its own pool): `share` of its
 * connections (at least one), with the pool's own wait for a connection
 * (DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS; see poolOptions).
 */
export function searchGate(dataSource: DataSource, share: number): SearchGate {
  let gate = gates.get(dataSource);
  if (!gate) {
    const pool = (dataSource.options as { extra?: { max?: number; connectionTimeoutMillis?: number } }).extra ?? {};
    gate = new SearchGate(Math.max(1, Math.floor((pool.max ?? 10) * share)), pool.connectionTimeoutMillis ?? 5_000);
    gates.set(dataSource, gate);
  }
  return gate;
}
