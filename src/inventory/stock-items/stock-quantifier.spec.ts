import { canSupply } from './stock-quantifier';

describe('canSupply (Spree Stock::Quantifier#can_supply?)', () => {
  const tracked = (onHand: number, backorderable = false) => ({ untracked: false, on_hand: onHand, backorderable });

  it.each([
    ['what is on hand', tracked(5), 5, true],
    ['one more than on hand', tracked(5), 6, false],
    ['anything when nothing is needed', tracked(0), 0, true],
    ['nothing when the count is below zero (backorders taken before)', tracked(-2), 1, false],
    ['more than on hand when a stock item takes backorders', tracked(0, true), 100, true],
    ['anything of a variant that does not track inventory', { untracked: true, on_hand: 0, backorderable: false }, 1_000, true],
  ])('%s', (_, supply, required, expected) => {
    expect(canSupply(supply, required)).toBe(expected);
  });
});
