import { BuiltinShippingRates } from './builtin-shipping-rates';
import { chooseShippingRateProvider, SHIPPING_RATE_PROVIDERS } from './shipping-rate-providers';

describe('chooseShippingRateProvider', () => {
  const builtin = new BuiltinShippingRates();

  it('takes the provider SHIPPING_RATE_PROVIDER names, builtin by default', () => {
    expect(Object.keys(SHIPPING_RATE_PROVIDERS)).toEqual(['builtin']);
    expect(chooseShippingRateProvider('builtin', { builtin })).toBe(builtin);
  });

  it('stops the start on a name it does not know, saying which it knows', () => {
    expect(() => chooseShippingRateProvider('ups', { builtin })).toThrow('SHIPPING_RATE_PROVIDER must be one of builtin, not "ups"');
    expect(() => chooseShippingRateProvider('toString', { builtin })).toThrow('must be one of builtin');
  });
});
