/**
 * Spree's Stock::Quantifier for the variant `variantId` (an SQL expression), as
 * one row of the columns of VariantSupply: for a LATERAL join beside the line
 * item it is checked for, in the statement that writes it.
 */
export function variantSupplySql(variantId: string): string {
  return `SELECT NOT v.track_inventory AS untracked,
                 COALESCE(sum(si.count_on_hand), 0)::int AS on_hand,
                 COALESCE(bool_or(si.backorderable), false) AS backorderable
            FROM variants v
            LEFT JOIN (stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id AND sl.active)
                   ON si.variant_id = v.id AND si.deleted_at IS NULL
           WHERE v.id = ${variantId}
           GROUP BY v.id`;
}
