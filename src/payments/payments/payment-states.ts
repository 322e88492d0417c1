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

/** Payments that still count (Spree's `valid` scope). */
export function isValidPayment(state: PaymentState): boolean {
  return state !== 'failed' && state !== 'invalid' && state !== 'void';
}
