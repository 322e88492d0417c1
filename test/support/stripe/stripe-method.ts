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
