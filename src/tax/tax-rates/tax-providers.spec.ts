import Decimal from 'decimal.js';
import type { ApplicableRate } from './tax-calculator';
import { chooseTaxProvider, TAX_PROVIDERS } from './tax-providers';
import { ZoneRatesTaxProvider } from './zone-tax-provider';

describe('chooseTaxProvider', () => {
  const builtin = new ZoneRatesTaxProvider();

  it('takes the provider TAX_PROVIDER names, builtin by default', () => {
    expect(Object.keys(TAX_PROVIDERS)).toEqual(['builtin']);
    expect(chooseTaxProvider('builtin', { builtin })).toBe(builtin);
  });

  it('stops the start on a name it does not know, saying which it knows', () => {
    expect(() => chooseTaxProvider('avalara', { builtin })).toThrow('TAX_PROVIDER must be one of builtin, not "avalara"');
    expect(() => chooseTaxProvider('toString', { builtin })).toThrow('must be one of builtin');
  });
});

describe('ZoneRatesTaxProvider (builtin)', () => {
  it("answers the rates of the zones covering the order's address, as read with the order", async () => {
    const vat: ApplicableRate = { id: 3, name: 'VAT', amount: new Decimal('0.2'), taxCategoryId: 1, taxCategoryName: 'Clothing', includedInPrice: true, showRateInLabel: false };
    const rates = await new ZoneRatesTaxProvider().rates({ orderId: 1, currency: 'EUR', address: { countryId: 5, stateId: null }, items: [], zoneRates: [vat] });
    expect(rates).toEqual([vat]);
  });
});
