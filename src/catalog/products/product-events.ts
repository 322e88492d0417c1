import { EntityManager } from 'typeorm';
import { raiseEvent } from '../../common/events/events';

/**
 * Raises product.updated for each live product a query names (column
 * `product_id`): for a change of a shared catalog row (a property, an option
 * type or value renamed or deleted) that shows in every product using it.
 * Called by the row's owner in the change's transaction, before a delete
 * (the links cascade with it).
 */
export async function raiseProductsUpdated(em: EntityManager, productIdsSql: string, params: unknown[]): Promise<void> {
  const rows: { product_id: number }[] = await em.query(
    `SELECT DISTINCT p.id AS product_id FROM products p WHERE p.deleted_at IS NULL AND p.id IN (${productIdsSql}) ORDER BY 1`,
    params,
  );
  for (const row of rows) raiseEvent(em, 'product.updated', { resource: 'product', id: Number(row.product_id) });
}
