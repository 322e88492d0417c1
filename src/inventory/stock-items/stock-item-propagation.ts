import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { VariantStock } from '../../catalog/variants/variant-stock';

/**
 * Stock items that come and go with variants and stock locations (the
 * counts on hand change only through the StockLedger).
 */

/** Spree's `propagate_all_variants`: a new stock location gets an empty stock item for every live variant. */
export async function stockNewLocation(em: EntityManager, stockLocationId: number, backorderable: boolean): Promise<void> {
  await em.query(
    `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable)
     SELECT $1, v.id, 0, $2 FROM variants v WHERE v.deleted_at IS NULL ORDER BY v.id`,
    [stockLocationId, backorderable],
  );
}

/** The catalog's port (catalog/variants/variant-stock.ts): stock items of new and soft-deleted variants. */
@Injectable()
export class VariantStockItems implements VariantStock {
  async variantCreated(em: EntityManager, variantId: number): Promise<void> {
    await em.query(
      `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable)
       SELECT sl.id, $1, 0, sl.backorderable_default FROM stock_locations sl WHERE sl.propagate_all_variants`,
      [variantId],
    );
  }

  async variantsDeleted(em: EntityManager, which: { variantId: number } | { productId: number }, at: Date): Promise<void> {
    if ('variantId' in which) {
      await em.query(`UPDATE stock_items SET deleted_at = $1 WHERE variant_id = $2 AND deleted_at IS NULL`, [at, which.variantId]);
    } else {
      await em.query(`UPDATE stock_items SET deleted_at = $1 WHERE deleted_at IS NULL AND variant_id IN (SELECT id FROM variants WHERE product_id = $2)`, [
        at,
        which.productId,
      ]);
    }
  }
}
