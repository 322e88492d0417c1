import { isPaymentEditable, isValidPayment, paymentEvent, paymentTransition, planAction } from './payment-states';

describe('payment state table', () => {
  it("moves as Spree's payment state machine", () => {
    expect(paymentTransition('checkout', 'started_processing')).toBe('processing');
    expect(paymentTransition('processing', 'complete')).toBe('completed');
    expect(paymentTransition('checkout', 'pend')).toBe('pending');
    expect(paymentTransition('completed', 'invalidate')).toBeNull();
    expect(paymentTransition('failed', 'void')).toBeNull();
  });

  it("gives invalidate's from-states for invalidating an order's older payments at once", () => {
    expect(paymentEvent('invalidate')).toEqual({ from: ['checkout'], to: 'invalid' });
  });

  it('plans an action as the moves its events make, each a row of the table', () => {
    expect(planAction('checkout', 'purchase')).toEqual({ kind: 'moves', moves: [{ from: 'checkout', to: 'processing' }, { from: 'processing', to: 'completed' }] });
    expect(planAction('pending', 'capture')).toEqual({ kind: 'moves', moves: [{ from: 'pending', to: 'processing' }, { from: 'processing', to: 'completed' }] });
    expect(planAction('completed', 'capture')).toEqual({ kind: 'done' });
    expect(planAction('pending', 'authorize')).toEqual({ kind: 'refused' });
    expect(planAction('completed', 'credit')).toEqual({ kind: 'moves', moves: [] });
  });

  it('counts all but failed and invalid payments; lets checkout and pending ones change', () => {
    expect(['checkout', 'void', 'completed'].every((s) => isValidPayment(s as never))).toBe(true);
    expect(isValidPayment('failed') || isValidPayment('invalid')).toBe(false);
    expect(isPaymentEditable('pending')).toBe(true);
    expect(isPaymentEditable('completed')).toBe(false);
  });
});
