/**
 * Shipment states and events (Spree 2.2 `shipment.rb`) as a table. A shipment
 * is `pending` until its order is complete and paid, then `ready`, then `shipped`.
 * Events are recorded in the shipment's state history; the state the order
 * decides (`determineShipmentState`, Spree's `update!`) is set without one, as in Spree.
 */
export type ShipmentState = 'pending' | 'ready' | 'shipped' | 'canceled';
export type ShipmentEvent = 'ready' | 'pend' | 'ship' | 'cancel' | 'resume';

const TRANSITIONS: Record<ShipmentEvent, { from: ShipmentState[]; to: ShipmentState }> = {
  ready: { from: ['pending'], to: 'ready' },
  pend: { from: ['ready'], to: 'pending' },
  ship: { from: ['ready'], to: 'shipped' },
  cancel: { from: ['pending', 'ready'], to: 'canceled' },
  resume: { from: ['canceled'], to: 'ready' },
};

export function shipmentTransition(state: ShipmentState, event: ShipmentEvent): ShipmentState | null {
  const t = TRANSITIONS[event];
  return t.from.includes(state) ? t.to : null;
}

/** An event's row of the table (for set-based moves, which check the states in SQL). */
export function shipmentEvent(event: ShipmentEvent): { from: readonly ShipmentState[]; to: ShipmentState } {
  return TRANSITIONS[event];
}

/** What decides a shipment's state on the order's side. */
export interface OrderShippingFacts {
  canceled: boolean;
  /** Spree's `Order#can_ship?`: complete (or resumed, or in a return). */
  canShip: boolean;
  /** Paid in full (or more). */
  paid: boolean;
}

export function orderShippingFacts(order: { state: string; paymentState: string | null }): OrderShippingFacts {
  return {
    canceled: order.state === 'canceled',
    canShip: ['complete', 'resumed', 'awaiting_return', 'returned'].includes(order.state),
    paid: order.paymentState === 'paid' || order.paymentState === 'credit_owed',
  };
}

/**
 * Spree's `Shipment#determine_state`: where a shipment of a completed order
 * stands, given whether the order is paid and any unit is backordered.
 */
export function determineShipmentState(
  current: ShipmentState,
  order: OrderShippingFacts,
  backordered: boolean,
): ShipmentState {
  if (order.canceled) return 'canceled';
  if (!order.canShip) return 'pending';
  if (backordered) return 'pending';
  if (current === 'shipped') return 'shipped';
  return order.paid ? 'ready' : 'pending';
}
