import { EntityManager } from 'typeorm';
import type { OptionTypeFields } from '../option-types/option-type.serializer';
import type { ProductProperty } from '../properties/entities/product-property.entity';
import { VariantRow, VariantSmallDetails, variantSmallDetailsFromJson } from '../variants/variant-details';
import { VARIANT_JSON } from '../variants/variant-details.sql';
import { Product } from './entities/product.entity';
import { groupById } from '../../common/collections/group-by-id';
import { jsonDate } from '../../common/db/entity-json';
import { CLASSIFICATIONS, OPTION_TYPES, PRODUCT_GRAPH, PRODUCT_PAGE, productColumns, ProductGraphJson, PROPERTIES } from './product-graph.sql';

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

/** These products (as the caller may see them or not: that is the listing's business), in the order of `ids`. */
export async function loadProductRows(em: EntityManager, ids: number[]): Promise<ProductFields[]> {
  if (ids.length === 0) return [];
  const columns = Object.entries(productColumns('p')).map(([property, column]) => `${column} AS "${property}"`);
  const rows: ProductFields[] = await em.query(`SELECT ${columns.join(', ')} FROM products p WHERE p.id = ANY($1)`, [ids]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
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

export async function loadProductGraph(em: EntityManager, products: ProductFields[], currency: string): Promise<ProductGraph> {
  const ids = products.map((p) => p.id);
  if (ids.length === 0) return productGraphFromJson([], { variants: [], optionTypes: [], properties: [], classifications: [], prices: [], optionValues: [], images: [], stock: [] }, currency);
  const [row] = await PRODUCT_GRAPH(em).run<ProductGraphJson>(em, [ids, currency]);
  return productGraphFromJson(ids, row, currency);
}

/** A product page already built: the product's id and the version it shows (`products.cache_version`). */
export interface KnownPage {
  id: number;
  version: string;
}

/**
 * The product page: the product `slugOrId` finds among those `visible` lets
 * through, with its version, and its graph — unless it is `known`'s product
 * at `known`'s version, when `graph` is undefined (the page the caller keeps
 * is current). Version and graph come from one statement, one snapshot.
 */
export async function loadVisibleProductWithGraph(
  em: EntityManager,
  slugOrId: string,
  id: number | null,
  visible: (alias: string) => string,
  currency: string,
  known?: KnownPage,
): Promise<{ product: ProductFields; version: string; graph: ProductGraph | undefined } | null> {
  const statement = PRODUCT_PAGE(em, visible);
  type ProductJsonRow = Omit<ProductFields, 'availableOn' | 'deletedAt'> & { availableOn: string | null; deletedAt: string | null; cacheVersion: string };
  const [row] = await statement.run<ProductGraphJson & { product: ProductJsonRow | null }>(em, [slugOrId, id, currency, known?.id ?? null, known?.version ?? null]);
  if (!row.product) return null;
  const { cacheVersion, ...fields } = row.product;
  const product = { ...fields, availableOn: jsonDate(fields.availableOn), deletedAt: jsonDate(fields.deletedAt) };
  if (row.variants === null) return { product, version: cacheVersion, graph: undefined };
  return { product, version: cacheVersion, graph: productGraphFromJson([product.id], row, currency) };
}
