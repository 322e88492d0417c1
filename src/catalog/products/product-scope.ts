import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { Caller } from '../../common/auth/caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { Product } from './entities/product.entity';

/**
 * Spree's `product_scope`: admins see every product that is not deleted (and
 * deleted ones too with `show_deleted`); everyone else sees only products that
 * are not deleted and whose `available_on` has passed. `alias` is the
 * products alias of the query.
 */
export function restrictToVisible<T extends object>(qb: SelectQueryBuilder<T>, caller: Caller, showDeleted = false, alias = 'product'): SelectQueryBuilder<T> {
  return qb.andWhere(visibleProducts(caller, showDeleted, alias));
}

/** The same rule as an SQL condition on the products alias (constant text: no parameters). */
export function visibleProducts(caller: Caller, showDeleted: boolean, alias: string): string {
  if (caller.admin) return showDeleted ? 'TRUE' : `${alias}.deleted_at IS NULL`;
  return `${alias}.deleted_at IS NULL AND ${alias}.available_on <= now()`;
}

/**
 * The number of products `restrictToVisible` lets through, from the counter
 * of live products (ProductListing migration) rather than a COUNT over the
 * catalog: shoppers don't see the live products not yet available, a range
 * of products_visible_idx. Undefined where no counter applies (deleted shown).
 */
export function visibleProductCount(caller: Caller, showDeleted: boolean): string | undefined {
  if (caller.admin) return showDeleted ? undefined : '(SELECT live FROM product_counts)';
  return `(SELECT live FROM product_counts) - (SELECT count(*)::int FROM products np WHERE np.deleted_at IS NULL AND (np.available_on > now() OR np.available_on IS NULL))`;
}

/** A product reference that may be an id: digits within PostgreSQL's integer. */
export function productIdParam(slugOrId: string): number | null {
  return /^\d{1,10}$/.test(slugOrId) && Number(slugOrId) <= 2147483647 ? Number(slugOrId) : null;
}

/**
 * Spree's `find_product` as one SQL condition on the products alias: the
 * product whose slug is `slug`, else whose id is `id` (parameter references),
 * among those `visible` (SQL for an alias, as visibleProducts gives) lets
 * through. One lookup for the entity (below) and for the product page's
 * single statement (product-graph.ts). The slug is looked up in a sub-select
 * so that the plan is the same whatever the parameters: PostgreSQL then keeps
 * one plan for the prepared product page, where `slug = $1 OR id = $2` had it
 * planned afresh at each request (as long as running it).
 */
export function slugThenId(alias: string, slug: string, id: string, visible: (alias: string) => string): string {
  return `${alias}.id = COALESCE((SELECT s.id FROM products s WHERE s.slug = ${slug} AND ${visible('s')}), ${id}) AND ${visible(alias)}`;
}

/** Spree's `find_product` for an entity to change or read: 404 when the caller may not see it. */
export async function findVisibleProduct(em: EntityManager, slugOrId: string, caller: Caller, showDeleted = false): Promise<Product> {
  const product = await em
    .getRepository(Product)
    .createQueryBuilder('product')
    .where(
      slugThenId('product', ':slug', ':id', (alias) => visibleProducts(caller, showDeleted, alias)),
      { slug: slugOrId, id: productIdParam(slugOrId) },
    )
    .getOne();
  if (!product) throw new NotFoundError();
  return product;
}
