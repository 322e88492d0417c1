import { EntityManager } from 'typeorm';

/** A line item as packing sees it. */
export interface PackableItem {
  lineItemId: number;
  variantId: number;
  quantity: number;
  trackInventory: boolean;
  name: string;
  shippingCategoryId: number;
  /** price × quantity, a decimal string. */
  amount: string;
}

/** A packable item from a row of `line_items li JOIN variants v JOIN products p` selecting id, variant_id, quantity, amount, track_inventory, name, shipping_category_id. */
export function packableItem(r: Record<string, unknown>): PackableItem {
  return {
    lineItemId: Number(r.id),
    variantId: Number(r.variant_id),
    quantity: Number(r.quantity),
    trackInventory: Boolean(r.track_inventory),
    name: String(r.name),
    shippingCategoryId: Number(r.shipping_category_id),
    amount: String(r.amount),
  };
}

export interface PackageLine {
  item: PackableItem;
  onHand: number;
  backordered: number;
}

/** What one stock location will ship. */
export interface Package {
  stockLocationId: number;
  lines: PackageLine[];
}

export type PackingResult = { ok: true; packages: Package[] } | { ok: false; unavailable: PackableItem[] };

/**
 * Spree's Stock::Coordinator, Packer and Prioritizer in one pass: each unit
 * of each line item comes from the first active stock location (by id) that
 * has it on hand; what none has on hand is backordered at the first location
 * whose stock item takes backorders. Variants that do not track inventory
 * ship from the first location that stocks them. Anything left over cannot
 * be shipped.
 */
export async function buildPackages(em: EntityManager, items: PackableItem[]): Promise<PackingResult> {
  const variantIds = [...new Set(items.map((i) => i.variantId))];
  const stock: LocationStock[] = variantIds.length
    ? await em.query(
        `SELECT si.stock_location_id, si.variant_id, si.count_on_hand, si.backorderable
           FROM stock_items si JOIN stock_locations sl ON sl.id = si.stock_location_id
          WHERE si.variant_id = ANY($1) AND si.deleted_at IS NULL AND sl.active
          ORDER BY si.stock_location_id, si.id`,
        [variantIds],
      )
    : [];
  return packItems(items, stock);
}

/** A live stock item of an active stock location. */
export interface LocationStock {
  stock_location_id: number;
  variant_id: number;
  count_on_hand: number;
  backorderable: boolean;
}

/** The packing of `buildPackages`, given the stock items of the items' variants ordered by location (then item). */
export function packItems(items: PackableItem[], stock: LocationStock[]): PackingResult {
  const packages = new Map<number, Package>();
  const add = (stockLocationId: number, item: PackableItem, onHand: number, backordered: number) => {
    if (onHand + backordered === 0) return;
    let pkg = packages.get(stockLocationId);
    if (!pkg) packages.set(stockLocationId, (pkg = { stockLocationId, lines: [] }));
    const line = pkg.lines.find((l) => l.item.lineItemId === item.lineItemId);
    if (line) {
      line.onHand += onHand;
      line.backordered += backordered;
    } else pkg.lines.push({ item, onHand, backordered });
  };

  const unavailable: PackableItem[] = [];
  for (const item of items) {
    const locations = stock.filter((s) => Number(s.variant_id) === item.variantId);
    if (locations.length === 0) {
      unavailable.push(item);
      continue;
    }
    if (!item.trackInventory) {
      add(Number(locations[0].stock_location_id), item, item.quantity, 0);
      continue;
    }
    let remaining = item.quantity;
    for (const s of locations) {
      const take = Math.min(remaining, Math.max(Number(s.count_on_hand), 0));
      add(Number(s.stock_location_id), item, take, 0);
      remaining -= take;
      if (remaining === 0) break;
    }
    if (remaining > 0) {
      const backorderable = locations.find((s) => s.backorderable);
      if (backorderable) add(Number(backorderable.stock_location_id), item, 0, remaining);
      else unavailable.push(item);
    }
  }
  if (unavailable.length > 0) return { ok: false, unavailable };
  return { ok: true, packages: [...packages.values()].sort((a, b) => a.stockLocationId - b.stockLocationId) };
}
