import Decimal from 'decimal.js';
import { currencyMinorUnits, MONEY_COLUMN_DECIMALS, storeMinorUnits } from '../../config/currencies';

/**
 * Money is a decimal, never a float: amounts come from PostgreSQL numeric
 * columns as strings, are computed with decimal.js, and go out as strings
 * with their currency's decimal places (its ISO 4217 minor units: USD 2,
 * JPY 0) plus a `display_` twin formatted for the currency: an order's in the
 * order's currency (`moneyIn`), the rest in the store's (`moneyString`).
 */
export type Amount = Decimal.Value;

export const ZERO = new Decimal(0);

export function decimal(value: Amount | null | undefined): Decimal {
  return new Decimal(value ?? 0);
}

/** How PostgreSQL writes a money column (numeric(11,3)) that is not negative: "19.990". */
const COLUMN_TEXT = /^(0|[1-9]\d*)\.\d\d\d$/;
/** What to cut off a column's text for `places`, when only zeros go: JPY "1500.000", USD "19.990", KWD "1.250" as is. */
const COLUMN_TAIL: readonly string[] = ['.000', '00', '0', ''];
/** Already "19.99" (a value computed and written with 2 places). */
const CENTS = /^(0|[1-9]\d*)\.\d\d$/;

/**
 * Decimal places of the money columns (numeric(11,3)): the most a currency the store sells in may have (CURRENCY and
 * SUPPORTED_CURRENCIES are checked against it at start). Fields that take money from clients say this many places in
 * the OpenAPI document, and accept what the currency has (`moneyDecimals`, `currencyMinorUnits`). A column's text
 * always has 3 places ("19.990"): every amount read is written out through `moneyString` or `moneyIn`.
 */
export const MONEY_DECIMALS = MONEY_COLUMN_DECIMALS;

/** Decimal places of an amount in the store's currency (ISO 4217 minor units: 2 for USD, 0 for JPY; see `useStoreCurrency`). */
export function moneyDecimals(): number {
  return storeMinorUnits();
}

/** "19.99" (or "1999" in a currency without minor units): rounded half up, away from zero, to `places`. */
export function moneyString(value: Amount | null | undefined, places: number = storeMinorUnits()): string {
  // Most amounts come straight from the columns: skip decimal.js for them (list pages format hundreds).
  if (typeof value === 'string' && places <= 3 && COLUMN_TEXT.test(value)) {
    const tail = COLUMN_TAIL[places];
    if (value.endsWith(tail)) return value.slice(0, value.length - tail.length);
  }
  if (places === 2 && typeof value === 'string' && CENTS.test(value)) return value;
  return decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP).toFixed(places);
}

/**
 * "19.99" in `currency`'s decimal places (JPY "1500", KWD "1.250"): how every amount of an order (its totals, line
 * items, adjustments, shipments and rates, payments, return authorizations) is written, in the ORDER's currency, not
 * the store's.
 */
export function moneyIn(value: Amount | null | undefined, currency: string): string {
  return moneyString(value, currencyMinorUnits(currency));
}

/** A money string, or null when there is no amount (e.g. a variant without a price). */
export function optionalMoneyString(value: Amount | null | undefined, places: number = storeMinorUnits()): string | null {
  return value === null || value === undefined ? null : moneyString(value, places);
}

/** The amount in the currency's minor units, as payment providers take it: cents for USD, yen for JPY. */
export function toMinorUnits(amount: Amount, currency: string): number {
  return decimal(amount).times(new Decimal(10).pow(currencyMinorUnits(currency))).round().toNumber();
}

/** An amount in minor units (`toMinorUnits`) as a money string of the currency. */
export function fromMinorUnits(minor: Amount, currency: string): string {
  const places = currencyMinorUnits(currency);
  return moneyString(decimal(minor).dividedBy(new Decimal(10).pow(places)), places);
}

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    const places = currencyMinorUnits(currency);
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', minimumFractionDigits: places, maximumFractionDigits: places });
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

/** "$19.99", "-$5.00", "€10.00", "¥1,500": the money gem's default look, with the narrow symbol. */
export function displayMoney(value: Amount | null | undefined, currency: string): string {
  // Intl formats a decimal string exactly (no float rounding).
  return formatterFor(currency).format(moneyString(value, currencyMinorUnits(currency)) as unknown as number);
}

/** The currency's symbol as `displayMoney` writes it: "$" for USD, "€" for EUR. */
export function currencySymbol(currency: string): string {
  return formatterFor(currency).formatToParts(1).find((p) => p.type === 'currency')?.value ?? currency;
}

/**
 * Why a value given by a client cannot be kept exactly in `places` decimal places (it would be rounded), or
 * undefined: the rule for every amount a client sets (prices, costs, payments, discounts, rates). Trailing
 * zeros lose nothing: "1.500" is 1.50.
 */
export function decimalPlacesProblem(value: Amount, places: number = storeMinorUnits()): string | undefined {
  return decimal(value).decimalPlaces() > places ? decimalPlacesText(places) : undefined;
}

/** The message of `decimalPlacesProblem`. */
export const decimalPlacesText = (places: number = storeMinorUnits()): string => `must have at most ${places} decimal places`;

/** Rounds to the currency's minor unit (cents by default), half up: Spree's `round_to_two_places`, per currency. */
export function roundMoney(value: Amount, places: number = storeMinorUnits()): Decimal {
  return decimal(value).toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
}
