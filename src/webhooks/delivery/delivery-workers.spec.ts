import { deferralMs, queueConnections } from './webhook-queue.service';

describe('queueConnections', () => {
  it('gives pg-boss 3 to 6 connections as WEBHOOKS_CONCURRENCY grows', () => {
    expect(queueConnections(1)).toBe(3);
    expect(queueConnections(4)).toBe(3);
    expect(queueConnections(6)).toBe(4);
    expect(queueConnections(16)).toBe(6);
    expect(queueConnections(100)).toBe(6);
  });
});

describe('deferralMs', () => {
  it('starts at a quarter second and doubles, up to the delivery timeout', () => {
    const middle = 0.5; // no jitter
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => deferralMs(n, 10_000, middle))).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000]);
    expect(deferralMs(100, 10_000, middle)).toBe(10_000);
    expect(deferralMs(0, 100, middle)).toBe(100);
  });

  it('spreads put-back jobs by ±25 %', () => {
    expect(deferralMs(2, 10_000, 0)).toBe(750);
    expect(deferralMs(2, 10_000, 1)).toBe(1250);
  });
});
