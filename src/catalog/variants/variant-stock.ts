import { EntityManager } from 'typeorm';

/**
 * What a variant's birth and soft deletion need of the inventory: stock
 * items, which inventory owns and catalog (the lower layer) cannot import.
 * Catalog asks through this port; inventory provides it under
 * `VARIANT_STOCK` (StockItemsModule, global), writing its own table.
 */
export interface VariantStock {
  /** Spree's `create_stock_items`: a stock item for a new variant at each location that propagates all variants. */
  variantCreated(em: EntityManager, variantId: number): Promise<void>;
  /** Soft-deleted variants (one, or a product's) lose their live stock items too, deleted at the same time. */
  variantsDeleted(em: EntityManager, which: { variantId: number } | { productId: number }, at: Date): Promise<void>;
}

export const VARIANT_STOCK = Symbol('VariantStock');
