import { checkoutToPayment, createOrder, CreatedOrder, stockedProduct } from '../orders';
import type { TestApp } from '../test-app';
import type { TestUser } from '../users';
import type { StripeTestServer } from './stripe-test-server';

/** A Stripe payment method set up by an admin through /api/payment_methods, talking to the test server; its id. */
export async function createStripeMethod(
  t: TestApp,
  admin: TestUser,
  server: StripeTestServer,
  options: { name: string; publishableKey: string; signingSecret: string },
): Promise<number> {
  const res = await t
    .http()
    .post('/api/payment_methods')
    .set(admin.auth)
    .send({
      payment_method: {
        name: options.name,
        type: 'Spree::Gateway::StripeGateway',
        display_on: 'both',
        preferred_secret_key: server.secretKey,
        preferred_publishable_key: options.publishableKey,
        preferred_webhook_signing_secret: options.signingSecret,
      },
    })
    .expect(201);
  return res.body.id;
}

/** What a storefront sends after Stripe.js tokenized a card: the PaymentMethod id and the card's display fields. */
export function tokenizedCard(pm: string, lastDigits = '3184'): Record<string, string> {
  return { gateway_payment_profile_id: pm, last_digits: lastDigits, month: '12', year: String(new Date().getFullYear() + 3), cc_type: 'visa', name: 'John Doe' };
}

/** A guest's order at confirm (one unit of a new product at 19.99, 5 in stock), paid with the tokenized card `pm` through Stripe method `methodId`. */
export async function stripeOrderAtConfirm(t: TestApp, methodId: number, pm: string): Promise<{ order: CreatedOrder; variantId: number }> {
  const product = await stockedProduct(t.db, { price: '19.99', count: 5 });
  const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
  await checkoutToPayment(t, order);
  const res = await t
    .http()
    .put(`/api/checkouts/${order.number}`)
    .set(order.guest)
    .send({ order: { payments_attributes: [{ payment_method_id: methodId }] }, payment_source: { [methodId]: tokenizedCard(pm) } })
    .expect(200);
  if (res.body.state !== 'confirm') throw new Error(`the order is at ${res.body.state}, not confirm`);
  return { order, variantId: product.masterVariantId };
}
