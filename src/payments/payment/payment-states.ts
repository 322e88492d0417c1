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
 * What has already happened to a payment's money, beside its state: the
 * facts the actions' guards read (PaymentsService.moneyOf reads them under
 * the payment's row lock).
 */
export interface PaymentMoney {
  /** The payment is itself a credit: money given back from another payment (a negative one whose source is that payment). */
  isCredit: boolean;
  /** Money was given back from it: it is the source of completed credits. */
  credited: boolean;
}

/** A guard: the fact of PaymentMoney that refuses an action, and why (the 422 names `state`). */
type Guard = { refusedWhen: keyof PaymentMoney; reason: string };

/**
 * What each action does to the payment's state (Spree 2.2 `payment/processing.rb`):
 * the states it may start from, the events a success fires in order, the
 * state in which there is nothing left to do (Spree answers success at once),
 * and what already happened to the money that refuses it.
 *
 * Tighter than Spree where Spree would move money twice or credit money never
 * taken: authorize and purchase start only from `checkout` (Spree would
 * re-authorize or charge again a pending or completed payment), and credit
 * only from `completed` (Spree would mark an uncaptured payment completed).
 * Credit leaves the payment completed and makes a new negative one instead.
 * A payment that was credited cannot be voided (Spree would void a capture it
 * had refunded in part or in full: a second refund, and the order's books
 * below zero); what is left of it is credited instead. A credit is a refund:
 * it is never voided, captured again nor credited.
 */
const ACTIONS: Record<PaymentAction, { from: PaymentState[]; events: PaymentEvent[]; done?: PaymentState; guards: Guard[] }> = {
  authorize: { from: ['checkout'], events: ['started_processing', 'pend'], guards: [] },
  purchase: { from: ['checkout'], events: ['started_processing', 'complete'], guards: [] },
  capture: { from: ['checkout', 'pending'], events: ['started_processing', 'complete'], done: 'completed', guards: [] },
  void: {
    from: ['checkout', 'pending', 'completed'],
    events: ['void'],
    done: 'void',
    guards: [
      { refusedWhen: 'isCredit', reason: 'cannot void a credit' },
      { refusedWhen: 'credited', reason: 'cannot void a payment that has been credited (credit what is left of it instead)' },
    ],
  },
  credit: { from: ['completed'], events: [], guards: [{ refusedWhen: 'isCredit', reason: 'cannot credit a credit' }] },
};

export type ActionPlan =
  /** Nothing to do: the payment is already where the action leads. */
  | { kind: 'done' }
  /** The action does not apply to a payment in this state (`reason` given when its money refuses it). */
  | { kind: 'refused'; reason?: string }
  /** The states passed through on success, in order (each a transition of the table above). */
  | { kind: 'moves'; moves: Array<{ from: PaymentState; to: PaymentState }> };

export function planAction(state: PaymentState, action: PaymentAction, money: PaymentMoney): ActionPlan {
  const a = ACTIONS[action];
  if (a.done === state) return { kind: 'done' };
  const guard = a.guards.find((g) => money[g.refusedWhen]);
  if (guard) return { kind: 'refused', reason: guard.reason };
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

/**
 * States whose payments hold or may take the order's money: what the order's
 * payments add up to (credits count negative, as completed payments). Their
 * sum may not exceed the order's total unless an admin records an overpayment.
 */
export const OPEN_PAYMENT_STATES: readonly PaymentState[] = ['checkout', 'processing', 'pending', 'completed'];

/** States in which a payment's details (amount, method) may still change (Spree's `update_forbidden` otherwise). */
export function isPaymentEditable(state: PaymentState): boolean {
  return state === 'checkout' || state === 'pending';
}
