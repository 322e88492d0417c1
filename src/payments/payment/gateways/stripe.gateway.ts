import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { ApiError } from '../../../common/errors/api-errors';
import { APP_CONFIG, AppConfig } from '../../../config/configuration';
import { GatewayResponse } from './gateway';
import {
  CaptureRequest,
  ChargeRequest,
  ConfirmRequest,
  CreditRequest,
  OperationStatus,
  PaymentProvider,
  ProfileRequest,
  ProviderCall,
  ProviderEvent,
  ProviderSettings,
  ProviderWebhookRefused,
  StatusRequest,
  VoidRequest,
  WebhookRequest,
} from './payment-provider';

/** The API version this code was written and tested against (the test server's fixture is of this version). */
export const STRIPE_API_VERSION = '2023-08-16';

/** Stripe's errors that are an answer (nothing was done); any other (API, connection, rate limit) is no answer: thrown. */
const REFUSALS = new Set(['StripeCardError', 'StripeInvalidRequestError', 'StripeAuthenticationError', 'StripePermissionError', 'StripeIdempotencyError']);

/** How many of the account's latest PaymentIntents a status lookup by idempotency key reads at most (a lost call is recent). */
const STATUS_LOOKUP_LIMIT = 500;

/** Card payments without redirects (a redirect would need a return URL the checkout does not have yet). */
const CARDS_ONLY = { enabled: true, allow_redirects: 'never' } as const;

const refusal = (message: string, errorCode?: string, authorization: string | null = null): GatewayResponse => ({
  success: false,
  message,
  authorization,
  avsResult: null,
  ...(errorCode ? { errorCode } : {}),
});
const done = (authorization: string, message = ''): GatewayResponse => ({ success: true, message, authorization, avsResult: null });

/**
 * Stripe, through its official SDK and PaymentIntents (issue 28; the payment method type is the one of Spree's
 * spree_gateway extension). A payment's `response_code` is its PaymentIntent: authorize creates and confirms one
 * with `capture_method=manual`, purchase with automatic capture; capture captures it (in part: Stripe releases the
 * rest), void cancels it, credit refunds from it. Cards arrive as Stripe.js PaymentMethods (`pm_…`), never as numbers.
 *
 * Every call carries the journal's idempotency key (Stripe's `Idempotency-Key`), so a call repeated after a lost
 * answer is not done twice. Settings: `secret_key` and `webhook_signing_secret` (sealed), `publishable_key` (shown).
 */
@Injectable()
export class StripeGateway implements PaymentProvider {
  static readonly methodType = 'Spree::Gateway::StripeGateway';
  static readonly sourceRequired = true;
  static readonly paymentProfilesSupported = true;
  static readonly settingNames = ['secret_key', 'publishable_key', 'webhook_signing_secret'] as const;
  static readonly secretSettings = ['secret_key', 'webhook_signing_secret'] as const;
  static readonly tokenizedCards = true;

  /** One client per secret key (the SDK keeps connections alive per client). */
  private readonly clients = new Map<string, Stripe>();

  constructor(@Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'stripeApiBase'>) {}

  async createProfile(): Promise<GatewayResponse> {
    // The card is already Stripe's (a PaymentMethod made by Stripe.js): nothing to keep here.
    return { success: true, message: '', authorization: null, avsResult: null };
  }

  async forgetCard({ settings, card }: ProfileRequest): Promise<void> {
    const paymentMethod = card.gatewayPaymentProfileId;
    if (!paymentMethod || !card.gatewayCustomerProfileId) return;
    // A refusal is an answer too: not attached any more (detached before, by us or in the Dashboard), as asked.
    await this.answer(settings, async (stripe) => done((await stripe.paymentMethods.detach(paymentMethod)).id));
  }

  authorize(request: ChargeRequest): Promise<GatewayResponse> {
    return this.charge(request, 'manual');
  }

  purchase(request: ChargeRequest): Promise<GatewayResponse> {
    return this.charge(request, 'automatic');
  }

  async capture({ settings, idempotencyKey, amount, authorization }: CaptureRequest): Promise<GatewayResponse> {
    if (!authorization) return refusal('The payment has no Stripe PaymentIntent to capture');
    return this.answer(settings, async (stripe) => {
      const intent = await stripe.paymentIntents.capture(authorization, { amount_to_capture: amount }, { idempotencyKey });
      return intent.status === 'succeeded' ? done(intent.id) : refusal(`The PaymentIntent is ${intent.status}`, undefined, intent.id);
    });
  }

  async void({ settings, idempotencyKey, authorization }: VoidRequest): Promise<GatewayResponse> {
    if (!authorization) return refusal('The payment has no Stripe PaymentIntent to cancel');
    return this.answer(settings, async (stripe) => {
      try {
        const intent = await stripe.paymentIntents.cancel(authorization, {}, { idempotencyKey });
        return intent.status === 'canceled' ? done(intent.id) : refusal(`The PaymentIntent is ${intent.status}`, undefined, intent.id);
      } catch (error) {
        // Canceled already (by an earlier void whose answer was lost, by Stripe, in the Dashboard): released, as asked.
        if ((error as { code?: string }).code !== 'payment_intent_unexpected_state') throw error;
        const intent = await stripe.paymentIntents.retrieve(authorization);
        if (intent.status === 'canceled') return done(intent.id);
        throw error;
      }
    });
  }

  async credit({ settings, idempotencyKey, amount, authorization, payment }: CreditRequest): Promise<GatewayResponse> {
    if (!authorization) return refusal('The payment has no Stripe PaymentIntent to refund');
    return this.answer(settings, async (stripe) => {
      const refund = await stripe.refunds.create({ payment_intent: authorization, amount, metadata: metadataOf(payment) }, { idempotencyKey });
      return refund.status === 'failed' || refund.status === 'canceled' ? refusal(`The refund ${refund.status}`, undefined, refund.id) : done(refund.id);
    });
  }

  /**
   * The shopper acted on the PaymentIntent's `next_action` with Stripe.js (3-D Secure): Stripe.js confirmed it, so the
   * intent is read again (not confirmed a second time) and answered as the charge would have been: authorized
   * (`requires_capture`) or charged (`succeeded`), still waiting (`requires_action`: the customer action again), or
   * refused (authentication failed: `requires_payment_method`, with Stripe's message; canceled).
   */
  async confirm({ settings, authorization, amount, currency, idempotencyKey }: ConfirmRequest): Promise<GatewayResponse> {
    return this.answer(settings, async (stripe) => {
      const intent = await stripe.paymentIntents.retrieve(authorization);
      if (intent.amount !== amount || intent.currency !== currency.toLowerCase()) {
        // Not what the payment is for (it cannot change while it waits, but a hold for another sum is never taken):
        // released, and the shopper pays again.
        if (intent.status !== 'canceled' && intent.status !== 'succeeded') await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey: `${idempotencyKey}-mismatch` });
        return refusal(`The payment was authenticated for another amount (${intent.amount} ${intent.currency}); please pay again`, 'amount_mismatch', intent.id);
      }
      return intentAnswer(intent, intent.capture_method === 'manual' ? 'requires_capture' : 'succeeded', null);
    });
  }

  private async charge({ settings, idempotencyKey, amount, currency, card, payment, customer }: ChargeRequest, captureMethod: 'manual' | 'automatic'): Promise<GatewayResponse> {
    const paymentMethod = card.gatewayPaymentProfileId;
    if (!paymentMethod) return refusal('The card has no Stripe PaymentMethod (gateway_payment_profile_id)');
    return this.answer(settings, async (stripe) => {
      // A signed-in customer's card is saved with their Stripe customer (made at their first card), so it can pay again;
      // a guest's PaymentMethod is used once.
      const customerId = customer ? (customer.reference ?? (await this.newCustomer(stripe, customer, idempotencyKey))) : null;
      const intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: currency.toLowerCase(),
          payment_method: paymentMethod,
          capture_method: captureMethod,
          confirm: true,
          automatic_payment_methods: CARDS_ONLY,
          // The journal row's key too: the reconciler finds the intent of a call whose answer was lost by it (`status`).
          metadata: { ...metadataOf(payment), gateway_operation: idempotencyKey },
          // Not yet saved with the customer: Stripe attaches it once the payment succeeds.
          ...(customerId ? { customer: customerId, ...(card.gatewayCustomerProfileId ? {} : { setup_future_usage: 'off_session' as const }) } : {}),
        },
        { idempotencyKey },
      );
      return intentAnswer(intent, captureMethod === 'manual' ? 'requires_capture' : 'succeeded', customerId);
    });
  }

  /**
   * What came of a call whose answer was lost (the process died, or Stripe's answer never came): the PaymentIntent is
   * read again, by its id when the journal knows it, else found among the account's latest by the call's key (kept in
   * its metadata, `gateway_operation`). A charge is `done` when the intent holds or took the money, `awaiting_customer`
   * when it waits for 3-D Secure, `declined` when the card was refused, `not_done` when no intent was made or it was
   * canceled; a capture is done when the intent succeeded; a void when it is canceled. A lost refund cannot be looked
   * up (throws: the reconciler leaves it to a person).
   */
  async status({ settings, operation, idempotencyKey, authorization }: StatusRequest): Promise<OperationStatus> {
    const secretKey = settings.secret_key;
    if (typeof secretKey !== 'string' || secretKey === '') throw new Error('The Stripe payment method has no secret key');
    const stripe = this.client(secretKey);
    if (operation === 'credit') throw new Error('a refund whose answer was lost cannot be looked up by its key');
    if (operation === 'authorize' || operation === 'purchase') {
      const intent = authorization ? await stripe.paymentIntents.retrieve(authorization) : await findIntentByKey(stripe, idempotencyKey);
      if (!intent) return { outcome: 'not_done', authorization: null };
      return chargeStatus(intent, operation === 'authorize' ? 'requires_capture' : 'succeeded');
    }
    if (!authorization) throw new Error(`a ${operation} without its PaymentIntent cannot be looked up`);
    const intent = await stripe.paymentIntents.retrieve(authorization);
    const done = operation === 'capture' ? intent.status === 'succeeded' : intent.status === 'canceled';
    return { outcome: done ? 'done' : 'not_done', authorization: intent.id };
  }

  /**
   * A Stripe webhook, as received: its `Stripe-Signature` checked over the raw body with the method's webhook signing
   * secret (`stripe.webhooks.constructEvent`, which also refuses a timestamp more than 5 minutes old), then the events
   * the service acts on, normalized; any other type answers none.
   */
  async handleWebhook({ settings, rawBody, headers }: WebhookRequest): Promise<ProviderEvent[]> {
    const secret = settings.webhook_signing_secret;
    const secretKey = settings.secret_key;
    if (typeof secret !== 'string' || secret === '' || typeof secretKey !== 'string' || secretKey === '') {
      throw new ProviderWebhookRefused('The Stripe payment method has no webhook signing secret');
    }
    const signature = headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') throw new ProviderWebhookRefused('The request has no Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.client(secretKey).webhooks.constructEvent(rawBody, signature, secret);
    } catch (error) {
      // The SDK's first sentence (its message goes on with advice for developers, over several lines).
      const reason = (error instanceof Error ? error.message : String(error)).split(/\.\s|\n/)[0].trim();
      throw new ProviderWebhookRefused(`The Stripe-Signature does not hold: ${reason}`);
    }
    const normalized = providerEventOf(event);
    return normalized ? [normalized] : [];
  }

  /** The Stripe customer of a signed-in user's first saved card (its own idempotency key: a retried charge makes one). */
  private async newCustomer(stripe: Stripe, owner: NonNullable<ChargeRequest['customer']>, idempotencyKey: string): Promise<string> {
    const created = await stripe.customers.create(
      { ...(owner.email ? { email: owner.email } : {}), metadata: { user_id: String(owner.userId) } },
      { idempotencyKey: `${idempotencyKey}-customer` },
    );
    return created.id;
  }

  /** Runs a call; Stripe's refusals become answers naming Stripe's code (a decline's reason), anything else is thrown. */
  private async answer(settings: ProviderSettings, call: (stripe: Stripe) => Promise<GatewayResponse>): Promise<GatewayResponse> {
    const secretKey = settings.secret_key;
    if (typeof secretKey !== 'string' || secretKey === '') return refusal('The Stripe payment method has no secret key');
    try {
      return await call(this.client(secretKey));
    } catch (error) {
      const e = error as { type?: string; message?: string; code?: string; decline_code?: string; payment_intent?: { id: string } };
      // No answer (Stripe unreachable, its 5xx, a rate limit): the journal keeps the call pending; the client may retry later.
      if (!e.type || !REFUSALS.has(e.type)) throw new StripeUnavailableError(e.type ?? (error instanceof Error ? error.name : 'error'));
      const code = e.decline_code ?? e.code;
      return refusal(code ? `${e.message} (${code})` : (e.message ?? 'Stripe refused the request'), code, e.payment_intent?.id ?? null);
    }
  }

  private client(secretKey: string): Stripe {
    let client = this.clients.get(secretKey);
    if (!client) {
      client = new Stripe(secretKey, {
        // Pinned: Stripe's answers change shape between versions; see docs/payments.md.
        apiVersion: STRIPE_API_VERSION as Stripe.StripeConfig['apiVersion'],
        maxNetworkRetries: 1,
        telemetry: false,
        ...(this.config.stripeApiBase ?? {}),
      });
      this.clients.set(secretKey, client);
    }
    return client;
  }
}

/** Stripe gave no answer: 503, try again (the same request's journal row is left for the reconciler). */
export class StripeUnavailableError extends ApiError {
  constructor(readonly stripeErrorType: string) {
    super(HttpStatus.SERVICE_UNAVAILABLE, { error: `The payment gateway did not answer (${stripeErrorType}); try again later` });
  }
}

/** A PaymentIntent's status as the charge's answer: done, waiting for the customer (3-D Secure), or refused. */
function intentAnswer(intent: Stripe.PaymentIntent, expected: 'requires_capture' | 'succeeded', customerId: string | null): GatewayResponse {
  if (intent.status === expected) {
    const usedMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
    const customer = customerId ?? (typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? null));
    // A card saved with the customer (setup_future_usage) is the customer's PaymentMethod once the payment succeeded.
    const saved = customer && (customerId || intent.setup_future_usage) ? { savedCard: { customerProfile: customer, paymentProfile: usedMethod } } : {};
    return { ...done(intent.id), ...saved };
  }
  if (intent.status === 'requires_action') {
    return {
      ...refusal('The card needs the customer to authenticate (3-D Secure)', 'authentication_required', intent.id),
      customerAction: { clientSecret: intent.client_secret, nextAction: (intent.next_action as Record<string, unknown> | null) ?? null },
    };
  }
  const lastError = intent.last_payment_error;
  if (lastError?.message) return refusal(lastError.code ? `${lastError.message} (${lastError.decline_code ?? lastError.code})` : lastError.message, lastError.decline_code ?? lastError.code, intent.id);
  return refusal(`The PaymentIntent is ${intent.status}`, undefined, intent.id);
}

/** A charge's PaymentIntent as the answer to a lost authorize or purchase. */
function chargeStatus(intent: Stripe.PaymentIntent, expected: 'requires_capture' | 'succeeded'): OperationStatus {
  if (intent.status === expected || intent.status === 'succeeded') return { outcome: 'done', authorization: intent.id };
  if (intent.status === 'requires_action') return { outcome: 'awaiting_customer', authorization: intent.id };
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return { outcome: 'declined', authorization: intent.id };
  if (intent.status === 'processing') throw new Error(`PaymentIntent ${intent.id} is still processing`);
  return { outcome: 'not_done', authorization: intent.id };
}

/** The PaymentIntent a call with this key made, among the account's latest (newest first); null when there is none. */
async function findIntentByKey(stripe: Stripe, idempotencyKey: string): Promise<Stripe.PaymentIntent | null> {
  let read = 0;
  for await (const intent of stripe.paymentIntents.list({ limit: 100 })) {
    if (intent.metadata?.gateway_operation === idempotencyKey) return intent;
    if (++read >= STATUS_LOOKUP_LIMIT) throw new Error(`no PaymentIntent with gateway_operation ${idempotencyKey} among the latest ${STATUS_LOOKUP_LIMIT}`);
  }
  return null;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** The Stripe events the service acts on, normalized (null for any other). */
export function providerEventOf(event: Stripe.Event): ProviderEvent | null {
  const base = { id: event.id, type: event.type };
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
    case 'payment_intent.succeeded': {
      const intent = event.data.object;
      const captured = event.type === 'payment_intent.succeeded';
      return { ...base, kind: captured ? 'captured' : 'authorized', authorization: intent.id, amount: captured ? intent.amount_received : intent.amount_capturable, currency: intent.currency };
    }
    case 'payment_intent.payment_failed':
    case 'payment_intent.canceled': {
      const intent = event.data.object;
      const reason = event.type === 'payment_intent.canceled' ? intent.cancellation_reason : (intent.last_payment_error?.message ?? null);
      return { ...base, kind: event.type === 'payment_intent.canceled' ? 'canceled' : 'failed', authorization: intent.id, amount: intent.amount, currency: intent.currency, reason };
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const intent = idOf(charge.payment_intent);
      if (!intent) return null;
      // What an uncaptured remainder or a canceled authorization released is in `amount_refunded` too: only refunds count.
      const released = charge.captured ? charge.amount - charge.amount_captured : charge.amount_refunded;
      const latestRefund = charge.refunds?.data?.[0]?.id ?? null;
      return { ...base, kind: 'refunded', authorization: intent, amount: Math.max(0, charge.amount_refunded - released), currency: charge.currency, reference: latestRefund ?? charge.id };
    }
    case 'charge.dispute.created': {
      const dispute = event.data.object;
      const intent = idOf(dispute.payment_intent);
      if (!intent) return null;
      return { ...base, kind: 'disputed', authorization: intent, amount: dispute.amount, currency: dispute.currency, reference: dispute.id, reason: dispute.reason };
    }
    default:
      return null;
  }
}

/** What Stripe's dashboard shows of whose payment it is. */
function metadataOf(payment: ProviderCall['payment']): Record<string, string> {
  return { payment_identifier: payment.identifier, payment_id: String(payment.id), order_id: String(payment.orderId) };
}
