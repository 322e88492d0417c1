/** One line of a stock transfer: a variant and how many of its units move. */
export interface TransferLine {
  variantId: number;
  quantity: number;
}

/**
 * The lines a transfer request asks for, one per variant (a variant listed twice moves the sum), in variant
 * order (the order stock rows are locked and moved in). Null when a variant's sum passes `maxUnits`: a
 * count on hand could not take it.
 */
export function planTransfer(items: { variant_id: number; quantity: number }[], maxUnits: number): TransferLine[] | null {
  const byVariant = new Map<number, number>();
  for (const item of items) byVariant.set(item.variant_id, (byVariant.get(item.variant_id) ?? 0) + item.quantity);
  const lines = [...byVariant].map(([variantId, quantity]) => ({ variantId, quantity })).sort((a, b) => a.variantId - b.variantId);
  return lines.some((l) => l.quantity > maxUnits) ? null : lines;
}
