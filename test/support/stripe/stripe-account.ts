import { createHash, randomBytes } from 'node:crypto';
import { Params } from './form-params';
import { cardError, invalidRequest, noSuch, StripeApiError, unexpectedState } from './stripe-errors';
import { CardDecline, TEST_CARDS, TestCard } from './test-cards';

/**
 * The state of one Stripe test-mode account, in memory: customers, their
 * PaymentMethods, PaymentIntents with their charges, SetupIntents, refunds,
 * disputes and the events of every change. Each method is one operation of
 * Stripe's API (or a test control: the shopper authenticating, a dispute
 * opened); it answers with the object as Stripe would, or throws Stripe's
 * error. Objects are kept in Stripe's JSON shape and copied out.
 */
export type Json = Record<string, any>;
export type PaymentIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'succeeded' | 'canceled';
export type SetupIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';

/**
 * The moves a PaymentIntent makes here (Stripe's state machine for cards;
 * `processing`, which card payments pass through only briefly at Stripe, is
 * never held).
 */
export const PAYMENT_INTENT_TRANSITIONS: Record<PaymentIntentStatus, readonly PaymentIntentStatus[]> = {
  requires_payment_method: ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'succeeded', 'canceled'],
  requires_confirmation: ['requires_payment_method', 'requires_action', 'requires_capture', 'succeeded', 'canceled'],
  requires_action: ['requires_payment_method', 'requires_confirmation', 'requires_action', 'requires_capture', 'succeeded', 'canceled'],
  processing: ['requires_capture', 'succeeded', 'requires_payment_method', 'canceled'],
  requires_capture: ['succeeded', 'canceled'],
  succeeded: [],
  canceled: [],
};

const CONFIRMABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
const CANCELABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
/** Statuses in which a PaymentIntent's amount, currency and payment method may still change. */
const UPDATABLE: PaymentIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

export interface RequestContext {
  requestId: string;
  idempotencyKey: string | null;
}

interface StoredPaymentMethod {
  json: Json;
  card: TestCard;
  /** Used for a payment without being attached to a customer, or detached: Stripe refuses it from then on. */
  spent: boolean;
  /** Set up (authenticated) for off-session payments. */
  setUp: boolean;
}

interface StoredCharge {
  json: Json;
  /** What an uncaptured remainder or a cancellation released (counted in `amount_refunded`, as Stripe reports it). */
  released: number;
}

const now = () => Math.floor(Date.now() / 1000);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export function stripeId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  return `${prefix}_${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}
const copy = <T>(value: T): T => structuredClone(value);

export class StripeAccount {
  readonly customers = new Map<string, Json>();
  readonly paymentMethods = new Map<string, StoredPaymentMethod>();
  readonly paymentIntents = new Map<string, Json>();
  readonly setupIntents = new Map<string, Json>();
  readonly charges = new Map<string, StoredCharge>();
  readonly refunds = new Map<string, Json>();
  readonly disputes = new Map<string, Json>();
  readonly events: Json[] = [];

  constructor(
    private readonly options: {
      /** The API version events are written in: the one the OpenAPI subset describes. */
      apiVersion: string;
      /** Called with each new event (the server delivers it to the webhook endpoint). */
      onEvent: (event: Json) => void;
      /** How many webhook endpoints will be sent each event (`pending_webhooks`). */
      endpointCount: () => number;
      /** The test server's address, for the 3-D Secure challenge page of `next_action`. */
      baseUrl: () => string;
    },
  ) {}

  // ---- events -------------------------------------------------------------

  private emit(type: string, object: Json, ctx: RequestContext | null): void {
    const event: Json = {
      id: stripeId('evt'),
      object: 'event',
      api_version: this.options.apiVersion,
      created: now(),
      data: { object: copy(object) },
      livemode: false,
      pending_webhooks: this.options.endpointCount(),
      request: { id: ctx?.requestId ?? null, idempotency_key: ctx?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    this.options.onEvent(event);
  }

  retrieveEvent(id: string): Json {
    const event = this.events.find((e) => e.id === id);
    if (!event) throw noSuch('event', id, 'id');
    return copy(event);
  }

  // ---- customers ------------------------------------------------------------

  createCustomer(p: Params, ctx: RequestContext): Json {
    const customer: Json = {
      id: stripeId('cus', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: now(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: p.nullableString('description') ?? null,
      discount: null,
      email: p.nullableString('email') ?? null,
      invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: p.metadata(),
      name: p.nullableString('name') ?? null,
      next_invoice_sequence: 1,
      phone: p.nullableString('phone') ?? null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    const paymentMethodId = p.string('payment_method');
    const defaultId = p.object('invoice_settings')?.nullableString('default_payment_method');
    const paymentMethod = paymentMethodId === undefined ? undefined : this.usablePaymentMethod(paymentMethodId, 'payment_method');
    if (defaultId && defaultId !== paymentMethod?.json.id) throw notAttached(defaultId);
    this.customers.set(customer.id, customer);
    this.emit('customer.created', customer, ctx);
    if (paymentMethod) this.attach(paymentMethod, customer.id, ctx);
    if (defaultId) customer.invoice_settings.default_payment_method = paymentMethod!.json.id;
    return copy(customer);
  }

  private customer(id: string, param: string): Json {
    const customer = this.customers.get(id);
    if (!customer) throw noSuch('customer', id, param);
    return customer;
  }

  retrieveCustomer(id: string): Json {
    return copy(this.customer(id, 'id'));
  }

  updateCustomer(id: string, p: Params, ctx: RequestContext): Json {
    const customer = this.customer(id, 'id');
    const settings = p.object('invoice_settings');
    const defaultId = settings?.nullableString('default_payment_method');
    if (defaultId && this.paymentMethods.get(defaultId)?.json.customer !== id) throw notAttached(defaultId);
    for (const key of ['description', 'email', 'name', 'phone'] as const) {
      const value = p.nullableString(key);
      if (value !== undefined) customer[key] = value;
    }
    customer.metadata = p.metadata(customer.metadata);
    if (defaultId !== undefined) customer.invoice_settings.default_payment_method = defaultId;
    this.emit('customer.updated', customer, ctx);
    return copy(customer);
  }

  // ---- payment methods ------------------------------------------------------

  /**
   * The PaymentMethod an id names: one of Stripe's test PaymentMethods
   * (`pm_card_visa`) makes a new one of that card, as Stripe does.
   */
  private paymentMethod(id: string, param: string): StoredPaymentMethod {
    const card = TEST_CARDS[id];
    if (card) return this.newPaymentMethod(id, card);
    const stored = this.paymentMethods.get(id);
    if (!stored) throw noSuch('PaymentMethod', id, param);
    return stored;
  }

  /** A PaymentMethod that may still pay or be attached. */
  private usablePaymentMethod(id: string, param: string): StoredPaymentMethod {
    const stored = this.paymentMethod(id, param);
    if (stored.spent) {
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param },
      );
    }
    return stored;
  }

  private newPaymentMethod(testId: string, card: TestCard): StoredPaymentMethod {
    const json: Json = {
      id: stripeId('pm'),
      object: 'payment_method',
      billing_details: { address: { city: null, country: null, line1: null, line2: null, postal_code: null, state: null }, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'unchecked' },
        country: 'US',
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        // The same card number, the same fingerprint (how a shop recognises a card saved twice).
        fingerprint: createHash('sha256').update(testId).digest('base64url').replace(/[-_]/g, '').slice(0, 16),
        funding: card.funding,
        generated_from: null,
        last4: card.last4,
        networks: { available: [card.brand], preferred: null },
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: now(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    const stored: StoredPaymentMethod = { json, card, spent: false, setUp: false };
    this.paymentMethods.set(json.id, stored);
    return stored;
  }

  retrievePaymentMethod(id: string): Json {
    return copy(this.paymentMethod(id, 'payment_method').json);
  }

  attachPaymentMethod(id: string, p: Params, ctx: RequestContext): Json {
    const customerId = p.string('customer', true);
    this.customer(customerId, 'customer');
    const stored = this.usablePaymentMethod(id, 'payment_method');
    if (stored.json.customer && stored.json.customer !== customerId) {
      throw invalidRequest('The payment method you provided has already been attached to a customer.', { param: 'payment_method' });
    }
    if (!stored.json.customer) this.attach(stored, customerId, ctx);
    return copy(stored.json);
  }

  private attach(stored: StoredPaymentMethod, customerId: string, ctx: RequestContext | null): void {
    stored.json.customer = customerId;
    this.emit('payment_method.attached', stored.json, ctx);
  }

  detachPaymentMethod(id: string, ctx: RequestContext): Json {
    const stored = this.paymentMethod(id, 'payment_method');
    const customerId = stored.json.customer as string | null;
    if (!customerId) throw invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.', { param: 'payment_method' });
    stored.json.customer = null;
    stored.spent = true;
    const customer = this.customers.get(customerId);
    if (customer?.invoice_settings.default_payment_method === id) customer.invoice_settings.default_payment_method = null;
    this.emit('payment_method.detached', stored.json, ctx);
    return copy(stored.json);
  }

  /** A customer's PaymentMethods, newest first. */
  customerPaymentMethods(customerId: string, param: string, type: string | undefined): Json[] {
    this.customer(customerId, param);
    return [...this.paymentMethods.values()]
      .filter((s) => s.json.customer === customerId && (type === undefined || s.json.type === type))
      .map((s) => copy(s.json))
      .reverse();
  }

  // ---- payment intents ------------------------------------------------------

  private paymentIntent(id: string): Json {
    const intent = this.paymentIntents.get(id);
    if (!intent) throw noSuch('payment_intent', id, 'intent');
    return intent;
  }

  retrievePaymentIntent(id: string): Json {
    return copy(this.paymentIntent(id));
  }

  /** PaymentIntents, newest first, of one customer when given. */
  listPaymentIntents(customerId: string | undefined): Json[] {
    return [...this.paymentIntents.values()].filter((pi) => customerId === undefined || pi.customer === customerId).map(copy).reverse();
  }

  createPaymentIntent(p: Params, ctx: RequestContext): Json {
    const amount = positiveAmount(p.integer('amount', true), 'amount');
    const currency = currencyOf(p.string('currency', true));
    const customerId = p.string('customer');
    if (customerId) this.customer(customerId, 'customer');
    const paymentMethodId = p.string('payment_method');
    const paymentMethod = paymentMethodId === undefined ? undefined : this.payingMethod(paymentMethodId, customerId);
    const types = p.strings('payment_method_types');
    const automatic = p.object('automatic_payment_methods');
    if (types && automatic) throw invalidRequest('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', { param: 'automatic_payment_methods' });
    if (types?.some((t) => t !== 'card')) throw invalidRequest('The Stripe test server takes card payments only.', { param: 'payment_method_types' });
    const confirm = p.boolean('confirm') ?? false;
    const offSession = p.boolean('off_session');
    if (offSession !== undefined && !confirm) throw invalidRequest('You may only specify `off_session` when `confirm` is true.', { param: 'off_session' });
    const returnUrl = p.string('return_url');
    if (returnUrl !== undefined && !confirm) throw invalidRequest('You may only specify `return_url` when `confirm` is true.', { param: 'return_url' });
    const setupFutureUsage = p.oneOf('setup_future_usage', ['off_session', 'on_session'] as const);
    const intent: Json = {
      id: stripeId('pi'),
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      // Since API version 2023-08-16, automatic payment methods unless types are given.
      automatic_payment_methods: types
        ? null
        : { allow_redirects: automatic?.oneOf('allow_redirects', ['always', 'never'] as const) ?? 'always', enabled: automatic?.boolean('enabled') ?? true },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: p.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const) ?? 'automatic',
      client_secret: '',
      confirmation_method: p.oneOf('confirmation_method', ['automatic', 'manual'] as const) ?? 'automatic',
      created: now(),
      currency,
      customer: customerId ?? null,
      description: p.nullableString('description') ?? null,
      invoice: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: p.metadata(),
      next_action: null,
      on_behalf_of: null,
      payment_method: paymentMethod?.json.id ?? null,
      payment_method_options: { card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      processing: null,
      receipt_email: p.nullableString('receipt_email') ?? null,
      review: null,
      setup_future_usage: setupFutureUsage ?? null,
      shipping: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: null,
    };
    intent.client_secret = `${intent.id}_secret_${stripeId('x', 25).slice(2)}`;
    if (confirm) this.checkConfirmable(intent, returnUrl);
    this.paymentIntents.set(intent.id, intent);
    this.emit('payment_intent.created', intent, ctx);
    if (confirm) this.confirm(intent, { offSession: offSession ?? false }, ctx);
    return copy(intent);
  }

  /** A PaymentMethod that may pay for a customer's (or a guest's) PaymentIntent. */
  private payingMethod(id: string, customerId: string | null | undefined): StoredPaymentMethod {
    const stored = this.usablePaymentMethod(id, 'payment_method');
    const owner = stored.json.customer as string | null;
    if (owner && !customerId) {
      throw invalidRequest('The provided PaymentMethod belongs to a Customer, but you did not provide the Customer. Please supply the `customer` parameter.', { param: 'payment_method' });
    }
    if (owner && owner !== customerId) {
      throw invalidRequest(`The provided PaymentMethod belongs to a different Customer (${owner}) than the one on this PaymentIntent.`, { param: 'payment_method' });
    }
    return stored;
  }

  updatePaymentIntent(id: string, p: Params): Json {
    const intent = this.paymentIntent(id);
    const changesPayment = ['amount', 'currency', 'payment_method', 'customer', 'capture_method', 'setup_future_usage', 'payment_method_types'].filter((k) => p.has(k));
    if (changesPayment.length > 0 && !UPDATABLE.includes(intent.status)) {
      throw unexpectedState(
        `This PaymentIntent's ${changesPayment[0]} could not be updated because it has a status of ${intent.status}. You may only update the ${changesPayment[0]} of a PaymentIntent with one of the following statuses: ${UPDATABLE.join(', ')}.`,
        intent,
      );
    }
    const amount = p.has('amount') ? positiveAmount(p.integer('amount', true), 'amount') : undefined;
    const currency = p.has('currency') ? currencyOf(p.string('currency', true)) : undefined;
    const customerId = p.nullableString('customer');
    if (customerId) this.customer(customerId, 'customer');
    const paymentMethodId = p.string('payment_method');
    const paymentMethod = paymentMethodId === undefined ? undefined : this.payingMethod(paymentMethodId, customerId ?? intent.customer);
    const captureMethod = p.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const);
    const setupFutureUsage = p.has('setup_future_usage') ? (p.string('setup_future_usage') === '' ? null : p.oneOf('setup_future_usage', ['off_session', 'on_session'] as const)) : undefined;
    if (amount !== undefined) intent.amount = amount;
    if (currency !== undefined) intent.currency = currency;
    if (customerId !== undefined) intent.customer = customerId;
    if (captureMethod !== undefined) intent.capture_method = captureMethod;
    if (setupFutureUsage !== undefined) intent.setup_future_usage = setupFutureUsage;
    for (const key of ['description', 'receipt_email'] as const) {
      const value = p.nullableString(key);
      if (value !== undefined) intent[key] = value;
    }
    intent.metadata = p.metadata(intent.metadata);
    if (paymentMethod) {
      intent.payment_method = paymentMethod.json.id;
      // A new payment method waits for a new confirmation.
      this.moveTo(intent, 'requires_confirmation');
      intent.next_action = null;
    }
    return copy(intent);
  }

  confirmPaymentIntent(id: string, p: Params, ctx: RequestContext): Json {
    const intent = this.paymentIntent(id);
    if (!CONFIRMABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: ${CONFIRMABLE.join(', ')}.`,
        intent,
      );
    }
    const paymentMethodId = p.string('payment_method');
    const paymentMethod = paymentMethodId === undefined ? undefined : this.payingMethod(paymentMethodId, intent.customer);
    const offSession = p.boolean('off_session') ?? false;
    const setupFutureUsage = p.oneOf('setup_future_usage', ['off_session', 'on_session'] as const);
    const captureMethod = p.oneOf('capture_method', ['automatic', 'automatic_async', 'manual'] as const);
    const receiptEmail = p.nullableString('receipt_email');
    const candidate = { ...intent, payment_method: paymentMethod?.json.id ?? intent.payment_method };
    this.checkConfirmable(candidate, p.string('return_url'));
    if (paymentMethod) intent.payment_method = paymentMethod.json.id;
    if (setupFutureUsage) intent.setup_future_usage = setupFutureUsage;
    if (captureMethod) intent.capture_method = captureMethod;
    if (receiptEmail !== undefined) intent.receipt_email = receiptEmail;
    this.confirm(intent, { offSession }, ctx);
    return copy(intent);
  }

  /** Stripe's refusals of a confirmation before it is attempted. */
  private checkConfirmable(intent: Json, returnUrl: string | undefined): void {
    if (!intent.payment_method) {
      throw unexpectedState(
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent with this Customer's payment method, pass a `payment_method` parameter.",
        intent,
      );
    }
    if (intent.automatic_payment_methods?.enabled && intent.automatic_payment_methods.allow_redirects !== 'never' && !returnUrl) {
      throw invalidRequest(
        "This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.",
      );
    }
  }

  /** A confirmation: the issuer asks for authentication, declines, or authorizes. */
  private confirm(intent: Json, { offSession }: { offSession: boolean }, ctx: RequestContext): void {
    const stored = this.paymentMethods.get(intent.payment_method)!;
    const needsAuthentication = stored.card.authentication === 'always' || (stored.card.authentication === 'on-session' && !(offSession && stored.setUp));
    if (needsAuthentication && offSession) {
      this.fail(intent, stored, { code: 'authentication_required', declineCode: 'authentication_required', message: 'Your card was declined. This transaction requires authentication.' }, ctx);
    }
    if (needsAuthentication) {
      this.moveTo(intent, 'requires_action');
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${this.options.baseUrl()}${THREE_D_SECURE_PATH}/${intent.id}`, source: stripeId('src') },
      };
      intent.last_payment_error = null;
      this.emit('payment_intent.requires_action', intent, ctx);
      return;
    }
    this.authorize(intent, stored, ctx);
  }

  private authorize(intent: Json, stored: StoredPaymentMethod, ctx: RequestContext | null): void {
    if (stored.card.decline) this.fail(intent, stored, stored.card.decline, ctx);
    const manual = intent.capture_method === 'manual';
    const charge = this.newCharge(intent, stored, null);
    charge.json.captured = !manual;
    charge.json.amount_captured = manual ? 0 : intent.amount;
    charge.json.balance_transaction = manual ? null : stripeId('txn');
    intent.latest_charge = charge.json.id;
    intent.next_action = null;
    intent.last_payment_error = null;
    if (manual) {
      this.moveTo(intent, 'requires_capture');
      intent.amount_capturable = intent.amount;
    } else {
      this.moveTo(intent, 'succeeded');
      intent.amount_received = intent.amount;
    }
    if (intent.setup_future_usage && intent.customer && !stored.json.customer) this.attach(stored, intent.customer, ctx);
    if (intent.setup_future_usage) stored.setUp = true;
    if (!stored.json.customer) stored.spent = true;
    this.emit('charge.succeeded', charge.json, ctx);
    this.emit(manual ? 'payment_intent.amount_capturable_updated' : 'payment_intent.succeeded', intent, ctx);
  }

  /** The issuer declines: a failed charge, the intent back to requires_payment_method, a 402. */
  private fail(intent: Json, stored: StoredPaymentMethod, decline: CardDecline, ctx: RequestContext | null): never {
    const charge = this.newCharge(intent, stored, decline);
    const error = {
      charge: charge.json.id as string,
      code: decline.code,
      decline_code: decline.declineCode,
      message: decline.message,
      payment_method: copy(stored.json),
    };
    this.moveTo(intent, 'requires_payment_method');
    intent.latest_charge = charge.json.id;
    intent.next_action = null;
    intent.last_payment_error = { ...error, type: 'card_error', doc_url: `https://stripe.com/docs/error-codes/${decline.code.replace(/_/g, '-')}` };
    this.emit('charge.failed', charge.json, ctx);
    this.emit('payment_intent.payment_failed', intent, ctx);
    throw cardError({ ...error, payment_intent: copy(intent) });
  }

  private newCharge(intent: Json, stored: StoredPaymentMethod, decline: CardDecline | null): StoredCharge {
    const card = stored.json.card;
    const json: Json = {
      id: stripeId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: null,
      billing_details: copy(stored.json.billing_details),
      calculated_statement_descriptor: 'COMMERCE TEST',
      captured: false,
      created: now(),
      currency: intent.currency,
      customer: intent.customer,
      description: intent.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: decline?.code ?? null,
      failure_message: decline?.message ?? null,
      fraud_details: {},
      invoice: null,
      livemode: false,
      metadata: copy(intent.metadata),
      on_behalf_of: null,
      outcome: decline
        ? {
            network_status: 'declined_by_network',
            reason: decline.declineCode,
            risk_level: 'normal',
            risk_score: 20,
            seller_message: 'The bank did not return any further details with this decline.',
            type: 'issuer_declined',
          }
        : { network_status: 'approved_by_network', reason: null, risk_level: 'normal', risk_score: 20, seller_message: 'Payment complete.', type: 'authorized' },
      paid: !decline,
      payment_intent: intent.id,
      payment_method: stored.json.id,
      payment_method_details: {
        card: {
          brand: card.brand,
          checks: copy(card.checks),
          country: card.country,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          fingerprint: card.fingerprint,
          funding: card.funding,
          installments: null,
          last4: card.last4,
          mandate: null,
          network: card.brand,
          network_token: { used: false },
          three_d_secure: intent.status === 'requires_action' ? { authentication_flow: 'challenge', result: 'authenticated', result_reason: null, version: '2.2.0' } : null,
          wallet: null,
        },
        type: 'card',
      },
      receipt_email: intent.receipt_email,
      receipt_number: null,
      receipt_url: null,
      refunded: false,
      review: null,
      shipping: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: decline ? 'failed' : 'succeeded',
      transfer_data: null,
      transfer_group: null,
    };
    const stored_: StoredCharge = { json, released: 0 };
    this.charges.set(json.id, stored_);
    return stored_;
  }

  capturePaymentIntent(id: string, p: Params, ctx: RequestContext): Json {
    const intent = this.paymentIntent(id);
    if (intent.status !== 'requires_capture') {
      throw unexpectedState(
        `This PaymentIntent could not be captured because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be captured: requires_capture.`,
        intent,
      );
    }
    const amount = p.integer('amount_to_capture') ?? intent.amount_capturable;
    if (amount <= 0) throw invalidRequest('Amount must be at least 1.', { code: 'amount_too_small', param: 'amount_to_capture' });
    if (amount > intent.amount_capturable) {
      throw invalidRequest(`The amount to capture must be less than or equal to the amount capturable (${intent.amount_capturable}).`, { code: 'amount_too_large', param: 'amount_to_capture' });
    }
    intent.metadata = p.metadata(intent.metadata);
    const charge = this.charges.get(intent.latest_charge)!;
    charge.json.captured = true;
    charge.json.amount_captured = amount;
    // The uncaptured remainder is released (Stripe: "any additional amount will be automatically refunded").
    charge.released = intent.amount_capturable - amount;
    charge.json.amount_refunded = charge.released;
    charge.json.balance_transaction = stripeId('txn');
    intent.amount_capturable = 0;
    intent.amount_received = amount;
    this.moveTo(intent, 'succeeded');
    this.emit('charge.captured', charge.json, ctx);
    this.emit('payment_intent.succeeded', intent, ctx);
    return copy(intent);
  }

  cancelPaymentIntent(id: string, p: Params, ctx: RequestContext): Json {
    const intent = this.paymentIntent(id);
    if (!CANCELABLE.includes(intent.status)) {
      throw unexpectedState(
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
        intent,
      );
    }
    const reason = p.oneOf('cancellation_reason', ['abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'] as const);
    if (intent.status === 'requires_capture') {
      // The authorization is released.
      const charge = this.charges.get(intent.latest_charge)!;
      charge.released = intent.amount_capturable;
      charge.json.amount_refunded = charge.released;
      charge.json.refunded = true;
      intent.amount_capturable = 0;
    }
    this.moveTo(intent, 'canceled');
    intent.canceled_at = now();
    intent.cancellation_reason = reason ?? null;
    intent.next_action = null;
    this.emit('payment_intent.canceled', intent, ctx);
    return copy(intent);
  }

  private moveTo(intent: Json, status: PaymentIntentStatus): void {
    if (!PAYMENT_INTENT_TRANSITIONS[intent.status as PaymentIntentStatus].includes(status)) {
      throw new Error(`Stripe test server: a PaymentIntent cannot move from ${intent.status} to ${status}`);
    }
    intent.status = status;
  }

  // ---- 3-D Secure (test control) ---------------------------------------------

  /**
   * The shopper completes (or fails, or abandons) the 3-D Secure challenge of a
   * PaymentIntent in requires_action, as Stripe.js would report it.
   */
  authenticatePaymentIntent(id: string, outcome: 'succeeded' | 'failed'): Json {
    const intent = this.paymentIntent(id);
    if (intent.status !== 'requires_action') {
      throw unexpectedState(`This PaymentIntent has a status of ${intent.status}: there is nothing to authenticate.`, intent);
    }
    const stored = this.paymentMethods.get(intent.payment_method)!;
    if (outcome === 'failed') {
      this.moveTo(intent, 'requires_payment_method');
      intent.next_action = null;
      intent.last_payment_error = {
        code: 'payment_intent_authentication_failure',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-authentication-failure',
        message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
        payment_method: copy(stored.json),
        type: 'invalid_request_error',
      };
      this.emit('payment_intent.payment_failed', intent, null);
      return copy(intent);
    }
    try {
      this.authorize(intent, stored, null);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
    }
    return copy(intent);
  }

  /** The shopper completes or fails the 3-D Secure challenge of a SetupIntent. */
  authenticateSetupIntent(id: string, outcome: 'succeeded' | 'failed'): Json {
    const intent = this.setupIntent(id);
    if (intent.status !== 'requires_action') {
      throw unexpectedState(`This SetupIntent has a status of ${intent.status}: there is nothing to authenticate.`, intent);
    }
    const stored = this.paymentMethods.get(intent.payment_method)!;
    intent.next_action = null;
    if (outcome === 'failed') {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = {
        code: 'setup_intent_authentication_failure',
        doc_url: 'https://stripe.com/docs/error-codes/setup-intent-authentication-failure',
        message: 'The latest attempt to set up the payment method has failed because authentication failed.',
        payment_method: copy(stored.json),
        type: 'invalid_request_error',
      };
      this.emit('setup_intent.setup_failed', intent, null);
    } else {
      this.completeSetup(intent, stored, null);
    }
    return copy(intent);
  }

  // ---- setup intents ----------------------------------------------------------

  private setupIntent(id: string): Json {
    const intent = this.setupIntents.get(id);
    if (!intent) throw noSuch('setup_intent', id, 'intent');
    return intent;
  }

  retrieveSetupIntent(id: string): Json {
    return copy(this.setupIntent(id));
  }

  createSetupIntent(p: Params, ctx: RequestContext): Json {
    const customerId = p.string('customer');
    if (customerId) this.customer(customerId, 'customer');
    const paymentMethodId = p.string('payment_method');
    const paymentMethod = paymentMethodId === undefined ? undefined : this.payingMethod(paymentMethodId, customerId);
    const types = p.strings('payment_method_types');
    const automatic = p.object('automatic_payment_methods');
    if (types && automatic) throw invalidRequest('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', { param: 'automatic_payment_methods' });
    if (types?.some((t) => t !== 'card')) throw invalidRequest('The Stripe test server sets up cards only.', { param: 'payment_method_types' });
    const confirm = p.boolean('confirm') ?? false;
    const returnUrl = p.string('return_url');
    const intent: Json = {
      id: stripeId('seti'),
      object: 'setup_intent',
      application: null,
      automatic_payment_methods: types
        ? null
        : { allow_redirects: automatic?.oneOf('allow_redirects', ['always', 'never'] as const) ?? 'always', enabled: automatic?.boolean('enabled') ?? true },
      cancellation_reason: null,
      client_secret: '',
      created: now(),
      customer: customerId ?? null,
      description: p.nullableString('description') ?? null,
      flow_directions: null,
      last_setup_error: null,
      latest_attempt: null,
      livemode: false,
      mandate: null,
      metadata: p.metadata(),
      next_action: null,
      on_behalf_of: null,
      payment_method: paymentMethod?.json.id ?? null,
      payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
      payment_method_types: ['card'],
      single_use_mandate: null,
      status: paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
      usage: p.oneOf('usage', ['off_session', 'on_session'] as const) ?? 'off_session',
    };
    intent.client_secret = `${intent.id}_secret_${stripeId('x', 25).slice(2)}`;
    if (confirm) this.checkConfirmable(intent, returnUrl);
    this.setupIntents.set(intent.id, intent);
    this.emit('setup_intent.created', intent, ctx);
    if (confirm) this.confirmSetup(intent, ctx);
    return copy(intent);
  }

  confirmSetupIntent(id: string, p: Params, ctx: RequestContext): Json {
    const intent = this.setupIntent(id);
    const confirmable: SetupIntentStatus[] = ['requires_payment_method', 'requires_confirmation', 'requires_action'];
    if (!confirmable.includes(intent.status)) {
      throw unexpectedState(
        `You cannot confirm this SetupIntent because it has a status of ${intent.status}. Only a SetupIntent with one of the following statuses may be confirmed: ${confirmable.join(', ')}.`,
        intent,
      );
    }
    const paymentMethodId = p.string('payment_method');
    const paymentMethod = paymentMethodId === undefined ? undefined : this.payingMethod(paymentMethodId, intent.customer);
    this.checkConfirmable({ ...intent, payment_method: paymentMethod?.json.id ?? intent.payment_method }, p.string('return_url'));
    if (paymentMethod) intent.payment_method = paymentMethod.json.id;
    this.confirmSetup(intent, ctx);
    return copy(intent);
  }

  private confirmSetup(intent: Json, ctx: RequestContext): void {
    const stored = this.paymentMethods.get(intent.payment_method)!;
    if (stored.card.authentication !== 'never') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'use_stripe_sdk',
        use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${this.options.baseUrl()}${THREE_D_SECURE_PATH}/${intent.id}`, source: stripeId('src') },
      };
      this.emit('setup_intent.requires_action', intent, ctx);
      return;
    }
    if (stored.card.decline) {
      const error = { code: stored.card.decline.code, decline_code: stored.card.decline.declineCode, message: stored.card.decline.message, payment_method: copy(stored.json) };
      intent.status = 'requires_payment_method';
      intent.last_setup_error = { ...error, type: 'card_error', doc_url: `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}` };
      this.emit('setup_intent.setup_failed', intent, ctx);
      throw cardError({ ...error, setup_intent: copy(intent) });
    }
    this.completeSetup(intent, stored, ctx);
  }

  private completeSetup(intent: Json, stored: StoredPaymentMethod, ctx: RequestContext | null): void {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.last_setup_error = null;
    stored.setUp = true;
    if (intent.customer && !stored.json.customer) this.attach(stored, intent.customer, ctx);
    this.emit('setup_intent.succeeded', intent, ctx);
  }

  // ---- refunds ----------------------------------------------------------------

  createRefund(p: Params, ctx: RequestContext): Json {
    const intentId = p.string('payment_intent');
    const chargeId = p.string('charge');
    if (!intentId && !chargeId) throw invalidRequest('One of the following params should be provided for this request: payment_intent or charge.', { code: 'parameter_missing' });
    let charge: StoredCharge | undefined;
    if (intentId) {
      const intent = this.paymentIntents.get(intentId);
      if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
      const latest = intent.latest_charge ? this.charges.get(intent.latest_charge) : undefined;
      if (intent.status !== 'succeeded' || !latest) throw invalidRequest('This PaymentIntent does not have a successful charge to refund.', { param: 'payment_intent' });
      if (chargeId && chargeId !== latest.json.id) throw invalidRequest(`Charge ${chargeId} is not the charge of PaymentIntent ${intentId}.`, { param: 'charge' });
      charge = latest;
    } else {
      charge = this.charges.get(chargeId!);
      if (!charge) throw noSuch('charge', chargeId!, 'charge');
    }
    if (!charge.json.captured || charge.json.status !== 'succeeded') throw invalidRequest(`Charge ${charge.json.id} has not been captured: cancel its PaymentIntent instead.`, { param: 'charge' });
    const refundable = charge.json.amount_captured - (charge.json.amount_refunded - charge.released);
    if (refundable <= 0) throw invalidRequest(`Charge ${charge.json.id} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = p.integer('amount') ?? refundable;
    if (amount <= 0) throw invalidRequest('Amount must be at least 1.', { code: 'amount_too_small', param: 'amount' });
    if (amount > refundable) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${refundable})`, { code: 'amount_too_large', param: 'amount' });
    }
    const refund: Json = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: charge.json.id,
      created: now(),
      currency: charge.json.currency,
      metadata: p.metadata(),
      payment_intent: charge.json.payment_intent,
      reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    charge.json.amount_refunded += amount;
    charge.json.refunded = charge.json.amount_refunded === charge.json.amount;
    this.refunds.set(refund.id, refund);
    this.emit('charge.refunded', charge.json, ctx);
    return copy(refund);
  }

  retrieveRefund(id: string): Json {
    const refund = this.refunds.get(id);
    if (!refund) throw noSuch('refund', id, 'refund');
    return copy(refund);
  }

  retrieveCharge(id: string): Json {
    const charge = this.charges.get(id);
    if (!charge) throw noSuch('charge', id, 'charge');
    return copy(charge.json);
  }

  // ---- disputes (test control) ---------------------------------------------------

  /** The cardholder disputes a captured charge: `charge.dispute.created`. */
  disputeCharge(chargeId: string, reason = 'fraudulent'): Json {
    const charge = this.charges.get(chargeId);
    if (!charge) throw noSuch('charge', chargeId, 'charge');
    if (!charge.json.captured) throw invalidRequest(`Charge ${chargeId} has not been captured: it cannot be disputed.`, { param: 'charge' });
    const evidenceFields = [
      'access_activity_log', 'billing_address', 'cancellation_policy', 'cancellation_policy_disclosure', 'cancellation_rebuttal', 'customer_communication',
      'customer_email_address', 'customer_name', 'customer_purchase_ip', 'customer_signature', 'duplicate_charge_documentation', 'duplicate_charge_explanation',
      'duplicate_charge_id', 'product_description', 'receipt', 'refund_policy', 'refund_policy_disclosure', 'refund_refusal_explanation', 'service_date',
      'service_documentation', 'shipping_address', 'shipping_carrier', 'shipping_date', 'shipping_documentation', 'shipping_tracking_number',
      'uncategorized_file', 'uncategorized_text',
    ];
    const dispute: Json = {
      id: stripeId('dp'),
      object: 'dispute',
      amount: charge.json.amount_captured - (charge.json.amount_refunded - charge.released),
      balance_transactions: [],
      charge: chargeId,
      created: now(),
      currency: charge.json.currency,
      evidence: Object.fromEntries(evidenceFields.map((f) => [f, null])),
      evidence_details: { due_by: now() + 14 * 24 * 3600, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: charge.json.payment_intent,
      payment_method_details: { card: { brand: charge.json.payment_method_details.card.brand, network_reason_code: '10.4' }, type: 'card' },
      reason,
      status: 'needs_response',
    };
    charge.json.disputed = true;
    this.disputes.set(dispute.id, dispute);
    this.emit('charge.dispute.created', dispute, null);
    return copy(dispute);
  }
}

/** Where the test server serves a 3-D Secure challenge (`next_action.use_stripe_sdk.stripe_js`), relative to its address. */
export const THREE_D_SECURE_PATH = '/__test/three_d_secure';

function notAttached(paymentMethodId: string): StripeApiError {
  return invalidRequest(`The customer does not have a payment method with the ID ${paymentMethodId}. The payment method must be attached to the customer.`, {
    param: 'invoice_settings[default_payment_method]',
  });
}

function positiveAmount(amount: number, param: string): number {
  if (amount < 1) throw invalidRequest('This value must be greater than or equal to 1.', { code: 'parameter_invalid_integer', param });
  return amount;
}

function currencyOf(value: string): string {
  if (!/^[a-zA-Z]{3}$/.test(value)) throw invalidRequest(`Invalid currency: ${value.toLowerCase()}. Stripe currently supports these currencies: …`, { param: 'currency' });
  return value.toLowerCase();
}
