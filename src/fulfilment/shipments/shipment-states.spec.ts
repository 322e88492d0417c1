import { determineShipmentState, OrderShippingFacts, orderShippingFacts, shipmentEvent, ShipmentEvent, ShipmentState, shipmentTransition } from './shipment-states';

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

const STATES: ShipmentState[] = ['pending', 'ready', 'shipped', 'canceled'];
const EVENTS: ShipmentEvent[] = ['ready', 'pend', 'ship', 'cancel', 'resume'];

describe('shipment states', () => {
  it('move as the table says, and nowhere else', () => {
    const table = Object.fromEntries(EVENTS.map((event) => [event, Object.fromEntries(STATES.map((state) => [state, shipmentTransition(state, event)]))]));
    expect(table).toEqual({
      ready: { pending: 'ready', ready: null, shipped: null, canceled: null },
      pend: { pending: null, ready: 'pending', shipped: null, canceled: null },
      ship: { pending: null, ready: 'shipped', shipped: null, canceled: null },
      cancel: { pending: 'canceled', ready: 'canceled', shipped: null, canceled: null },
      resume: { pending: null, ready: null, shipped: null, canceled: 'ready' },
    });
  });

  it('a shipped shipment is final: no event moves it', () => {
    expect(EVENTS.map((event) => shipmentTransition('shipped', event))).toEqual(EVENTS.map(() => null));
  });

  describe("the order's side", () => {
    it.each([
      [{ state: 'complete', paymentState: 'paid' }, { canceled: false, canShip: true, paid: true }],
      [{ state: 'complete', paymentState: 'credit_owed' }, { canceled: false, canShip: true, paid: true }],
      [{ state: 'complete', paymentState: 'balance_due' }, { canceled: false, canShip: true, paid: false }],
      [{ state: 'resumed', paymentState: 'paid' }, { canceled: false, canShip: true, paid: true }],
      [{ state: 'awaiting_return', paymentState: 'paid' }, { canceled: false, canShip: true, paid: true }],
      [{ state: 'returned', paymentState: 'void' }, { canceled: false, canShip: true, paid: false }],
      [{ state: 'canceled', paymentState: 'paid' }, { canceled: true, canShip: false, paid: true }],
      [{ state: 'confirm', paymentState: null }, { canceled: false, canShip: false, paid: false }],
      [{ state: 'cart', paymentState: 'paid' }, { canceled: false, canShip: false, paid: true }],
    ])('%o gives %o', (order, facts) => {
      expect(orderShippingFacts(order)).toEqual(facts);
    });
  });

  describe('determineShipmentState (Spree: Shipment#determine_state)', () => {
    const shippable: OrderShippingFacts = { canceled: false, canShip: true, paid: true };

    it('is ready once the order can ship and is paid, pending while it is not paid', () => {
      expect(determineShipmentState('pending', shippable, false)).toBe('ready');
      expect(determineShipmentState('ready', { ...shippable, paid: false }, false)).toBe('pending');
    });

    it('is pending while any unit is backordered, however paid', () => {
      expect(determineShipmentState('ready', shippable, true)).toBe('pending');
    });

    it('is pending while the order cannot ship yet (in checkout)', () => {
      for (const current of STATES) expect(determineShipmentState(current, { canceled: false, canShip: false, paid: true }, false)).toBe('pending');
    });

    it('stays shipped once shipped, paid or not', () => {
      expect(determineShipmentState('shipped', shippable, false)).toBe('shipped');
      expect(determineShipmentState('shipped', { ...shippable, paid: false }, false)).toBe('shipped');
    });

    it('is canceled whenever the order is', () => {
      for (const current of STATES) expect(determineShipmentState(current, { canceled: true, canShip: false, paid: true }, false)).toBe('canceled');
    });
  });
});
