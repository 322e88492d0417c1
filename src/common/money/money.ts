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

/** Already "19.99": how PostgreSQL writes a numeric(…,2) that is not negative. */
const CENTS = /^(0|[1-9]\d*)\.\d\d$/;

/** "19.99" */
export function moneyString(value: Amount | null | undefined): string {
  // Most amounts come straight from numeric(10,2) columns: skip decimal.js for them (list pages format hundreds).
  if (typeof value === 'string' && CENTS.test(value)) return value;
  return decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}

/** A money string, or null when there is no amount (e.g. a variant without a price). */
export function optionalMoneyString(value: Amount | null | undefined): string | null {
  return value === null || value === undefined ? null : moneyString(value);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/**
 * How `displayMoney` writes amounts (Spree's currency preferences, at their
 * defaults): what `GET /api/config/money` reports, so clients format alike.
 */
export const MONEY_FORMAT = {
  symbolPosition: 'before',
  noCents: false,
  decimalMark: '.',
  thousandsSeparator: ',',
} as const;

/** "$19.99", "-$5.00", "€10.00": the money gem's default look, with the narrow symbol. */
export function displayMoney(value: Amount | null | undefined, currency: string): string {
  // Intl formats a decimal string exactly (no float rounding).
  return formatterFor(currency).format(moneyString(value) as unknown as number);
}

/** The currency's symbol as `displayMoney` writes it: "$" for USD, "€" for EUR. */
export function currencySymbol(currency: string): string {
  return formatterFor(currency).formatToParts(1).find((p) => p.type === 'currency')?.value ?? currency;
}

/**
 * Decimal places of an amount of money: the minor unit of the store's currency. Every money column is
 * numeric(…,2) and every amount is written with two decimals, so it is 2 whatever CURRENCY says; this is the
 * one place to change when currencies bring their own minor units (ISO 4217).
 */
export const MONEY_DECIMALS = 2;

/**
 * Why a value given by a client cannot be kept exactly in `places` decimal places (it would be rounded), or
 * undefined: the rule for every amount a client sets (prices, costs, payments, discounts, rates). Trailing
 * zeros lose nothing: "1.500" is 1.50.
 */
export function decimalPlacesProblem(value: Amount, places: number = MONEY_DECIMALS): string | undefined {
  return decimal(value).decimalPlaces() > places ? decimalPlacesText(places) : undefined;
}

/** The message of `decimalPlacesProblem`. */
export const decimalPlacesText = (places: number = MONEY_DECIMALS): string => `must have at most ${places} decimal places`;

/** Rounds to cents, half up (Spree's `round_to_two_places`). */
export function roundMoney(value: Amount): Decimal {
  return decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}
