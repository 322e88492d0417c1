import { NotFoundError } from '../../common/errors/api-errors';
import { LockedStockItem, planStockTake, StockMove } from './stock-take';

const item = (id: number, variant: number, count: number, options: Partial<LockedStockItem> = {}): LockedStockItem => ({
  id,
  stock_location_id: 1,
  variant_id: variant,
  count_on_hand: count,
  backorderable: false,
  track_inventory: true,
  ...options,
});
const move = (shipment: number, variant: number, units: number, location = 1): StockMove => ({ shipment_id: shipment, stock_location_id: location, variant_id: variant, units });

describe("checkout's stock take", () => {
  it('takes each move from its item: one change per item, one movement per move, in the order of the moves', () => {
    const items = [item(10, 100, 5), item(11, 101, 5), item(20, 100, 5, { stock_location_id: 2 })];
    const moves = [move(1, 101, 2), move(1, 100, 1), move(2, 100, 3, 2)];
    expect(planStockTake(items, moves)).toEqual({
      kind: 'take',
      changed: [
        { id: 10, delta: -1, moves: 1 },
        { id: 11, delta: -2, moves: 1 },
        { id: 20, delta: -3, moves: 1 },
      ],
      itemIds: [11, 10, 20],
    });
  });

  it('adds up the moves of several shipments on one item', () => {
    expect(planStockTake([item(10, 100, 5)], [move(1, 100, 3), move(2, 100, 2)])).toEqual({ kind: 'take', changed: [{ id: 10, delta: -5, moves: 2 }], itemIds: [10, 10] });
  });

  it('refuses at the first move that takes an item not backorderable below zero', () => {
    const moves = [move(1, 100, 3), move(1, 101, 1), move(2, 100, 2)];
    const plan = planStockTake([item(10, 100, 4), item(11, 101, 9)], moves);
    expect(plan).toEqual({ kind: 'short', move: moves[2] });
    expect(plan.kind === 'short' && plan.move).toBe(moves[2]);
  });

  it('takes the last unit, and not one more', () => {
    expect(planStockTake([item(10, 100, 1)], [move(1, 100, 1)]).kind).toBe('take');
    expect(planStockTake([item(10, 100, 0)], [move(1, 100, 1)]).kind).toBe('short');
    expect(planStockTake([item(10, 100, -2)], [move(1, 100, 1)]).kind).toBe('short');
  });

  it('lets a backorderable item go below zero', () => {
    expect(planStockTake([item(10, 100, 1, { backorderable: true })], [move(1, 100, 4)])).toEqual({ kind: 'take', changed: [{ id: 10, delta: -4, moves: 1 }], itemIds: [10] });
  });

  it('leaves the count of a variant that does not track inventory, but still records its movement', () => {
    expect(planStockTake([item(10, 100, 0, { track_inventory: false })], [move(1, 100, 7)])).toEqual({ kind: 'take', changed: [], itemIds: [10] });
  });

  it('needs an item for every move', () => {
    expect(() => planStockTake([item(10, 100, 5)], [move(1, 100, 1, 2)])).toThrow(NotFoundError);
  });
});
