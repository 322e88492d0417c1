/**
 * ISO 4217: the active currency codes and their minor units (the exponent: decimal places of an amount). Funds and
 * precious metals without a minor unit (XAU, XDR, XTS…) are left out: a shop does not sell in them.
 */
const EXPONENT_0 = 'BIF CLP DJF GNF ISK JPY KMF KRW PYG RWF UGX UYI VND VUV XAF XOF XPF';
const EXPONENT_3 = 'BHD IQD JOD KWD LYD OMR TND';
const EXPONENT_4 = 'CLF UYW';
const EXPONENT_2 =
  'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BMD BND BOB BOV BRL BSD BTN BWP BYN BZD CAD CDF CHE CHF CHW ' +
  'CNY COP COU CRC CUC CUP CVE CZK DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GTQ GYD HKD HNL HTG HUF IDR ' +
  'ILS INR IRR JMD KES KGS KHR KPW KYD KZT LAK LBP LKR LRD LSL MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MXV MYR ' +
  'MZN NAD NGN NIO NOK NPR NZD PAB PEN PGK PHP PKR PLN QAR RON RSD RUB SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP ' +
  'STN SVC SYP SZL THB TJS TMT TOP TRY TTD TWD TZS UAH USD USN UYU UZS VED VES WST XCD XCG YER ZAR ZMW ZWG ZWL';

const MINOR_UNITS: ReadonlyMap<string, number> = new Map(
  (
    [
      [EXPONENT_0, 0],
      [EXPONENT_2, 2],
      [EXPONENT_3, 3],
      [EXPONENT_4, 4],
    ] as const
  ).flatMap(([codes, exponent]) => codes.split(' ').map((code) => [code, exponent] as const)),
);

/** Whether `code` is an active ISO 4217 currency code (upper case). */
export function isKnownCurrency(code: string): boolean {
  return MINOR_UNITS.has(code);
}

/** The currency's minor units (ISO 4217 exponent): JPY 0, USD 2, KWD 3; 2 for a code not in the list. */
export function currencyMinorUnits(code: string): number {
  return MINOR_UNITS.get(code.toUpperCase()) ?? 2;
}

/**
 * Decimal places of the money columns (numeric(11,3), migration MoneyThreePlaces): enough for every currency a shop
 * sells in (KWD, BHD: 3); CLF and UYW (4, units of account) are refused at start. Re-exported as MONEY_DECIMALS
 * (common/money).
 */
export const MONEY_COLUMN_DECIMALS = 3;

/** Why `code` (a code of `setting`: CURRENCY, SUPPORTED_CURRENCIES) cannot be a currency the store sells in, or undefined. */
export function currencyProblem(code: string, setting = 'CURRENCY'): string | undefined {
  if (!isKnownCurrency(code)) return `${setting} must be an ISO 4217 currency code (like USD, EUR, JPY), not "${code}"`;
  const places = currencyMinorUnits(code);
  if (places > MONEY_COLUMN_DECIMALS) {
    return `${setting} ${code} has ${places} decimal places (ISO 4217), but the money columns keep ${MONEY_COLUMN_DECIMALS}: its amounts would not be exact`;
  }
  return undefined;
}

/** The store currency's minor units; cents until the configuration is registered. */
let storeDecimals = 2;

/**
 * Makes the store's currency (CURRENCY, checked at start) the one money is rounded and written in (common/money):
 * called when the configuration is registered (ConfigModule). A store has one currency, so the money helpers need
 * not be told it on every call; code handling another currency passes its places (`currencyMinorUnits`).
 */
export function useStoreCurrency(code: string): void {
  storeDecimals = currencyMinorUnits(code);
}

/** The store currency's minor units (`useStoreCurrency`). */
export function storeMinorUnits(): number {
  return storeDecimals;
}
