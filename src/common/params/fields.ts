import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsOptional, ValidateBy, ValidateNested, ValidationOptions, buildMessage } from 'class-validator';
import { decimalPlacesProblem, decimalPlacesText, MONEY_DECIMALS, moneyDecimals } from '../money/money';

/** Decimal places a value may have: fixed, or read when a value comes (money: the store currency's). */
type Places = number | (() => number);
const placesOf = (places: Places | undefined): number | undefined => (typeof places === 'function' ? places() : places);

/**
 * Field decorators for request DTOs. Clients send numbers and booleans as
 * strings ("2", "true") in query strings and forms; each decorator reads the
 * value as its type, and a value that cannot be read is a 422 naming the field
 * (never a 500, never silently dropped). Messages are Rails' texts.
 *
 * An empty value (JSON null, or `field=` in a form) of an optional field
 * reaches the service as null: the client blanked the field, and the service
 * clears a nullable column or refuses with "can't be blank" as Rails' presence
 * validations do. So the DTO property's type must include `| null`. Where
 * Spree has no use for a blank value, the field says what it means instead
 * (`blank`), and the service never sees it.
 */
interface FieldOptions {
  /** Presence required ("can't be blank"). Off by default: updates send only what changes. */
  required?: boolean;
  /** `false` on an optional field: the service refuses a blank value ("can't be blank"), so the document declares none. */
  nullable?: boolean;
  /**
   * What a blank value (null, '' or only spaces) of an optional field means:
   * `absent`: as if not sent (the value is generated or defaulted, or stays as it was);
   * `refused`: "can't be blank" (422), for a column that cannot be empty.
   */
  blank?: 'absent' | 'refused';
  description?: string;
  example?: unknown;
  /** The shortest value the service takes (it refuses shorter ones itself, with its own message): declared in the document only. */
  minLength?: number;
}

const INVALID = Symbol('invalid');
/** Blank where the field refuses blank values. */
const BLANK = Symbol('blank');
/** Readable, but below the field's minimum. */
const TOO_SMALL = Symbol('too small');
/** A string, but longer than the field allows. */
const TOO_LONG = Symbol('too long');
/** A number with more decimal places than the field keeps (it would be rounded). */
const TOO_PRECISE = Symbol('too precise');
type Reader = (value: unknown) => unknown;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function field(reader: Reader, message: string, api: ApiPropertyOptions, options: FieldOptions & { minimum?: number; maxLength?: number; decimals?: Places } = {}): PropertyDecorator {
  const decorators: PropertyDecorator[] = [
    Transform(({ value }) => {
      if (value === undefined) return undefined;
      if (options.blank && isBlank(value)) return options.blank === 'absent' ? undefined : BLANK;
      if (value === null || value === '') return options.nullable || !options.required ? null : value;
      return reader(value);
    }),
    ValidateBy({
      name: 'readable',
      validator: {
        validate: (value: unknown) => {
          if ((options.required && isBlank(value)) || value === BLANK) return false;
          return value !== INVALID && value !== TOO_SMALL && value !== TOO_LONG && value !== TOO_PRECISE;
        },
        defaultMessage: (args) =>
          (options.required && isBlank(args?.value)) || args?.value === BLANK
            ? "can't be blank"
            : args?.value === TOO_SMALL
              ? `must be greater than or equal to ${options.minimum}`
              : args?.value === TOO_LONG
                ? `is too long (maximum is ${options.maxLength} characters)`
                : args?.value === TOO_PRECISE
                  ? decimalPlacesText(placesOf(options.decimals))
                  : message,
      },
    }),
    ApiProperty({
      required: !!options.required,
      nullable: isNullable(options),
      description: options.description,
      example: options.example,
      ...api,
    } as ApiPropertyOptions),
  ];
  if (!options.required) decorators.unshift(IsOptional());
  return applyDecorators(...decorators);
}

/** Whether the document lets the field be null: unless required, refused blank, or said otherwise (`nullable`). */
function isNullable(options: FieldOptions): boolean {
  return options.nullable ?? (!options.required && options.blank !== 'refused');
}

/** Our integer columns are PostgreSQL `integer` (32 bits): larger values are unreadable here, not a database error later. */
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;

export const readInteger: Reader = (v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*-?\d{1,10}\s*$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= INT_MIN && n <= INT_MAX ? n : INVALID;
};

export const readDecimal: Reader = (v) => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && /^\s*-?\d{1,12}(\.\d+)?\s*$/.test(v)) return v.trim();
  return INVALID;
};

export const readBoolean: Reader = (v) => {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' && (v === 0 || v === 1)) return v === 1;
  if (typeof v === 'string') {
    const s = v.trim().toLowerCase();
    if (['true', '1', 't', 'yes', 'on'].includes(s)) return true;
    if (['false', '0', 'f', 'no', 'off'].includes(s)) return false;
  }
  return INVALID;
};

const readString =
  (maxLength: number): Reader =>
  (v) => {
    // A JSON number is read as its text (a zipcode, a SKU); a JSON true/false where text is declared is a mistake, not a name.
    if (typeof v === 'number') v = String(v);
    // PostgreSQL text cannot hold a NUL byte: refuse it here rather than have the database refuse it (a 500).
    if (typeof v !== 'string' || v.includes('\u0000')) return INVALID;
    // No string has more characters than UTF-16 units: counting only where it may matter.
    return v.length > maxLength && characterCount(v) > maxLength ? TOO_LONG : v;
  };

/**
 * The length in characters (code points), as JSON Schema's `maxLength`, PostgreSQL's `varchar(n)` and Rails count
 * it: a character outside the Basic Multilingual Plane (an emoji) is one, not the two UTF-16 units of `length`.
 */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

export const readDate: Reader = (v) => {
  if (typeof v !== 'string' && typeof v !== 'number') return INVALID;
  const date = new Date(v);
  // Years 1..9999 only: PostgreSQL cannot store every year JavaScript can read.
  return Number.isNaN(date.getTime()) || date.getUTCFullYear() < 1 || date.getUTCFullYear() > 9999 ? INVALID : date;
};

const readIntegerList: Reader = (v) => {
  const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : typeof v === 'number' ? [v] : null;
  if (!items) return INVALID;
  const numbers = items.map(readInteger);
  return numbers.some((n) => n === INVALID) ? INVALID : [...new Set(numbers as number[])];
};

/** Wraps a numeric reader with a minimum: readable values below it are TOO_SMALL. */
const atLeast = (reader: Reader, minimum: number | undefined): Reader =>
  minimum === undefined ? reader : (v) => {
    const n = reader(v);
    return n !== INVALID && Number(n) < minimum ? TOO_SMALL : n;
  };

/** Wraps a decimal reader with a number of decimal places: readable values with more are TOO_PRECISE, never rounded. */
const withDecimals = (reader: Reader, decimals: Places | undefined): Reader =>
  decimals === undefined ? reader : (v) => {
    const n = reader(v);
    return typeof n === 'string' && decimalPlacesProblem(n, placesOf(decimals)) ? TOO_PRECISE : n;
  };

/** Declares the 32-bit bounds readInteger enforces: a value past them is a 422 "is not a number". */
/** `maximum`: the largest value the service takes (it refuses larger ones itself, with its own message): declared in the document only. */
export const IntegerField = (o?: FieldOptions & { minimum?: number; maximum?: number }) =>
  field(atLeast(readInteger, o?.minimum), 'is not a number', { type: 'integer', minimum: o?.minimum ?? INT_MIN, maximum: Math.min(o?.maximum ?? INT_MAX, INT_MAX) }, o);

/** What the OpenAPI document says a decimal string looks like: its sign (where it may be negative) and its decimal places. */
function decimalPattern(minimum: number | undefined, places: Places | undefined): string {
  // Money: what the columns keep (the store's currency may keep fewer, checked when a value comes).
  const decimals = places === undefined ? undefined : typeof places === 'function' ? MONEY_DECIMALS : places;
  const sign = minimum !== undefined && minimum >= 0 ? '' : '-?';
  if (decimals === undefined) return `^${sign}\\d{1,12}(\\.\\d+)?$`;
  return decimals === 0 ? `^${sign}\\d{1,12}$` : `^${sign}\\d{1,12}(\\.\\d{1,${decimals}})?$`;
}

/**
 * A decimal kept as a string so no float ever touches money. `decimals`: the places its column keeps; a value
 * with more is refused (422, "must have at most N decimal places") rather than rounded by the database.
 */
export const DecimalField = (o?: FieldOptions & { minimum?: number; decimals?: Places }) =>
  field(
    withDecimals(atLeast(readDecimal, o?.minimum), o?.decimals),
    'is not a number',
    { type: 'string', format: 'decimal', pattern: decimalPattern(o?.minimum, o?.decimals), example: o?.example ?? '19.99' },
    o,
  );

/** An amount of money in the store's currency: a DecimalField with the currency's decimal places (`moneyDecimals`: 2, 0 for JPY). */
export const MoneyField = (o?: FieldOptions & { minimum?: number }) => DecimalField({ ...o, decimals: moneyDecimals });

/**
 * An amount in a currency the request or the record decides (an order's, a shipping calculator's, a promotion's), not
 * necessarily the store's: bound with at most the columns' places (MONEY_DECIMALS); the service then checks the
 * currency's own (`decimalPlacesProblem(value, currencyMinorUnits(currency))`: a JPY amount with decimals is a 422).
 */
export const CurrencyMoneyField = (o?: FieldOptions & { minimum?: number }) => DecimalField({ ...o, decimals: MONEY_DECIMALS });

export const BooleanField = (o?: FieldOptions) => field(readBoolean, 'is not a boolean', { type: 'boolean' }, o);

/**
 * Whether a blank value is refused ("can't be blank"): by the field (`required`, `blank: 'refused'`), or by
 * the service, which a field says with `nullable: false` (the field passes null on, the service refuses it).
 */
function refusesBlankValue(o: FieldOptions | undefined): boolean {
  return !!o?.required || o?.blank === 'refused' || o?.nullable === false;
}

/**
 * A string the field refuses when blank (required, or `blank: 'refused'`) is declared with at least one
 * character that is not a space: `minLength` and `pattern: \\S` (only spaces is blank too).
 */
function nonBlank(o: FieldOptions | undefined): { minLength?: number; pattern?: string } {
  const refusesBlank = refusesBlankValue(o);
  const minLength = Math.max(o?.minLength ?? 0, refusesBlank ? 1 : 0);
  return { ...(minLength > 0 ? { minLength } : {}), ...(refusesBlank ? { pattern: '\\S' } : {}) };
}

/** `enum`: the values the service takes (it refuses others itself, "is not included in the list"): declared in the document only (with null where the field is nullable). */
/** `pattern`: a pattern the service holds the value to itself (a currency the store sells in: request-currency.ts), declared in the document only. */
export const StringField = (o?: FieldOptions & { maxLength?: number; enum?: readonly string[]; pattern?: string }) =>
  field(
    readString(o?.maxLength ?? 255),
    'is invalid',
    { type: 'string', ...nonBlank(o), ...(o?.pattern ? { pattern: o.pattern } : {}), maxLength: o?.maxLength ?? 255, ...(o?.enum ? { enum: isNullable(o) ? [...o.enum, null] : [...o.enum] } : {}) },
    { ...o, maxLength: o?.maxLength ?? 255 },
  );

/** Long text (descriptions): up to 64 KB. */
export const TextField = (o?: FieldOptions) => field(readString(65535), 'is invalid', { type: 'string', ...nonBlank(o), maxLength: 65535 }, { ...o, maxLength: 65535 });

export const DateTimeField = (o?: FieldOptions) => field(readDate, 'is not a valid date', { type: 'string', format: 'date-time' }, o);

/** A list of ids: JSON array, repeated `x[]=` parameters or "1,2,3". */
export const IntegerListField = (o?: FieldOptions) =>
  field(readIntegerList, 'is invalid', { type: 'array', ...minItems(o), items: { type: 'integer', minimum: INT_MIN, maximum: INT_MAX } }, o);

/** A list the field refuses when blank (required, or `blank: 'refused'`) is declared non-empty. */
function minItems(o: FieldOptions | undefined): { minItems?: number } {
  return refusesBlankValue(o) ? { minItems: 1 } : {};
}

/** A nested parameter group (e.g. `bill_address_attributes`). */
export const NestedField = (type: () => new () => object, o?: FieldOptions) =>
  applyDecorators(
    ...(o?.required ? [] : [IsOptional()]),
    ValidateBy({
      name: 'isObject',
      validator: { validate: (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v), defaultMessage: () => 'is invalid' },
    }),
    ValidateNested(),
    Type(type),
    ApiProperty({ type: type(), required: !!o?.required, description: o?.description }),
  );

const isPlainObject = (o: unknown) => typeof o === 'object' && o !== null && !Array.isArray(o);

/**
 * A list of parameter groups, e.g. `product[variants][0][sku]=…` or a JSON array of objects. `required`: at
 * least one group (fewer is "can't be blank"); `maxItems`: more is refused ("is too long").
 */
export const NestedListField = (type: () => new () => object, description?: string, o?: { required?: boolean; maxItems?: number }) =>
  applyDecorators(
    ...(o?.required ? [] : [IsOptional()]),
    ValidateBy({
      name: 'isListOfObjects',
      validator: {
        validate: (v: unknown) => Array.isArray(v) && v.every(isPlainObject) && !(o?.required && v.length === 0),
        defaultMessage: (args) => (args?.value == null || (Array.isArray(args.value) && args.value.length === 0) ? "can't be blank" : 'is invalid'),
      },
    }),
    ...(o?.maxItems !== undefined
      ? [ValidateBy({ name: 'isShortList', validator: { validate: (v: unknown) => !Array.isArray(v) || v.length <= o.maxItems!, defaultMessage: () => `is too long (at most ${o.maxItems} entries)` } })]
      : []),
    ValidateNested({ each: true }),
    Type(type),
    ApiProperty({ type: [type()], required: !!o?.required, description, ...(o?.required ? { minItems: 1 } : {}), ...(o?.maxItems !== undefined ? { maxItems: o.maxItems } : {}) }),
  );

/** Re-export for messages built from class-validator arguments. */
export { buildMessage, ValidationOptions };

const readStringList =
  (maxLength: number): Reader =>
  (v) => {
    const items = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : null;
    if (!items) return INVALID;
    const strings = items.map((item) => (typeof item === 'string' ? readString(maxLength)(item.trim()) : INVALID));
    return strings.some((s) => typeof s !== 'string') ? INVALID : [...new Set(strings as string[])];
  };

/**
 * A list of short strings: JSON array, repeated `x[]=` parameters or "a,b". `enum`: the values the
 * service takes (it refuses others itself, naming them): declared in the document only.
 */
export const StringListField = (o?: FieldOptions & { maxLength?: number; enum?: readonly string[] }) =>
  field(
    readStringList(o?.maxLength ?? 255),
    'is invalid',
    { type: 'array', ...minItems(o), items: { type: 'string', maxLength: o?.maxLength ?? 255, ...(o?.enum ? { enum: [...o.enum] } : {}) } },
    o,
  );
