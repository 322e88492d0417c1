import { EntityManager, In } from 'typeorm';
import { Variant } from '../../catalog/variants/entities/variant.entity';
import { loadVariantDetails } from '../../catalog/variants/variant-details';
import { ADMIN_VIEW, serializeVariantSmall } from '../../catalog/variants/variant.serializer';
import { VariantLookup } from './stock-item.serializer';

/**
 * The catalog's small variant form (variants/small.v1.rabl) of the given
 * variants, in a fixed number of queries. Deleted variants are included: a
 * stock item keeps pointing at its variant, as Spree's `Variant.unscoped`.
 * As admins see it (stock items are theirs only, and their events go to the shop's own endpoints).
 */
export async function loadStockItemVariants(em: EntityManager, variantIds: number[], currency: string): Promise<VariantLookup> {
  const ids = [...new Set(variantIds)];
  const lookup: VariantLookup = new Map();
  if (ids.length === 0) return lookup;
  const [variants, details] = await Promise.all([
    em.find(Variant, { where: { id: In(ids) }, relations: { product: true } }),
    loadVariantDetails(em, ids, currency),
  ]);
  for (const variant of variants) lookup.set(variant.id, serializeVariantSmall(variant, variant.product!, details, ADMIN_VIEW));
  return lookup;
}
