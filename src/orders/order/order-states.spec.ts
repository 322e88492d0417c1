import { checkoutSteps, inCheckout, nextState, ORDER_TRANSITIONS, OrderFacts, OrderState, orderTransition, requiresEmail, rewind } from './order-states';

const facts = (f: Partial<OrderFacts> = {}): OrderFacts => ({
  paymentRequired: true,
  confirmationRequired: false,
  unshipped: true,
  noReturnAwaited: true,
  ...f,
});

const ALL_STATES: OrderState[] = ['cart', 'address', 'delivery', 'payment', 'confirm', 'complete', 'canceled', 'returned', 'awaiting_return', 'resumed'];

describe('order state table', () => {
  describe('next', () => {
    it('walks the checkout: cart → address → delivery → payment → complete', () => {
      const path: OrderState[] = ['cart'];
      for (let s = nextState('cart', facts()); s; s = nextState(s, facts())) path.push(s);
      expect(path).toEqual(['cart', 'address', 'delivery', 'payment', 'complete']);
    });

    it('adds confirm when a payment keeps a card profile, skips payment when nothing is owed', () => {
      expect(nextState('payment', facts({ confirmationRequired: true }))).toBe('confirm');
      expect(nextState('confirm', facts())).toBe('complete');
      expect(nextState('delivery', facts({ paymentRequired: false }))).toBe('complete');
    });

    it('goes nowhere from a completed, canceled or returned order', () => {
      for (const s of ['complete', 'canceled', 'returned', 'awaiting_return', 'resumed'] as const) expect(nextState(s, facts())).toBeNull();
    });

    it('refuses to decide without the facts its guard reads', () => {
      expect(() => orderTransition('delivery', 'next', {})).toThrow(/paymentRequired/);
      // A row without a guard needs none.
      expect(orderTransition('cart', 'next')?.to).toBe('address');
    });
  });

  it('lists the checkout steps the facts call for', () => {
    expect(checkoutSteps(facts())).toEqual(['address', 'delivery', 'payment', 'complete']);
    expect(checkoutSteps(facts({ paymentRequired: false, confirmationRequired: true }))).toEqual(['address', 'delivery', 'confirm', 'complete']);
  });

  it('cancels a complete or resumed order whose shipments have not gone out', () => {
    expect(orderTransition('complete', 'cancel', { unshipped: true })?.to).toBe('canceled');
    expect(orderTransition('resumed', 'cancel', { unshipped: true })?.to).toBe('canceled');
    expect(orderTransition('complete', 'cancel', { unshipped: false })).toBeNull();
    expect(orderTransition('payment', 'cancel', { unshipped: true })).toBeNull();
  });

  it('resumes a canceled order', () => {
    expect(orderTransition('canceled', 'resume')?.to).toBe('resumed');
    expect(orderTransition('complete', 'resume')).toBeNull();
  });

  it('awaits a return, and is returned once no authorization is awaited', () => {
    for (const s of ['complete', 'resumed', 'returned'] as const) expect(orderTransition(s, 'authorize_return')?.to).toBe('awaiting_return');
    expect(orderTransition('payment', 'authorize_return')).toBeNull();
    expect(orderTransition('awaiting_return', 'return', { noReturnAwaited: true })?.to).toBe('returned');
    expect(orderTransition('awaiting_return', 'return', { noReturnAwaited: false })).toBeNull();
  });

  it('restarts a checkout past cart at address, and never a placed order', () => {
    for (const s of ['address', 'delivery', 'payment', 'confirm'] as const) expect(orderTransition(s, 'restart')?.to).toBe('address');
    for (const s of ['cart', 'complete', 'canceled'] as const) expect(orderTransition(s, 'restart')).toBeNull();
  });

  it('rewinds only to an earlier step the order has', () => {
    expect(rewind('payment', 'address', facts())?.to).toBe('address');
    expect(rewind('payment', 'delivery', facts())?.to).toBe('delivery');
    expect(rewind('address', 'delivery', facts())).toBeNull(); // forward
    expect(rewind('payment', 'payment', facts())).toBeNull(); // the same step
    expect(rewind('confirm', 'payment', facts({ paymentRequired: false }))).toBeNull(); // a step it does not have
    expect(rewind('payment', 'cart', facts())).toBeNull(); // not a step
    expect(rewind('complete', 'address', facts())).toBeNull(); // a completed order stays complete
    expect(rewind('canceled', 'address', facts())).toBeNull();
  });

  it('records state machine transitions in the history, not the column sets of rewind and restart (as Spree)', () => {
    expect(orderTransition('cart', 'next')?.recorded).toBe(true);
    expect(orderTransition('complete', 'cancel', { unshipped: true })?.recorded).toBe(true);
    expect(orderTransition('delivery', 'restart')?.recorded).toBe(false);
    expect(rewind('payment', 'address', facts())?.recorded).toBe(false);
  });

  it('moves only between states it knows', () => {
    for (const t of ORDER_TRANSITIONS) {
      expect(ALL_STATES).toContain(t.to);
      for (const from of t.from) expect(ALL_STATES).toContain(from);
    }
  });

  it('knows which states are still checking out and which need an e-mail', () => {
    expect(ALL_STATES.filter(inCheckout)).toEqual(['cart', 'address', 'delivery', 'payment', 'confirm']);
    expect(ALL_STATES.filter((s) => !requiresEmail(s))).toEqual(['cart', 'address']);
  });
});
