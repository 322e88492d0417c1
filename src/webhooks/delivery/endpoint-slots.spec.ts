import { deferralMs, EndpointSlots } from './endpoint-slots';

describe('EndpointSlots', () => {
  it('gives each endpoint its own slots, up to the limit', () => {
    const slots = new EndpointSlots(() => 2);
    expect(slots.take(1)).toBe(true);
    expect(slots.take(1)).toBe(true);
    expect(slots.take(1)).toBe(false);
    expect(slots.take(2)).toBe(true);
    slots.release(1);
    expect(slots.take(1)).toBe(true);
    expect(slots.take(1)).toBe(false);
  });

  it('reads the limit each time (a changed setting holds for the next take)', () => {
    let limit = 1;
    const slots = new EndpointSlots(() => limit);
    expect(slots.take(7)).toBe(true);
    expect(slots.take(7)).toBe(false);
    limit = 2;
    expect(slots.take(7)).toBe(true);
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
