import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { Variant } from './entities/variant.entity';

/**
 * What variants a caller may see: deleted variants only for admins asking
 * with `show_deleted`, and for non-admins only variants of visible products
 * (available, not deleted). `alias` is the variants alias of the query.
 */
export function restrictVariantsToVisible<T extends object>(qb: SelectQueryBuilder<T>, caller: Caller, showDeleted = false, alias = 'variant'): SelectQueryBuilder<T> {
  if (!(caller.admin && showDeleted)) qb.andWhere(`${alias}.deleted_at IS NULL`);
  if (!caller.admin) {
    qb.andWhere(`EXISTS (SELECT 1 FROM products visible_product WHERE visible_product.id = ${alias}.product_id AND visible_product.deleted_at IS NULL AND visible_product.available_on <= now())`);
  }
  return qb;
}

/** A variant the caller may see (optionally of one product), or 404. */
export async function findVisibleVariant(em: EntityManager, id: number, caller: Caller, options: { showDeleted?: boolean; productId?: number } = {}): Promise<Variant> {
  const qb = restrictVariantsToVisible(em.getRepository(Variant).createQueryBuilder('variant'), caller, options.showDeleted).andWhere('variant.id = :id', { id });
  if (options.productId !== undefined) qb.andWhere('variant.product_id = :productId', { productId: options.productId });
  const variant = await qb.getOne();
  if (!variant) throw new NotFoundError();
  return variant;
}

/** The product's master variant (the live one; for a deleted product, its latest). */
export async function findMasterVariant(em: EntityManager, productId: number): Promise<Variant> {
  const master = await em
    .getRepository(Variant)
    .createQueryBuilder('variant')
    .where('variant.product_id = :productId AND variant.is_master', { productId })
    .orderBy('variant.deleted_at', 'DESC', 'NULLS FIRST')
    .addOrderBy('variant.id', 'DESC')
    .getOne();
  if (!master) throw new NotFoundError();
  return master;
}
