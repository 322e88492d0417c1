/** What the store can supply of one variant, as `variantSupplySql` reads it (Spree's Stock::Quantifier). */
export interface VariantSupply {
  /** The variant does not track inventory: any quantity. */
  untracked: boolean;
  /** Units on hand over its live stock items at active stock locations (a backordered count is negative). */
  on_hand: number;
  /** One of those stock items takes backorders. */
  backorderable: boolean;
}

/** Spree's `can_supply?`: on hand covers it, or the variant is untracked or backorderable somewhere. */
export function canSupply(supply: VariantSupply, required: number): boolean {
  return required <= 0 || supply.untracked || supply.backorderable || Number(supply.on_hand) >= required;
}
