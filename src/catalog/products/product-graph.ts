import { EntityManager } from 'typeorm';
import type { OptionTypeFields } from '../option-types/option-type.serializer';
import type { ProductProperty } from '../properties/entities/product-property.entity';
import { loadVariantDetails, VARIANT_COLUMNS, VariantDetails, VariantRow } from '../variants/variant-details';
import { Product } from './entities/product.entity';
import { groupById } from '../../common/collections/group-by-id';
import { runAll } from '../../common/db/run-all';

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
  details: VariantDetails;
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

export async function loadProductGraph(em: EntityManager, products: ProductFields[], currency: string): Promise<ProductGraph> {
  const ids = products.map((p) => p.id);
  if (ids.length === 0) {
    return { masters: new Map(), variants: new Map(), details: await loadVariantDetails(em, [], currency), optionTypes: new Map(), properties: new Map(), taxonIds: new Map() };
  }

  const [allVariants, optionTypeRows, properties, taxonRows] = await runAll(em, [
    // Masters (deleted ones too: a deleted product shows its last master) and live variants.
    () => em.query(`SELECT ${VARIANT_COLUMNS} FROM variants v WHERE v.product_id = ANY($1) AND (v.is_master OR v.deleted_at IS NULL) ORDER BY v.position, v.id`, [ids]) as Promise<VariantRow[]>,
    () =>
      em.query(
        `SELECT pot.product_id, ot.id, ot.name, ot.presentation, ot.position
           FROM product_option_types pot JOIN option_types ot ON ot.id = pot.option_type_id
          WHERE pot.product_id = ANY($1) ORDER BY pot.position, ot.position, ot.id`,
        [ids],
      ) as Promise<(OptionTypeFields & { product_id: number })[]>,
    () =>
      em.query(
        `SELECT pp.id, pp.product_id AS "productId", pp.property_id AS "propertyId", pp.value, pr.name AS "propertyName"
           FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id
          WHERE pp.product_id = ANY($1) ORDER BY pp.position, pp.id`,
        [ids],
      ) as Promise<ProductPropertyRow[]>,
    () => em.query(`SELECT product_id, taxon_id FROM classifications WHERE product_id = ANY($1) ORDER BY id`, [ids]) as Promise<{ product_id: number; taxon_id: number }[]>,
  ] as const);

  const masters = new Map<number, VariantRow>();
  const variants = groupById<VariantRow>(ids, [], (v) => v.productId);
  for (const variant of allVariants) {
    if (variant.isMaster) {
      // Prefer the live master; a deleted product only has deleted ones.
      const current = masters.get(variant.productId);
      if (!current || (current.deletedAt !== null && (variant.deletedAt === null || variant.deletedAt > current.deletedAt))) masters.set(variant.productId, variant);
    } else {
      variants.get(variant.productId)!.push(variant);
    }
  }
  const shown = [...masters.values(), ...[...variants.values()].flat()];

  return {
    masters,
    variants,
    details: await loadVariantDetails(em, shown.map((v) => v.id), currency),
    optionTypes: groupById(ids, optionTypeRows, (t) => t.product_id),
    properties: groupById(ids, properties, (p) => p.productId),
    taxonIds: new Map([...groupById(ids, taxonRows, (r) => r.product_id)].map(([id, rows]) => [id, rows.map((r) => r.taxon_id)])),
  };
}
