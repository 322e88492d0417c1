import qs from 'qs';
import { invalidRequest, missingParam } from './stripe-errors';
import { resolve, Schema } from './stripe-openapi';

/**
 * The parameters of a Stripe request: a form body (or a query string) in
 * bracket notation, as the SDK writes it (`metadata[order]=R1`,
 * `expand[0]=latest_charge`), read with the types Stripe gives them and
 * refused with Stripe's errors (`Invalid integer: abc`, `Missing required
 * param: amount.`).
 */
export type RawParams = Record<string, unknown>;

export function parseForm(text: string): RawParams {
  return qs.parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 1000, allowDots: false }) as RawParams;
}

export class Params {
  constructor(
    readonly raw: RawParams,
    /** Where these parameters sit (`payment_method_options[card]`), for messages. */
    private readonly at = '',
  ) {}

  private name(key: string): string {
    return this.at ? `${this.at}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  string(key: string, required: true): string;
  string(key: string, required?: false): string | undefined;
  string(key: string, required = false): string | undefined {
    const value = this.raw[key];
    if (value === undefined) {
      if (required) throw missingParam(this.name(key));
      return undefined;
    }
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${JSON.stringify(value)}`, { param: this.name(key) });
    if (required && value === '') throw missingParam(this.name(key));
    return value;
  }

  /** A string that `''` unsets (null). */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    return value === '' ? null : value;
  }

  integer(key: string, required: true): number;
  integer(key: string, required?: false): number | undefined;
  integer(key: string, required = false): number | undefined {
    const value = this.string(key, required as false);
    if (value === undefined) return undefined;
    if (!/^-?\d+$/.test(value) || !Number.isSafeInteger(Number(value))) throw invalidRequest(`Invalid integer: ${value}`, { code: 'parameter_invalid_integer', param: this.name(key) });
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalidRequest(`Invalid boolean: ${value}`, { param: this.name(key) });
    return value === 'true';
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(values as readonly string[]).includes(value)) {
      throw invalidRequest(`Invalid ${this.name(key)}: must be one of ${values.join(', ')}`, { param: this.name(key) });
    }
    return value as T;
  }

  strings(key: string): string[] | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : undefined;
    if (!list || list.some((v) => typeof v !== 'string')) throw invalidRequest(`Invalid array`, { param: this.name(key) });
    return list as string[];
  }

  object(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest(`Invalid object`, { param: this.name(key) });
    return new Params(value as RawParams, this.name(key));
  }

  /** `metadata` applied to the current one: a key with `''` removes it, `metadata=''` removes all. */
  metadata(current: Record<string, string> = {}): Record<string, string> {
    const value = this.raw.metadata;
    if (value === undefined) return current;
    if (value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param: this.name('metadata') });
    const next = { ...current };
    for (const [k, v] of Object.entries(value as RawParams)) {
      if (typeof v !== 'string') throw invalidRequest('Invalid string', { param: `${this.name('metadata')}[${k}]` });
      if (v === '') delete next[k];
      else next[k] = v;
    }
    return next;
  }
}

/**
 * The first parameter Stripe would refuse as unknown (`Received unknown
 * parameter: payment_method_options[card][foo]`), walking the operation's
 * form schema.
 */
export function unknownParameter(raw: RawParams, schema: Schema | undefined, at = ''): string | undefined {
  if (!schema) return undefined;
  const object = objectAlternative(schema);
  if (!object) return undefined;
  for (const [key, value] of Object.entries(raw)) {
    const name = at ? `${at}[${key}]` : key;
    const declared = object.properties?.[key] as Schema | undefined;
    if (!declared) {
      // Stripe refuses what an object's declared properties do not name (its `additionalProperties` aside: metadata).
      if (object.additionalProperties === false || (object.properties && object.additionalProperties === undefined)) return name;
      continue;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const found = unknownParameter(value as RawParams, declared, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** The object schema among `schema`'s alternatives (Stripe writes `anyOf: [{object}, {enum: ['']}]` for unsettable objects). */
function objectAlternative(schema: Schema): Schema | undefined {
  const s = resolve(schema);
  if (s.properties || s.type === 'object') return s;
  for (const alt of (s.anyOf ?? []) as Schema[]) {
    const found = objectAlternative(alt);
    if (found) return found;
  }
  return undefined;
}
