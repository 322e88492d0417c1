import { InventoryUnitState } from './entities/inventory-unit.entity';

/**
 * Inventory unit states and events (Spree 2.2 `inventory_unit.rb`) as a
 * table. A unit is packed `on_hand` or `backordered` into its shipment; a
 * backorder is filled when stock arrives, an on-hand unit ships, a shipped
 * unit comes back as `returned`. Units keep no state history (neither does Spree).
 */
export type InventoryUnitEvent = 'fill_backorder' | 'ship' | 'return';

export const INVENTORY_UNIT_STATES: readonly InventoryUnitState[] = ['on_hand', 'backordered', 'shipped', 'returned'];

/**
 * The states a unit is packed in, waiting in its shipment: as many units
 * as the stock location has on hand are `on_hand`, the rest `backordered`.
 * Packing a shipment again (at another stock location) puts its waiting
 * units back into one of them.
 */
export const PACKED_STATES: readonly InventoryUnitState[] = ['on_hand', 'backordered'];

const TRANSITIONS: Record<InventoryUnitEvent, { from: InventoryUnitState[]; to: InventoryUnitState }> = {
  fill_backorder: { from: ['backordered'], to: 'on_hand' },
  // Spree ships from any state `if: :allow_ship?`, which holds only for an on-hand unit
  // (allow_backorder_shipping is off): a backordered unit cannot ship before it is filled.
  ship: { from: ['on_hand'], to: 'shipped' },
  return: { from: ['shipped'], to: 'returned' },
};

export const INVENTORY_UNIT_EVENTS = Object.keys(TRANSITIONS) as InventoryUnitEvent[];

function isEvent(name: string): name is InventoryUnitEvent {
  return Object.prototype.hasOwnProperty.call(TRANSITIONS, name);
}

/** The state after `event`, or null when it is no event of a unit or does not apply to this state. */
export function inventoryUnitTransition(state: InventoryUnitState, event: string): InventoryUnitState | null {
  if (!isEvent(event)) return null;
  const t = TRANSITIONS[event];
  return t.from.includes(state) ? t.to : null;
}

/** An event's row of the table (for set-based moves, which check the states in SQL). */
export function inventoryUnitEvent(event: InventoryUnitEvent): { from: readonly InventoryUnitState[]; to: InventoryUnitState } {
  return TRANSITIONS[event];
}
