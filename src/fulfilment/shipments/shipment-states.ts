/**
 * Shipment states and events (Spree 2.2 `shipment.rb`) as a table. A shipment
 * is `pending` until its order is complete and paid, then `ready`, then `shipped`.
 */
export type ShipmentState = 'pending' | 'ready' | 'shipped' | 'canceled';
export type ShipmentEvent = 'ready' | 'pend' | 'ship' | 'cancel' | 'resume';

const TRANSITIONS: Record<ShipmentEvent, { from: ShipmentState[]; to: ShipmentState }> = {
  ready: { from: ['pending'], to: 'ready' },
  pend: { from: ['ready'], to: 'pending' },
  ship: { from: ['ready', 'canceled'], to: 'shipped' },
  cancel: { from: ['pending', 'ready'], to: 'canceled' },
  resume: { from: ['canceled'], to: 'ready' },
};

export function shipmentTransition(state: ShipmentState, event: ShipmentEvent): ShipmentState | null {
  const t = TRANSITIONS[event];
  return t.from.includes(state) ? t.to : null;
}

/**
 * Spree's `Shipment#determine_state`: where a shipment of a completed order
 * stands, given whether the order is paid and any unit is backordered.
 */
export function determineShipmentState(
  current: ShipmentState,
  order: { canceled: boolean; canShip: boolean; paid: boolean },
  backordered: boolean,
): ShipmentState {
  if (order.canceled) return 'canceled';
  if (!order.canShip) return 'pending';
  if (backordered) return 'pending';
  if (current === 'shipped') return 'shipped';
  return order.paid ? 'ready' : 'pending';
}
