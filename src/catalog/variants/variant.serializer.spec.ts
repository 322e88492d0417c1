import { stockItemAvailable } from './variant.serializer';

describe("stockItemAvailable (Spree's StockItem#available?)", () => {
  it('is in stock or backorderable', () => {
    expect(stockItemAvailable({ countOnHand: 3, backorderable: false })).toBe(true);
    expect(stockItemAvailable({ countOnHand: 0, backorderable: true })).toBe(true);
    expect(stockItemAvailable({ countOnHand: -2, backorderable: true })).toBe(true);
    expect(stockItemAvailable({ countOnHand: 0, backorderable: false })).toBe(false);
    expect(stockItemAvailable({ countOnHand: -1, backorderable: false })).toBe(false);
  });
});
