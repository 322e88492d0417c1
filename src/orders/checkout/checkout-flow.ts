/**
 * The order state machine as explicit tables (Spree 2.2 `Order::Checkout`
 * and `order.rb`'s checkout_flow). Checkout steps and the `next` event's
 * transitions depend on two facts about the order, computed by the caller.
 */
export type CheckoutStep = 'address' | 'delivery' | 'payment' | 'confirm' | 'complete';
export type OrderState = 'cart' | CheckoutStep | 'canceled' | 'returned' | 'awaiting_return' | 'resumed';

export interface CheckoutFacts {
  /** The order total is above zero. */
  paymentRequired: boolean;
  /** A valid payment's method keeps card profiles (the bogus gateway does), or the order is at confirm already. */
  confirmationRequired: boolean;
}

const STEPS: ReadonlyArray<{ step: CheckoutStep; when?: (f: CheckoutFacts) => boolean }> = [
  { step: 'address' },
  { step: 'delivery' },
  { step: 'payment', when: (f) => f.paymentRequired },
  { step: 'confirm', when: (f) => f.confirmationRequired },
  { step: 'complete' },
];

/** The `next` event: the first row whose `from` matches and whose condition holds wins. */
const NEXT_TRANSITIONS: ReadonlyArray<{ from: OrderState; to: CheckoutStep; when?: (f: CheckoutFacts) => boolean }> = [
  { from: 'cart', to: 'address' },
  { from: 'address', to: 'delivery' },
  { from: 'delivery', to: 'payment', when: (f) => f.paymentRequired },
  // Spree removes delivery → confirm: confirm only ever follows payment.
  { from: 'delivery', to: 'complete' },
  { from: 'payment', to: 'confirm', when: (f) => f.confirmationRequired },
  { from: 'payment', to: 'complete' },
  { from: 'confirm', to: 'complete' },
];

/**
 * Other order events. Cancel also needs the shipments to be unshipped, and
 * `return` needs no return authorization of the order to be still
 * authorized (both checked by the caller). `authorize_return` happens when a
 * return authorization gets its first units (Spree allows it from any state;
 * only an order with shipped units gets there: a completed one).
 */
export const ORDER_EVENTS = {
  cancel: { from: ['complete', 'resumed'] as OrderState[], to: 'canceled' as OrderState },
  resume: { from: ['canceled'] as OrderState[], to: 'resumed' as OrderState },
  authorize_return: { from: ['complete', 'resumed', 'returned'] as OrderState[], to: 'awaiting_return' as OrderState },
  return: { from: ['awaiting_return'] as OrderState[], to: 'returned' as OrderState },
} as const;

export function checkoutSteps(facts: CheckoutFacts): CheckoutStep[] {
  return STEPS.filter((s) => !s.when || s.when(facts)).map((s) => s.step);
}

export function nextState(from: OrderState, facts: CheckoutFacts): CheckoutStep | null {
  return NEXT_TRANSITIONS.find((t) => t.from === from && (!t.when || t.when(facts)))?.to ?? null;
}

/** States in which the order is still being checked out (its contents and addresses may change). */
export function inCheckout(state: OrderState): boolean {
  return state === 'cart' || state === 'address' || state === 'delivery' || state === 'payment' || state === 'confirm';
}

/** Spree's `require_email`: an e-mail is needed once past the address step. */
export function requiresEmail(state: OrderState): boolean {
  return !(state === 'cart' || state === 'address');
}

/** May the order be sent back to `step` (an earlier checkout step) from its state? Never once it is complete. */
export function canRewindTo(state: OrderState, step: string, facts: CheckoutFacts): step is CheckoutStep {
  if (!inCheckout(state)) return false;
  const steps = checkoutSteps(facts);
  const target = steps.indexOf(step as CheckoutStep);
  const current = steps.indexOf(state as CheckoutStep);
  return target >= 0 && current >= 0 && target < current && step !== 'complete';
}
