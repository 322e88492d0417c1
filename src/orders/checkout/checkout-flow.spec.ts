import { canRewindTo, CheckoutFacts, checkoutSteps, inCheckout, nextState, ORDER_EVENTS, OrderState, requiresEmail } from './checkout-flow';

const ALL_FACTS: CheckoutFacts[] = [
  { paymentRequired: true, confirmationRequired: true },
  { paymentRequired: true, confirmationRequired: false },
  { paymentRequired: false, confirmationRequired: true },
  { paymentRequired: false, confirmationRequired: false },
];
const PAID_CONFIRMED: CheckoutFacts = { paymentRequired: true, confirmationRequired: true };
const FREE: CheckoutFacts = { paymentRequired: false, confirmationRequired: false };
const STATES: OrderState[] = ['cart', 'address', 'delivery', 'payment', 'confirm', 'complete', 'canceled', 'returned', 'awaiting_return', 'resumed'];

/** The states `next` goes through from a cart until it stops. */
function walk(facts: CheckoutFacts): OrderState[] {
  const path: OrderState[] = ['cart'];
  for (let to = nextState('cart', facts); to !== null; to = nextState(to, facts)) {
    path.push(to);
    if (path.length > STATES.length) throw new Error(`next loops: ${path.join(' → ')}`);
  }
  return path;
}

describe('the checkout flow', () => {
  it.each([
    [PAID_CONFIRMED, ['address', 'delivery', 'payment', 'confirm', 'complete']],
    [{ paymentRequired: true, confirmationRequired: false }, ['address', 'delivery', 'payment', 'complete']],
    [{ paymentRequired: false, confirmationRequired: true }, ['address', 'delivery', 'confirm', 'complete']],
    [FREE, ['address', 'delivery', 'complete']],
  ])('steps with %o are %p', (facts, steps) => {
    expect(checkoutSteps(facts)).toEqual(steps);
  });

  it.each([
    [PAID_CONFIRMED, ['cart', 'address', 'delivery', 'payment', 'confirm', 'complete']],
    [{ paymentRequired: true, confirmationRequired: false }, ['cart', 'address', 'delivery', 'payment', 'complete']],
    // Spree removes delivery → confirm: confirm only ever follows payment, even when the steps list it.
    [{ paymentRequired: false, confirmationRequired: true }, ['cart', 'address', 'delivery', 'complete']],
    [FREE, ['cart', 'address', 'delivery', 'complete']],
  ])('next with %o goes %p', (facts, path) => {
    expect(walk(facts)).toEqual(path);
  });

  it('next goes only through checkout steps, and nowhere from a state outside checkout', () => {
    for (const facts of ALL_FACTS) {
      for (const state of walk(facts).slice(1)) expect(checkoutSteps(facts)).toContain(state);
      for (const state of STATES.filter((s) => !inCheckout(s))) expect(nextState(state, facts)).toBeNull();
    }
  });

  it('a payment step is reached only when a payment is required', () => {
    expect(nextState('delivery', PAID_CONFIRMED)).toBe('payment');
    expect(nextState('delivery', FREE)).toBe('complete');
    expect(nextState('payment', { paymentRequired: true, confirmationRequired: false })).toBe('complete');
  });

  it('is in checkout from cart to confirm', () => {
    expect(STATES.filter(inCheckout)).toEqual(['cart', 'address', 'delivery', 'payment', 'confirm']);
  });

  it('requires an e-mail once past the address step', () => {
    expect(STATES.filter((s) => !requiresEmail(s))).toEqual(['cart', 'address']);
  });

  describe('rewinding', () => {
    it('goes back to an earlier step of this order only', () => {
      expect(canRewindTo('payment', 'address', PAID_CONFIRMED)).toBe(true);
      expect(canRewindTo('confirm', 'delivery', PAID_CONFIRMED)).toBe(true);
      expect(canRewindTo('confirm', 'payment', PAID_CONFIRMED)).toBe(true);
      expect(canRewindTo('payment', 'payment', PAID_CONFIRMED)).toBe(false);
      expect(canRewindTo('delivery', 'payment', PAID_CONFIRMED)).toBe(false);
      expect(canRewindTo('confirm', 'payment', FREE)).toBe(false);
      expect(canRewindTo('delivery', 'cart', PAID_CONFIRMED)).toBe(false);
      expect(canRewindTo('payment', 'nowhere', PAID_CONFIRMED)).toBe(false);
    });

    it('never leaves a completed order, nor one outside checkout', () => {
      for (const facts of ALL_FACTS) {
        for (const state of STATES.filter((s) => !inCheckout(s))) {
          for (const step of checkoutSteps(facts)) expect([state, step, canRewindTo(state, step, facts)]).toEqual([state, step, false]);
        }
      }
    });
  });

  describe('other order events', () => {
    it('cancel a completed or resumed order, resume a canceled one', () => {
      expect(ORDER_EVENTS.cancel).toEqual({ from: ['complete', 'resumed'], to: 'canceled' });
      expect(ORDER_EVENTS.resume).toEqual({ from: ['canceled'], to: 'resumed' });
    });

    it('authorize a return only of an order that shipped (complete, resumed, returned), and return it from there', () => {
      expect(ORDER_EVENTS.authorize_return).toEqual({ from: ['complete', 'resumed', 'returned'], to: 'awaiting_return' });
      expect(ORDER_EVENTS.return).toEqual({ from: ['awaiting_return'], to: 'returned' });
    });

    it('never start from a state still in checkout', () => {
      for (const event of Object.values(ORDER_EVENTS)) expect(event.from.filter(inCheckout)).toEqual([]);
    });
  });
});
