import type Stripe from 'stripe';
import { providerEventOf } from './stripe.gateway';

/** Stripe's events as the service reads them (the webhook's normalization; no network). */
describe('providerEventOf', () => {
  const event = (type: string, object: Record<string, unknown>) => ({ id: 'evt_1', object: 'event', type, data: { object } }) as unknown as Stripe.Event;
  const intent = { id: 'pi_1', object: 'payment_intent', amount: 2499, amount_capturable: 2499, amount_received: 0, currency: 'usd', last_payment_error: null, cancellation_reason: null };

  it('an authorization and a charge of a PaymentIntent', () => {
    expect(providerEventOf(event('payment_intent.amount_capturable_updated', intent))).toEqual({
      id: 'evt_1',
      type: 'payment_intent.amount_capturable_updated',
      kind: 'authorized',
      authorization: 'pi_1',
      amount: 2499,
      currency: 'usd',
    });
    expect(providerEventOf(event('payment_intent.succeeded', { ...intent, amount_capturable: 0, amount_received: 1000 }))).toMatchObject({ kind: 'captured', amount: 1000 });
  });

  it('a failure names Stripe\'s message; a cancellation its reason', () => {
    const failed = { ...intent, last_payment_error: { message: 'The provided PaymentMethod has failed authentication.' } };
    expect(providerEventOf(event('payment_intent.payment_failed', failed))).toMatchObject({ kind: 'failed', reason: 'The provided PaymentMethod has failed authentication.' });
    expect(providerEventOf(event('payment_intent.canceled', { ...intent, cancellation_reason: 'abandoned' }))).toMatchObject({ kind: 'canceled', reason: 'abandoned' });
  });

  it('charge.refunded counts refunds only: the uncaptured remainder of a partial capture, or a released authorization, is left out', () => {
    const charge = { id: 'ch_1', object: 'charge', payment_intent: 'pi_1', currency: 'usd', amount: 2499 };
    // Captured 10.00 of 24.99 (14.99 released), then 5.00 refunded.
    expect(providerEventOf(event('charge.refunded', { ...charge, captured: true, amount_captured: 1000, amount_refunded: 1999 }))).toMatchObject({
      kind: 'refunded',
      authorization: 'pi_1',
      amount: 500,
      reference: 'ch_1',
    });
    // An authorization canceled: nothing was refunded.
    expect(providerEventOf(event('charge.refunded', { ...charge, captured: false, amount_captured: 0, amount_refunded: 2499 }))).toMatchObject({ amount: 0 });
    // Captured in full and refunded in full; the newest refund named when Stripe includes them.
    expect(
      providerEventOf(event('charge.refunded', { ...charge, captured: true, amount_captured: 2499, amount_refunded: 2499, refunds: { data: [{ id: 're_2' }, { id: 're_1' }] } })),
    ).toMatchObject({ amount: 2499, reference: 're_2' });
  });

  it('a dispute, by its PaymentIntent', () => {
    const dispute = { id: 'dp_1', object: 'dispute', charge: 'ch_1', payment_intent: 'pi_1', amount: 2499, currency: 'usd', reason: 'fraudulent' };
    expect(providerEventOf(event('charge.dispute.created', dispute))).toMatchObject({ kind: 'disputed', authorization: 'pi_1', amount: 2499, reference: 'dp_1', reason: 'fraudulent' });
    expect(providerEventOf(event('charge.dispute.created', { ...dispute, payment_intent: null }))).toBeNull();
  });

  it('other types are not acted on', () => {
    expect(providerEventOf(event('payment_intent.created', intent))).toBeNull();
    expect(providerEventOf(event('customer.created', { id: 'cus_1' }))).toBeNull();
  });
});
