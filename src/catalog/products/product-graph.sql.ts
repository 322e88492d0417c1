import type { OptionTypeFields } from '../option-types/option-type.serializer';
import type { ProductFields, ProductPropertyRow } from './product-graph';
import { slugThenId } from './product-scope';
import { VARIANT_JSON, variantDetailsColumns, VariantSmallDetailsJson } from '../variants/variant-details.sql';
import { JsonRows, propertyColumns } from '../../common/db/entity-json';
import { inIds, preparedStatement, preparedStatements } from '../../common/db/prepared-statement';

/*
 * The SQL of the product graph (product-graph.ts runs and reads it): the
 * graph of a set of products, and the product page (a product and its graph).
 */

/** The columns product JSON reads, as `{ property: column of alias p }`. */
export function productColumns(p: string): Record<keyof ProductFields, string> {
  return propertyColumns<keyof ProductFields>(p, ['id', 'name', 'description', 'availableOn', 'deletedAt', 'slug', 'metaDescription', 'metaKeywords', 'shippingCategoryId']);
}

export const OPTION_TYPES = new JsonRows<OptionTypeFields & { productId: number }>({ productId: 'pot.product_id', id: 'ot.id', name: 'ot.name', presentation: 'ot.presentation', position: 'ot.position' });
export const PROPERTIES = new JsonRows<ProductPropertyRow>({ id: 'pp.id', productId: 'pp.product_id', propertyId: 'pp.property_id', value: 'pp.value', propertyName: 'pr.name' });
export const CLASSIFICATIONS = new JsonRows<{ productId: number; taxonId: number }>({ productId: 'c.product_id', taxonId: 'c.taxon_id' });

/**
 * The graph of the products whose ids `productIds` selects (`= ANY($1)`, or
 * `IN (SELECT id FROM p)` inside a larger statement), as a CTE `v` (their
 * variants) and the graph's JSON columns. Masters are read deleted too (a
 * deleted product shows its last master); variants only live. Details are
 * read for all of them.
 */
export function productGraphSql(productIds: string, currency: string): { cte: string; columns: string } {
  return {
    cte: `v AS (SELECT * FROM variants v WHERE v.product_id ${productIds} AND (v.is_master OR v.deleted_at IS NULL))`,
    columns: [
      `${VARIANT_JSON.select('FROM v', 'v.position, v.id')} AS variants`,
      `${OPTION_TYPES.select(
        `FROM product_option_types pot JOIN option_types ot ON ot.id = pot.option_type_id WHERE pot.product_id ${productIds}`,
        'pot.position, ot.position, ot.id',
      )} AS "optionTypes"`,
      `${PROPERTIES.select(`FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id WHERE pp.product_id ${productIds}`, 'pp.position, pp.id')} AS properties`,
      `${CLASSIFICATIONS.select(`FROM classifications c WHERE c.product_id ${productIds}`, 'c.id')} AS classifications`,
      variantDetailsColumns('IN (SELECT id FROM v)', currency, 'small'),
    ].join(',\n'),
  };
}

/** What the product graph's columns read: JSON arrays of rows. */
export interface ProductGraphJson extends VariantSmallDetailsJson {
  variants: unknown[][];
  optionTypes: unknown[][];
  properties: unknown[][];
  classifications: unknown[][];
}

/**
 * The whole graph in one statement, prepared once per connection: a page of
 * products costs one round trip for its associations, which on a busy machine
 * cost more than the SQL itself (see docs/performance.md).
 */
export const PRODUCT_GRAPH = preparedStatement('product-graph', () => {
  const { cte, columns } = productGraphSql(inIds('$1'), '$2');
  return `WITH ${cte} SELECT ${columns}`;
});

/**
 * Spree's `find_product` and the product's graph in one statement (the hot
 * product page): the product whose slug is $1, else whose id is $2, among
 * those `visible` (SQL for an alias: see product-scope.ts) lets through, with
 * its `cache_version` (`cacheVersion`, as text). When the product found is
 * product $4 at version $5 (a page the caller keeps: product-page-cache.ts),
 * the graph is not read and its columns are NULL: the statement is then a
 * lookup of the product's row. `OFFSET 0` keeps the graph's sub-select a
 * sub-plan of its own, whose one-time filter skips all of it.
 */
export const PRODUCT_PAGE = preparedStatements<(alias: string) => string>(
  'product-page',
  (_em, visible) => {
    // Timestamps as text, read back by jsonDate (see JsonRows).
    const fields = Object.entries(productColumns('p')).map(([property, column]) => `${column}${/^(availableOn|deletedAt)$/.test(property) ? '::text' : ''} AS "${property}"`);
    const { cte, columns } = productGraphSql('IN (SELECT id FROM p)', '$3');
    return `WITH p AS (SELECT ${fields.join(', ')}, p.cache_version::text AS "cacheVersion" FROM products p WHERE ${slugThenId('p', '$1', '$2', visible)}),
       ${cte}
       SELECT (SELECT row_to_json(p) FROM p) AS product, g.*
       FROM (SELECT 1) one LEFT JOIN (
         SELECT ${columns}
         WHERE NOT EXISTS (SELECT FROM p WHERE p.id = $4::int AND p."cacheVersion" = $5::text)
         OFFSET 0
       ) g ON true`;
  },
  // One statement per visibility rule: its SQL for alias p.
  (visible) => visible('p'),
);

/**
 * The current id and version (`cache_version`, as text) of the products that
 * the slugs-or-ids $1 (text[]) with their ids $2 (int[], NULL where the
 * reference is no id) find among those `visible` lets through, one row per
 * reference found, `i` its 1-based position: the product page cache checks
 * the pages it keeps with it, many requests' pages in one statement.
 */
export const PRODUCT_VERSIONS = preparedStatements<(alias: string) => string>(
  'product-versions',
  (_em, visible) => `SELECT k.i::int AS i, p.id, p.cache_version::text AS version
     FROM unnest($1::text[], $2::int[]) WITH ORDINALITY AS k(slug, id, i)
     JOIN LATERAL (SELECT p.id, p.cache_version FROM products p WHERE ${slugThenId('p', 'k.slug', 'k.id', visible)}) p ON true`,
  (visible) => visible('p'),
);

