import { isPaymentEditable, isValidPayment, OPEN_PAYMENT_STATES, PaymentAction, paymentEvent, PaymentEvent, PaymentMoney, PaymentState, paymentTransition, planAction } from './payment-states';

/** A payment nothing was given back from, and one that was credited. */
const UNTOUCHED: PaymentMoney = { isCredit: false, credited: false };
const CREDITED: PaymentMoney = { isCredit: false, credited: true };
const A_CREDIT: PaymentMoney = { isCredit: true, credited: false };

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
    expect(planAction('checkout', 'purchase', UNTOUCHED)).toEqual({ kind: 'moves', moves: [{ from: 'checkout', to: 'processing' }, { from: 'processing', to: 'completed' }] });
    expect(planAction('pending', 'capture', UNTOUCHED)).toEqual({ kind: 'moves', moves: [{ from: 'pending', to: 'processing' }, { from: 'processing', to: 'completed' }] });
    expect(planAction('completed', 'capture', UNTOUCHED)).toEqual({ kind: 'done' });
    expect(planAction('pending', 'authorize', UNTOUCHED)).toEqual({ kind: 'refused' });
    expect(planAction('completed', 'credit', UNTOUCHED)).toEqual({ kind: 'moves', moves: [] });
  });

  it('counts all but failed and invalid payments; lets checkout and pending ones change', () => {
    expect(['checkout', 'void', 'completed'].every((s) => isValidPayment(s as never))).toBe(true);
    expect(isValidPayment('failed') || isValidPayment('invalid')).toBe(false);
    expect(isPaymentEditable('pending')).toBe(true);
    expect(isPaymentEditable('completed')).toBe(false);
  });
});

const STATES: PaymentState[] = ['checkout', 'processing', 'pending', 'completed', 'failed', 'void', 'invalid'];
const EVENTS: PaymentEvent[] = ['started_processing', 'pend', 'complete', 'failure', 'void', 'invalidate'];
const ACTIONS: PaymentAction[] = ['authorize', 'purchase', 'capture', 'void', 'credit'];

describe('payment states', () => {
  it('move as the table says (Spree 2.2 payment.rb), and nowhere else', () => {
    const reachable = Object.fromEntries(EVENTS.map((event) => [event, STATES.filter((s) => paymentTransition(s, event) !== null).map((s) => `${s}→${paymentTransition(s, event)}`)]));
    expect(reachable).toEqual({
      started_processing: ['checkout→processing', 'processing→processing', 'pending→processing', 'completed→processing'],
      pend: ['checkout→pending', 'processing→pending'],
      complete: ['checkout→completed', 'processing→completed', 'pending→completed'],
      failure: ['processing→failed', 'pending→failed'],
      void: ['checkout→void', 'pending→void', 'completed→void'],
      invalidate: ['checkout→invalid'],
    });
  });

  it('failed, void and invalid payments are final', () => {
    for (const state of ['failed', 'void', 'invalid'] as const) expect(EVENTS.map((event) => paymentTransition(state, event))).toEqual(EVENTS.map(() => null));
  });

  it('every payment counts except failed and invalid ones (a voided one still counts)', () => {
    expect(STATES.filter(isValidPayment)).toEqual(['checkout', 'processing', 'pending', 'completed', 'void']);
  });

  it('only a payment in checkout or pending may still change', () => {
    expect(STATES.filter(isPaymentEditable)).toEqual(['checkout', 'pending']);
  });

  describe('the actions of the payments API', () => {
    it.each([
      ['authorize', 'checkout', { kind: 'moves', moves: [{ from: 'checkout', to: 'processing' }, { from: 'processing', to: 'pending' }] }],
      ['purchase', 'checkout', { kind: 'moves', moves: [{ from: 'checkout', to: 'processing' }, { from: 'processing', to: 'completed' }] }],
      ['capture', 'pending', { kind: 'moves', moves: [{ from: 'pending', to: 'processing' }, { from: 'processing', to: 'completed' }] }],
      ['capture', 'checkout', { kind: 'moves', moves: [{ from: 'checkout', to: 'processing' }, { from: 'processing', to: 'completed' }] }],
      ['capture', 'completed', { kind: 'done' }],
      ['void', 'completed', { kind: 'moves', moves: [{ from: 'completed', to: 'void' }] }],
      ['void', 'void', { kind: 'done' }],
      ['credit', 'completed', { kind: 'moves', moves: [] }],
    ] as Array<[PaymentAction, PaymentState, unknown]>)('%s from %s: %o', (action, state, plan) => {
      expect(planAction(state, action, UNTOUCHED)).toEqual(plan);
    });

    it('never moves money twice nor credits money never taken', () => {
      const allowed = Object.fromEntries(ACTIONS.map((action) => [action, STATES.filter((s) => planAction(s, action, UNTOUCHED).kind === 'moves')]));
      expect(allowed).toEqual({
        authorize: ['checkout'],
        purchase: ['checkout'],
        capture: ['checkout', 'pending'],
        void: ['checkout', 'pending', 'completed'],
        credit: ['completed'],
      });
    });

    it("each planned move is one of the table's transitions", () => {
      for (const action of ACTIONS) {
        for (const state of STATES) {
          const plan = planAction(state, action, UNTOUCHED);
          if (plan.kind !== 'moves') continue;
          expect(plan.moves[0]?.from ?? state).toBe(state);
          for (const move of plan.moves) expect(EVENTS.some((event) => paymentTransition(move.from, event) === move.to)).toBe(true);
        }
      }
    });

    it('never voids a payment whose money was given back in part or in full: no second refund', () => {
      expect(planAction('completed', 'void', CREDITED)).toEqual({ kind: 'refused', reason: 'cannot void a payment that has been credited (credit what is left of it instead)' });
      // A credited payment may still be credited (up to what is left) and is captured already.
      expect(planAction('completed', 'credit', CREDITED)).toEqual({ kind: 'moves', moves: [] });
      expect(planAction('completed', 'capture', CREDITED)).toEqual({ kind: 'done' });
    });

    it('a credit (a refund) is never voided nor credited', () => {
      expect(planAction('completed', 'void', A_CREDIT)).toEqual({ kind: 'refused', reason: 'cannot void a credit' });
      expect(planAction('completed', 'credit', A_CREDIT)).toEqual({ kind: 'refused', reason: 'cannot credit a credit' });
      for (const action of ['authorize', 'purchase'] as const) expect(planAction('completed', action, A_CREDIT).kind).toBe('refused');
    });

    it('what was given back refuses nothing that moves no money back (authorize, purchase, capture)', () => {
      for (const action of ['authorize', 'purchase', 'capture'] as const) {
        for (const state of STATES) expect(planAction(state, action, CREDITED)).toEqual(planAction(state, action, UNTOUCHED));
      }
    });
  });

  it("open payments, whose sum the order's total bounds: checkout, processing, pending, completed (credits among them)", () => {
    expect(OPEN_PAYMENT_STATES).toEqual(['checkout', 'processing', 'pending', 'completed']);
  });
});
