import { applyDecorators, createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiHeader, ApiQuery } from '@nestjs/swagger';
import type { Request } from 'express';
import { InvalidResourceError } from '../errors/api-errors';

/** The request header naming the currency of a catalog read (the `currency` query parameter wins over it). */
export const CURRENCY_HEADER = 'X-Currency';

/**
 * Placeholders for "a currency the store sells in" in the document's schemas: `documentStoreCurrencies`
 * (common/openapi/openapi.ts) replaces them with the store's own codes (SUPPORTED_CURRENCIES), in any
 * case, so that a client or a tester generating values from the document sends only codes the service
 * takes. `STORE_CURRENCY_OR_BLANK` where a blank value means "the default" (the store currency).
 */
export const STORE_CURRENCY = '^[A-Za-z]{3}$';
export const STORE_CURRENCY_OR_BLANK = '^([A-Za-z]{3})?$';

/** The pattern of `placeholder` for a store selling in `supported`: each code in any case (`[Uu][Ss][Dd]`). */
export function storeCurrencyPattern(placeholder: string, supported: readonly string[]): string {
  const codes = supported.map((code) => [...code].map((c) => `[${c.toUpperCase()}${c.toLowerCase()}]`).join('')).join('|');
  return placeholder === STORE_CURRENCY_OR_BLANK ? `^(${codes})?$` : `^(${codes})$`;
}

export type AskedCurrencyValue = string | string[] | undefined;

/**
 * The currency a request asks prices in, as sent: `?currency=`, else the
 * `X-Currency` header (also when the parameter is blank); undefined when it names none (blank counts as none).
 * A repeated `currency` parameter is kept as an array, refused by `chooseCurrency`.
 */
export function askedCurrency(req: Request): AskedCurrencyValue {
  const query = req.query?.currency;
  // A blank `currency` names none: the header, when sent, says which (`?currency=&…` from a form left empty).
  const blankQuery = query === undefined || (typeof query === 'string' && query.trim() === '');
  const asked = blankQuery ? req.headers['x-currency'] : query;
  if (typeof asked === 'string') return asked.trim() === '' ? undefined : asked;
  return Array.isArray(asked) ? (asked as string[]) : asked === undefined ? undefined : String(asked);
}

/** `askedCurrency` as a controller parameter. */
export const AskedCurrency = createParamDecorator((_: unknown, context: ExecutionContext) => askedCurrency(context.switchToHttp().getRequest<Request>()));

/**
 * The currency to show: the asked one (any case) when the store sells in it
 * (`supported`: SUPPORTED_CURRENCIES, the store currency first), the store
 * currency when none is asked; 422 on `currency` otherwise.
 */
export function chooseCurrency(asked: AskedCurrencyValue, supported: readonly string[]): string {
  if (asked === undefined) return supported[0];
  const code = typeof asked === 'string' ? asked.trim().toUpperCase() : undefined;
  if (code !== undefined && supported.includes(code)) return code;
  throw InvalidResourceError.field('currency', `is not a currency this store sells in (${supported.join(', ')})`);
}

/** The same, for a request that may not name a currency at all (a middleware's fast path): undefined where `chooseCurrency` would refuse. */
export function supportedCurrencyOf(req: Request, supported: readonly string[]): string | undefined {
  const asked = askedCurrency(req);
  if (asked === undefined) return supported[0];
  const code = typeof asked === 'string' ? asked.trim().toUpperCase() : undefined;
  return code !== undefined && supported.includes(code) ? code : undefined;
}

/** Documents the currency choice of a catalog read: the `currency` parameter and the `X-Currency` header (and its 422: openapi.ts). */
export function ApiCurrency(): MethodDecorator {
  const description =
    "The currency to show prices in: one of the store's currencies (SUPPORTED_CURRENCIES, listed by GET /api/config), in any case; " +
    'the store currency (CURRENCY) when absent; 422 on `currency` otherwise. A product or variant without a price in it shows `price` and `display_price` null.';
  return applyDecorators(
    // No example: Swagger UI's "Try it out" would send it, and a store that does not sell in it answers 422.
    ApiQuery({ name: 'currency', required: false, schema: { type: 'string', pattern: STORE_CURRENCY_OR_BLANK }, description }),
    ApiHeader({ name: CURRENCY_HEADER, required: false, schema: { type: 'string', pattern: STORE_CURRENCY_OR_BLANK }, description: `The same as the \`currency\` parameter, which wins when both are sent.` }),
  );
}
