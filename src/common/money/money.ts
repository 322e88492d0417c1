import Decimal from 'decimal.js';

/**
 * Money is a decimal, never a float: amounts come from PostgreSQL numeric
 * columns as strings, are computed with decimal.js, and go out as strings
 * with two decimals plus a `display_` twin formatted for the currency.
 */
export type Amount = Decimal.Value;

export const ZERO = new Decimal(0);

export function decimal(value: Amount | null | undefined): Decimal {
  return new Decimal(value ?? 0);
}

/** "19.99" */
export function moneyString(value: Amount | null | undefined): string {
  return decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A money string, or null when there is no amount (e.g. a variant without a price). */
export function optionalMoneyString(value: Amount | null | undefined): string | null {
  return value === null || value === undefined ? null : moneyString(value);
}

const formatters = new Map<string, Intl.NumberFormat>();

/** "$19.99", "-$5.00", "€10.00": the money gem's default look, with the narrow symbol. */
export function displayMoney(value: Amount | null | undefined, currency: string): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, formatter);
  }
  // Intl formats a decimal string exactly (no float rounding).
  return formatter.format(moneyString(value) as unknown as number);
}

/** Rounds to cents, half up (Spree's `round_to_two_places`). */
export function roundMoney(value: Amount): Decimal {
  return decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
