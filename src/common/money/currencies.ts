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
