import Stripe from 'stripe';
import { StripeTestServer } from '../support/stripe/stripe-test-server';
import { answerProblems, componentSchema, eventProblems, schemaProblems, stripeOpenApi, stripeOperation } from '../support/stripe/stripe-openapi';
import { WebhookReceiver } from '../support/webhook-receiver';

/**
 * The Stripe-compatible test server (test/support/stripe) driven by the
 * official `stripe` SDK through each flow the service will use. Every answer
 * it gives and every event it writes is checked against the subset of
 * Stripe's published OpenAPI specification kept as a fixture: `stop()` in
 * afterEach fails the test on any departure, and the last tests show that
 * the check does catch a wrong answer.
 */
describe('Stripe test server, through the official SDK', () => {
  let server: StripeTestServer;
  let stripe: Stripe;

  beforeEach(async () => {
    server = await StripeTestServer.start();
    stripe = server.client();
  });
  afterEach(async () => {
    expect(server.auditProblems).toEqual([]);
    await server.stop();
  });

  // Card payments without redirects: no return_url needed (common ground of the API versions; see README).
  const CARDS_ONLY = { enabled: true, allow_redirects: 'never' } as const;
  const eventTypes = () => server.events.map((e) => e.type);
  const cardPayment = (params: Partial<Stripe.PaymentIntentCreateParams> = {}) =>
    stripe.paymentIntents.create({ amount: 1000, currency: 'usd', automatic_payment_methods: CARDS_ONLY, ...params });

  describe('the fixture', () => {
    it('is self-contained: every $ref of the subset resolves within it', () => {
      const refs = JSON.stringify(stripeOpenApi()).match(/"#\/components\/schemas\/[^"]+"/g) ?? [];
      expect(refs.length).toBeGreaterThan(100);
      for (const ref of new Set(refs)) expect(() => componentSchema(JSON.parse(ref))).not.toThrow();
    });

    it('names the published specification it was taken from and its API version', () => {
      expect(stripeOpenApi()['x-subset'].source).toMatch(/stripe\/openapi/);
      expect(stripeOpenApi().info.version).toMatch(/^\d{4}-\d{2}-\d{2}/);
    });

    it('describes every operation the server implements, and the server implements every operation of the subset', async () => {
      const operations = stripeOpenApi()['x-subset'].operations;
      for (const name of operations) {
        const [method, template] = name.split(' ');
        const path = template.replace(/\{[^}]+\}/g, 'x_missing');
        expect(stripeOperation(method, path)?.name).toBe(name);
        const res = await fetch(`${server.url}${path}`, { method, headers: { authorization: `Bearer ${server.secretKey}` } });
        expect(res.status).not.toBe(500);
        expect(server.calls.at(-1)!.operation).toBe(name);
      }
    });
  });

  describe('authentication and errors', () => {
    it('refuses a wrong secret key with 401 and Stripe’s error', async () => {
      const intruder = new Stripe('sk_test_not_this_account', server.sdkOptions());
      await expect(intruder.customers.create({})).rejects.toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
      const res = await fetch(`${server.url}/v1/customers`, { method: 'POST' });
      expect(res.status).toBe(401);
      expect(((await res.json()) as any).error.message).toMatch(/You did not provide an API key/);
    });

    it('answers 404 resource_missing for an unknown object, naming the parameter', async () => {
      await expect(stripe.paymentIntents.retrieve('pi_nothing')).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
        statusCode: 404,
        code: 'resource_missing',
        param: 'intent',
        message: "No such payment_intent: 'pi_nothing'",
      });
      await expect(stripe.customers.retrieve('cus_nothing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });

    it('refuses unknown, missing and malformed parameters as Stripe does, and parameters it does not implement', async () => {
      await expect(cardPayment({ amount: undefined })).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'amount' });
      await expect(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', foo: 'bar' } as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
        statusCode: 400,
        code: 'parameter_unknown',
        message: 'Received unknown parameter: foo',
      });
      await expect(cardPayment({ payment_method_options: { card: { foo: 1 } } } as unknown as Stripe.PaymentIntentCreateParams)).rejects.toMatchObject({
        code: 'parameter_unknown',
        param: 'payment_method_options[card][foo]',
      });
      await expect(cardPayment({ amount: 'ten' as unknown as number })).rejects.toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'amount' });
      // Known to Stripe, not to this server: refused loudly rather than ignored.
      await expect(cardPayment({ statement_descriptor_suffix: 'SHOP' })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/test server does not implement/) });
      await expect(stripe.paymentIntents.retrieve('pi_x', { expand: ['review'] })).rejects.toMatchObject({ statusCode: 400, message: 'This property cannot be expanded (review).' });
      expect(server.account.paymentIntents.size).toBe(0);
    });
  });

  describe('payment intents', () => {
    it('charges at once with pm_card_visa: a new PaymentMethod, a captured charge, the events', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', confirm: true, metadata: { order: 'R100' } });
      expect(intent).toMatchObject({ status: 'succeeded', amount_received: 1000, amount_capturable: 0, capture_method: 'automatic', metadata: { order: 'R100' } });
      expect(intent.payment_method).toMatch(/^pm_/);
      expect(intent.payment_method).not.toBe('pm_card_visa');
      const expanded = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge', 'payment_method'] });
      const charge = expanded.latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ id: intent.latest_charge, captured: true, amount_captured: 1000, amount_refunded: 0, paid: true, status: 'succeeded' });
      expect((expanded.payment_method as Stripe.PaymentMethod).card).toMatchObject({ brand: 'visa', last4: '4242' });
      expect(eventTypes()).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
    });

    it('authorizes, then captures part: amount_capturable, amount_received, the remainder released', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_mastercard', capture_method: 'manual', confirm: true });
      expect(intent).toMatchObject({ status: 'requires_capture', amount_capturable: 1000, amount_received: 0 });
      await expect(stripe.paymentIntents.capture(intent.id, { amount_to_capture: 1001 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount_to_capture' });
      const captured = await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 600 });
      expect(captured).toMatchObject({ status: 'succeeded', amount_capturable: 0, amount_received: 600 });
      const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ captured: true, amount_captured: 600, amount_refunded: 400, refunded: false });
      await expect(stripe.paymentIntents.capture(intent.id)).rejects.toMatchObject({
        statusCode: 400,
        code: 'payment_intent_unexpected_state',
        payment_intent: expect.objectContaining({ id: intent.id, status: 'succeeded' }),
      });
      expect(eventTypes()).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.amount_capturable_updated', 'charge.captured', 'payment_intent.succeeded']);
      expect(server.executed('POST /v1/payment_intents/{intent}/capture')).toHaveLength(3);
    });

    it('confirms separately, after the payment method is set by an update', async () => {
      const intent = await cardPayment({ capture_method: 'manual' });
      expect(intent.status).toBe('requires_payment_method');
      await expect(stripe.paymentIntents.confirm(intent.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      const updated = await stripe.paymentIntents.update(intent.id, { payment_method: 'pm_card_visa', amount: 1500, description: 'Order R200' });
      expect(updated).toMatchObject({ status: 'requires_confirmation', amount: 1500, description: 'Order R200' });
      const confirmed = await stripe.paymentIntents.confirm(intent.id);
      expect(confirmed).toMatchObject({ status: 'requires_capture', amount_capturable: 1500 });
      await expect(stripe.paymentIntents.update(intent.id, { amount: 2000 })).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      expect((await stripe.paymentIntents.update(intent.id, { metadata: { note: 'late' } })).metadata).toEqual({ note: 'late' });
    });

    it.each([
      ['pm_card_chargeDeclined', 'card_declined', 'generic_decline'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'card_declined', 'insufficient_funds'],
      ['pm_card_chargeDeclinedExpiredCard', 'expired_card', 'expired_card'],
      ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', 'incorrect_cvc'],
    ])('declines %s with a 402 card_error %s / %s, the intent back to requires_payment_method', async (card, code, declineCode) => {
      const failure = await cardPayment({ payment_method: card, confirm: true }).then(
        () => undefined,
        (e: Stripe.errors.StripeError) => e,
      );
      expect(failure).toMatchObject({ type: 'StripeCardError', statusCode: 402, code, decline_code: declineCode });
      const intent = failure!.payment_intent!;
      expect(intent).toMatchObject({ status: 'requires_payment_method', amount_received: 0, last_payment_error: expect.objectContaining({ type: 'card_error', code, decline_code: declineCode }) });
      const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ id: failure!.charge, status: 'failed', paid: false, captured: false, failure_code: code });
      expect(eventTypes()).toEqual(['payment_intent.created', 'charge.failed', 'payment_intent.payment_failed']);
    });

    it('wants a return_url to confirm with automatic payment methods that may redirect, as Stripe does since 2023-08-16', async () => {
      await expect(stripe.paymentIntents.create({ amount: 1000, currency: 'usd', payment_method: 'pm_card_visa', confirm: true })).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/you must provide a `return_url`/),
      });
      const intent = await stripe.paymentIntents.create({
        amount: 1000,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      });
      expect(intent.status).toBe('succeeded');
    });

    it('cancels an authorization: the charge released, no further capture or cancel', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      const canceled = await stripe.paymentIntents.cancel(intent.id, { cancellation_reason: 'abandoned' });
      expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', amount_capturable: 0 });
      expect(canceled.canceled_at).toEqual(expect.any(Number));
      const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({ amount_captured: 0, amount_refunded: 1000, refunded: true });
      await expect(stripe.paymentIntents.cancel(intent.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      await expect(stripe.paymentIntents.capture(intent.id)).rejects.toMatchObject({ statusCode: 400, code: 'payment_intent_unexpected_state' });
      expect(eventTypes()).toContain('payment_intent.canceled');
    });

    it('lists a customer’s payment intents, newest first, a page at a time', async () => {
      const customer = await stripe.customers.create({ email: 'shopper@example.com' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) ids.push((await cardPayment({ customer: customer.id })).id);
      await cardPayment();
      const first = await stripe.paymentIntents.list({ customer: customer.id, limit: 2 });
      expect(first.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
      expect(first.has_more).toBe(true);
      const second = await stripe.paymentIntents.list({ customer: customer.id, limit: 2, starting_after: ids[1] });
      expect(second.data.map((p) => p.id)).toEqual([ids[0]]);
      expect(second.has_more).toBe(false);
    });
  });

  describe('3-D Secure', () => {
    it('asks the shopper to authenticate (requires_action, use_stripe_sdk); once they have, the payment is authorized', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_authenticationRequired', capture_method: 'manual', confirm: true });
      expect(intent).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' }, latest_charge: null });
      expect(intent.client_secret).toMatch(new RegExp(`^${intent.id}_secret_`));
      // The challenge page the shopper would see, then their answer, over HTTP as a browser would send it.
      const challenge = (intent.next_action!.use_stripe_sdk as { stripe_js: string }).stripe_js;
      expect(await (await fetch(challenge)).text()).toMatch(/Complete authentication/);
      const res = await fetch(`${challenge}/authenticate`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=succeeded' });
      expect(res.status).toBe(200);
      expect(schemaProblems('payment_intent', await res.json())).toEqual([]);
      const authorized = await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] });
      expect(authorized).toMatchObject({ status: 'requires_capture', amount_capturable: 1000, next_action: null });
      expect((authorized.latest_charge as Stripe.Charge).payment_method_details!.card!.three_d_secure).toMatchObject({ result: 'authenticated' });
      expect(eventTypes()).toEqual(['payment_intent.created', 'payment_intent.requires_action', 'charge.succeeded', 'payment_intent.amount_capturable_updated']);
    });

    it('leaves no charge when the shopper fails or abandons authentication, and the intent can be canceled', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_authenticationRequired', confirm: true });
      const failed = server.authenticate(intent.id, 'failed');
      expect(failed).toMatchObject({ status: 'requires_payment_method', latest_charge: null, last_payment_error: { code: 'payment_intent_authentication_failure' } });
      expect((await stripe.paymentIntents.cancel(intent.id)).status).toBe('canceled');
      expect(server.account.charges.size).toBe(0);
      expect(eventTypes()).toEqual(['payment_intent.created', 'payment_intent.requires_action', 'payment_intent.payment_failed', 'payment_intent.canceled']);
    });

    it('declines after authentication with pm_card_authenticationRequiredChargeDeclinedInsufficientFunds', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_authenticationRequiredChargeDeclinedInsufficientFunds', confirm: true });
      expect(intent.status).toBe('requires_action');
      const after = server.authenticate(intent.id);
      expect(after).toMatchObject({ status: 'requires_payment_method', last_payment_error: { type: 'card_error', decline_code: 'insufficient_funds' } });
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    });

    it('refuses an off-session payment that needs authentication with 402 authentication_required', async () => {
      const customer = await stripe.customers.create({});
      const card = await stripe.paymentMethods.attach('pm_card_authenticationRequired', { customer: customer.id });
      await expect(cardPayment({ customer: customer.id, payment_method: card.id, confirm: true, off_session: true })).rejects.toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'authentication_required',
        payment_intent: expect.objectContaining({ status: 'requires_payment_method' }),
      });
    });
  });

  describe('refunds', () => {
    it('refunds part, then the rest, up to what was captured; charge.refunded each time', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      await stripe.paymentIntents.capture(intent.id, { amount_to_capture: 800 });
      const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 300, reason: 'requested_by_customer' });
      expect(part).toMatchObject({ amount: 300, status: 'succeeded', payment_intent: intent.id, charge: intent.latest_charge, reason: 'requested_by_customer' });
      await expect(stripe.refunds.create({ payment_intent: intent.id, amount: 501 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
      const rest = await stripe.refunds.create({ payment_intent: intent.id });
      expect(rest.amount).toBe(500);
      const charge = (await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge;
      // 200 released at capture, 800 refunded.
      expect(charge).toMatchObject({ amount_captured: 800, amount_refunded: 1000, refunded: true });
      await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
      expect(await stripe.refunds.retrieve(part.id, { expand: ['charge'] })).toMatchObject({ id: part.id, charge: expect.objectContaining({ id: charge.id }) });
      const refunded = server.events.filter((e) => e.type === 'charge.refunded').map((e) => e.data.object.amount_refunded);
      expect(refunded).toEqual([500, 1000]);
    });

    it('refuses to refund what was not captured, and needs an intent or a charge', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ statusCode: 400, message: 'This PaymentIntent does not have a successful charge to refund.' });
      await expect(stripe.refunds.create({})).rejects.toMatchObject({ statusCode: 400 });
      await expect(stripe.refunds.create({ payment_intent: 'pi_nothing' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'payment_intent' });
    });
  });

  describe('customers and saved cards', () => {
    it('attaches a card (a new pm_ id), lists it, makes it the default, pays off-session with it, detaches it', async () => {
      const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada', metadata: { user_id: '7' } });
      expect(customer).toMatchObject({ email: 'ada@example.com', name: 'Ada', metadata: { user_id: '7' }, invoice_settings: { default_payment_method: null } });
      const visa = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      expect(visa.id).not.toBe('pm_card_visa');
      expect(visa).toMatchObject({ customer: customer.id, type: 'card', card: { brand: 'visa', last4: '4242' } });
      const amex = await stripe.paymentMethods.attach('pm_card_amex', { customer: customer.id });
      expect((await stripe.customers.listPaymentMethods(customer.id, { type: 'card' })).data.map((p) => p.id)).toEqual([amex.id, visa.id]);
      expect((await stripe.paymentMethods.list({ customer: customer.id, type: 'card' })).data.map((p) => p.id)).toEqual([amex.id, visa.id]);
      const updated = await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: visa.id } });
      expect(updated.invoice_settings.default_payment_method).toBe(visa.id);
      expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBe(visa.id);

      const paid = await cardPayment({ customer: customer.id, payment_method: visa.id, confirm: true, off_session: true });
      expect(paid.status).toBe('succeeded');
      // A customer's card is paid with only for that customer.
      await expect(cardPayment({ payment_method: visa.id, confirm: true })).rejects.toMatchObject({ statusCode: 400, param: 'payment_method' });

      const detached = await stripe.paymentMethods.detach(visa.id);
      expect(detached.customer).toBeNull();
      expect(((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
      await expect(cardPayment({ payment_method: visa.id, confirm: true })).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/may not be used again/) });
      expect((await stripe.customers.listPaymentMethods(customer.id)).data.map((p) => p.id)).toEqual([amex.id]);
    });

    it('refuses a default card the customer does not have, and a card already another customer’s', async () => {
      const ada = await stripe.customers.create({});
      const bob = await stripe.customers.create({});
      const card = await stripe.paymentMethods.attach('pm_card_visa', { customer: ada.id });
      await expect(stripe.customers.update(bob.id, { invoice_settings: { default_payment_method: card.id } })).rejects.toMatchObject({
        statusCode: 400,
        param: 'invoice_settings[default_payment_method]',
      });
      await expect(stripe.paymentMethods.attach(card.id, { customer: bob.id })).rejects.toMatchObject({ statusCode: 400 });
      await expect(stripe.paymentMethods.detach((await stripe.paymentMethods.retrieve('pm_card_visa')).id)).rejects.toMatchObject({ statusCode: 400 });
    });

    it('keeps the card of a payment made with setup_future_usage for the customer', async () => {
      const customer = await stripe.customers.create({});
      const intent = await cardPayment({ customer: customer.id, payment_method: 'pm_card_visa', setup_future_usage: 'off_session', confirm: true });
      expect(intent.status).toBe('succeeded');
      expect((await stripe.paymentMethods.retrieve(intent.payment_method as string)).customer).toBe(customer.id);
      expect(eventTypes()).toContain('payment_method.attached');
    });
  });

  describe('setup intents', () => {
    it('sets a card up with authentication; off-session payments with it then need none, on-session ones still do', async () => {
      const customer = await stripe.customers.create({});
      const setup = await stripe.setupIntents.create({ customer: customer.id, payment_method: 'pm_card_authenticationRequiredOnSetup', automatic_payment_methods: CARDS_ONLY, confirm: true });
      expect(setup).toMatchObject({ status: 'requires_action', next_action: { type: 'use_stripe_sdk' }, usage: 'off_session' });
      expect(server.authenticate(setup.id)).toMatchObject({ status: 'succeeded' });
      const done = await stripe.setupIntents.retrieve(setup.id);
      const card = done.payment_method as string;
      expect((await stripe.paymentMethods.retrieve(card)).customer).toBe(customer.id);
      expect((await cardPayment({ customer: customer.id, payment_method: card, confirm: true, off_session: true })).status).toBe('succeeded');
      expect((await cardPayment({ customer: customer.id, payment_method: card, confirm: true })).status).toBe('requires_action');
      expect(eventTypes()).toEqual(expect.arrayContaining(['setup_intent.created', 'setup_intent.requires_action', 'setup_intent.succeeded', 'payment_method.attached']));
    });

    it('confirms a setup separately, and declines a declined card with 402 and the setup intent', async () => {
      const customer = await stripe.customers.create({});
      const setup = await stripe.setupIntents.create({ customer: customer.id, automatic_payment_methods: CARDS_ONLY });
      expect(setup.status).toBe('requires_payment_method');
      expect((await stripe.setupIntents.confirm(setup.id, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
      const declined = await stripe.setupIntents.create({ customer: customer.id, automatic_payment_methods: CARDS_ONLY });
      await expect(stripe.setupIntents.confirm(declined.id, { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({
        type: 'StripeCardError',
        statusCode: 402,
        code: 'card_declined',
        setup_intent: expect.objectContaining({ id: declined.id, status: 'requires_payment_method' }),
      });
    });
  });

  describe('idempotency', () => {
    it('answers a repeated key and parameters with the kept answer, without running the operation again', async () => {
      const params = { amount: 1000, currency: 'usd', automatic_payment_methods: CARDS_ONLY };
      const first = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-R1-payment-1' });
      const again = await stripe.paymentIntents.create(params, { idempotencyKey: 'order-R1-payment-1' });
      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect(server.executed('POST /v1/payment_intents')).toHaveLength(1);
      expect(server.account.paymentIntents.size).toBe(1);
    });

    it('keeps a declined card’s 402 for its key too: the same failed intent, not a second attempt', async () => {
      const params = { amount: 1000, currency: 'usd', automatic_payment_methods: CARDS_ONLY, payment_method: 'pm_card_chargeDeclined', confirm: true };
      const attempt = (idempotencyKey: string) => stripe.paymentIntents.create(params, { idempotencyKey }).then(() => undefined, (e: Stripe.errors.StripeError) => e);
      const first = await attempt('k-402');
      const again = await attempt('k-402');
      expect(again).toMatchObject({ statusCode: 402, code: 'card_declined' });
      expect(again!.payment_intent!.id).toBe(first!.payment_intent!.id);
      expect(server.account.paymentIntents.size).toBe(1);
      await attempt('k-402-other');
      expect(server.account.paymentIntents.size).toBe(2);
    });

    it('refuses a key reused with other parameters, or on another endpoint, with 400 idempotency_error', async () => {
      await stripe.paymentIntents.create({ amount: 1000, currency: 'usd', automatic_payment_methods: CARDS_ONLY }, { idempotencyKey: 'k1' });
      await expect(stripe.paymentIntents.create({ amount: 2000, currency: 'usd', automatic_payment_methods: CARDS_ONLY }, { idempotencyKey: 'k1' })).rejects.toMatchObject({
        type: 'StripeIdempotencyError',
        statusCode: 400,
        message: expect.stringMatching(/same parameters/),
      });
      await expect(stripe.customers.create({}, { idempotencyKey: 'k1' })).rejects.toMatchObject({ type: 'StripeIdempotencyError', message: expect.stringMatching(/same endpoint/) });
      expect(server.account.paymentIntents.size).toBe(1);
    });
  });

  describe('failures on the way (for reconcilers)', () => {
    it('a capture whose answer is lost: the SDK retries with its key and gets the kept answer; one capture happened', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      server.failNext('POST /v1/payment_intents/{intent}/capture', 'drop-after');
      const captured = await stripe.paymentIntents.capture(intent.id);
      expect(captured.status).toBe('succeeded');
      const calls = server.calls.filter((c) => c.operation === 'POST /v1/payment_intents/{intent}/capture');
      expect(calls.map((c) => [c.failure, c.replayed])).toEqual([
        ['drop-after', false],
        [null, true],
      ]);
      expect(calls[0].idempotencyKey).toBe(calls[1].idempotencyKey);
      expect(server.executed('POST /v1/payment_intents/{intent}/capture')).toHaveLength(1);
    });

    it('a capture that never arrives: the SDK gives up with a connection error, nothing was captured', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      server.failNext('POST /v1/payment_intents/{intent}/capture', 'drop-before', 2);
      await expect(stripe.paymentIntents.capture(intent.id)).rejects.toMatchObject({ type: 'StripeConnectionError' });
      expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('requires_capture');
      expect(server.executed('POST /v1/payment_intents/{intent}/capture')).toHaveLength(0);
    });

    it('a 500 api_error: surfaced without retries, retried to success with them', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      server.failNext('GET /v1/payment_intents/{intent}', 'api-error');
      await expect(stripe.paymentIntents.retrieve(intent.id)).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
      server.failNext('POST /v1/payment_intents/{intent}/capture', 'api-error');
      const patient = server.client({ maxNetworkRetries: 2 });
      expect((await patient.paymentIntents.capture(intent.id)).status).toBe('succeeded');
      expect(server.executed('POST /v1/payment_intents/{intent}/capture')).toHaveLength(1);
    });
  });

  describe('events and webhooks', () => {
    let receiver: WebhookReceiver;
    const secret = 'whsec_test_commerce';
    beforeEach(async () => {
      receiver = await WebhookReceiver.start();
    });
    afterEach(() => receiver.close());

    const verify = (i: number) => stripe.webhooks.constructEvent(receiver.received[i].body, receiver.received[i].headers['stripe-signature'] as string, secret);

    it('signs each event so that stripe.webhooks.constructEvent verifies it; events are retrievable', async () => {
      server.setWebhook({ url: receiver.url, secret, delivery: 'manual' });
      const intent = await cardPayment({ payment_method: 'pm_card_visa', capture_method: 'manual', confirm: true });
      const deliveries = await server.deliverPending();
      expect(deliveries.map((d) => [d.type, d.status])).toEqual([
        ['payment_intent.created', 200],
        ['charge.succeeded', 200],
        ['payment_intent.amount_capturable_updated', 200],
      ]);
      const event = verify(2);
      expect(event).toMatchObject({ type: 'payment_intent.amount_capturable_updated', data: { object: { id: intent.id, status: 'requires_capture', amount_capturable: 1000 } } });
      const retrieved = await stripe.events.retrieve(event.id);
      expect(retrieved).toMatchObject({ id: event.id, type: event.type, pending_webhooks: 0, data: event.data });
      expect(retrieved.request).toMatchObject({ idempotency_key: expect.stringMatching(/^stripe-node-retry-/) });
    });

    it('forges signatures that constructEvent refuses: wrong secret, altered body, stale timestamp, none', async () => {
      server.setWebhook({ url: receiver.url, secret, delivery: 'manual' });
      await stripe.customers.create({});
      const [event] = server.events;
      for (const forged of ['wrong-secret', 'tampered-body', 'stale-timestamp', 'missing'] as const) await server.deliver(event.id, forged);
      expect(receiver.received).toHaveLength(4);
      for (let i = 0; i < 4; i += 1) expect(() => verify(i)).toThrow(Stripe.errors.StripeSignatureVerificationError);
      // The stale one is genuine apart from its age.
      expect(stripe.webhooks.constructEvent(receiver.received[2].body, receiver.received[2].headers['stripe-signature'] as string, secret, 3600).id).toBe(event.id);
      expect((await stripe.events.retrieve(event.id)).pending_webhooks).toBe(1);
    });

    it('delivers an event again, and out of order, when told', async () => {
      server.setWebhook({ url: receiver.url, secret, delivery: 'manual' });
      await cardPayment({ payment_method: 'pm_card_visa', confirm: true });
      const [created, , succeeded] = server.events;
      await server.deliver(succeeded.id);
      await server.deliver(created.id);
      await server.deliver(succeeded.id);
      expect(receiver.received.map((_, i) => verify(i).id)).toEqual([succeeded.id, created.id, succeeded.id]);
    });

    it('delivers automatically after each call, in order, and records what the endpoint answered', async () => {
      receiver.statuses = [200, 500, 200];
      server.setWebhook({ url: receiver.url, secret, delivery: 'automatic' });
      await cardPayment({ payment_method: 'pm_card_visa', confirm: true });
      await server.webhooksSettled();
      expect(receiver.received.map((r) => r.json.type)).toEqual(['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded']);
      expect(server.deliveries.map((d) => d.status)).toEqual([200, 500, 200]);
    });

    it('opens a dispute on a captured charge: charge.dispute.created with the dispute', async () => {
      server.setWebhook({ url: receiver.url, secret, delivery: 'manual' });
      const intent = await cardPayment({ payment_method: 'pm_card_visa', confirm: true });
      const dispute = server.dispute(intent.latest_charge as string);
      expect(dispute).toMatchObject({ object: 'dispute', charge: intent.latest_charge, payment_intent: intent.id, amount: 1000, status: 'needs_response' });
      const event = server.events.at(-1)!;
      await server.deliver(event.id);
      expect(verify(0)).toMatchObject({ type: 'charge.dispute.created', data: { object: { id: dispute.id } } });
      expect(((await stripe.paymentIntents.retrieve(intent.id, { expand: ['latest_charge'] })).latest_charge as Stripe.Charge).disputed).toBe(true);
    });

    it('sends webhooks to loopback addresses only', () => {
      expect(() => server.setWebhook({ url: 'https://example.com/hooks', secret, delivery: 'automatic' })).toThrow(/loopback/);
    });
  });

  describe('the check against the specification', () => {
    it('has checked every answer and event of a flow', async () => {
      await cardPayment({ payment_method: 'pm_card_chargeDeclined', confirm: true }).catch(() => undefined);
      await stripe.paymentIntents.retrieve('pi_missing').catch(() => undefined);
      expect(server.calls.map((c) => c.status)).toEqual([402, 404]);
      for (const call of server.calls) expect(answerProblems(call.method, call.path, call.status, call.body)).toEqual([]);
      for (const event of server.events) expect(eventProblems(event)).toEqual([]);
    });

    it('catches a wrong answer: a status Stripe does not have, a missing required field, an undocumented field, a wrong type', async () => {
      const intent = await cardPayment({ payment_method: 'pm_card_visa', confirm: true });
      const good = JSON.parse(JSON.stringify(intent));
      expect(schemaProblems('payment_intent', good)).toEqual([]);
      expect(schemaProblems('payment_intent', { ...good, status: 'paid' }).join('\n')).toMatch(/status: must be equal to one of the allowed values/);
      const { amount: _amount, ...noAmount } = good;
      expect(schemaProblems('payment_intent', noAmount).join('\n')).toMatch(/must have required property 'amount'/);
      expect(schemaProblems('payment_intent', { ...good, order_number: 'R1' }).join('\n')).toMatch(/must NOT have additional properties/);
      expect(schemaProblems('payment_intent', { ...good, amount_received: '10.00' }).join('\n')).toMatch(/amount_received: must be integer/);
      expect(schemaProblems('payment_intent', { ...good, canceled_at: null, customer: 42 }).join('\n')).toMatch(/customer/);
      expect(answerProblems('POST', '/v1/refunds', 402, { error: { type: 'card_declined', message: 'no' } }).join('\n')).toMatch(/type: must be equal to one of the allowed values/);
      expect(eventProblems({ ...server.events[0], data: { object: { ...good, object: 'payment_intent', amount: -1.5 } } }).join('\n')).toMatch(/amount: must be integer/);
    });

    it('fails the server’s own audit when it answers off the specification', async () => {
      const intent = await cardPayment();
      server.account.paymentIntents.get(intent.id)!.status = 'paid';
      await stripe.paymentIntents.retrieve(intent.id);
      expect(server.auditProblems.join('\n')).toMatch(/GET \/v1\/payment_intents\/\{intent\} 200: \$\.status: must be equal to one of the allowed values/);
      // Set right again so that this test's afterEach passes.
      server.auditProblems.length = 0;
      server.account.paymentIntents.get(intent.id)!.status = 'requires_payment_method';
    });
  });
});
