import { determineShipmentState, orderShippingFacts, shipmentEvent, shipmentTransition } from './shipment-states';

describe('shipment state table', () => {
  it('readies a pending shipment, ships a ready one, cancels an unshipped one', () => {
    expect(shipmentTransition('pending', 'ready')).toBe('ready');
    expect(shipmentTransition('ready', 'ship')).toBe('shipped');
    expect(shipmentTransition('pending', 'ship')).toBeNull();
    expect(shipmentTransition('shipped', 'cancel')).toBeNull();
  });

  it("gives the cancel event's from-states for canceling an order's shipments at once", () => {
    expect(shipmentEvent('cancel')).toEqual({ from: ['pending', 'ready'], to: 'canceled' });
  });

  it('lets the order decide: pending until placed and paid, ready then, canceled with it', () => {
    const paid = orderShippingFacts({ state: 'complete', paymentState: 'paid' });
    expect(determineShipmentState('pending', paid, false)).toBe('ready');
    expect(determineShipmentState('pending', paid, true)).toBe('pending');
    expect(determineShipmentState('ready', orderShippingFacts({ state: 'complete', paymentState: 'balance_due' }), false)).toBe('pending');
    expect(determineShipmentState('shipped', orderShippingFacts({ state: 'returned', paymentState: 'credit_owed' }), false)).toBe('shipped');
    expect(determineShipmentState('ready', orderShippingFacts({ state: 'canceled', paymentState: 'void' }), false)).toBe('canceled');
    expect(determineShipmentState('pending', orderShippingFacts({ state: 'delivery', paymentState: null }), false)).toBe('pending');
  });
});
