import { EntityManager } from 'typeorm';
import type { OptionTypeFields } from '../option-types/option-type.serializer';
import type { ProductProperty } from '../properties/entities/product-property.entity';
import { VARIANT_JSON, variantDetailsColumns, VariantRow, VariantSmallDetails, VariantSmallDetailsJson, variantSmallDetailsFromJson } from '../variants/variant-details';
import { Product } from './entities/product.entity';
import { slugThenId } from './product-scope';
import { groupById } from '../../common/collections/group-by-id';
import { jsonDate, JsonRows } from '../../common/db/entity-json';
import { inIds, preparedStatement, preparedStatements } from '../../common/db/prepared-statement';

/** What product JSON reads of a product (an entity, or a row read for a page). */
export type ProductFields = Pick<
  Product,
  'id' | 'name' | 'description' | 'availableOn' | 'deletedAt' | 'slug' | 'metaDescription' | 'metaKeywords' | 'shippingCategoryId'
>;

export type ProductPropertyRow = Pick<ProductProperty, 'id' | 'productId' | 'propertyId' | 'value'> & { propertyName: string };

/**
 * Everything product JSON needs for a set of products, loaded with one query
 * per association for the whole set (never per product), so a page of 50
 * products costs as many queries as a page of 5. Plain SQL into plain rows:
 * on a page of products with their variants, images and option values,
 * TypeORM's entity hydration cost several times the queries themselves.
 */
export interface ProductGraph {
  masters: Map<number, VariantRow>;
  /** Live (not deleted) non-master variants, in position order. */
  variants: Map<number, VariantRow[]>;
  /** Product JSON shows small variants: their stock as a summary. */
  details: VariantSmallDetails;
  optionTypes: Map<number, OptionTypeFields[]>;
  properties: Map<number, ProductPropertyRow[]>;
  taxonIds: Map<number, number[]>;
}

/** The columns product JSON reads, as `{ property: column of alias p }`. */
export function productColumns(p: string): Record<keyof ProductFields, string> {
  return {
    id: `${p}.id`,
    name: `${p}.name`,
    description: `${p}.description`,
    availableOn: `${p}.available_on`,
    deletedAt: `${p}.deleted_at`,
    slug: `${p}.slug`,
    metaDescription: `${p}.meta_description`,
    metaKeywords: `${p}.meta_keywords`,
    shippingCategoryId: `${p}.shipping_category_id`,
  };
}

/** These products (as the caller may see them or not: that is the listing's business), in the order of `ids`. */
export async function loadProductRows(em: EntityManager, ids: number[]): Promise<ProductFields[]> {
  if (ids.length === 0) return [];
  const columns = Object.entries(productColumns('p')).map(([property, column]) => `${column} AS "${property}"`);
  const rows: ProductFields[] = await em.query(`SELECT ${columns.join(', ')} FROM products p WHERE p.id = ANY($1)`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
}

const OPTION_TYPES = new JsonRows<OptionTypeFields & { productId: number }>({ productId: 'pot.product_id', id: 'ot.id', name: 'ot.name', presentation: 'ot.presentation', position: 'ot.position' });
const PROPERTIES = new JsonRows<ProductPropertyRow>({ id: 'pp.id', productId: 'pp.product_id', propertyId: 'pp.property_id', value: 'pp.value', propertyName: 'pr.name' });
const CLASSIFICATIONS = new JsonRows<{ productId: number; taxonId: number }>({ productId: 'c.product_id', taxonId: 'c.taxon_id' });

/**
 * The graph of the products whose ids `productIds` selects (`= ANY($1)`, or
 * `IN (SELECT id FROM p)` inside a larger statement), as a CTE `v` (their
 * variants) and the graph's JSON columns. Masters are read deleted too (a
 * deleted product shows its last master); variants only live. Details are
 * read for all of them.
 */
function productGraphSql(productIds: string, currency: string): { cte: string; columns: string } {
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

interface ProductGraphJson extends VariantSmallDetailsJson {
  variants: unknown[][];
  optionTypes: unknown[][];
  properties: unknown[][];
  classifications: unknown[][];
}

function productGraphFromJson(ids: number[], row: ProductGraphJson, currency: string): ProductGraph {
  const masters = new Map<number, VariantRow>();
  const variants = groupById<VariantRow>(ids, [], (v) => v.productId);
  const variantRows = VARIANT_JSON.read(row.variants);
  for (const variant of variantRows) {
    if (variant.isMaster) {
      // Prefer the live master; a deleted product only has deleted ones.
      const current = masters.get(variant.productId);
      if (!current || (current.deletedAt !== null && (variant.deletedAt === null || variant.deletedAt > current.deletedAt))) masters.set(variant.productId, variant);
    } else {
      variants.get(variant.productId)!.push(variant);
    }
  }
  return {
    masters,
    variants,
    details: variantSmallDetailsFromJson(variantRows.map((v) => v.id), row, currency),
    optionTypes: groupById(ids, OPTION_TYPES.read(row.optionTypes), (t) => t.productId),
    properties: groupById(ids, PROPERTIES.read(row.properties), (p) => p.productId),
    taxonIds: new Map([...groupById(ids, CLASSIFICATIONS.read(row.classifications), (r) => r.productId)].map(([id, rows]) => [id, rows.map((r) => r.taxonId)])),
  };
}

/**
 * The whole graph in one statement, prepared once per connection: a page of
 * products costs one round trip for its associations, which on a busy machine
 * cost more than the SQL itself (see docs/performance.md).
 */
const PRODUCT_GRAPH = preparedStatement('product-graph', () => {
  const { cte, columns } = productGraphSql(inIds('$1'), '$2');
  return `WITH ${cte} SELECT ${columns}`;
});

export async function loadProductGraph(em: EntityManager, products: ProductFields[], currency: string): Promise<ProductGraph> {
  const ids = products.map((p) => p.id);
  if (ids.length === 0) return productGraphFromJson([], { variants: [], optionTypes: [], properties: [], classifications: [], prices: [], optionValues: [], images: [], stock: [] }, currency);
  const [row] = await PRODUCT_GRAPH(em).run<ProductGraphJson>(em, [ids, currency]);
  return productGraphFromJson(ids, row, currency);
}

/**
 * Spree's `find_product` and the product's graph in one statement (the hot
 * product page): the product whose slug is $1, else whose id is $2, among
 * those `visible` (SQL for an alias: see product-scope.ts) lets through.
 */
const PRODUCT_PAGE = preparedStatements<(alias: string) => string>(
  'product-page',
  (_em, visible) => {
  // Timestamps as text, read back by jsonDate (see JsonRows).
  const fields = Object.entries(productColumns('p')).map(([property, column]) => `${column}${/^(availableOn|deletedAt)$/.test(property) ? '::text' : ''} AS "${property}"`);
  const { cte, columns } = productGraphSql('IN (SELECT id FROM p)', '$3');
  return `WITH p AS (SELECT ${fields.join(', ')} FROM products p WHERE ${slugThenId('p', '$1', '$2', visible)}),
       ${cte}
       SELECT (SELECT row_to_json(p) FROM p) AS product, ${columns}`;
  },
  // One statement per visibility rule: its SQL for alias p.
  (visible) => visible('p'),
);

export async function loadVisibleProductWithGraph(
  em: EntityManager,
  slugOrId: string,
  id: number | null,
  visible: (alias: string) => string,
  currency: string,
): Promise<{ product: ProductFields; graph: ProductGraph } | null> {
  const statement = PRODUCT_PAGE(em, visible);
  const [row] = await statement.run<ProductGraphJson & { product: (Omit<ProductFields, 'availableOn' | 'deletedAt'> & { availableOn: string | null; deletedAt: string | null }) | null }>(em, [slugOrId, id, currency]);
  if (!row.product) return null;
  const product = { ...row.product, availableOn: jsonDate(row.product.availableOn), deletedAt: jsonDate(row.product.deletedAt) };
  return { product, graph: productGraphFromJson([product.id], row, currency) };
}
