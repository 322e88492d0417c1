/**
 * Payment states and their transitions (Spree 2.2 `payment.rb`), as a table.
 * A payment starts in `checkout`; completing the order processes it.
 */
export type PaymentState = 'checkout' | 'processing' | 'pending' | 'completed' | 'failed' | 'void' | 'invalid';
export type PaymentEvent = 'started_processing' | 'pend' | 'complete' | 'failure' | 'void' | 'invalidate';

const TRANSITIONS: Record<PaymentEvent, { from: PaymentState[]; to: PaymentState }> = {
  started_processing: { from: ['checkout', 'pending', 'completed', 'processing'], to: 'processing' },
  pend: { from: ['checkout', 'processing'], to: 'pending' },
  complete: { from: ['processing', 'pending', 'checkout'], to: 'completed' },
  failure: { from: ['pending', 'processing'], to: 'failed' },
  void: { from: ['pending', 'completed', 'checkout'], to: 'void' },
  invalidate: { from: ['checkout'], to: 'invalid' },
};

/** The state after `event`, or null when the event does not apply. */
export function paymentTransition(state: PaymentState, event: PaymentEvent): PaymentState | null {
  const t = TRANSITIONS[event];
  return t.from.includes(state) ? t.to : null;
}

/** An event's row of the table (for set-based moves, which check the states in SQL). */
export function paymentEvent(event: PaymentEvent): { from: readonly PaymentState[]; to: PaymentState } {
  return TRANSITIONS[event];
}

/**
 * Payments that still count: Spree's `valid` scope, which leaves out only
 * failed and invalid ones (a voided payment still counts, so voiding an
 * order's only payment leaves it owing its balance, not `failed`).
 */
export function isValidPayment(state: PaymentState): boolean {
  return state !== 'failed' && state !== 'invalid';
}

/** The actions of the payments API (PUT /api/orders/:number/payments/:id/<action>). */
export type PaymentAction = 'authorize' | 'purchase' | 'capture' | 'void' | 'credit';

/**
 * What each action does to the payment's state (Spree 2.2 `payment/processing.rb`):
 * the states it may start from, the events a success fires in order, and the
 * state in which there is nothing left to do (Spree answers success at once).
 *
 * Tighter than Spree where Spree would move money twice or credit money never
 * taken: authorize and purchase start only from `checkout` (Spree would
 * re-authorize or charge again a pending or completed payment), and credit
 * only from `completed` (Spree would mark an uncaptured payment completed).
 * Credit leaves the payment completed and makes a new negative one instead.
 */
const ACTIONS: Record<PaymentAction, { from: PaymentState[]; events: PaymentEvent[]; done?: PaymentState }> = {
  authorize: { from: ['checkout'], events: ['started_processing', 'pend'] },
  purchase: { from: ['checkout'], events: ['started_processing', 'complete'] },
  capture: { from: ['checkout', 'pending'], events: ['started_processing', 'complete'], done: 'completed' },
  void: { from: ['checkout', 'pending', 'completed'], events: ['void'], done: 'void' },
  credit: { from: ['completed'], events: [] },
};

export type ActionPlan =
  /** Nothing to do: the payment is already where the action leads. */
  | { kind: 'done' }
  /** The action does not apply to a payment in this state. */
  | { kind: 'refused' }
  /** The states passed through on success, in order (each a transition of the table above). */
  | { kind: 'moves'; moves: Array<{ from: PaymentState; to: PaymentState }> };

export function planAction(state: PaymentState, action: PaymentAction): ActionPlan {
  const a = ACTIONS[action];
  if (a.done === state) return { kind: 'done' };
  if (!a.from.includes(state)) return { kind: 'refused' };
  const moves: Array<{ from: PaymentState; to: PaymentState }> = [];
  let current = state;
  for (const event of a.events) {
    const next = paymentTransition(current, event);
    if (!next) return { kind: 'refused' };
    moves.push({ from: current, to: next });
    current = next;
  }
  return { kind: 'moves', moves };
}

/** States in which a payment's details (amount, method) may still change (Spree's `update_forbidden` otherwise). */
export function isPaymentEditable(state: PaymentState): boolean {
  return state === 'checkout' || state === 'pending';
}
