import { shippingCost } from './shipping-rate-estimator';
import { Package, PackableItem } from './stock-coordinator';

const item = (lineItemId: number, quantity: number, amount: string): PackableItem => ({ lineItemId, variantId: lineItemId, quantity, trackInventory: true, name: 'Item', shippingCategoryId: 1, amount });

describe('shipping calculators (Spree FlatRate, PerItem, FlatPercentItemTotal)', () => {
  const pkg: Package = {
    stockLocationId: 1,
    lines: [
      { item: item(1, 3, '30.00'), onHand: 2, backordered: 0 },
      { item: item(2, 2, '9.98'), onHand: 1, backordered: 1 },
    ],
  };

  it('a flat rate costs its amount per shipment', () => {
    expect(shippingCost('flat_rate', '5.00', pkg).toFixed(2)).toBe('5.00');
  });

  it('per item costs the amount for each unit, backordered ones included', () => {
    expect(shippingCost('per_item', '2.50', pkg).toFixed(2)).toBe('10.00');
  });

  it("a percentage is of this shipment's share of each line item, rounded half up to cents", () => {
    // 2 of 3 units of 30.00 (20.00) and both units of 9.98: 29.98 × 10% = 2.998
    expect(shippingCost('flat_percent_item_total', '10', pkg).toFixed(2)).toBe('3.00');
    const third: Package = { stockLocationId: 2, lines: [{ item: item(3, 3, '10.00'), onHand: 1, backordered: 0 }] };
    expect(shippingCost('flat_percent_item_total', '10', third).toFixed(2)).toBe('0.33');
    expect(shippingCost('flat_percent_item_total', '15', { stockLocationId: 1, lines: [{ item: item(4, 1, '0.10'), onHand: 1, backordered: 0 }] }).toFixed(2)).toBe('0.02'); // 0.015
  });
});
