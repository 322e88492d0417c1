import { InventoryUnitState } from './entities/inventory-unit.entity';

/**
 * Inventory unit states and events (Spree 2.2 `inventory_unit.rb`) as a
 * table. A unit is `on_hand` or `backordered` when its shipment is packed;
 * a backorder is filled when stock arrives, an on-hand unit ships, a shipped
 * unit comes back as `returned`.
 */
export type InventoryUnitEvent = 'fill_backorder' | 'ship' | 'return';

export const INVENTORY_UNIT_STATES: readonly InventoryUnitState[] = ['on_hand', 'backordered', 'shipped', 'returned'];

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
