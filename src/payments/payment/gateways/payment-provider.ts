import type { IncomingHttpHeaders } from 'node:http';
import type { GatewayCard, GatewayResponse } from './gateway';

/**
 * The seam between payments and whoever moves the money: a test gateway, a
 * check paid by hand, a card processor (Stripe's PaymentIntents, issue 28).
 *
 * One provider serves one Spree payment method `type` (`payment_methods.type`,
 * e.g. `Spree::Gateway::Bogus`); the class says which with its static
 * `methodType` and is listed in PAYMENT_PROVIDERS (payment-providers.ts),
 * which makes it a Nest provider (it may inject what it needs) that
 * `PaymentProviderRegistry` finds by type. Several payment methods may share a
 * type, each with its own settings (`payment_methods.preferences`), passed
 * in with every call.
 *
 * The shape follows Spree 2.2's `Spree::Gateway` over ActiveMerchant
 * (authorize, purchase, capture, void, credit, with the provider's reference,
 * `authorization`, as the handle of later calls) and adds what a provider
 * with customer authentication and webhooks needs, as Medusa's payment
 * providers and Vendure's PaymentMethodHandler do: an answer that asks the
 * customer to act (`customerAction`), `confirm` once they have, `status` for
 * the reconciler after a crash, and `handleWebhook` turning the provider's
 * notifications into normalized events.
 *
 * Rules every provider keeps:
 * - Async, and never inside a database transaction's lock longer than the
 *   call: the caller journals each call that moves money (`GatewayOperations`)
 *   before and after it, and undoes or books it if its request does not commit.
 * - A refusal is an answer (`success: false` and the provider's message), not
 *   a throw; a throw means "no answer" (the journal then cannot tell what
 *   happened and asks `status`, or a person).
 * - The same `idempotencyKey` sent again must not do the operation twice.
 * - No card number or secret setting in a message, a log line or an error.
 */
export interface PaymentProvider {
  /** Keeps the card at the provider (a customer profile); on success `authorization` is the profile's reference. Moves no money. */
  createProfile(request: ProfileRequest): Promise<GatewayResponse>;
  /** Holds the amount on the card (Spree's `authorize!`). */
  authorize(request: ChargeRequest): Promise<GatewayResponse>;
  /** Takes the amount at once (Spree's `purchase!`: authorize and capture). */
  purchase(request: ChargeRequest): Promise<GatewayResponse>;
  /** Takes the amount an authorization held. */
  capture(request: CaptureRequest): Promise<GatewayResponse>;
  /** Releases an authorization, or cancels a capture the provider can still cancel. */
  void(request: VoidRequest): Promise<GatewayResponse>;
  /** Gives money back from a capture (a refund), in part or in full. */
  credit(request: CreditRequest): Promise<GatewayResponse>;
  /**
   * After the customer acted on a `customerAction` (3-D Secure done, back from a redirect): finishes the authorize or
   * purchase it interrupted and answers as they would. Only for providers that ask customers to act.
   */
  confirm?(request: ConfirmRequest): Promise<GatewayResponse>;
  /**
   * What came of an operation whose answer was lost (the process died during the call): the reconciler asks it, by
   * the call's idempotency key and any reference known, before it leaves the operation to a person.
   */
  status?(request: StatusRequest): Promise<OperationStatus>;
  /**
   * A notification the provider sent (its webhook), as received: checks its signature with the method's settings
   * (throws `ProviderWebhookRefused` when it does not hold) and returns the events it tells of.
   */
  handleWebhook?(request: WebhookRequest): Promise<ProviderEvent[]>;
  /**
   * Its customer removed a saved card: the provider forgets it too (Stripe detaches the PaymentMethod from the
   * customer). Moves no money; done again, it does nothing. Only for providers that keep cards with customers.
   */
  forgetCard?(request: ProfileRequest): Promise<void>;
}

/** The class of a provider, with what the payments rules read of it before any instance exists. */
export interface PaymentProviderClass {
  new (...args: never[]): PaymentProvider;
  /** The Spree payment method type it serves (`payment_methods.type`). */
  readonly methodType: string;
  /** Whether a payment needs a card (Spree's `source_required?`): false for a check. */
  readonly sourceRequired: boolean;
  /** Whether card profiles are kept at the provider (Spree's `payment_profiles_supported?`: adds the confirm step). */
  readonly paymentProfilesSupported: boolean;
  /**
   * The settings an admin may give it through `/api/payment_methods` (`preferred_<name>`), kept in
   * `payment_methods.preferences`; none by default.
   */
  readonly settingNames?: readonly string[];
  /** The names of the settings stored sealed with SECRET_KEY (API keys, signing secrets): opened before each call, never shown. */
  readonly secretSettings?: readonly string[];
  /**
   * Cards arrive as the provider's token (`gateway_payment_profile_id`, collected in the browser by the provider's
   * own script): a card number or verification value sent for it is refused (422) and never kept.
   */
  readonly tokenizedCards?: boolean;
}

/** A payment method's settings as a provider gets them: its preferences, the secret ones opened. */
export type ProviderSettings = Readonly<Record<string, unknown>>;

/** The operations that move money, each journaled (gateway_operations). */
export type MoneyOperation = 'authorize' | 'purchase' | 'capture' | 'void' | 'credit';

/** What every call that moves money carries. */
export interface ProviderCall {
  settings: ProviderSettings;
  /**
   * Unique per operation (the journal's row: `gateway-operation-<id>`, and `-void` / `-credit` for its compensation):
   * a provider that takes idempotency keys (Stripe's `Idempotency-Key`) sends it, so a call repeated after a lost
   * answer is not done twice.
   */
  idempotencyKey: string;
  /** Whose money: for the provider's records (Spree's gateway options `order_id`, Stripe's metadata). */
  payment: { id: number; identifier: string; orderId: number };
}

export interface ProfileRequest {
  settings: ProviderSettings;
  card: GatewayCard;
}

export interface ChargeRequest extends ProviderCall {
  /** In the currency's minor units (cents). */
  amount: number;
  currency: string;
  card: GatewayCard;
  /**
   * The signed-in customer whose saved card this is (absent for a guest's): a provider that keeps cards with its
   * customers (Stripe) saves the card with `reference`, its customer, or makes one and answers it in
   * `customerProfile`, so that the card can pay again (`existing_card`).
   */
  customer?: SavedCardOwner;
}

/** Whose saved card a charge uses. */
export interface SavedCardOwner {
  userId: number;
  email: string | null;
  /** The provider's customer the user's cards are saved with, when one is known. */
  reference: string | null;
}

export interface CaptureRequest extends ProviderCall {
  amount: number;
  currency: string;
  /** The authorization's reference. */
  authorization: string | null;
}

export interface VoidRequest extends ProviderCall {
  authorization: string | null;
}

export interface CreditRequest extends ProviderCall {
  amount: number;
  currency: string;
  /** The capture's reference. */
  authorization: string | null;
}

export interface ConfirmRequest extends ProviderCall {
  /** The attempt the customer acted on (the reference of the `customerAction` answer). */
  authorization: string;
  /** What the payment is for (minor units) and in: an attempt for anything else is refused, never taken. */
  amount: number;
  currency: string;
}

export interface StatusRequest {
  settings: ProviderSettings;
  operation: MoneyOperation;
  /** The key the lost call was sent with. */
  idempotencyKey: string;
  /** The reference the operation acted on or gave, when known. */
  authorization: string | null;
}

/**
 * What came of one operation: `done` (with the provider's reference), `not_done` (never arrived, or arrived and
 * changed nothing), `declined`, or `awaiting_customer` (an authorize or purchase waiting for the customer to act).
 */
export interface OperationStatus {
  outcome: 'done' | 'not_done' | 'declined' | 'awaiting_customer';
  authorization: string | null;
}

export interface WebhookRequest {
  settings: ProviderSettings;
  /** The body exactly as received (signatures are over its bytes). */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
}

/** A provider's notification, normalized. */
export interface ProviderEvent {
  /** The provider's event id: each is handled once. */
  id: string;
  /** The provider's own name of the event (`payment_intent.succeeded`), as recorded. */
  type: string;
  kind: 'authorized' | 'captured' | 'failed' | 'canceled' | 'refunded' | 'disputed' | 'requires_action';
  /** The reference of the payment it is about (what the payment keeps as `response_code`). */
  authorization: string;
  /**
   * In minor units, when the event names an amount: for `refunded`, all that was given back from the payment so far
   * (refunds only, not an uncaptured remainder released); for `disputed`, the amount disputed.
   */
  amount: number | null;
  currency: string | null;
  /** The provider's reference of what the event made (a refund's or a dispute's id), and why (a dispute's reason). */
  reference?: string | null;
  reason?: string | null;
}

/** A webhook whose signature does not hold, or that is not the provider's: answered 400, nothing done. */
export class ProviderWebhookRefused extends Error {}
