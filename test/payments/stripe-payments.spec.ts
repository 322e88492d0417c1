import { CapturingLogger } from '../support/capturing-logger';
import { checkoutToPayment, createOrder, CreatedOrder, stockedProduct } from '../support/orders';
import { createStripeMethod } from '../support/stripe/stripe-method';
import { StripeTestServer } from '../support/stripe/stripe-test-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * The Stripe payment method (issue 28, first slice) end to end: an admin sets it up through /api/payment_methods,
 * a guest pays with a card tokenized by Stripe.js (a test PaymentMethod of the test server), and the service talks
 * to the Stripe-compatible test server through the official SDK (STRIPE_API_BASE). Each flow checks what the
 * test server recorded of the PaymentIntent too, and `stop()` fails on any answer that departed from Stripe's
 * OpenAPI specification.
 */
describe('Stripe payments', () => {
  let server: StripeTestServer;
  let t: TestApp;
  let admin: TestUser;
  let stripeMethod: number;
  const accessLog: string[] = [];
  const appLog = new CapturingLogger();

  const PUBLISHABLE_KEY = 'pk_test_51PublishableKeyForTheStorefront';
  const SIGNING_SECRET = 'whsec_test_signingSecretNeverShownBack';
  const RAW_NUMBER = '4242424242424242';
  const year = String(new Date().getFullYear() + 3);
  const tokenized = (pm: string) => ({ gateway_payment_profile_id: pm, last_digits: '4242', month: '12', year, cc_type: 'visa', name: 'John Doe' });
  const intentOf = (id: string) => server.account.paymentIntents.get(id) as Record<string, any>;
  const refundsOf = (intent: string) => [...server.account.refunds.values()].filter((r) => r.payment_intent === intent) as Array<Record<string, any>>;
  const countOnHand = async (variantId: number) => Number((await t.db.query(`SELECT sum(count_on_hand) AS n FROM stock_items WHERE variant_id = $1`, [variantId]))[0].n);

  /** A guest's order at the payment step, then paid with `source` for the Stripe method; returns the last answer. */
  async function payWith(source: Record<string, string>, price = '19.99'): Promise<{ order: CreatedOrder; variantId: number; atPayment: Record<string, any>; res: import('supertest').Response }> {
    const product = await stockedProduct(t.db, { price, count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const atPayment = await checkoutToPayment(t, order);
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: stripeMethod }] }, payment_source: { [stripeMethod]: source } });
    return { order, variantId: product.masterVariantId, atPayment, res };
  }

  /** A guest checkout with a tokenized card up to completion (authorized at the confirm step's PUT). */
  async function completedWith(pm: string) {
    const paid = await payWith(tokenized(pm));
    expect(paid.res.status).toBe(200);
    expect(paid.res.body.state).toBe('confirm');
    const completion = await t.http().put(`/api/checkouts/${paid.order.number}`).set(paid.order.guest);
    return { ...paid, completion };
  }

  const paymentsOf = (order: CreatedOrder) => `/api/orders/${order.number}/payments`;

  beforeAll(async () => {
    server = await StripeTestServer.start();
    t = await createTestApp({ STRIPE_API_BASE: server.url }, { logLevel: 'debug', logDestination: { write: (line: string) => void accessLog.push(line) }, logger: appLog });
    admin = await createAdmin(t.db);
    stripeMethod = await createStripeMethod(t, admin, server, { name: 'Stripe', publishableKey: PUBLISHABLE_KEY, signingSecret: SIGNING_SECRET });
  });
  afterAll(async () => {
    await t.close();
    expect(server.auditProblems).toEqual([]);
    await server.stop();
  });

  describe('settings', () => {
    it('shows the publishable key and which settings are set, never the secrets; they are stored sealed', async () => {
      const res = await t.http().get(`/api/payment_methods/${stripeMethod}`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({
        type: 'Spree::Gateway::StripeGateway',
        publishable_key: PUBLISHABLE_KEY,
        settings_set: ['secret_key', 'publishable_key', 'webhook_signing_secret'],
      });
      const list = await t.http().get('/api/payment_methods').set(admin.auth).expect(200);
      for (const body of [res.body, list.body]) {
        expect(JSON.stringify(body)).not.toContain(server.secretKey);
        expect(JSON.stringify(body)).not.toContain(SIGNING_SECRET);
      }
      const [{ preferences }] = await t.db.query(`SELECT preferences FROM payment_methods WHERE id = $1`, [stripeMethod]);
      expect(preferences.publishable_key).toBe(PUBLISHABLE_KEY);
      expect(preferences.secret_key).toMatch(/^v1\./);
      expect(preferences.webhook_signing_secret).toMatch(/^v1\./);
      expect(JSON.stringify(preferences)).not.toContain(server.secretKey);
      expect(JSON.stringify(preferences)).not.toContain(SIGNING_SECRET);
    });

    it('refuses a setting the type does not take; a blank one removes it', async () => {
      const [{ id: bogus }] = await t.db.query(`SELECT id FROM payment_methods WHERE name = 'Credit Card'`);
      const refused = await t.http().put(`/api/payment_methods/${bogus}`).set(admin.auth).send({ payment_method: { preferred_secret_key: 'sk_test_x' } }).expect(422);
      expect(refused.body.errors).toEqual({ preferred_secret_key: ['is not a setting of Spree::Gateway::Bogus'] });

      const other = await t
        .http()
        .post('/api/payment_methods')
        .set(admin.auth)
        .send({ payment_method: { name: 'Stripe (spare)', type: 'Spree::Gateway::StripeGateway', active: false, preferred_publishable_key: 'pk_test_spare', preferred_secret_key: 'sk_test_spare' } })
        .expect(201);
      expect(other.body.settings_set).toEqual(['secret_key', 'publishable_key']);
      const cleared = await t.http().put(`/api/payment_methods/${other.body.id}`).set(admin.auth).send({ payment_method: { preferred_publishable_key: '' } }).expect(200);
      expect(cleared.body).toMatchObject({ publishable_key: null, settings_set: ['secret_key'] });
    });

    it('offers the publishable key to the storefront at the payment step', async () => {
      const product = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      const atPayment = await checkoutToPayment(t, order);
      expect(atPayment.state).toBe('payment');
      expect(atPayment.payment_methods).toContainEqual({ id: stripeMethod, name: 'Stripe', environment: 'development', method_type: 'gateway', publishable_key: PUBLISHABLE_KEY });
      expect(JSON.stringify(atPayment)).not.toContain(server.secretKey);
    });
  });

  describe('a guest checkout with a tokenized card', () => {
    it('authorizes at completion, captures later, refunds in part, then in full', async () => {
      const { order, completion } = await completedWith('pm_card_visa');
      expect(completion.status).toBe(200);
      // 19.99 and 5.00 of shipping.
      expect(completion.body).toMatchObject({ state: 'complete', payment_state: 'balance_due', total: '24.99' });
      const [payment] = completion.body.payments;
      expect(payment).toMatchObject({ state: 'pending', amount: '24.99', source: { last_digits: '4242', cc_type: 'visa', month: '12', year, name: 'John Doe' } });
      expect(payment.response_code).toMatch(/^pi_/);
      const intentId: string = payment.response_code;
      expect(intentOf(intentId)).toMatchObject({ status: 'requires_capture', capture_method: 'manual', amount: 2499, amount_capturable: 2499, amount_received: 0, currency: 'usd' });
      expect(intentOf(intentId).metadata).toMatchObject({ order_id: String(order.id) });
      // The card kept is what may be shown and Stripe's token, nothing more.
      const [card] = await t.db.query(`SELECT * FROM credit_cards WHERE id = $1`, [payment.source.id]);
      expect(card).toMatchObject({ last_digits: '4242', gateway_payment_profile_id: 'pm_card_visa', gateway_customer_profile_id: null });

      const captured = await t.http().put(`${paymentsOf(order)}/${payment.id}/capture`).set(admin.auth).expect(200);
      expect(captured.body).toMatchObject({ state: 'completed', amount: '24.99' });
      expect(intentOf(intentId)).toMatchObject({ status: 'succeeded', amount_received: 2499, amount_capturable: 0 });
      expect(server.executed('POST /v1/payment_intents/{intent}/capture')).toHaveLength(1);
      const paid = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
      expect(paid.body).toMatchObject({ payment_state: 'paid', payment_total: '24.99' });

      await t.http().put(`${paymentsOf(order)}/${payment.id}/credit`).set(admin.auth).send({ amount: '5.00' }).expect(200);
      expect(refundsOf(intentId).map((r) => [r.amount, r.status])).toEqual([[500, 'succeeded']]);

      const tooMuch = await t.http().put(`${paymentsOf(order)}/${payment.id}/credit`).set(admin.auth).send({ amount: '20.00' }).expect(422);
      expect(tooMuch.body.error).toBe('This payment can only be credited up to 19.99. Please specify an amount less than or equal to this number.');
      expect(refundsOf(intentId)).toHaveLength(1);

      await t.http().put(`${paymentsOf(order)}/${payment.id}/credit`).set(admin.auth).send({ amount: '19.99' }).expect(200);
      expect(refundsOf(intentId).map((r) => r.amount)).toEqual([500, 1999]);
      const charge = server.account.charges.get(intentOf(intentId).latest_charge) as unknown as Record<string, any>;
      expect(JSON.stringify(charge)).toMatch(/"amount_refunded":2499/);

      const credits = cents(await t.db.query(`SELECT amount, state, response_code FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1 ORDER BY id`, [payment.id]));
      expect(credits.map((c: any) => [c.amount, c.state])).toEqual([
        ['-5.00', 'completed'],
        ['-19.99', 'completed'],
      ]);
      for (const c of credits) expect(c.response_code).toMatch(/^re_/);
      const refunded = await t.http().put(`${paymentsOf(order)}/${payment.id}/credit`).set(admin.auth).send({ amount: '0.01' }).expect(422);
      expect(refunded.body.error).toMatch(/can only be credited up to 0\.0/);
      // Every call went through the journal and is settled.
      const journal = await t.db.query(`SELECT operation, state, amount_cents FROM gateway_operations WHERE payment_id = $1 ORDER BY id`, [payment.id]);
      expect(journal.map((j: any) => [j.operation, j.state, Number(j.amount_cents)])).toEqual([
        ['authorize', 'settled', 2499],
        ['capture', 'settled', 2499],
        ['credit', 'settled', 500],
        ['credit', 'settled', 1999],
      ]);
    });

    it('captures part of an authorization: the payment keeps what was taken, Stripe releases the rest', async () => {
      const { order, completion } = await completedWith('pm_card_mastercard');
      const [payment] = completion.body.payments;
      const over = await t.http().put(`${paymentsOf(order)}/${payment.id}/capture`).set(admin.auth).send({ amount: '25.00' }).expect(422);
      expect(over.body.errors).toEqual({ amount: ["must be less than or equal to 24.99, the payment's amount"] });
      const captured = await t.http().put(`${paymentsOf(order)}/${payment.id}/capture`).set(admin.auth).send({ amount: '12.50' }).expect(200);
      expect(captured.body).toMatchObject({ state: 'completed', amount: '12.50' });
      expect(intentOf(payment.response_code)).toMatchObject({ status: 'succeeded', amount_received: 1250, amount_capturable: 0 });
      const after = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
      expect(after.body).toMatchObject({ payment_state: 'balance_due', payment_total: '12.50' });
    });

    it('voids an authorization: the PaymentIntent is canceled', async () => {
      const { order, completion } = await completedWith('pm_card_visa');
      const [payment] = completion.body.payments;
      const voided = await t.http().put(`${paymentsOf(order)}/${payment.id}/void`).set(admin.auth).expect(200);
      expect(voided.body.state).toBe('void');
      expect(intentOf(payment.response_code)).toMatchObject({ status: 'canceled', amount_received: 0 });
    });

    it('captures at once when the method auto-captures', async () => {
      await t.http().put(`/api/payment_methods/${stripeMethod}`).set(admin.auth).send({ payment_method: { auto_capture: true } }).expect(200);
      try {
        const { completion } = await completedWith('pm_card_visa');
        expect(completion.status).toBe(200);
        expect(completion.body).toMatchObject({ state: 'complete', payment_state: 'paid' });
        const [payment] = completion.body.payments;
        expect(payment.state).toBe('completed');
        expect(intentOf(payment.response_code)).toMatchObject({ status: 'succeeded', capture_method: 'automatic', amount_received: 2499 });
      } finally {
        await t.http().put(`/api/payment_methods/${stripeMethod}`).set(admin.auth).send({ payment_method: { auto_capture: null } }).expect(200);
      }
    });
  });

  describe("a signed-in customer's saved card", () => {
    /** A signed-in customer's order at the payment step. */
    async function ownOrderAtPayment(user: TestUser): Promise<CreatedOrder> {
      const product = await stockedProduct(t.db, { price: '10.00', count: 5 });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
      await checkoutToPayment(t, order, user.email);
      return order;
    }
    const complete = (order: CreatedOrder, body: Record<string, unknown>) => t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send(body).expect(200);

    it('is saved with a Stripe customer of its own at the first payment, and pays again through existing_card', async () => {
      const user = await createUser(t.db);
      const first = await ownOrderAtPayment(user);
      await complete(first, { order: { payments_attributes: [{ payment_method_id: stripeMethod }] }, payment_source: { [stripeMethod]: tokenized('pm_card_visa') } });
      const done = (await complete(first, {})).body;
      expect(done.state).toBe('complete');
      const firstIntent = intentOf(done.payments[0].response_code);
      expect(firstIntent).toMatchObject({ status: 'requires_capture', setup_future_usage: 'off_session' });
      const customerId: string = firstIntent.customer;
      expect(server.account.customers.get(customerId)).toMatchObject({ email: user.email, metadata: { user_id: String(user.id) } });
      // The card row now names the customer and the PaymentMethod Stripe attached to it.
      const [card] = await t.db.query(`SELECT id, gateway_customer_profile_id, gateway_payment_profile_id FROM credit_cards WHERE id = $1`, [done.payments[0].source.id]);
      expect(card.gateway_customer_profile_id).toBe(customerId);
      expect(card.gateway_payment_profile_id).toBe(firstIntent.payment_method);
      expect(server.account.paymentMethods.get(firstIntent.payment_method)!.json.customer).toBe(customerId);

      // Listed among the customer's saved cards, then paid with again.
      const saved = await t.http().get(`/api/users/${user.id}/credit_cards`).set(user.auth).expect(200);
      expect(saved.body.credit_cards.map((c: { id: number; default: boolean }) => [c.id, c.default])).toEqual([[card.id, true]]);
      const second = await ownOrderAtPayment(user);
      expect((await complete(second, { order: { existing_card: String(card.id) } })).body.state).toBe('confirm');
      const again = (await complete(second, {})).body;
      expect(again.state).toBe('complete');
      const secondIntent = intentOf(again.payments[0].response_code);
      expect(secondIntent).toMatchObject({ status: 'requires_capture', customer: customerId, payment_method: firstIntent.payment_method, setup_future_usage: null });
      // One customer for the user, however many cards and payments.
      expect([...server.account.customers.values()].filter((c) => c.metadata?.user_id === String(user.id))).toHaveLength(1);
    });

    it('removed by its customer: detached from the Stripe customer, and refused by existing_card', async () => {
      const user = await createUser(t.db);
      const first = await ownOrderAtPayment(user);
      await complete(first, { order: { payments_attributes: [{ payment_method_id: stripeMethod }] }, payment_source: { [stripeMethod]: tokenized('pm_card_visa') } });
      const done = (await complete(first, {})).body;
      const pm: string = intentOf(done.payments[0].response_code).payment_method;
      expect(server.account.paymentMethods.get(pm)!.json.customer).not.toBeNull();
      await t.http().delete(`/api/users/${user.id}/credit_cards/${done.payments[0].source.id}`).set(user.auth).expect(204);
      expect(server.account.paymentMethods.get(pm)!.json.customer).toBeNull();
      expect(server.executed('POST /v1/payment_methods/{payment_method}/detach')).not.toHaveLength(0);
      const second = await ownOrderAtPayment(user);
      const refused = await t.http().put(`/api/checkouts/${second.number}`).set(second.guest).send({ order: { existing_card: String(done.payments[0].source.id) } }).expect(422);
      expect(refused.body.error).toBe('Invalid credit card.');
    });

    it("a second card of the same customer is saved with the same Stripe customer; a guest's card with none", async () => {
      const user = await createUser(t.db);
      const first = await ownOrderAtPayment(user);
      await complete(first, { order: { payments_attributes: [{ payment_method_id: stripeMethod }] }, payment_source: { [stripeMethod]: tokenized('pm_card_visa') } });
      const customerId = intentOf((await complete(first, {})).body.payments[0].response_code).customer;
      const second = await ownOrderAtPayment(user);
      await complete(second, { order: { payments_attributes: [{ payment_method_id: stripeMethod }] }, payment_source: { [stripeMethod]: tokenized('pm_card_mastercard') } });
      const secondIntent = intentOf((await complete(second, {})).body.payments[0].response_code);
      expect(secondIntent.customer).toBe(customerId);
      const cards = await t.db.query(`SELECT DISTINCT gateway_customer_profile_id AS c FROM credit_cards WHERE user_id = $1`, [user.id]);
      expect(cards).toEqual([{ c: customerId }]);

      const { completion } = await completedWith('pm_card_visa');
      const guestIntent = intentOf(completion.body.payments[0].response_code);
      expect([guestIntent.customer, guestIntent.setup_future_usage]).toEqual([null, null]);
    });
  });

  describe('refusals', () => {
    it('a declined card: 422 naming the decline, the order not completed, nothing charged, no stock taken', async () => {
      const intentsBefore = server.account.paymentIntents.size;
      const { order, variantId, completion } = await completedWith('pm_card_chargeDeclined');
      expect(completion.status).toBe(422);
      expect(completion.body.error).toBe('Your card was declined. (generic_decline)');
      expect(completion.body.errors).toEqual({ base: ['Your card was declined. (generic_decline)'] });
      const after = await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
      expect(after.body.state).toBe('confirm');
      expect(after.body.payments.map((p: any) => p.state)).toEqual(['checkout']);
      expect(await countOnHand(variantId)).toBe(5);
      // Stripe made an intent, held nothing on it, took nothing.
      const intents = [...server.account.paymentIntents.values()].slice(intentsBefore) as Array<Record<string, any>>;
      expect(intents.map((i) => [i.status, i.amount_received, i.amount_capturable ?? 0])).toEqual([['requires_payment_method', 0, 0]]);
      const [journal] = await t.db.query(`SELECT operation, state FROM gateway_operations WHERE order_id = $1`, [order.id]);
      expect(journal).toEqual({ operation: 'authorize', state: 'declined' });
    });

    it('a raw card number or verification value: 422, nothing sent to Stripe, never stored or logged', async () => {
      const callsBefore = server.calls.length;
      const cardsBefore = Number((await t.db.query(`SELECT count(*) AS n FROM credit_cards`))[0].n);
      const { res } = await payWith({ number: RAW_NUMBER, verification_value: '314', month: '12', year, name: 'John Doe' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'Invalid resource. Please fix errors and try again.',
        errors: {
          'payments.Stripe': [
            'Number must not be sent for this payment method: send the card tokenized by its provider (gateway_payment_profile_id)',
            'Verification Value must not be sent for this payment method',
            "Gateway Payment Profile can't be blank",
            'Last Digits must be the 4 last digits of the card',
          ],
        },
      });
      // Even with a token beside it.
      const { res: withToken } = await payWith({ ...tokenized('pm_card_visa'), number: RAW_NUMBER });
      expect(withToken.status).toBe(422);
      expect(server.calls.length).toBe(callsBefore);
      expect(Number((await t.db.query(`SELECT count(*) AS n FROM credit_cards`))[0].n)).toBe(cardsBefore);
      const everything = JSON.stringify(await t.db.query(`SELECT * FROM credit_cards`)) + JSON.stringify(await t.db.query(`SELECT * FROM gateway_operations`));
      expect(everything).not.toContain(RAW_NUMBER);
      expect(accessLog.join('\n')).not.toContain(RAW_NUMBER);
      expect(appLog.joined()).not.toContain(RAW_NUMBER);
      expect(accessLog.join('\n') + appLog.joined()).not.toContain(server.secretKey);
    });

    it('a card token for the bogus gateway is refused: it takes card numbers only', async () => {
      const product = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      await checkoutToPayment(t, order);
      const [{ id: bogus }] = await t.db.query(`SELECT id FROM payment_methods WHERE name = 'Credit Card'`);
      const res = await t
        .http()
        .put(`/api/checkouts/${order.number}`)
        .set(order.guest)
        .send({ order: { payments_attributes: [{ payment_method_id: bogus }] }, payment_source: { [bogus]: { ...tokenized('BGS-123'), number: '4111111111111111', verification_value: '123' } } })
        .expect(422);
      expect(res.body.errors['payments.Credit Card']).toEqual(['Gateway Payment Profile is not taken by this payment method: send the card number']);
    });

    // Last: the failures it injects are all used up by its own request.
    it('Stripe not answering: 503, the order not completed, nothing kept; the journal keeps the call for the reconciler', async () => {
      server.failNext('POST /v1/payment_intents', 'api-error', 2);
      const { order, variantId, completion } = await completedWith('pm_card_visa');
      expect(completion.status).toBe(503);
      const after = await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
      expect(after.body.state).toBe('confirm');
      expect(await countOnHand(variantId)).toBe(5);
      const [journal] = await t.db.query(`SELECT operation, state, last_error FROM gateway_operations WHERE order_id = $1`, [order.id]);
      expect(journal).toMatchObject({ operation: 'authorize', state: 'pending' });
      expect(journal.last_error).not.toContain(server.secretKey);
    });
  });
});
