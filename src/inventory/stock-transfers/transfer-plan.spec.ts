import { planTransfer } from './transfer-plan';

describe('planTransfer', () => {
  it('gives one line per variant, in variant order, summing a variant listed twice', () => {
    expect(
      planTransfer(
        [
          { variant_id: 9, quantity: 2 },
          { variant_id: 3, quantity: 1 },
          { variant_id: 9, quantity: 5 },
        ],
        100,
      ),
    ).toEqual([
      { variantId: 3, quantity: 1 },
      { variantId: 9, quantity: 7 },
    ]);
  });

  it('refuses a variant whose units add up past the maximum, even when each line is within it', () => {
    expect(planTransfer([{ variant_id: 1, quantity: 60 }, { variant_id: 1, quantity: 41 }], 100)).toBeNull();
    expect(planTransfer([{ variant_id: 1, quantity: 60 }, { variant_id: 1, quantity: 40 }], 100)).toEqual([{ variantId: 1, quantity: 100 }]);
  });
});
