import { HttpStatus } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ApiError, ErrorText } from '../errors/api-errors';
import { currentClient } from '../http/request-client';

/** 503: searches already hold their share of the pool, and this one waited its turn too long. */
export class SearchesBusyError extends ApiError {
  constructor(waitedMs: number) {
    super(HttpStatus.SERVICE_UNAVAILABLE, { error: ErrorText.unavailable });
    this.message = `Searches busy: no turn within ${waitedMs} ms`;
  }
}

interface Waiter {
  client: string | undefined;
  arrived: number;
  go: () => void;
}

/**
 * At most `size` list reads that search or sort (`q`) run at once, and at
 * most `perClient` of them for one client (`currentClient`: an API key, a
 * user, an address or IPv6 /64). The others wait their turn up to `waitMs`
 * (then 503, as a wait for a pool connection would). A search allowed by
 * SEARCH_LIMITS may still read every row of a large table; without a gate,
 * ten at once held every pool connection and the plain product list waited
 * seconds behind them. With it, a share of the pool is always left to other
 * requests, and within the gate a share to other clients.
 *
 * A freed slot goes to the waiting client holding fewest slots, then to the
 * one whose last turn is oldest, then first come first served: a client
 * sending slow searches in a loop gets one turn in its round, not every
 * turn (before, two such loops made every other search answer 503).
 */
export class SearchGate {
  private running = 0;
  private readonly held = new Map<string, number>();
  /** The turn number of each client's last turn, while it runs or waits. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;
  private arrivals = 0;
  private readonly waiting: Waiter[] = [];

  constructor(
    readonly size: number,
    private readonly waitMs: number,
    readonly perClient: number = size,
  ) {}

  /** Runs `work` in a slot of `client` (outside a request: a slot of nobody's share). */
  async run<T>(work: () => Promise<T>, client: string | undefined = currentClient()): Promise<T> {
    if (this.running < this.size && this.mayTake(client)) this.take(client);
    else await this.turn(client);
    try {
      return await work();
    } finally {
      this.release(client);
    }
  }

  /** Slots held now (by `client`, or in all). */
  holding(client?: string): number {
    return client === undefined ? this.running : (this.held.get(client) ?? 0);
  }

  private mayTake(client: string | undefined): boolean {
    return client === undefined || this.holding(client) < this.perClient;
  }

  private take(client: string | undefined): void {
    this.running++;
    if (client === undefined) return;
    this.held.set(client, this.holding(client) + 1);
    this.lastTurn.set(client, ++this.turns);
  }

  private turn(client: string | undefined): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        client,
        arrived: this.arrivals++,
        go: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1);
        this.forget(client);
        reject(new SearchesBusyError(this.waitMs));
      }, this.waitMs);
      this.waiting.push(waiter);
    });
  }

  private release(client: string | undefined): void {
    this.running--;
    if (client !== undefined) {
      const left = this.holding(client) - 1;
      if (left > 0) this.held.set(client, left);
      else this.held.delete(client);
      this.forget(client);
    }
    // Every free slot to the next in line that may take one (a slot can free up for a client at its share).
    for (let next = this.next(); next && this.running < this.size; next = this.next()) {
      this.waiting.splice(this.waiting.indexOf(next), 1);
      this.take(next.client);
      next.go();
    }
  }

  /** The waiter whose turn it is: fewest slots held, oldest last turn, first come. */
  private next(): Waiter | undefined {
    let best: Waiter | undefined;
    const rank = (w: Waiter) => [w.client === undefined ? 0 : this.holding(w.client), w.client === undefined ? 0 : (this.lastTurn.get(w.client) ?? 0), w.arrived];
    for (const waiter of this.waiting) {
      if (!this.mayTake(waiter.client)) continue;
      if (!best) best = waiter;
      else {
        const [a, b] = [rank(waiter), rank(best)];
        if (a[0] < b[0] || (a[0] === b[0] && (a[1] < b[1] || (a[1] === b[1] && a[2] < b[2])))) best = waiter;
      }
    }
    return best;
  }

  /** Drops a client's last turn once it neither runs nor waits (the map stays as small as the crowd). */
  private forget(client: string | undefined): void {
    if (client === undefined || this.held.has(client) || this.waiting.some((w) => w.client === client)) return;
    this.lastTurn.delete(client);
  }
}

const gates = new WeakMap<DataSource, SearchGate>();

/**
 * The gate of a data source (each has its own pool): `share` of its
 * connections (at least one), `clientShare` of those for one client (at least one), with the pool's own wait for a connection
 * (DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS; see poolOptions).
 */
export function searchGate(dataSource: DataSource, share: number, clientShare = 1): SearchGate {
  let gate = gates.get(dataSource);
  if (!gate) {
    const pool = (dataSource.options as { extra?: { max?: number; connectionTimeoutMillis?: number } }).extra ?? {};
    const size = Math.max(1, Math.floor((pool.max ?? 10) * share));
    gate = new SearchGate(size, pool.connectionTimeoutMillis ?? 5_000, Math.max(1, Math.floor(size * clientShare)));
    gates.set(dataSource, gate);
  }
  return gate;
}
