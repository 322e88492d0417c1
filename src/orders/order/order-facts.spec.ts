import { checkoutFacts, shippingFacts } from './order-facts';

describe('order facts', () => {
  it('needs a payment when the total is above zero', () => {
    expect(checkoutFacts({ total: '0.01', state: 'delivery' }, []).paymentRequired).toBe(true);
    expect(checkoutFacts({ total: '0.00', state: 'delivery' }, []).paymentRequired).toBe(false);
  });

  it('needs a confirmation when a valid payment keeps a card profile, or at confirm already', () => {
    const card = { state: 'checkout' as const, methodType: 'Spree::Gateway::Bogus' };
    expect(checkoutFacts({ total: '10.00', state: 'payment' }, [card]).confirmationRequired).toBe(true);
    expect(checkoutFacts({ total: '10.00', state: 'payment' }, [{ ...card, state: 'invalid' }]).confirmationRequired).toBe(false);
    expect(checkoutFacts({ total: '10.00', state: 'payment' }, [{ state: 'checkout', methodType: 'Spree::PaymentMethod::Check' }]).confirmationRequired).toBe(false);
    expect(checkoutFacts({ total: '10.00', state: 'confirm' }, []).confirmationRequired).toBe(true);
  });

  it('counts an order as unshipped while its shipments are pending, ready or backordered (or it has none)', () => {
    for (const shipmentState of [null, 'pending', 'ready', 'backorder']) expect(shippingFacts({ shipmentState }).unshipped).toBe(true);
    for (const shipmentState of ['shipped', 'partial', 'canceled']) expect(shippingFacts({ shipmentState }).unshipped).toBe(false);
  });
});
