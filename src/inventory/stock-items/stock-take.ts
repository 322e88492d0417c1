import { NotFoundError } from '../../common/errors/api-errors';

/** A stock item as checkout's completion locks it. */
export interface LockedStockItem {
  id: number;
  stock_location_id: number;
  variant_id: number;
  count_on_hand: number;
  backorderable: boolean;
  track_inventory: boolean;
}

/** Units of one variant one shipment takes from its location. */
export interface StockMove {
  shipment_id: number;
  stock_location_id: number;
  variant_id: number;
  units: number;
}

export type StockTakePlan<M> =
  /** The first move stock cannot cover: nothing is to be written. */
  | { kind: 'short'; move: M }
  | {
      kind: 'take';
      /** Per item that changes: its count's change and the number of moves (lock_version grows by one per move). */
      changed: Array<{ id: number; delta: number; moves: number }>;
      /** The item each move takes from, in the order of the moves (one stock movement each). */
      itemIds: number[];
    };

/**
 * The arithmetic of `StockLedger.takeForShipments`, on the items it locked:
 * the moves take their units in their order, as one UPDATE per move would
 * find the counts; an item not backorderable never goes below zero (the first
 * move that would take it there is the shortfall); a variant that does not
 * track inventory keeps its count (its moves are still recorded).
 */
export function planStockTake<M extends StockMove>(items: LockedStockItem[], moves: M[]): StockTakePlan<M> {
  const key = (locationId: number, variantId: number) => `${locationId}:${variantId}`;
  const byKey = new Map(items.map((i) => [key(i.stock_location_id, i.variant_id), { ...i, delta: 0, moves: 0 }]));
  const itemIds: number[] = [];
  for (const m of moves) {
    const item = byKey.get(key(m.stock_location_id, m.variant_id));
    if (!item) throw new NotFoundError();
    itemIds.push(item.id);
    if (!item.track_inventory) continue;
    item.delta -= m.units;
    item.moves += 1;
    if (!item.backorderable && item.count_on_hand + item.delta < 0) return { kind: 'short', move: m };
  }
  const changed = [...byKey.values()].filter((i) => i.moves > 0).map((i) => ({ id: i.id, delta: i.delta, moves: i.moves }));
  return { kind: 'take', changed, itemIds };
}
