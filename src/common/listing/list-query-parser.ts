import { FieldErrorCollector, InvalidResourceError } from '../errors/api-errors';

/**
 * The pure half of the list query (contract section 2): what `page`,
 * `per_page` and `q[...]` say, read without a database. Ransack-style keys
 * (`<attribute>[_or_<attribute>…]_<predicate>`) against a resource's
 * allow-list of attributes; anything else in `q` is ignored, so no client can
 * filter on a secret column or reach an association we did not open. Each
 * condition's value is read into a `Test` (what the condition asks of a
 * column); `list-query.ts` turns tests and sorts into SQL.
 */
export type AttributeType = 'string' | 'integer' | 'decimal' | 'boolean' | 'datetime';

export interface SearchableAttribute {
  /** SQL expression over the query's aliases, e.g. `product.name` or `shipping_category.name`. */
  expression: string;
  type: AttributeType;
  /** Names of to-one joins (declared in `joins`) this attribute needs. */
  joins?: string[];
  /**
   * For an attribute of a to-many association (a product's variants' SKUs):
   * the condition becomes `EXISTS (SELECT 1 FROM <from> WHERE <where> AND …)`,
   * so rows never multiply (or a lateral `bool_or` when several keys name the
   * association: see SearchBuilder.search). Such attributes can be searched,
   * not sorted.
   */
  exists?: { from: string; where: string };
  /**
   * For an attribute of a to-one association whose row always exists (a
   * variant's product): the condition becomes `<column> = ANY(ARRAY(SELECT
   * <key> FROM <from> WHERE …))`, which PostgreSQL answers from the
   * association's own indexes (a trigram index on product names) and can
   * combine with the root's (`product_name_or_sku_cont`: a BitmapOr with the
   * SKU's). `lookup.expression` is the attribute there (`sp.name`);
   * `expression` (a correlated subquery) still serves sorting. When several
   * keys name the association, it is joined once instead (`LEFT JOIN <from>
   * ON <key> = <column>`).
   */
  lookup?: { column: string; from: string; key: string; expression: string };
}

/** A resource's searchable attributes, by the name `q` uses. */
export type SearchableAttributes = Record<string, SearchableAttribute>;

export interface ListParams {
  page: number;
  perPage: number;
  q: Record<string, unknown>;
}

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

/**
 * What one search (`q`) may cost; past any of these it is refused with 422
 * naming `q`, before any SQL is built. Without them an anonymous URL of a few
 * KB held a connection for tens of seconds (300 `_or_` terms: 27 s on 20k
 * products), and an `_in` list past PostgreSQL's 65,535 parameters failed.
 * - `conditions`: `_or_` terms over all keys (`q[a_or_b_cont]` counts 2).
 *   Spree's back office sends at most about 12 (its order filters); a
 *   storefront 1 to 3.
 * - `listValues`: values of one `_in`/`_not_in` list: a page of ids (per_page
 *   is capped at 100 too).
 * - `parameters`: values bound into the search's SQL in all (a list counts
 *   each of its values once per `_or_` term): three full lists, so no
 *   statement carries thousands.
 * - `poolShare`: the share of the database pool that list reads with a
 *   search or sort may hold at once (2 of the default 10 connections; see
 *   SearchGate). Even within the caps above a search may read every row of a
 *   large table; the rest of the pool stays free for other requests.
 * - `valueLength`: characters of one value (each entry of a list). Without
 *   it, 8 `_or_` terms matching a 4,000 to 14,000-character `cont` value took
 *   8 to 51 s on 20k products: a pattern match costs its length on every row.
 * - `patternLength`: characters of all pattern values (`cont`, `not_cont`,
 *   `start`, `end`) of a search, each counted once per `_or_` term it is
 *   matched against: what a search's pattern matching costs on each row.
 *   Room for a 255-character value on 3 terms, or a storefront's query on
 *   many.
 * - `clientShare`: the share of the gate's slots (see SearchGate) one client
 *   may hold at once (at least one), so one client sending slow searches
 *   in a loop cannot make everyone else's searches wait past the pool's
 *   wait (503).
 */
export const SEARCH_LIMITS = { conditions: 20, listValues: 100, parameters: 300, valueLength: 255, patternLength: 1000, poolShare: 0.25, clientShare: 0.5 } as const;

/** Predicates whose value is a pattern matched against the text of every row they read. */
const PATTERN_PREDICATES: ReadonlySet<string> = new Set(['cont', 'not_cont', 'start', 'end']);

/** The characters of a value as the search will read it: a scalar's, or its longest entry's for a list. */
function longestEntry(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value).length;
  if (typeof value === 'object' && value !== null) return Math.max(0, ...Object.values(value).map(longestEntry));
  return 0;
}

function positiveInt(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : undefined;
}

/**
 * The highest `page`: int32's, as every whole number the API takes. Pages up
 * to it are read as asked (past the last one: an empty page saying which page
 * it is); above it a 422 on `page`, rather than a page the answer could not
 * name (JSON numbers lose digits past 2^53) or another page's records.
 */
export const MAX_PAGE = 2_147_483_647;

export const PageText = { tooHigh: `must be less than or equal to ${MAX_PAGE}` };

/** `page` from 1 (unreadable values, zero or below, mean 1, as Kaminari reads them); above MAX_PAGE a 422. */
function pageNumber(value: unknown): number {
  if ((typeof value === 'string' || typeof value === 'number') && Number(value) > MAX_PAGE) throw InvalidResourceError.field('page', PageText.tooHigh);
  return positiveInt(value) ?? 1;
}

/** page from 1 to MAX_PAGE, per_page 25 by default and 100 at most; unreadable values fall back to the defaults. */
export function listParams(query: Record<string, unknown>): ListParams {
  const q = query.q;
  return {
    page: pageNumber(query.page),
    perPage: Math.min(positiveInt(query.per_page) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE),
    q: typeof q === 'object' && q !== null && !Array.isArray(q) ? (q as Record<string, unknown>) : {},
  };
}

// Longest first, so `name_not_eq` is read as name + not_eq, not name_not + eq.
export const PREDICATES = ['not_null', 'not_cont', 'not_in', 'not_eq', 'present', 'blank', 'start', 'false', 'gteq', 'lteq', 'cont', 'true', 'null', 'end', 'eq', 'lt', 'gt', 'in'] as const;
export type Predicate = (typeof PREDICATES)[number];

/** One key of `q`: its `_or_` terms' attributes, its predicate and its value as sent. */
export interface Condition {
  attributes: SearchableAttribute[];
  predicate: Predicate;
  value: unknown;
}

/**
 * A key of `q` read against the allow-list: `name_or_sku_cont` is the
 * attributes `name` and `sku` under `cont`. Undefined when any term is not an
 * attribute (the key is ignored). The first predicate (longest first) whose
 * terms are all attributes wins.
 */
export function parseKey(key: string, attributes: SearchableAttributes): { attributes: SearchableAttribute[]; predicate: Predicate } | undefined {
  for (const predicate of PREDICATES) {
    if (!key.endsWith(`_${predicate}`)) continue;
    const names = key.slice(0, -(predicate.length + 1)).split('_or_');
    const terms = names.map((n) => (Object.prototype.hasOwnProperty.call(attributes, n) ? attributes[n] : undefined));
    if (terms.every((a): a is SearchableAttribute => a !== undefined)) return { attributes: terms, predicate };
  }
  return undefined;
}

/**
 * A search time, as Ransack reads it with `Time.zone.parse` (UTC): an ISO date
 * or date-time; one without an offset is UTC, not the server's local time.
 * Years outside 1..9999 are unreadable (PostgreSQL could not take all of them).
 */
export function readSearchTime(s: string): Date | undefined {
  const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s);
  const d = new Date(zoneless ? `${s.replace(' ', 'T')}Z` : s);
  if (Number.isNaN(d.getTime())) return undefined;
  const year = d.getUTCFullYear();
  return year >= 1 && year <= 9999 ? d : undefined;
}

/** PostgreSQL text cannot hold a NUL byte (it refuses such a parameter), so no stored value contains one. */
const hasNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

/** A value as the attribute's type, or undefined when it cannot be one. */
export function castValue(value: unknown, type: AttributeType): unknown {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return undefined;
  const s = String(value).trim();
  switch (type) {
    case 'string':
      // Cast to "nothing": equal to no stored value.
      return hasNul(value) ? undefined : String(value);
    case 'integer':
      return /^-?\d{1,15}$/.test(s) && Math.abs(Number(s)) <= 2147483647 ? Number(s) : undefined;
    case 'decimal':
      return /^-?\d{1,12}(\.\d+)?$/.test(s) ? s : undefined;
    case 'boolean':
      return ['true', '1', 't'].includes(s.toLowerCase()) ? true : ['false', '0', 'f'].includes(s.toLowerCase()) ? false : undefined;
    case 'datetime':
      return readSearchTime(s);
  }
}

/**
 * The values of an `_in` list: an array, a comma-separated string, or what the
 * query parser makes of `q[id_in][]=…` past 20 entries (an object keyed 0, 1, …).
 */
export function listValues(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'object' && raw !== null && Object.keys(raw).every((k) => /^\d+$/.test(k))) return Object.values(raw);
  return String(raw).split(',');
}

/**
 * The conditions of `q` these attributes can apply (other keys, `s` and empty
 * values are ignored), refused with 422 on `q` when they would cost more than
 * SEARCH_LIMITS allow.
 */
export function readConditions(q: Record<string, unknown>, attributes: SearchableAttributes): Condition[] {
  const conditions: Condition[] = [];
  const problems = new FieldErrorCollector();
  let terms = 0;
  let parameters = 0;
  let patternLength = 0;
  for (const [key, value] of Object.entries(q)) {
    if (key === 's' || value === undefined || value === '') continue;
    const parsed = parseKey(key, attributes);
    if (!parsed) continue;
    conditions.push({ ...parsed, value });
    terms += parsed.attributes.length;
    const isList = parsed.predicate === 'in' || parsed.predicate === 'not_in';
    // A list's entries are its values: `q[id_in]=1,2,…` is as long as its entries allow.
    const longest = isList ? Math.max(0, ...listValues(value).map(longestEntry)) : longestEntry(value);
    if (longest > SEARCH_LIMITS.valueLength) problems.add('q', `${key} is too long (maximum is ${SEARCH_LIMITS.valueLength} characters)`);
    if (PATTERN_PREDICATES.has(parsed.predicate) && (typeof value === 'string' || typeof value === 'number')) patternLength += String(value).length * parsed.attributes.length;
    if (isList) {
      const length = listValues(value).length;
      if (length > SEARCH_LIMITS.listValues) problems.add('q', `${key} has too many values (maximum is ${SEARCH_LIMITS.listValues})`);
      parameters += length * parsed.attributes.length;
    } else {
      parameters += parsed.attributes.length;
    }
  }
  if (terms > SEARCH_LIMITS.conditions) problems.add('q', `has too many conditions (maximum is ${SEARCH_LIMITS.conditions}, counting each _or_ term)`);
  else if (parameters > SEARCH_LIMITS.parameters && !problems.any) problems.add('q', `has too many values in all (maximum is ${SEARCH_LIMITS.parameters})`);
  if (patternLength > SEARCH_LIMITS.patternLength && !problems.any)
    problems.add('q', `has too long patterns in all (maximum is ${SEARCH_LIMITS.patternLength} characters of cont, not_cont, start and end values, counting each _or_ term)`);
  problems.throwIfAny();
  return conditions;
}

/**
 * What one condition asks of one attribute, SQL aside:
 * - `nothing`: no row matches (a value that cannot be of the attribute's type);
 * - `null`: the column is (`is`) or is not NULL;
 * - `present`: the column is (`is`) or is not present (not NULL and not '');
 * - `compare`: the column against a value of its type;
 * - `in`: the column in (or, `negate`, not in) a list of values of its type;
 * - `like`: the column's text matches (or not) a case-insensitive LIKE
 *   pattern, the value's `%`, `_` and `\` escaped.
 */
export type Test =
  | { kind: 'nothing' }
  | { kind: 'null'; is: boolean }
  | { kind: 'present'; is: boolean }
  | { kind: 'compare'; op: '=' | '<>' | '<' | '<=' | '>' | '>='; value: unknown }
  | { kind: 'in'; negate: boolean; values: unknown[] }
  | { kind: 'like'; negate: boolean; pattern: string };

/** Ransack's truth for `_null`, `_present`, `_true`…: `true`, `1`, `t`, `yes` (any case); anything else is false. */
export const truthy = (v: unknown) => ['true', '1', 't', 'yes'].includes(String(v).toLowerCase()) || v === true;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const COMPARISONS = { eq: '=', not_eq: '<>', lt: '<', lteq: '<=', gt: '>', gteq: '>=' } as const;

/** The test a predicate and its value make of an attribute of this type, or undefined when the condition does not apply (ignored). */
export function readTest(type: AttributeType, predicate: Predicate, raw: unknown): Test | undefined {
  switch (predicate) {
    case 'null':
      return { kind: 'null', is: truthy(raw) };
    case 'not_null':
      return { kind: 'null', is: !truthy(raw) };
    case 'present':
      return { kind: 'present', is: truthy(raw) };
    case 'blank':
      return { kind: 'present', is: !truthy(raw) };
    case 'true':
    case 'false': {
      if (type !== 'boolean') return undefined;
      return { kind: 'compare', op: '=', value: predicate === 'true' ? truthy(raw) : !truthy(raw) };
    }
    case 'in':
    case 'not_in': {
      const values = listValues(raw)
        .map((v) => castValue(v, type))
        .filter((v) => v !== undefined);
      if (values.length === 0) return predicate === 'in' ? { kind: 'nothing' } : undefined;
      return { kind: 'in', negate: predicate === 'not_in', values };
    }
    case 'cont':
    case 'not_cont':
    case 'start':
    case 'end': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
      // No stored text contains a NUL byte: it contains nothing, and every row does not contain it.
      if (hasNul(raw)) return predicate === 'not_cont' ? undefined : { kind: 'nothing' };
      const s = escapeLike(String(raw));
      const pattern = predicate === 'start' ? `${s}%` : predicate === 'end' ? `%${s}` : `%${s}%`;
      return { kind: 'like', negate: predicate === 'not_cont', pattern };
    }
    default: {
      const value = castValue(raw, type);
      // A value that cannot be of the attribute's type matches nothing (as Ransack's cast to nil would),
      // except a time: Ransack drops a condition whose time cannot be parsed, so the search ignores it.
      if (value === undefined) return predicate === 'not_eq' || type === 'datetime' ? undefined : { kind: 'nothing' };
      return { kind: 'compare', op: COMPARISONS[predicate], value };
    }
  }
}

/** One entry of `q[s]`: an attribute to sort on and its direction. */
export interface Sort {
  name: string;
  attribute: SearchableAttribute;
  direction: 'ASC' | 'DESC';
}

/**
 * `q[s]=name desc` (or several, as an array), in order: `desc` (any case)
 * descends, anything else ascends. Unknown attributes, attributes of a to-many
 * association (`exists`) and entries that are not strings are ignored.
 */
export function readSorts(q: Record<string, unknown>, attributes: SearchableAttributes): Sort[] {
  const entries = Array.isArray(q.s) ? q.s : q.s === undefined ? [] : [q.s];
  const sorts: Sort[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    const [name, direction] = entry.trim().split(/\s+/);
    const attribute = Object.prototype.hasOwnProperty.call(attributes, name) ? attributes[name] : undefined;
    if (!attribute || attribute.exists) continue;
    sorts.push({ name, attribute, direction: direction?.toLowerCase() === 'desc' ? 'DESC' : 'ASC' });
  }
  return sorts;
}
