/**
 * The order state machine (Spree 2.2 `Order::Checkout` and `order.rb`) as
 * one table: the checkout steps (`next`), cancel and resume, the return
 * events, and the two moves Spree makes by setting the column (rewind to an
 * earlier step, restart at address). Guards name facts about the order,
 * computed by `order-facts.ts`; `moveOrderState` (order-moves.ts) is the
 * one way to write a move this table allows.
 */
export type CheckoutStep = 'address' | 'delivery' | 'payment' | 'confirm' | 'complete';
export type OrderState = 'cart' | CheckoutStep | 'canceled' | 'returned' | 'awaiting_return' | 'resumed';
export type OrderEvent = 'next' | 'cancel' | 'resume' | 'authorize_return' | 'return' | 'rewind' | 'restart' | 'import';

/** What the guards read. A caller gives the facts of the event it fires (a guard whose fact is missing is a bug). */
export interface OrderFacts {
  /** The order total is above zero. */
  paymentRequired: boolean;
  /** A valid payment's method keeps card profiles (the bogus gateway does), or the order is at confirm already. */
  confirmationRequired: boolean;
  /** No shipment has gone out (Spree's cancel guard: the order's shipment state is ready, backorder or pending, or it has none). */
  unshipped: boolean;
  /** No return authorization of the order is still authorized (Spree's `awaiting_returns?`). */
  noReturnAwaited: boolean;
}
export type OrderGuard = keyof OrderFacts;

interface Transition {
  event: OrderEvent;
  from: readonly OrderState[];
  to: OrderState;
  when?: OrderGuard;
}

/** The checkout steps in order, each shown (and taken) when its guard holds. */
const STEPS: ReadonlyArray<{ step: CheckoutStep; when?: OrderGuard }> = [
  { step: 'address' },
  { step: 'delivery' },
  { step: 'payment', when: 'paymentRequired' },
  { step: 'confirm', when: 'confirmationRequired' },
  { step: 'complete' },
];

/** States in which the order is still being checked out (its contents and addresses may change). */
const CHECKOUT_STATES: readonly OrderState[] = ['cart', 'address', 'delivery', 'payment', 'confirm'];

/**
 * The transitions. For an event, the first row whose `from` holds the
 * order's state and whose guard holds wins.
 */
export const ORDER_TRANSITIONS: readonly Transition[] = [
  { event: 'next', from: ['cart'], to: 'address' },
  { event: 'next', from: ['address'], to: 'delivery' },
  { event: 'next', from: ['delivery'], to: 'payment', when: 'paymentRequired' },
  // Spree removes delivery → confirm: confirm only ever follows payment.
  { event: 'next', from: ['delivery'], to: 'complete' },
  { event: 'next', from: ['payment'], to: 'confirm', when: 'confirmationRequired' },
  { event: 'next', from: ['payment'], to: 'complete' },
  { event: 'next', from: ['confirm'], to: 'complete' },
  { event: 'cancel', from: ['complete', 'resumed'], to: 'canceled', when: 'unshipped' },
  { event: 'resume', from: ['canceled'], to: 'resumed' },
  // When a return authorization gets its first units (Spree allows it from any state; only an order with shipped units,
  // a completed one, gets there).
  { event: 'authorize_return', from: ['complete', 'resumed', 'returned'], to: 'awaiting_return' },
  { event: 'return', from: ['awaiting_return'], to: 'returned', when: 'noReturnAwaited' },
  // Spree's `ensure_updated_shipments`: the contents or ship address changed, the proposed shipments went, the checkout
  // starts again at address (a column set in Spree: no history).
  { event: 'restart', from: ['address', 'delivery', 'payment', 'confirm'], to: 'address' },
  // An admin's order import with completed_at (Spree's Importer::Order sets state and completed_at): the new cart is
  // placed at once, its stock taken and its payments as they were brought in.
  { event: 'import', from: ['cart'], to: 'complete' },
];

/** Events Spree makes by setting the column rather than through its state machine: they leave no `state_changes` row. */
const UNRECORDED: readonly OrderEvent[] = ['rewind', 'restart'];

declare const allowed: unique symbol;

/** A move the table allows; only this file makes them, so a move written is a move the table allowed. */
export interface OrderMove {
  readonly event: OrderEvent;
  readonly from: OrderState;
  readonly to: OrderState;
  /** Recorded in the order's state history (a transition of Spree's state machine). */
  readonly recorded: boolean;
  readonly [allowed]: true;
}

function move(event: OrderEvent, from: OrderState, to: OrderState): OrderMove {
  return { event, from, to, recorded: !UNRECORDED.includes(event) } as OrderMove;
}

function holds(guard: OrderGuard | undefined, facts: Partial<OrderFacts>, event: OrderEvent): boolean {
  if (guard === undefined) return true;
  const fact = facts[guard];
  if (fact === undefined) throw new Error(`the order's ${event} event needs the fact ${guard}`);
  return fact;
}

/** The move `event` makes from `state` with these facts, or null when the table allows none. */
export function orderTransition(state: OrderState, event: Exclude<OrderEvent, 'rewind'>, facts: Partial<OrderFacts> = {}): OrderMove | null {
  const row = ORDER_TRANSITIONS.find((t) => t.event === event && t.from.includes(state) && holds(t.when, facts, event));
  return row ? move(event, state, row.to) : null;
}

export function checkoutSteps(facts: Partial<OrderFacts>): CheckoutStep[] {
  return STEPS.filter((s) => holds(s.when, facts, 'next')).map((s) => s.step);
}

/** Where `next` leads from `state`, or null. */
export function nextState(state: OrderState, facts: Partial<OrderFacts>): OrderState | null {
  return orderTransition(state, 'next', facts)?.to ?? null;
}

/** The move back to `step`, an earlier checkout step of the order (Spree's checkout `state` parameter), or null. Never once it is complete. */
export function rewind(state: OrderState, step: string, facts: Partial<OrderFacts>): OrderMove | null {
  if (!inCheckout(state)) return null;
  const steps = checkoutSteps(facts);
  const target = steps.indexOf(step as CheckoutStep);
  const current = steps.indexOf(state as CheckoutStep);
  return target >= 0 && current >= 0 && target < current && step !== 'complete' ? move('rewind', state, step as CheckoutStep) : null;
}

/** States in which the order is still being checked out (its contents and addresses may change). */
export function inCheckout(state: OrderState): boolean {
  return CHECKOUT_STATES.includes(state);
}

/** Spree's `require_email`: an e-mail is needed once past the address step. */
export function requiresEmail(state: OrderState): boolean {
  return !(state === 'cart' || state === 'address');
}
