import Decimal from 'decimal.js';
import { currencyMinorUnits, isKnownCurrency, useStoreCurrency } from '../../config/currencies';
import { currencySymbol, decimal, decimalPlacesProblem, displayMoney, fromMinorUnits, MONEY_DECIMALS, moneyDecimals, moneyIn, moneyString, optionalMoneyString, roundMoney, toMinorUnits, ZERO } from './money';

describe('money', () => {
  describe('moneyString', () => {
    it.each([
      ['19.99', '19.99'],
      [10, '10.00'],
      ['5', '5.00'],
      ['1e2', '100.00'],
      ['0.005', '0.01'],
      ['19.995', '20.00'],
      ['-0.005', '-0.01'],
      ['-19.994', '-19.99'],
      ['007.50', '7.50'],
      [null, '0.00'],
      [undefined, '0.00'],
    ])('writes %p as %p (two decimals, half up, away from zero)', (value, expected) => {
      expect(moneyString(value)).toBe(expected);
    });

    it('is exact where a float is not', () => {
      expect(moneyString(0.1 + 0.2)).toBe('0.30');
      expect(moneyString('2.675')).toBe('2.68'); // (2.675).toFixed(2) is "2.67"
      expect(moneyString('12345678901234567.895')).toBe('12345678901234567.90');
      expect(moneyString(new Decimal('1.005'))).toBe('1.01');
    });

    it.each([
      ['19.990', 2, '19.99'],
      ['19.995', 2, '20.00'],
      ['0.000', 2, '0.00'],
      ['1500.000', 0, '1500'],
      ['1499.500', 0, '1500'],
      ['1.250', 3, '1.250'],
      ['-19.990', 2, '-19.99'],
      ['19.99', 3, '19.990'],
    ])('writes a column text (3 places) %p in %p places as %p', (value, places, expected) => {
      expect(moneyString(value, places)).toBe(expected);
    });

    it('never writes a negative zero', () => {
      expect(moneyString('-0.001')).toBe('0.00');
    });
  });

  it('optionalMoneyString keeps "no amount" apart from zero', () => {
    expect(optionalMoneyString(null)).toBeNull();
    expect(optionalMoneyString(undefined)).toBeNull();
    expect(optionalMoneyString(0)).toBe('0.00');
    expect(optionalMoneyString('3.456')).toBe('3.46');
  });

  it('decimal reads a missing amount as zero', () => {
    expect(decimal(null).equals(ZERO)).toBe(true);
    expect(decimal(undefined).equals(ZERO)).toBe(true);
    expect(decimal('12.30').toFixed()).toBe('12.3');
  });

  it('roundMoney rounds half up to cents and stays a decimal', () => {
    expect(roundMoney('0.125').toFixed()).toBe('0.13');
    expect(roundMoney('0.1249').toFixed()).toBe('0.12');
    expect(roundMoney('-0.125').toFixed()).toBe('-0.13');
    expect(roundMoney(new Decimal(1).dividedBy(3)).times(3).toFixed()).toBe('0.99');
  });

  describe('moneyIn', () => {
    it("writes an amount in its currency's decimals, whatever the store's", () => {
      expect(moneyIn('1500.00', 'JPY')).toBe('1500');
      expect(moneyIn('1500.5', 'JPY')).toBe('1501');
      expect(moneyIn('12.5', 'EUR')).toBe('12.50');
      expect(moneyIn('1.25', 'KWD')).toBe('1.250');
      expect(moneyIn('0.125', 'KWD')).toBe('0.125');
      expect(moneyIn('0.1255', 'KWD')).toBe('0.126');
      expect(moneyIn('19.990', 'USD')).toBe('19.99');
      expect(moneyIn(null, 'USD')).toBe('0.00');
    });
  });

  describe('displayMoney', () => {
    it.each([
      ['1234.5', 'USD', '$1,234.50'],
      [-5, 'USD', '-$5.00'],
      ['10', 'EUR', '€10.00'],
      ['0.005', 'GBP', '£0.01'],
      [null, 'USD', '$0.00'],
    ])('writes %p %s as %p', (value, currency, expected) => {
      expect(displayMoney(value, currency)).toBe(expected);
    });

    it('formats the exact amount, not a float of it', () => {
      expect(displayMoney('123456789012345678.91', 'USD')).toBe('$123,456,789,012,345,678.91');
    });
  });

  it('currencySymbol is the symbol displayMoney writes', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('£');
    expect(displayMoney('1', 'GBP').startsWith(currencySymbol('GBP'))).toBe(true);
  });

  describe('decimalPlacesProblem', () => {
    it.each([['19.99'], ['0.01'], ['1.500'], ['-2.50'], ['7'], [0.5], ['1e2']])('takes %p as money', (value) => {
      expect(decimalPlacesProblem(value)).toBeUndefined();
    });

    it.each([['0.001'], ['19.999'], ['-0.005'], [0.1 + 0.2], ['1e-3']])('refuses %p as money: it would be rounded', (value) => {
      expect(decimalPlacesProblem(value)).toBe(`must have at most ${moneyDecimals()} decimal places`);
    });

    it('counts the places a column keeps', () => {
      expect(decimalPlacesProblem('0.06255', 5)).toBeUndefined();
      expect(decimalPlacesProblem('0.062501', 5)).toBe('must have at most 5 decimal places');
    });
  });

  describe('currencies (ISO 4217 minor units)', () => {
    afterEach(() => useStoreCurrency('USD'));

    it.each([
      ['USD', 2],
      ['EUR', 2],
      ['JPY', 0],
      ['KRW', 0],
      ['KWD', 3],
      ['BHD', 3],
      ['CLF', 4],
    ])('%s has %p decimal places', (code, places) => {
      expect(currencyMinorUnits(code)).toBe(places);
    });

    it('knows the ISO 4217 codes only', () => {
      expect(isKnownCurrency('USD')).toBe(true);
      expect(isKnownCurrency('XYZ')).toBe(false);
      expect(isKnownCurrency('XAU')).toBe(false); // gold has no minor unit
    });

    it('gives amounts to providers in minor units, and reads them back', () => {
      expect(toMinorUnits('19.99', 'USD')).toBe(1999);
      expect(toMinorUnits('1500', 'JPY')).toBe(1500);
      expect(toMinorUnits('1.255', 'KWD')).toBe(1255);
      expect(fromMinorUnits(1999, 'USD')).toBe('19.99');
      expect(fromMinorUnits('1500', 'JPY')).toBe('1500');
      expect(fromMinorUnits(1255, 'KWD')).toBe('1.255');
    });

    it('takes a currency of 3 places (the columns keep 3: MONEY_DECIMALS)', () => {
      expect(MONEY_DECIMALS).toBe(3);
      useStoreCurrency('KWD');
      expect(moneyString('1.250')).toBe('1.250');
      expect(roundMoney('0.1255').toFixed()).toBe('0.126');
      expect(decimalPlacesProblem('0.125')).toBeUndefined();
      expect(decimalPlacesProblem('0.1255')).toBe('must have at most 3 decimal places');
    });

    it("writes and rounds amounts in the store's currency", () => {
      useStoreCurrency('JPY');
      expect(moneyDecimals()).toBe(0);
      expect(moneyString('1500.00')).toBe('1500');
      expect(moneyString('1499.5')).toBe('1500');
      expect(roundMoney('10.4').toFixed()).toBe('10');
      expect(decimalPlacesProblem('1500.5')).toBe('must have at most 0 decimal places');
      expect(decimalPlacesProblem('1500.00')).toBeUndefined();
      useStoreCurrency('USD');
      expect(moneyString('1500')).toBe('1500.00');
    });

    it('displays each currency with its own places', () => {
      expect(displayMoney('1500', 'JPY')).toBe('¥1,500');
      expect(displayMoney('1.255', 'KWD')).toMatch(/1\.255$/);
      expect(displayMoney('1.250', 'KWD')).toBe('KWD\u00a01.250');
      expect(displayMoney('19.990', 'USD')).toBe('$19.99');
      expect(displayMoney('19.99', 'USD')).toBe('$19.99');
    });
  });
});

