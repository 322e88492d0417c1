import { EntityManager, In, IsNull } from 'typeorm';
import { OptionType } from '../option-types/entities/option-type.entity';
import { ProductProperty } from '../properties/entities/product-property.entity';
import { Property } from '../properties/entities/property.entity';
import { Variant } from '../variants/entities/variant.entity';
import { loadVariantDetails, VariantDetails } from '../variants/variant-details';
import { Product } from './entities/product.entity';
import { groupById } from '../../common/collections/group-by-id';

/**
 * Everything product JSON needs for a set of products, loaded with one query
 * per association for the whole set (never per product), so a page of 50
 * products costs as many queries as a page of 5.
 */
export interface ProductGraph {
  masters: Map<number, Variant>;
  /** Live (not deleted) non-master variants, in position order. */
  variants: Map<number, Variant[]>;
  details: VariantDetails;
  optionTypes: Map<number, OptionType[]>;
  properties: Map<number, (ProductProperty & { property: Property })[]>;
  taxonIds: Map<number, number[]>;
}

export async function loadProductGraph(em: EntityManager, products: Product[], currency: string): Promise<ProductGraph> {
  const ids = products.map((p) => p.id);
  if (ids.length === 0) {
    return { masters: new Map(), variants: new Map(), details: await loadVariantDetails(em, [], currency), optionTypes: new Map(), properties: new Map(), taxonIds: new Map() };
  }

  const variantsQuery = em.find(Variant, {
    where: [
      { productId: In(ids), isMaster: true },
      { productId: In(ids), deletedAt: IsNull() },
    ],
    order: { position: 'ASC', id: 'ASC' },
  });
  const optionTypesQuery = em
    .createQueryBuilder(OptionType, 'option_type')
    .innerJoin('product_option_types', 'pot', 'pot.option_type_id = option_type.id')
    .addSelect('pot.product_id', 'product_id')
    .where('pot.product_id IN (:...ids)', { ids })
    .orderBy('pot.position', 'ASC')
    .addOrderBy('option_type.position', 'ASC')
    .addOrderBy('option_type.id', 'ASC')
    .getRawAndEntities();
  const propertiesQuery = em.find(ProductProperty, { where: { productId: In(ids) }, relations: { property: true }, order: { position: 'ASC', id: 'ASC' } });
  const taxonsQuery = em.query(`SELECT product_id, taxon_id FROM classifications WHERE product_id = ANY($1) ORDER BY id`, [ids]) as Promise<{ product_id: number; taxon_id: number }[]>;

  // Started together with the variants. Should the variants' query fail (e.g. the database went away), these
  // must not be left rejected with no one listening: an unhandled rejection ends the process.
  const rest = Promise.all([optionTypesQuery, propertiesQuery, taxonsQuery]);
  rest.catch(() => undefined);
  const allVariants = await variantsQuery;
  const masters = new Map<number, Variant>();
  const variants = groupById<Variant>(ids, [], (v) => v.productId);
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

  const [details, [optionTypeRows, properties, taxonRows]] = await Promise.all([loadVariantDetails(em, shown.map((v) => v.id), currency), rest]);

  const typesById = new Map(optionTypeRows.entities.map((t) => [t.id, t]));
  const typePairs = optionTypeRows.raw.map((raw: Record<string, unknown>) => ({ productId: Number(raw.product_id), type: typesById.get(Number(raw.option_type_id))! }));

  return {
    masters,
    variants,
    details,
    optionTypes: new Map([...groupById(ids, typePairs, (p) => p.productId)].map(([id, pairs]) => [id, pairs.map((p) => p.type)])),
    properties: groupById(ids, properties as (ProductProperty & { property: Property })[], (p) => p.productId),
    taxonIds: new Map([...groupById(ids, taxonRows, (r) => Number(r.product_id))].map(([id, rows]) => [id, rows.map((r) => Number(r.taxon_id))])),
  };
}
