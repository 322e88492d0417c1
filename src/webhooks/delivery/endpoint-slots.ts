/**
 * Deliveries being sent now, per endpoint id, in this process: at most
 * `perEndpoint` (WEBHOOKS_ENDPOINT_CONCURRENCY) each, so a slow or dead
 * receiver holds its own slots and no more (docs/webhooks.md, isolation per endpoint).
 */
export class EndpointSlots {
  private readonly inFlight = new Map<number, number>();

  constructor(private readonly perEndpoint: () => number) {}

  /** Takes one of the endpoint's slots; false when all are busy. */
  take(endpointId: number): boolean {
    const busy = this.inFlight.get(endpointId) ?? 0;
    if (busy >= this.perEndpoint()) return false;
    this.inFlight.set(endpointId, busy + 1);
    return true;
  }

  /** Gives back a slot taken by `take`. */
  release(endpointId: number): void {
    const left = (this.inFlight.get(endpointId) ?? 1) - 1;
    if (left > 0) this.inFlight.set(endpointId, left);
    else this.inFlight.delete(endpointId);
  }
}

/**
 * How long a delivery whose endpoint has every slot busy is put back for: a
 * quarter second at first, doubling each time it is put back again, at most
 * WEBHOOKS_TIMEOUT_MS (by then a slot has freed, whatever the receiver
 * does), with ±25 % jitter. A slow receiver's deliveries come back soon; a
 * dead one's backlog is looked at about once per timeout per job, not in a loop.
 */
export function deferralMs(deferrals: number, timeoutMs: number, random: number = Math.random()): number {
  const base = Math.min(timeoutMs, 250 * 2 ** Math.min(deferrals, 20));
  return Math.round(base * (0.75 + random * 0.5));
}
