import Decimal from 'decimal.js';
import { BuiltinShippingRates, shippingCost } from '../shipping-methods/builtin-shipping-rates';
import { RatedMethod } from '../shipping-methods/shipping-rate-provider';
import { offeredRates, ratedPackage } from './shipping-rate-estimator';
import { Package, PackableItem } from './stock-coordinator';

const item = (lineItemId: number, quantity: number, amount: string): PackableItem => ({ lineItemId, variantId: lineItemId, quantity, trackInventory: true, name: 'Item', shippingCategoryId: 1, amount });
const US = { countryId: 1, stateId: null };
const method = (id: number, type: RatedMethod['calculator']['type'], amount: string): RatedMethod => ({ id, name: `M${id}`, code: null, calculator: { type, amount, currency: 'USD' } });

describe('shipping calculators (Spree FlatRate, PerItem, FlatPercentItemTotal) on a package', () => {
  const pkg: Package = {
    stockLocationId: 1,
    lines: [
      { item: item(1, 3, '30.00'), onHand: 2, backordered: 0 },
      { item: item(2, 2, '9.98'), onHand: 1, backordered: 1 },
    ],
  };
  const cost = (type: RatedMethod['calculator']['type'], amount: string, p: Package = pkg) => shippingCost(type, amount, ratedPackage(p, US, 'USD')).toFixed(2);

  it('a flat rate costs its amount per shipment', () => {
    expect(cost('flat_rate', '5.00')).toBe('5.00');
  });

  it('per item costs the amount for each unit, backordered ones included', () => {
    expect(cost('per_item', '2.50')).toBe('10.00');
  });

  it("a percentage is of this shipment's share of each line item, rounded half up to cents", () => {
    // 2 of 3 units of 30.00 (20.00) and both units of 9.98: 29.98 × 10% = 2.998
    expect(cost('flat_percent_item_total', '10')).toBe('3.00');
    expect(cost('flat_percent_item_total', '10', { stockLocationId: 2, lines: [{ item: item(3, 3, '10.00'), onHand: 1, backordered: 0 }] })).toBe('0.33');
    expect(cost('flat_percent_item_total', '15', { stockLocationId: 1, lines: [{ item: item(4, 1, '0.10'), onHand: 1, backordered: 0 }] })).toBe('0.02'); // 0.015
  });
});

describe('ratedPackage', () => {
  it('gives each line item its units in the package, the backordered ones, and their exact share of its amount', () => {
    const rated = ratedPackage({ stockLocationId: 4, lines: [{ item: item(1, 3, '10.00'), onHand: 1, backordered: 1 }] }, { countryId: 2, stateId: 5 }, 'EUR');
    expect(rated).toMatchObject({ stockLocationId: 4, shipAddress: { countryId: 2, stateId: 5 }, currency: 'EUR' });
    expect(rated.contents).toHaveLength(1);
    expect(rated.contents[0]).toMatchObject({ lineItemId: 1, variantId: 1, shippingCategoryId: 1, quantity: 2, backordered: 1 });
    // Not rounded: 20.00 / 3 × 2 … the calculator rounds what it charges.
    expect(rated.contents[0].amount.toFixed(4)).toBe('6.6667');
  });
});

describe('the built-in provider', () => {
  it('prices every method it is given with its own calculator', async () => {
    const pkg = ratedPackage({ stockLocationId: 1, lines: [{ item: item(1, 2, '40.00'), onHand: 2, backordered: 0 }] }, US, 'USD');
    const rates = await new BuiltinShippingRates().rates({ package: pkg, methods: [method(1, 'flat_rate', '5.00'), method(2, 'per_item', '1.50'), method(3, 'flat_percent_item_total', '10')] });
    expect(rates.map((r) => [r.shippingMethodId, r.cost.toFixed(2)])).toEqual([
      [1, '5.00'],
      [2, '3.00'],
      [3, '4.00'],
    ]);
  });
});

describe('offeredRates', () => {
  const methods = [method(1, 'flat_rate', '0'), method(2, 'flat_rate', '0'), method(3, 'flat_rate', '0')];
  const rate = (shippingMethodId: number, cost: string) => ({ shippingMethodId, cost: new Decimal(cost) });

  it('sorts cheapest first, ties by method', () => {
    expect(offeredRates(methods, [rate(3, '5'), rate(2, '10'), rate(1, '5')]).map((r) => r.shippingMethodId)).toEqual([1, 3, 2]);
  });

  it('keeps only methods the provider was asked about, once each; a method left out is not offered', () => {
    expect(offeredRates(methods, [rate(9, '1'), rate(2, '4'), rate(2, '1')]).map((r) => [r.shippingMethodId, r.cost.toFixed(2)])).toEqual([[2, '4.00']]);
  });

  it('refuses a negative or non-finite cost (a provider bug must not pay the shopper)', () => {
    expect(() => offeredRates(methods, [rate(1, '-1')])).toThrow('priced at -1');
    expect(() => offeredRates(methods, [rate(1, 'NaN')])).toThrow();
  });
});
