import { retryDelayMs } from './retry-schedule';

const defaults = { baseMs: 30_000, maxDelayMs: 4 * 3600_000, maxAttempts: 15 };

describe('retryDelayMs', () => {
  it('doubles from the base, between half and all of each step', () => {
    expect(retryDelayMs(1, defaults, () => 0)).toBe(15_000);
    expect(retryDelayMs(1, defaults, () => 1)).toBe(30_000);
    expect(retryDelayMs(2, defaults, () => 1)).toBe(60_000);
    expect(retryDelayMs(3, defaults, () => 0.5)).toBe(90_000);
  });

  it('is capped at the longest delay', () => {
    expect(retryDelayMs(14, defaults, () => 1)).toBe(4 * 3600_000);
  });

  it('stops after the last attempt', () => {
    expect(retryDelayMs(15, defaults)).toBeNull();
  });

  it('spans about a day with the defaults', () => {
    let total = 0;
    for (let made = 1; retryDelayMs(made, defaults, () => 1) !== null; made++) total += retryDelayMs(made, defaults, () => 1)!;
    expect(total / 3600_000).toBeGreaterThan(20);
    expect(total / 3600_000).toBeLessThan(30);
  });
});
