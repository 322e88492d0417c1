import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ListParams, Predicate, readConditions, readSorts, readTest, SEARCH_LIMITS, SearchableAttribute, Test } from './list-query-parser';
import { searchGate } from './search-gate';

export { DEFAULT_PER_PAGE, listParams, MAX_PAGE, MAX_PER_PAGE, PageText, SEARCH_LIMITS } from './list-query-parser';
export type { AttributeType, ListParams, SearchableAttribute } from './list-query-parser';

/**
 * Ransack-style search, sort and pagination for every list endpoint
 * (contract section 2), in SQL: what `q`, `page` and `per_page` say is read
 * by the pure `list-query-parser.ts` (predicates, the `_or_` grammar, sorts,
 * the cost caps); here its conditions and sorts become joins, clauses and
 * ORDER BY on the resource's query, and a page is read.
 */

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

export interface Page<T> {
  items: T[];
  totalCount: number;
  currentPage: number;
  perPage: number;
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
    const test = readTest(attribute.type, predicate, raw);
    return test && this.sql(attribute, test);
  }

  /** A test (list-query-parser.ts) as SQL over the attribute's expression, its values bound as parameters. */
  private sql(attribute: SearchableAttribute, test: Test): string {
    const col = attribute.expression;
    // CAST(… AS text), not `::text`: TypeORM quotes `alias.column` only when a space, `=`, `)` or `,` follows,
    // and an unquoted reserved alias (`user`) is a syntax error.
    const text = attribute.type === 'string' ? col : `CAST(${col} AS text)`;
    switch (test.kind) {
      case 'nothing':
        return '1 = 0';
      case 'null':
        return test.is ? `${col} IS NULL` : `${col} IS NOT NULL`;
      case 'present':
        return test.is ? `(${col} IS NOT NULL AND ${text} <> '')` : `(${col} IS NULL OR ${text} = '')`;
      case 'compare':
        return `${col} ${test.op} ${this.param(test.value)}`;
      case 'in':
        return `${col} ${test.negate ? 'NOT IN' : 'IN'} ${this.paramList(test.values)}`;
      case 'like':
        return `${text} ${test.negate ? 'NOT ILIKE' : 'ILIKE'} ${this.param(test.pattern)}`;
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
    const conditions = readConditions(q, this.spec.attributes);
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

  /** `q[s]=name desc` (or several, as an array; see readSorts). Unknown attributes are ignored. */
  sort(q: Record<string, unknown>): this {
    for (const { attribute, direction } of readSorts(q, this.spec.attributes)) {
      this.join(attribute);
      this.searching = true;
      this.qb.addOrderBy(attribute.expression, direction, direction === 'DESC' ? 'NULLS LAST' : 'NULLS FIRST');
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
 * Without one, an `idsFirst` page counts its matches in a subquery of the
 * same statement, planned apart from the page (one round trip, each part on
 * its own index); other lists count in a statement of their own unless the
 * page tells the total. Past the last page there is no row to carry it: the
 * rows are counted.
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
  else {
    // The count as a subquery of the same statement: planned on its own (a search's COUNT takes
    // its index, e.g. the name's trigrams, while the page walks the order's index and stops
    // early), but one round trip instead of two. Both parts bind the same parameters, in the same order.
    const [count, countParameters] = qb.clone().select('COUNT(*)').orderBy().getQueryAndParameters();
    if (sameParameters(parameters, countParameters)) {
      select.push(`(${count}) AS total_count_`);
      totalCount = 'subquery';
    }
  }
  const id = withIds ? `(page_.entry->>0)::int` : 'page_.entry';
  // Lists are read outside transactions: the data source's pool.
  const rows: (R & { total_count_: string })[] = await qb.connection.query(
    `SELECT ${select.join(', ')} FROM unnest(ARRAY(${ids})) WITH ORDINALITY AS page_(entry, n) JOIN ${table} ${alias} ON ${alias}.id = ${id} ORDER BY page_.n`,
    parameters,
  );
  return totalCount ? pageWithTotal(qb, params, rows) : readPage(qb, params, offset, async () => rows);
}

function sameParameters(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i] || JSON.stringify(value) === JSON.stringify(b[i]));
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
