import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { FieldErrorCollector, InvalidResourceError } from '../errors/api-errors';
import { searchGate } from './search-gate';

/**
 * Ransack-style search, sort and pagination for every list endpoint
 * (contract section 2). Each resource declares an allow-list of attributes;
 * anything else in `q` is ignored, so no client can filter on a secret column
 * or reach an association we did not open.
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

/**
 * `LEFT JOIN LATERAL (<select>) <alias> ON true`, for a search join that must
 * read its row through the root (a product's master variant). TypeORM has no
 * lateral join, but takes a parenthesized FROM item as it is; a LATERAL item
 * inside a parenthesized join on the right of a LEFT JOIN may refer to the
 * tables on its left (PostgreSQL, "LATERAL Subqueries"). `OFFSET 0` keeps
 * the row a row: PostgreSQL would otherwise pull a FROM-less select up and
 * compute its expressions once per use instead of once per root row (and
 * computes none the query does not use).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function leftJoinLateral(qb: SelectQueryBuilder<any>, select: string, alias: string): void {
  qb.leftJoin(`((SELECT) ${alias}_from CROSS JOIN LATERAL (${select} OFFSET 0) ${alias}_row)`, alias, 'true');
}

export interface SearchSpec {
  attributes: Record<string, SearchableAttribute>;
  /** To-one joins (never to-many: they would repeat rows), added only when a search or sort uses them. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  joins?: Record<string, (qb: SelectQueryBuilder<any>) => void>;
  /** Applied after the client's sort, so pages are stable. */
  defaultOrder: Record<string, 'ASC' | 'DESC'>;
}

export interface ListParams {
  page: number;
  perPage: number;
  q: Record<string, unknown>;
}

export interface Page<T> {
  items: T[];
  totalCount: number;
  currentPage: number;
  perPage: number;
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
const PREDICATES = ['not_null', 'not_cont', 'not_in', 'not_eq', 'present', 'blank', 'start', 'false', 'gteq', 'lteq', 'cont', 'true', 'null', 'end', 'eq', 'lt', 'gt', 'in'] as const;
type Predicate = (typeof PREDICATES)[number];

interface Condition {
  attributes: SearchableAttribute[];
  predicate: Predicate;
  value: unknown;
}

function parseKey(key: string, spec: SearchSpec): { attributes: SearchableAttribute[]; predicate: Predicate } | undefined {
  for (const predicate of PREDICATES) {
    if (!key.endsWith(`_${predicate}`)) continue;
    const names = key.slice(0, -(predicate.length + 1)).split('_or_');
    const attributes = names.map((n) => (Object.prototype.hasOwnProperty.call(spec.attributes, n) ? spec.attributes[n] : undefined));
    if (attributes.every((a): a is SearchableAttribute => a !== undefined)) return { attributes, predicate };
  }
  return undefined;
}

/**
 * A search time, as Ransack reads it with `Time.zone.parse` (UTC): an ISO date
 * or date-time; one without an offset is UTC, not the server's local time.
 * Years outside 1..9999 are unreadable (PostgreSQL could not take all of them).
 */
function readSearchTime(s: string): Date | undefined {
  const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s);
  const d = new Date(zoneless ? `${s.replace(' ', 'T')}Z` : s);
  if (Number.isNaN(d.getTime())) return undefined;
  const year = d.getUTCFullYear();
  return year >= 1 && year <= 9999 ? d : undefined;
}

/** PostgreSQL text cannot hold a NUL byte (it refuses such a parameter), so no stored value contains one. */
const hasNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000');

function castValue(value: unknown, type: AttributeType): unknown {
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
function listValues(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (typeof raw === 'object' && raw !== null && Object.keys(raw).every((k) => /^\d+$/.test(k))) return Object.values(raw);
  return String(raw).split(',');
}

/**
 * The conditions of `q` this spec can apply (other keys are ignored), refused
 * with 422 on `q` when they would cost more than SEARCH_LIMITS allow.
 */
function readConditions(q: Record<string, unknown>, spec: SearchSpec): Condition[] {
  const conditions: Condition[] = [];
  const problems = new FieldErrorCollector();
  let terms = 0;
  let parameters = 0;
  let patternLength = 0;
  for (const [key, value] of Object.entries(q)) {
    if (key === 's' || value === undefined || value === '') continue;
    const parsed = parseKey(key, spec);
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
 * The association a condition on this attribute goes through (`exists` or
 * `lookup`), as a key: terms of one `_or_` group through the same one share
 * one subquery.
 */
function associationOf(attribute: SearchableAttribute): string | undefined {
  if (attribute.exists) return `exists ${attribute.exists.from} ${attribute.exists.where}`;
  if (attribute.lookup) return `lookup ${attribute.lookup.column} ${attribute.lookup.from} ${attribute.lookup.key}`;
  return undefined;
}

/** The alias of a FROM item: `variants vim` -> `vim`. */
const aliasOf = (from: string) => from.trim().split(/\s+/).pop()!;

const truthy = (v: unknown) => ['true', '1', 't', 'yes'].includes(String(v).toLowerCase()) || v === true;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class SearchBuilder<T extends ObjectLiteral> {
  private paramIndex = 0;
  private readonly joined = new Set<string>();
  /** Whether the client's `q` added a condition or a sort. */
  private searching = false;

  constructor(
    private readonly qb: SelectQueryBuilder<T>,
    private readonly spec: SearchSpec,
  ) {}

  private join(attribute: SearchableAttribute): void {
    for (const name of attribute.joins ?? []) {
      if (this.joined.has(name)) continue;
      this.joined.add(name);
      this.spec.joins?.[name]?.(this.qb);
    }
  }

  private param(value: unknown): string {
    const name = `q${this.paramIndex++}`;
    this.qb.setParameter(name, value);
    return `:${name}`;
  }

  private paramList(values: unknown[]): string {
    const name = `q${this.paramIndex++}`;
    this.qb.setParameter(name, values);
    return `(:...${name})`;
  }

  /** SQL for one attribute under one predicate, or undefined when the value cannot apply. */
  private clause(attribute: SearchableAttribute, predicate: Predicate, raw: unknown): string | undefined {
    const col = attribute.expression;
    // CAST(… AS text), not `::text`: TypeORM quotes `alias.column` only when a space, `=`, `)` or `,` follows,
    // and an unquoted reserved alias (`user`) is a syntax error.
    const text = attribute.type === 'string' ? col : `CAST(${col} AS text)`;
    switch (predicate) {
      case 'null':
        return truthy(raw) ? `${col} IS NULL` : `${col} IS NOT NULL`;
      case 'not_null':
        return truthy(raw) ? `${col} IS NOT NULL` : `${col} IS NULL`;
      case 'present':
        return truthy(raw) ? `(${col} IS NOT NULL AND ${text} <> '')` : `(${col} IS NULL OR ${text} = '')`;
      case 'blank':
        return truthy(raw) ? `(${col} IS NULL OR ${text} = '')` : `(${col} IS NOT NULL AND ${text} <> '')`;
      case 'true':
      case 'false': {
        if (attribute.type !== 'boolean') return undefined;
        const wanted = predicate === 'true' ? truthy(raw) : !truthy(raw);
        return `${col} = ${this.param(wanted)}`;
      }
      case 'in':
      case 'not_in': {
        const list = listValues(raw)
          .map((v) => castValue(v, attribute.type))
          .filter((v) => v !== undefined);
        if (list.length === 0) return predicate === 'in' ? '1 = 0' : undefined;
        return `${col} ${predicate === 'in' ? 'IN' : 'NOT IN'} ${this.paramList(list)}`;
      }
      case 'cont':
      case 'not_cont':
      case 'start':
      case 'end': {
        if (typeof raw !== 'string' && typeof raw !== 'number') return undefined;
        // No stored text contains a NUL byte: it contains nothing, and every row does not contain it.
        if (hasNul(raw)) return predicate === 'not_cont' ? undefined : '1 = 0';
        const s = escapeLike(String(raw));
        const pattern = predicate === 'start' ? `${s}%` : predicate === 'end' ? `%${s}` : `%${s}%`;
        return `${text} ${predicate === 'not_cont' ? 'NOT ILIKE' : 'ILIKE'} ${this.param(pattern)}`;
      }
      default: {
        const value = castValue(raw, attribute.type);
        // A value that cannot be of the attribute's type matches nothing (as Ransack's cast to nil would),
        // except a time: Ransack drops a condition whose time cannot be parsed, so the search ignores it.
        if (value === undefined) return predicate === 'not_eq' || attribute.type === 'datetime' ? undefined : '1 = 0';
        const op = { eq: '=', not_eq: '<>', lt: '<', lteq: '<=', gt: '>', gteq: '>=' }[predicate];
        return `${col} ${op} ${this.param(value)}`;
      }
    }
  }

  /**
   * One condition per key, ANDed; within a key, `_or_` terms. Terms read the
   * same way (`sku_or_sku`, `slug_or_permalink`) are one clause, and a key's
   * terms through one association are one test of it, their clauses ORed
   * inside. An association named by one key is tested by a subquery on its
   * own indexes (`EXISTS`, or `ANY(ARRAY(…))` for a lookup), fast for a
   * selective search; named by several, it is joined once and each key
   * reads the join (a to-many association as one `bool_or` per key over the
   * root row's rows, which is what the key's `EXISTS` would answer). Either
   * way a search reads each association once per key at most, and once in
   * all when several keys name it, whatever the number of terms.
   */
  search(q: Record<string, unknown>): this {
    const conditions = readConditions(q, this.spec);
    const keysThrough = new Map<string, number>();
    for (const { attributes } of conditions) {
      for (const association of new Set(attributes.map(associationOf))) if (association) keysThrough.set(association, (keysThrough.get(association) ?? 0) + 1);
    }
    const aggregates = new Map<string, { exists: { from: string; where: string }; alias: string; columns: string[] }>();
    for (const { attributes, predicate, value } of conditions) {
      // In the order of the terms: a clause, or the test of an association (where its first term was).
      const parts: (string | { association: string; attribute: SearchableAttribute; clauses: string[] })[] = [];
      const through = new Map<string, { association: string; attribute: SearchableAttribute; clauses: string[] }>();
      const seen = new Set<string>();
      for (const attribute of attributes) {
        const association = associationOf(attribute);
        const read = attribute.lookup ? attribute.lookup.expression : attribute.expression;
        // The same predicate and value on the same expression: the same clause.
        if (seen.has(`${association} ${read}`)) continue;
        seen.add(`${association} ${read}`);
        const clause = this.clause({ ...attribute, expression: read }, predicate, value);
        if (!clause) continue;
        this.join(attribute);
        if (association === undefined) parts.push(clause);
        else if (through.has(association)) through.get(association)!.clauses.push(clause);
        else {
          const group = { association, attribute, clauses: [clause] };
          through.set(association, group);
          parts.push(group);
        }
      }
      const sql = parts.map((part) => {
        if (typeof part === 'string') return part;
        const inner = part.clauses.length === 1 ? part.clauses[0] : `(${part.clauses.join(' OR ')})`;
        const { exists, lookup } = part.attribute;
        if (keysThrough.get(part.association) === 1) {
          if (exists) return `EXISTS (SELECT 1 FROM ${exists.from} WHERE ${exists.where} AND ${inner})`;
          return `${lookup!.column} = ANY(ARRAY(SELECT ${lookup!.key} FROM ${lookup!.from} WHERE ${inner}))`;
        }
        if (lookup) {
          this.joinLookup(part.association, lookup);
          return inner;
        }
        let aggregate = aggregates.get(part.association);
        if (!aggregate) aggregates.set(part.association, (aggregate = { exists: exists!, alias: `${aliasOf(exists!.from)}_any`, columns: [] }));
        aggregate.columns.push(`bool_or(${inner}) AS k${aggregate.columns.length}`);
        return `${aggregate.alias}.k${aggregate.columns.length - 1}`;
      });
      if (sql.length === 0) continue;
      this.qb.andWhere(`(${sql.join(' OR ')})`);
      this.searching = true;
    }
    for (const { exists, alias, columns } of aggregates.values()) leftJoinLateral(this.qb, `SELECT ${columns.join(', ')} FROM ${exists.from} WHERE ${exists.where}`, alias);
    return this;
  }

  /** A lookup's association (always one row: see `lookup`) as a join, once. */
  private joinLookup(association: string, lookup: NonNullable<SearchableAttribute['lookup']>): void {
    if (this.joined.has(association)) return;
    this.joined.add(association);
    const [table] = lookup.from.trim().split(/\s+/);
    this.qb.leftJoin(table, aliasOf(lookup.from), `${lookup.key} = ${lookup.column}`);
  }

  /** Reads the query: through the search gate (SEARCH_LIMITS.poolShare, clientShare) when the client searched or sorted. */
  read<R>(work: () => Promise<R>): Promise<R> {
    return this.searching ? searchGate(this.qb.connection, SEARCH_LIMITS.poolShare, SEARCH_LIMITS.clientShare).run(work) : work();
  }

  /** `q[s]=name desc` (or several, as an array). Unknown attributes are ignored. */
  sort(q: Record<string, unknown>): this {
    const sorts = Array.isArray(q.s) ? q.s : q.s === undefined ? [] : [q.s];
    for (const entry of sorts) {
      if (typeof entry !== 'string') continue;
      const [name, direction] = entry.trim().split(/\s+/);
      const attribute = Object.prototype.hasOwnProperty.call(this.spec.attributes, name) ? this.spec.attributes[name] : undefined;
      if (!attribute || attribute.exists) continue;
      this.join(attribute);
      this.searching = true;
      this.qb.addOrderBy(attribute.expression, direction?.toLowerCase() === 'desc' ? 'DESC' : 'ASC', direction?.toLowerCase() === 'desc' ? 'NULLS LAST' : 'NULLS FIRST');
    }
    // TypeORM keys ORDER BY entries by expression: a default entry on an expression
    // the client already sorted on would overwrite the client's direction.
    const sorted = this.qb.expressionMap.orderBys;
    for (const [expression, direction] of Object.entries(this.spec.defaultOrder)) if (!(expression in sorted)) this.qb.addOrderBy(expression, direction);
    return this;
  }
}

/**
 * Applies `q` (search and sort) and the page to a query, and reads one page
 * plus the total. The query must select one root entity; associations needed
 * for serialization are loaded by the caller for the page's ids.
 */
export function findPage<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>, spec: SearchSpec, params: ListParams): Promise<Page<T>> {
  const search = new SearchBuilder(qb, spec).search(params.q).sort(params.q);
  const offset = (params.page - 1) * params.perPage;
  // Plain OFFSET/LIMIT: search joins are to-one and never selected, so rows do not
  // repeat (TypeORM's skip/take rewrite exists for joined collections, and fails on
  // ORDER BY over joined columns).
  return search.read(() => readPage(qb, params, offset, () => qb.clone().offset(offset).limit(params.perPage).getMany()));
}

/** The total as a window over the matches: see findPageRows. */
export const WINDOW_COUNT = 'COUNT(*) OVER ()';

/**
 * `findPage` for lists whose JSON is built from plain rows (products,
 * variants): reads these columns (`{ alias: SQL expression }`) of the page's
 * rows, in order, instead of whole entities.
 *
 * `totalCount` is an SQL expression giving the exact number of matches,
 * read with the page's rows (one statement instead of a page query and a
 * COUNT):
 * - `WINDOW_COUNT` where the scope's order is one no index gives (a
 *   taxon's products by position): the page cannot be read without finding
 *   and sorting every match anyway, so the window count is one pass instead
 *   of two. Elsewhere the page usually stops early on an index, and
 *   PostgreSQL 15 would keep that plan under a window count and read every
 *   row through the index (its WindowAgg costing ignores that the count
 *   needs them all): a page query and a COUNT it is.
 * - a maintained counter (products: see the ProductListing migration).
 * Past the last page there is no row to carry it: the rows are counted.
 */
export async function findPageRows<T extends ObjectLiteral, R>(
  qb: SelectQueryBuilder<T>,
  spec: SearchSpec,
  params: ListParams,
  columns: Record<string, string>,
  options: { totalCount?: string; idsFirst?: string } = {},
): Promise<Page<R>> {
  const search = new SearchBuilder(qb, spec).search(params.q).sort(params.q);
  const offset = (params.page - 1) * params.perPage;
  return search.read(async () => {
    if (options.idsFirst) return readPageByIds<T, R>(qb, params, offset, columns, options.idsFirst, options.totalCount);
    const page = qb.clone().select([]);
    for (const [alias, expression] of Object.entries(columns)) page.addSelect(expression, alias);
    if (options.totalCount) {
      return pageWithTotal(qb, params, await page.addSelect(options.totalCount, 'total_count_').offset(offset).limit(params.perPage).getRawMany<R & { total_count_: string }>());
    }
    return readPage(qb, params, offset, () => page.offset(offset).limit(params.perPage).getRawMany<R>());
  });
}

/**
 * `idsFirst` (the table of the query's main alias): the page's ids are found
 * first, then their rows read, in the same statement. Deep pages skip
 * `OFFSET` rows, and on the ids alone that is an index-only scan (for
 * products, products_live_id_idx) instead of a heap fetch per skipped row:
 * page 4,000 of 200,000 products went from about 35 to 12 ms. A window count
 * is read with the ids (each id travels with it as a JSON pair), so it runs
 * over the matches' ids alone, not over whole rows: a taxon of 6,800
 * products at 200k is then an index-only join instead of a parallel scan of
 * the whole products table.
 */
async function readPageByIds<T extends ObjectLiteral, R>(
  qb: SelectQueryBuilder<T>,
  params: ListParams,
  offset: number,
  columns: Record<string, string>,
  table: string,
  totalCount: string | undefined,
): Promise<Page<R>> {
  const alias = qb.alias;
  // A window count must see the matches, so it travels with the ids; any other total is read once with the
  // page's rows (read with the ids, it would be computed for every row an OFFSET skips).
  const withIds = totalCount === WINDOW_COUNT;
  const [ids, parameters] = qb
    .clone()
    .select(withIds ? `json_build_array(${alias}.id, ${WINDOW_COUNT})` : `${alias}.id`)
    .offset(offset)
    .limit(params.perPage)
    .getQueryAndParameters();
  const select = Object.entries(columns).map(([name, expression]) => `${expression} AS "${name}"`);
  if (totalCount) select.push(`${withIds ? 'page_.entry->>1' : totalCount} AS total_count_`);
  const id = withIds ? `(page_.entry->>0)::int` : 'page_.entry';
  // Lists are read outside transactions: the data source's pool.
  const rows: (R & { total_count_: string })[] = await qb.connection.query(
    `SELECT ${select.join(', ')} FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS page_(entry, n) JOIN ${table} ${alias} ON ${alias}.id = ${id} ORDER BY page_.n`,
    parameters,
  );
  return totalCount ? pageWithTotal(qb, params, rows) : readPage(qb, params, offset, async () => rows);
}

/** A page whose rows carry the total (`total_count_`); past the end there is no row to carry it: count. */
async function pageWithTotal<T extends ObjectLiteral, R>(qb: SelectQueryBuilder<T>, params: ListParams, rows: (R & { total_count_: string })[]): Promise<Page<R>> {
  const totalCount = rows.length > 0 ? Number(rows[0].total_count_) : await countRows(qb);
  return { items: rows.map(({ total_count_: _, ...row }) => row as R), totalCount, currentPage: params.page, perPage: params.perPage };
}

async function countRows<T extends ObjectLiteral>(qb: SelectQueryBuilder<T>): Promise<number> {
  // COUNT(*): search joins are to-one, rows never repeat.
  return Number((await qb.clone().select('COUNT(*)', 'count').orderBy().getRawOne<{ count: string }>())!.count);
}

async function readPage<T extends ObjectLiteral, I>(qb: SelectQueryBuilder<T>, params: ListParams, offset: number, read: () => Promise<I[]>): Promise<Page<I>> {
  const items = await read();
  // A page with some rows but fewer than asked for is the last one: the total is
  // known exactly without counting.
  const totalCount = items.length > 0 && items.length < params.perPage ? offset + items.length : await countRows(qb);
  return { items, totalCount, currentPage: params.page, perPage: params.perPage };
}

/** The Spree list body: `{<plural>: [...], count, total_count, current_page, per_page, pages}`. */
export function listBody<T, J>(key: string, page: Page<T>, serialize: (item: T) => J): Record<string, unknown> {
  return {
    [key]: page.items.map(serialize),
    count: page.items.length,
    total_count: page.totalCount,
    current_page: page.currentPage,
    per_page: page.perPage,
    pages: Math.max(1, Math.ceil(page.totalCount / page.perPage)),
  };
}
