import type { InventoryUnitState } from './entities/inventory-unit.entity';
import { INVENTORY_UNIT_EVENTS, INVENTORY_UNIT_STATES, inventoryUnitEvent, inventoryUnitTransition, PACKED_STATES } from './inventory-unit-states';
import { packedUnitsParams } from './inventory-unit-writes';

describe('inventory unit state table', () => {
  it("fires Spree's events: fill a backorder, ship an on-hand unit, return a shipped one", () => {
    expect(inventoryUnitTransition('backordered', 'fill_backorder')).toBe('on_hand');
    expect(inventoryUnitTransition('on_hand', 'ship')).toBe('shipped');
    expect(inventoryUnitTransition('shipped', 'return')).toBe('returned');
  });

  it('refuses an event its state does not allow, and what is no event', () => {
    expect(inventoryUnitTransition('backordered', 'ship')).toBeNull();
    expect(inventoryUnitTransition('on_hand', 'return')).toBeNull();
    expect(inventoryUnitTransition('returned', 'ship')).toBeNull();
    expect(inventoryUnitTransition('on_hand', 'toString')).toBeNull();
    expect(INVENTORY_UNIT_EVENTS).toEqual(['fill_backorder', 'ship', 'return']);
  });

  it("gives an event's from-states and target for set-based moves", () => {
    expect(inventoryUnitEvent('ship')).toEqual({ from: ['on_hand'], to: 'shipped' });
    expect(inventoryUnitEvent('return')).toEqual({ from: ['shipped'], to: 'returned' });
  });

  it('packs units on hand or backordered, the states a unit waits in before it ships', () => {
    expect(PACKED_STATES).toEqual(['on_hand', 'backordered']);
    // Every state a unit ships or fills from is a packed one; shipped and returned are not.
    for (const event of ['fill_backorder', 'ship'] as const) for (const s of inventoryUnitEvent(event).from) expect(PACKED_STATES).toContain(s);
    expect(INVENTORY_UNIT_STATES.filter((s) => !PACKED_STATES.includes(s))).toEqual(['shipped', 'returned']);
  });

  it('refuses to pack a unit in a state it cannot wait in', () => {
    expect(packedUnitsParams([{ lineItemId: 1, variantId: 2, state: 'on_hand', count: 3 }])).toEqual([[1], [2], ['on_hand'], [3]]);
    expect(() => packedUnitsParams([{ lineItemId: 1, variantId: 2, state: 'shipped', count: 1 }])).toThrow(/not shipped/);
  });
});

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
