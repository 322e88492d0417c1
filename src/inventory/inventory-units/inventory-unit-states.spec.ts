import type { InventoryUnitState } from './entities/inventory-unit.entity';
import { INVENTORY_UNIT_EVENTS, INVENTORY_UNIT_STATES, inventoryUnitTransition } from './inventory-unit-states';

describe('inventory unit states', () => {
  it('move as the table says, and nowhere else', () => {
    const table = Object.fromEntries(INVENTORY_UNIT_EVENTS.map((event) => [event, Object.fromEntries(INVENTORY_UNIT_STATES.map((s) => [s, inventoryUnitTransition(s, event)]))]));
    expect(table).toEqual({
      fill_backorder: { on_hand: null, backordered: 'on_hand', shipped: null, returned: null },
      ship: { on_hand: 'shipped', backordered: null, shipped: null, returned: null },
      return: { on_hand: null, backordered: null, shipped: 'returned', returned: null },
    });
  });

  it('a backordered unit cannot ship before it is filled', () => {
    expect(inventoryUnitTransition('backordered', 'ship')).toBeNull();
    const filled = inventoryUnitTransition('backordered', 'fill_backorder') as InventoryUnitState;
    expect(inventoryUnitTransition(filled, 'ship')).toBe('shipped');
  });

  it.each(['toString', 'constructor', '__proto__', 'hasOwnProperty', 'cancel', ''])('%p is no event of a unit', (name) => {
    for (const state of INVENTORY_UNIT_STATES) expect(inventoryUnitTransition(state, name)).toBeNull();
  });
});
