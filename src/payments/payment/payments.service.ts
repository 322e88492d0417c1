import { HttpStatus, Injectable } from '@nestjs/common';
import Decimal from 'decimal.js';
import { randomBytes } from 'node:crypto';
import { EntityManager, In, IsNull } from 'typeorm';
import { ApiError, ErrorText, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPage, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { decimal, decimalPlacesProblem, fromMinorUnits, moneyIn, moneyString, roundMoney, toMinorUnits } from '../../common/money/money';
import { currencyMinorUnits } from '../../config/currencies';
import { entityColumns } from '../../common/db/entity-json';
import { recordStateChanges, withStateHistory } from '../../common/state-history/state-history';
import { EventType, raiseEvent } from '../../common/events/events';
import { PaymentMethod } from '../payment-methods/entities/payment-method.entity';
import { validateCard, validateTokenizedCard } from './card';
import { PaymentSourceDto } from './dto/payment-source.dto';
import { CreditCard } from './entities/credit-card.entity';
import { Payment } from './entities/payment.entity';
import { GatewayOperations, OperationRecord } from './gateway-operations.service';
import { CustomerAction, GatewayResponse } from './gateways/gateway';
import { MoneyOperation, ProviderCall, ProviderSettings, SavedCardOwner } from './gateways/payment-provider';
import { PaymentProviderRegistry, RegisteredProvider } from './gateways/registry';
import { isPaymentEditable, OPEN_PAYMENT_STATES, PaymentAction, paymentEvent, PaymentMoney, PaymentState, paymentTransition, planAction } from './payment-states';
import { cardIdOf, NewPaymentJson, PAYMENT_ATTRIBUTES, PaymentJson, serializePayment, serializePaymentMethodBrief } from './payment.serializer';
import { preparedStatement, queryPrepared } from '../../common/db/prepared-statement';

const CREDIT_CARD_SOURCE = 'Spree::CreditCard';
/** A credit's source is the payment it gives money back from (Spree's `offsets`). */
const PAYMENT_SOURCE = 'Spree::Payment';
/** The money columns keep 8 integer digits (numeric(11,3)). */
const MAX_AMOUNT = new Decimal('99999999.99');

/** Texts of Spree 2.2 (api and core en.yml) for payments. */
export const PaymentText = {
  gatewayError: (text: string) => `There was a problem with the payment gateway: ${text}`,
  creditOverLimit: (limit: string) => `This payment can only be credited up to ${limit}. Please specify an amount less than or equal to this number.`,
  updateForbidden: (state: string) => `This payment cannot be updated because it is ${state}.`,
  processingFailed: 'Payment could not be processed, please check the details you entered',
  /** Ours: a payment would bring the order's open payments past its total (on `amount`). */
  beyondOrderTotal: (left: string, total: string, open: string) =>
    `exceeds what the order leaves to pay: ${left} of its total of ${total} (${open} is in its open payments); an admin may record an overpayment with allow_overpayment=true`,
  /** Ours: at completion, the payments to process add up to more than the order costs (on `payments`). */
  paymentsBeyondTotal: (sum: string, total: string) => `add up to ${sum}, more than the order's total of ${total}: change or remove a payment`,
  /** Ours: the provider asks the customer to act (3-D Secure), which this checkout cannot offer yet; the attempt is voided. */
  customerActionUnsupported: 'The payment needs the customer to authenticate with their bank, which this store cannot offer yet',
} as const;

/**
 * A gateway refused. The checkout reports it as a 422 whose `error` is the
 * gateway's message (contract section 4); the payments API words it as
 * Spree's api does (`forPaymentsApi`).
 */
export class GatewayError extends ApiError {
  constructor(readonly gatewayMessage: string) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, { error: gatewayMessage, errors: { base: [gatewayMessage] } });
  }

  /** 422 `{"error":"There was a problem with the payment gateway: <message>"}` (Spree's errors/gateway_error). */
  forPaymentsApi(): ApiError {
    return new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { error: PaymentText.gatewayError(this.gatewayMessage) });
  }
}

/**
 * At completion, the provider asks the customer to act before anything is held (3-D Secure): not a refusal. The
 * checkout rolls back what the completion did so far (the stock it took), keeps the attempt (`awaitCustomer`) and
 * answers what the storefront needs; the order stays where it was.
 */
export class AwaitingCustomer extends Error {
  constructor(
    readonly paymentId: number,
    /** The provider's attempt (a Stripe PaymentIntent): the payment's `response_code`. */
    readonly authorization: string,
    readonly customerAction: CustomerAction,
    /** The journal row of the attempt, settled again once the completion's work is rolled back. */
    readonly journalId: string,
  ) {
    super('the payment waits for the customer to act');
  }
}

/** A decimal as Ruby's BigDecimal#to_s shows it in Spree's texts: "45.75", "45.5", "45.0". */
export function rubyDecimalString(value: Decimal.Value): string {
  const s = decimal(value).toFixed();
  return s.includes('.') ? s : `${s}.0`;
}

/** Whose payment methods: the storefront's (checkout, shoppers) or the back-office's (admins). */
export type PaymentDisplay = 'front_end' | 'back_end';

export interface NewPayment {
  paymentMethodId: number;
  source?: PaymentSourceDto;
  /** A card saved on an earlier order of the same user (Spree's `existing_card`). */
  existingCardId?: number;
  /** Defaults to the order's total (the payment step pays the whole order). */
  amount?: string;
  /**
   * Store staff set `amount` (a part of a split payment): the payment keeps it
   * while the order is checked out, and leaves the order's other fixed-amount
   * checkout payments alone (only a payment that follows the total is invalidated).
   */
  amountFixed?: boolean;
  /** Which methods may be chosen; the storefront's by default. */
  display?: PaymentDisplay;
  /**
   * An admin records an overpayment: the order's open payments may then add up to more than its total.
   * Otherwise a payment that would is refused (422 on `amount`).
   */
  allowOverpayment?: boolean;
}

/** What the payment rules read of an order. */
export interface PaymentOrder {
  id: number;
  userId: number | null;
  state: string;
  total: string;
  paymentTotal: string;
  /** The order's currency: its payments' amounts have its decimals. */
  currency: string;
}

/** What `q[...]` may search and sort on in an order's payments. */
export const PAYMENT_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'p.id', type: 'integer' },
    amount: { expression: 'p.amount', type: 'decimal' },
    state: { expression: 'p.state', type: 'string' },
    payment_method_id: { expression: 'p.payment_method_id', type: 'integer' },
    payment_method_name: { expression: 'pm.name', type: 'string', joins: ['pm'] },
    source_type: { expression: 'p.source_type', type: 'string' },
    source_id: { expression: 'p.source_id', type: 'integer' },
    response_code: { expression: 'p.response_code', type: 'string' },
    avs_response: { expression: 'p.avs_response', type: 'string' },
    created_at: { expression: 'p.created_at', type: 'datetime' },
    updated_at: { expression: 'p.updated_at', type: 'datetime' },
  },
  joins: { pm: (qb) => qb.leftJoin(PaymentMethod, 'pm', 'pm.id = p.payment_method_id') },
  defaultOrder: { 'p.id': 'ASC' },
};

type Move = { from: PaymentState; to: PaymentState };

/** What a charge reads of its card: the provider's references, and whose it is (a signed-in customer's is saved). */
type ChargedCard = Pick<CreditCard, 'id' | 'userId' | 'gatewayCustomerProfileId' | 'gatewayPaymentProfileId'>;

/** A payment's method as its provider is called: the type, its settings (secrets opened) and the order's currency. */
interface CallingMethod {
  id: number;
  type: PaymentMethod['type'];
  settings: ProviderSettings;
  currency: string;
}

/**
 * Spree's `invalidate_old_payments`: `invalidate` for the order's payments the table lets invalidate ($3), each move
 * recorded, in one statement; with $4 false, only those that follow the order's total (the parts of a split payment stay).
 */
const INVALIDATE_OLD = preparedStatement('payments-invalidate-old', () =>
  withStateHistory(
    'payment',
    `UPDATE payments p SET state = $2, updated_at = now()
       FROM (SELECT id, state FROM payments WHERE order_id = $1 AND state = ANY($3) AND ($4::boolean OR NOT amount_fixed)) old
      WHERE p.id = old.id
      RETURNING p.id, old.state AS previous_state, p.state AS next_state`,
  ),
);

/** The payment methods shown where a payment is made ($1: front_end or back_end), as plain rows named like the entity. */
const AVAILABLE_METHODS = preparedStatement(
  'payment-methods-available',
  (em) =>
    `SELECT ${entityColumns(em, PaymentMethod, 'pm')} FROM payment_methods pm
      WHERE pm.active AND pm.deleted_at IS NULL AND COALESCE(pm.display_on, 'both') IN ('both', $1, '')
      ORDER BY pm.id`,
);

/** A card kept at the gateway (what may be shown of it and its profile), returned as the entity's plain row. */
const INSERT_CARD = preparedStatement(
  'credit-card-insert',
  (em) =>
    `INSERT INTO credit_cards (user_id, payment_method_id, month, year, name, cc_type, last_digits, gateway_customer_profile_id, gateway_payment_profile_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING ${entityColumns(em, CreditCard, 'credit_cards')}`,
);

/** A new payment in checkout, returned as the entity's plain row. */
const INSERT_CHECKOUT_PAYMENT = preparedStatement(
  'payment-insert-checkout',
  (em) =>
    `INSERT INTO payments (order_id, payment_method_id, source_type, source_id, amount, amount_fixed, state, response_code, avs_response, identifier)
     VALUES ($1, $2, $3, $4, $5, $6, 'checkout', NULL, NULL, $7)
     RETURNING ${entityColumns(em, Payment, 'payments')}`,
);

/**
 * Payments of orders, and the only writer of `payments` and `credit_cards`:
 * created at the payment step or through the payments API (the card's
 * number and verification value go to the gateway and are then forgotten),
 * processed when the order completes, and later captured, voided or
 * credited; every state move goes through the state table
 * (payment-states.ts) and is recorded in the payment's state history. Every method works inside the caller's transaction and
 * throws on a refusal, so nothing of a refused operation is kept; the caller
 * ends with the order's totals recomputed (OrderUpdater).
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly gatewayOperations: GatewayOperations,
    private readonly providers: PaymentProviderRegistry,
  ) {}

  /**
   * Methods that may be chosen: active, not deleted, and shown where the
   * payment is made (Spree's `display_on`: both, or the storefront's or the
   * back-office's own).
   */
  async availableMethods(em: EntityManager, display: PaymentDisplay = 'front_end'): Promise<PaymentMethod[]> {
    return AVAILABLE_METHODS(em).run<PaymentMethod>(em, [display]);
  }

  /** GET …/payments/new: Spree's payment attributes and the methods that may pay. */
  async describe(em: EntityManager, display: PaymentDisplay): Promise<NewPaymentJson> {
    const methods = await this.availableMethods(em, display);
    return { attributes: [...PAYMENT_ATTRIBUTES], payment_methods: methods.map(serializePaymentMethodBrief) };
  }

  /**
   * A new payment in state `checkout` (of the whole order total unless an
   * amount is given); earlier checkout payments of the order become
   * `invalid` (Spree's `invalidate_old_payments`), except, for a payment of a
   * fixed amount, the other fixed-amount ones (a split payment's parts). A card is checked, its
   * profile kept at the gateway, and only what may be shown is stored.
   */
  async createCheckoutPayment(em: EntityManager, order: Pick<PaymentOrder, 'id' | 'userId' | 'total' | 'currency'>, p: NewPayment): Promise<Payment> {
    const amount = p.amount ?? moneyIn(order.total, order.currency);
    // Before the card goes to the gateway; the checkout payments this one replaces no longer count.
    const awaiting = p.allowOverpayment ? 1 : await this.checkWithinTotal(em, order, amount, { replacing: p.amountFixed ? 'following' : 'all' }, 'payments.amount');
    // A payment whose customer never finished authenticating (3-D Secure) is replaced: its attempt is canceled.
    if (awaiting > 0) await this.abandonAwaiting(em, order.id);
    const methods = await this.availableMethods(em, p.display);
    let card: CreditCard | null = null;
    let method = methods.find((m) => m.id === p.paymentMethodId);

    if (p.existingCardId !== undefined) {
      // A card its owner removed (saved cards) cannot pay again.
      card = await em.findOneBy(CreditCard, { id: p.existingCardId, deletedAt: IsNull() });
      // Only the card's owner may pay with it again; a guest order has no owner.
      if (!card || order.userId === null || card.userId !== order.userId) throw new GatewayError('Invalid credit card.');
      method = methods.find((m) => m.id === card!.paymentMethodId);
    }
    if (!method) throw InvalidResourceError.field('payments.payment_method_id', 'is not an available payment method');

    const registered = this.providers.get(method.type);
    if (registered?.sourceRequired && !card && registered.tokenizedCards) {
      // The provider's token and what may be shown: no card data reaches the provider through here.
      const validated = validateTokenizedCard(p.source ?? {});
      if ('errors' in validated) throw new InvalidResourceError({ [`payments.${method.name}`]: validated.errors });
      const { token, ...shown } = validated.card;
      card = await em.save(
        em.create(CreditCard, { userId: order.userId, paymentMethodId: method.id, ...shown, gatewayCustomerProfileId: null, gatewayPaymentProfileId: token }),
      );
    } else if (registered?.sourceRequired && !card) {
      const validated = validateCard(p.source ?? {});
      if ('errors' in validated) throw new InvalidResourceError({ [`payments.${method.name}`]: validated.errors });
      // Keeps no money: not journaled.
      const profile = await registered.provider.createProfile({ settings: this.providers.settings(method), card: { number: validated.card.number, gatewayCustomerProfileId: null } });
      if (!profile.success) throw new GatewayError(profile.message);
      const { number: _number, ...shown } = validated.card;
      [card] = await INSERT_CARD(em).run<CreditCard>(em, [
        order.userId,
        method.id,
        shown.month,
        shown.year,
        shown.name,
        shown.ccType,
        shown.lastDigits,
        profile.authorization,
        null,
      ]);
    }

    const invalidate = paymentEvent('invalidate');
    await INVALIDATE_OLD(em).run(em, [order.id, invalidate.to, invalidate.from, !p.amountFixed]);
    const [payment] = await INSERT_CHECKOUT_PAYMENT(em).run<Payment>(em, [
      order.id,
      method.id,
      card ? CREDIT_CARD_SOURCE : null,
      card?.id ?? null,
      amount,
      p.amountFixed === true && p.amount !== undefined,
      newIdentifier(),
    ]);
    return payment;
  }

  /**
   * Spree's `process_payments!` at completion: each payment in checkout is
   * authorized (or captured at once when its method auto-captures); a check
   * waits for the money (pending). A refusal throws, so the caller's
   * transaction leaves everything unchanged.
   */
  async processForCompletion(em: EntityManager, order: Pick<PaymentOrder, 'id' | 'total'>): Promise<void> {
    // The payments with their methods' type, settings and capture setting, their cards' gateway profile, the order's
    // currency and what its open payments add up to, in one statement.
    const rows: Array<
      Payment & {
        methodType: PaymentMethod['type'];
        preferences: PaymentMethod['preferences'];
        autoCapture: boolean | null;
        cardId: number | null;
        cardUserId: number | null;
        cardProfileId: string | null;
        cardToken: string | null;
        currency: string;
        openTotal: string;
      }
    > = await queryPrepared(
      em,
      `SELECT ${entityColumns(em, Payment, 'p')}, pm.type AS "methodType", pm.preferences, pm.auto_capture AS "autoCapture",
              cc.id AS "cardId", cc.user_id AS "cardUserId", cc.gateway_customer_profile_id AS "cardProfileId", cc.gateway_payment_profile_id AS "cardToken", o.currency,
              (SELECT COALESCE(sum(op.amount), 0) FROM payments op WHERE op.order_id = $1 AND op.state = ANY($2)) AS "openTotal"
         FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id JOIN orders o ON o.id = p.order_id
         LEFT JOIN credit_cards cc ON p.source_type = 'Spree::CreditCard' AND cc.id = p.source_id
        WHERE p.order_id = $1 AND p.state IN ('checkout', 'processing') ORDER BY p.id`,
      [order.id, OPEN_PAYMENT_STATES],
    );
    if (rows.length === 0) throw new InvalidResourceError({ base: ['No pending payments'] }, ErrorText.couldNotTransition);
    // Never more than the order costs: payments made before its total went down (a coupon, an edit) are changed first.
    const open = decimal(rows[0].openTotal);
    if (open.greaterThan(decimal(order.total))) {
      throw new InvalidResourceError({ payments: [PaymentText.paymentsBeyondTotal(moneyIn(open, rows[0].currency), moneyIn(order.total, rows[0].currency))] }, ErrorText.couldNotTransition);
    }
    for (const { methodType, preferences, autoCapture, cardId, cardUserId, cardProfileId, cardToken, currency, openTotal: _open, ...payment } of rows) {
      if (!this.providers.get(methodType)?.sourceRequired) {
        // A check waits for the money: `pend` (from checkout, as the table allows), without the gateway.
        await this.moveTo(em, payment, [{ from: payment.state, to: paymentTransition(payment.state, 'pend')! }]);
        continue;
      }
      await this.process(em, payment, autoCapture ? 'purchase' : 'authorize', {
        method: { id: payment.paymentMethodId, type: methodType, settings: this.providers.settings({ type: methodType, preferences }), currency },
        card: cardId === null ? null : { id: cardId, userId: cardUserId, gatewayCustomerProfileId: cardProfileId, gatewayPaymentProfileId: cardToken },
        customerMayAct: true,
      });
    }
  }

  // ------------------------------------------------------------------ the payments API

  list(em: EntityManager, orderId: number, params: ListParams): Promise<Page<Payment>> {
    return findPage(em.createQueryBuilder(Payment, 'p').where('p.order_id = :orderId', { orderId }), PAYMENT_SEARCH, params);
  }

  /** A payment of the order, or 404. */
  async find(em: EntityManager, orderId: number, id: number, lock = false): Promise<Payment> {
    const payment = await em.findOne(Payment, { where: { id, orderId }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    if (!payment) throw new NotFoundError();
    return payment;
  }

  /** Payments as shown, with their methods and cards (one query each for the lot). */
  async render(em: EntityManager, payments: Payment[], currency: string): Promise<PaymentJson[]> {
    if (payments.length === 0) return [];
    const methods = await em.find(PaymentMethod, { where: { id: In([...new Set(payments.map((p) => p.paymentMethodId))]) } });
    const cardIds = [...new Set(payments.map(cardIdOf).filter((id): id is number => id !== null))];
    const cards = cardIds.length ? await em.find(CreditCard, { where: { id: In(cardIds) } }) : [];
    const methodById = new Map(methods.map((m) => [m.id, m]));
    const cardById = new Map(cards.map((c) => [c.id, c]));
    return payments.map((p) => serializePayment(p, methodById.get(p.paymentMethodId)!, cardById.get(cardIdOf(p) ?? 0) ?? null, currency));
  }

  /**
   * A payment's amount or method, only while it is in checkout or pending
   * (403 with Spree's `update_forbidden` text otherwise). A new method must
   * be available and take the payment's source (a card method for a card
   * payment, a method without source otherwise).
   */
  async update(
    em: EntityManager,
    order: Pick<PaymentOrder, 'id' | 'total' | 'currency'>,
    payment: Payment,
    changes: { amount?: string | null; paymentMethodId?: number | null; allowOverpayment?: boolean },
    display: PaymentDisplay,
  ): Promise<void> {
    if (!isPaymentEditable(payment.state)) throw new ApiError(HttpStatus.FORBIDDEN, { error: PaymentText.updateForbidden(payment.state) });
    if (changes.amount !== undefined) {
      const amount = paymentAmount(changes.amount, order.currency);
      // A lower amount is always welcome (the order's total may have gone down since); a higher one only within the total.
      if (decimal(amount).greaterThan(decimal(payment.amount)) && !changes.allowOverpayment) {
        await this.checkWithinTotal(em, order, amount, { except: payment.id }, 'amount');
      }
      payment.amount = amount;
      // Set by store staff: it no longer follows the order's total.
      payment.amountFixed = true;
    }
    if (changes.paymentMethodId !== undefined && changes.paymentMethodId !== payment.paymentMethodId) {
      const method = (await this.availableMethods(em, display)).find((m) => m.id === changes.paymentMethodId);
      if (!method) throw InvalidResourceError.field('payment_method_id', 'is not an available payment method');
      if ((this.providers.get(method.type)?.sourceRequired ?? false) !== (cardIdOf(payment) !== null)) {
        throw InvalidResourceError.field('payment_method_id', "does not take this payment's source");
      }
      payment.paymentMethodId = method.id;
    }
    await em.save(payment);
  }

  /**
   * What the order's open payments add up to (checkout, processing, pending and completed; credits count negative),
   * leaving out payment `except` and the checkout payments a new one replaces (`replacing`: all of them, or those
   * that follow the total, as `createCheckoutPayment` invalidates them).
   */
  async openPaymentsTotal(em: EntityManager, orderId: number, leaveOut: { except?: number; replacing?: 'all' | 'following' }): Promise<Decimal> {
    return (await this.openPayments(em, orderId, leaveOut)).sum;
  }

  /**
   * `openPaymentsTotal`, and how many payments wait for their customer (`processing`, 3-D Secure): a new checkout
   * payment (`replacing`) abandons those, so they do not count then.
   */
  private async openPayments(em: EntityManager, orderId: number, leaveOut: { except?: number; replacing?: 'all' | 'following' }): Promise<{ sum: Decimal; awaiting: number }> {
    const [{ sum, awaiting }] = await queryPrepared(
      em,
      `SELECT COALESCE(sum(amount) FILTER (WHERE state = ANY($2) AND id IS DISTINCT FROM $3
                 AND NOT (state = 'checkout' AND ($4 = 'all' OR ($4 = 'following' AND NOT amount_fixed)))
                 AND NOT (state = 'processing' AND $4 <> 'none')), 0) AS sum,
              count(*) FILTER (WHERE state = 'processing')::int AS awaiting
         FROM payments WHERE order_id = $1`,
      [orderId, OPEN_PAYMENT_STATES, leaveOut.except ?? null, leaveOut.replacing ?? 'none'],
    );
    return { sum: decimal(sum), awaiting };
  }

  /**
   * The order's open payments, with `amount` more, may not add up to more than its total (a back-office's double
   * submit, a part typed twice): 422 on `field` saying what is left to pay. The caller holds the order's row lock,
   * so payments made at once for one order are counted one after the other. Answers how many payments wait for
   * their customer.
   */
  private async checkWithinTotal(
    em: EntityManager,
    order: Pick<PaymentOrder, 'id' | 'total' | 'currency'>,
    amount: string,
    leaveOut: { except?: number; replacing?: 'all' | 'following' },
    field: string,
  ): Promise<number> {
    const { sum: open, awaiting } = await this.openPayments(em, order.id, leaveOut);
    const total = decimal(order.total);
    if (open.plus(decimal(amount)).lessThanOrEqualTo(total)) return awaiting;
    const left = Decimal.max(total.minus(open), 0);
    throw InvalidResourceError.field(field, PaymentText.beyondOrderTotal(moneyIn(left, order.currency), moneyIn(total, order.currency), moneyIn(open, order.currency)));
  }

  /** Spree's `authorize!` (hold the amount) and `purchase!` (charge it at once). */
  async process(
    em: EntityManager,
    payment: Payment,
    action: 'authorize' | 'purchase',
    /**
     * The payment's method and card (null: none) when the caller read them already; `customerMayAct`: the completion
     * can hand the customer what the provider asks of them (AwaitingCustomer is thrown), and takes a payment
     * `processing` (its attempt waiting for the customer) on by asking the provider to `confirm` it.
     */
    known?: { method: CallingMethod; card: ChargedCard | null; customerMayAct?: boolean },
  ): Promise<void> {
    const awaited = known?.customerMayAct === true && payment.state === 'processing' && payment.responseCode !== null;
    // A payment the caller read in checkout (or waiting for its customer) has had nothing taken, so nothing given back.
    const moves: Move[] | null = awaited
      ? [{ from: 'processing', to: paymentTransition('processing', action === 'authorize' ? 'pend' : 'complete')! }]
      : this.plan(payment, action, known ? NOTHING_GIVEN_BACK : await this.moneyOf(em, payment));
    if (!moves) return;
    const method = known ? known.method : await this.methodOf(em, payment);
    const { provider, sourceRequired } = providerOrFail(this.providers, method.type);
    const cents = toMinorUnits(payment.amount, method.currency);
    let card: ChargedCard | null = null;
    if (sourceRequired) {
      const cardId = cardIdOf(payment);
      card = known ? known.card : cardId === null ? null : await em.findOneBy(CreditCard, { id: cardId });
      if (!card) throw new GatewayError(PaymentText.processingFailed);
    }
    const profileId = card?.gatewayCustomerProfileId ?? null;
    const customer = card && card.userId !== null ? await this.savedCardOwner(em, card, method.id) : undefined;
    // Journaled: undone (void or credit) if this request's transaction does not commit.
    if (awaited && !provider.confirm) throw new GatewayError(PaymentText.processingFailed);
    const response = await this.gatewayOperations.run(em, operationRecord(payment, method, action, cents), (idempotencyKey) =>
      awaited
        ? // The customer acted (3-D Secure): the provider finishes the attempt they acted on.
          provider.confirm!({ ...providerCall(payment, method, idempotencyKey), authorization: payment.responseCode!, amount: cents, currency: method.currency })
        : provider[action]({
            ...providerCall(payment, method, idempotencyKey),
            amount: cents,
            currency: method.currency,
            card: { gatewayCustomerProfileId: profileId, gatewayPaymentProfileId: card?.gatewayPaymentProfileId ?? null },
            ...(customer ? { customer } : {}),
          }),
    );
    if (response.customerAction && known?.customerMayAct && response.authorization && response.journalId) {
      throw new AwaitingCustomer(payment.id, response.authorization, response.customerAction, response.journalId);
    }
    refuseUnlessDone(response);
    const saved = response.savedCard;
    if (card && saved && (saved.customerProfile !== card.gatewayCustomerProfileId || (saved.paymentProfile ?? card.gatewayPaymentProfileId) !== card.gatewayPaymentProfileId)) {
      // Saved with the provider's customer: what pays with it again (existing_card).
      await em.query(`UPDATE credit_cards SET gateway_customer_profile_id = $2, gateway_payment_profile_id = COALESCE($3, gateway_payment_profile_id), updated_at = now() WHERE id = $1`, [
        card.id,
        saved.customerProfile,
        saved.paymentProfile,
      ]);
    }
    // Spree keeps the gateway's reference only when it gives one.
    if (response.authorization !== null) {
      payment.responseCode = response.authorization;
      payment.avsResponse = response.avsResult;
    }
    await this.moveTo(em, payment, moves);
  }

  /**
   * A completion is waiting for the customer (AwaitingCustomer, after the completion's work was rolled back): the
   * attempt stays settled in this request's transaction and the payment goes `processing` with the attempt as its
   * `response_code` (nothing is held yet). The next completion asks the provider to confirm it.
   */
  async awaitCustomer(em: EntityManager, awaiting: AwaitingCustomer): Promise<void> {
    await this.gatewayOperations.settle(em, awaiting.journalId);
    const payment = await em.findOneByOrFail(Payment, { id: awaiting.paymentId });
    payment.responseCode = awaiting.authorization;
    if (payment.state === 'checkout') {
      await this.moveTo(em, payment, [{ from: 'checkout', to: paymentTransition('checkout', 'started_processing')! }]);
    } else {
      await em.query(`UPDATE payments SET response_code = $2, updated_at = now() WHERE id = $1`, [payment.id, awaiting.authorization]);
    }
  }

  /**
   * The order's payments waiting for their customer (`processing`, 3-D Secure never finished) when a new payment
   * replaces them: each attempt is canceled at the provider (journaled as a void: nothing was held, or the hold of a
   * shopper who authenticated and did not come back is released) and the payment becomes `failed`. A provider that
   * refuses (the attempt already captured) is a 422 and nothing changes.
   */
  async abandonAwaiting(em: EntityManager, orderId: number): Promise<void> {
    const awaiting = await em.find(Payment, { where: { orderId, state: 'processing' }, order: { id: 'ASC' } });
    for (const payment of awaiting) await this.failAwaiting(em, payment);
  }

  /**
   * One payment waiting for its customer fails: its attempt is canceled at the provider (journaled as a void; an
   * attempt canceled already counts as done) and the payment becomes `failed` (`payment.failed` raised). Used when a
   * new payment replaces it, when the provider tells that the attempt failed or was canceled (its webhook), and when
   * the customer never came back (the abandoned-payments sweep). A provider that refuses (the attempt already
   * captured) is a 422 and nothing changes.
   */
  async failAwaiting(em: EntityManager, payment: Payment): Promise<void> {
    const method = await this.methodOf(em, payment);
    const { provider } = providerOrFail(this.providers, method.type);
    if (payment.responseCode !== null) {
      const response = await this.gatewayOperations.run(em, operationRecord(payment, method, 'void', toMinorUnits(payment.amount, method.currency)), (idempotencyKey) =>
        provider.void({ ...providerCall(payment, method, idempotencyKey), authorization: payment.responseCode }),
      );
      refuseUnlessDone(response);
    }
    await this.moveTo(em, payment, [{ from: 'processing', to: paymentTransition('processing', 'failure')! }]);
  }

  /**
   * The payment (not a credit) of a payment method of type `methodType` whose provider reference (`response_code`: a
   * Stripe PaymentIntent) is `authorization`, with its order's number: what a provider's webhook event is about. Any
   * method of the type, not only the one whose endpoint received the event: two methods may share an account (one
   * capturing at once, one not), and then each endpoint gets every event of the account; the provider's references
   * are unique. Read before the order is locked (the caller reads the payment again under the lock).
   */
  async findByReference(em: EntityManager, methodType: string, authorization: string): Promise<{ paymentId: number; orderNumber: string } | null> {
    const [row] = await em.query(
      `SELECT p.id AS "paymentId", o.number AS "orderNumber"
         FROM payments p JOIN orders o ON o.id = p.order_id JOIN payment_methods pm ON pm.id = p.payment_method_id
        WHERE p.response_code = $1 AND pm.type = $2 AND p.source_type IS DISTINCT FROM $3 ORDER BY p.id DESC LIMIT 1`,
      [authorization, methodType, PAYMENT_SOURCE],
    );
    return row ?? null;
  }

  /**
   * The provider says `refundedCents` were given back from the payment in all (its webhook: a refund made in the
   * provider's dashboard, or one of ours): what the books do not show yet is recorded as a completed credit of the
   * payment (`payment.credited` raised), as `credit` records one of ours; a refund of ours that is in the books
   * already is not counted again. A credit of ours done at the gateway whose request did not commit (`unbooked` in the
   * journal) is booked by this record, so it is not booked a second time. Answers the credit recorded, if any.
   */
  async recordProviderRefund(em: EntityManager, payment: Payment, refundedCents: number, reference: string | null): Promise<Payment | null> {
    if (payment.state !== 'completed' || payment.sourceType === PAYMENT_SOURCE) return null;
    const method = await this.methodOf(em, payment);
    const refunded = decimal(fromMinorUnits(refundedCents, method.currency));
    const missing = Decimal.min(refunded.minus(await this.givenBack(em, payment)), await this.creditAllowed(em, payment));
    if (missing.lessThanOrEqualTo(0)) return null;
    await em.query(`UPDATE gateway_operations SET state = 'settled', updated_at = now() WHERE payment_id = $1 AND operation = 'credit' AND state = 'unbooked'`, [payment.id]);
    return this.saveCredit(em, payment, moneyIn(missing.negated(), method.currency), reference);
  }

  /** The provider tells of a dispute (chargeback) of the payment: `payment.disputed` raised (docs/webhooks.md). */
  recordDispute(em: EntityManager, payment: Payment): void {
    raiseEvent(em, 'payment.disputed', { resource: 'payment', id: payment.id });
  }

  /**
   * The signed-in customer a card belongs to, with the provider customer their cards are saved with: the card's own,
   * else one of their other cards' of the same payment method (read only when the card has none yet).
   */
  private async savedCardOwner(em: EntityManager, card: ChargedCard, paymentMethodId: number): Promise<SavedCardOwner> {
    const userId = card.userId!;
    if (card.gatewayCustomerProfileId !== null) return { userId, email: null, reference: card.gatewayCustomerProfileId };
    const [row] = await em.query(
      `SELECT u.email, (SELECT cc.gateway_customer_profile_id FROM credit_cards cc
                         WHERE cc.user_id = u.id AND cc.payment_method_id = $2 AND cc.gateway_customer_profile_id IS NOT NULL
                         ORDER BY cc.id DESC LIMIT 1) AS reference
         FROM users u WHERE u.id = $1`,
      [userId, paymentMethodId],
    );
    return { userId, email: row?.email ?? null, reference: row?.reference ?? null };
  }

  /**
   * Spree's `capture!`: takes the authorized amount, or part of it (`requested`, as Spree 3's `capture!(amount)`): the
   * payment's amount then becomes what was taken (the gateway releases the rest of the hold). A completed payment is
   * left as it is.
   */
  async capture(em: EntityManager, payment: Payment, requested?: string | null): Promise<void> {
    const moves = this.plan(payment, 'capture', await this.moneyOf(em, payment));
    if (!moves) return;
    const method = await this.methodOf(em, payment);
    const amount = requested === undefined ? payment.amount : paymentAmount(requested, method.currency);
    if (decimal(amount).greaterThan(decimal(payment.amount))) {
      throw InvalidResourceError.field('amount', `must be less than or equal to ${moneyIn(payment.amount, method.currency)}, the payment's amount`);
    }
    const { provider } = providerOrFail(this.providers, method.type);
    const cents = toMinorUnits(amount, method.currency);
    // Journaled: credited back if this request's transaction does not commit.
    const response = await this.gatewayOperations.run(em, operationRecord(payment, method, 'capture', cents), (idempotencyKey) =>
      provider.capture({ ...providerCall(payment, method, idempotencyKey), amount: cents, currency: method.currency, authorization: payment.responseCode }),
    );
    refuseUnlessDone(response);
    if (!decimal(amount).equals(decimal(payment.amount))) {
      // What was taken, kept as given (it no longer follows the order's total).
      await em.query(`UPDATE payments SET amount = $2, amount_fixed = true, updated_at = now() WHERE id = $1`, [payment.id, amount]);
      payment.amount = amount;
      payment.amountFixed = true;
    }
    await this.moveTo(em, payment, moves);
  }

  /**
   * Spree's `void_transaction!`: cancels the authorization or the charge. A void payment is left as it is. A payment
   * that was credited is refused before the gateway is asked (its capture was refunded, in part or in full: voiding it
   * too would give the money back twice); a captured one is voided only if the gateway can still void it (a refusal
   * is a 422 and nothing changes). Journaled: a void whose request does not commit is kept `unbooked`, and the next
   * void of the payment books it instead of asking the gateway again.
   */
  async void(em: EntityManager, payment: Payment): Promise<void> {
    const moves = this.plan(payment, 'void', await this.moneyOf(em, payment));
    if (!moves) return;
    const method = await this.methodOf(em, payment);
    const { provider } = providerOrFail(this.providers, method.type);
    const response = await this.gatewayOperations.run(em, operationRecord(payment, method, 'void', toMinorUnits(payment.amount, method.currency)), (idempotencyKey) =>
      provider.void({ ...providerCall(payment, method, idempotencyKey), authorization: payment.responseCode }),
    );
    refuseUnlessDone(response);
    payment.responseCode = response.authorization;
    await this.moveTo(em, payment, moves);
  }

  /** What may still be credited: the amount less what earlier credits gave back (Spree's `credit_allowed`). */
  async creditAllowed(em: EntityManager, payment: Payment): Promise<Decimal> {
    return decimal(payment.amount).minus(await this.givenBack(em, payment));
  }

  /** What credits gave back from the payment so far (Spree's `offsets`, as a positive sum). */
  private async givenBack(em: EntityManager, payment: Payment): Promise<Decimal> {
    const [{ offsets }] = await em.query(
      `SELECT COALESCE(sum(amount), 0) AS offsets FROM payments WHERE order_id = $1 AND source_type = $2 AND source_id = $3 AND amount < 0 AND state = 'completed'`,
      [payment.orderId, PAYMENT_SOURCE, payment.id],
    );
    return decimal(offsets).abs();
  }

  /** What already happened to the payment's money, for the guards of the state table (read under the payment's row lock). */
  private async moneyOf(em: EntityManager, payment: Payment): Promise<PaymentMoney & { givenBack: Decimal }> {
    const isCredit = payment.sourceType === PAYMENT_SOURCE;
    const givenBack = isCredit ? decimal(0) : await this.givenBack(em, payment);
    return { isCredit, credited: givenBack.greaterThan(0), givenBack };
  }

  /**
   * Spree's `credit!`: gives money back from a completed payment. At most its
   * `credit_allowed` (422 with Spree's `credit_over_limit` text beyond);
   * without an amount, what the order owes the customer, as Spree computes it.
   * The gateway's credit becomes a new completed payment of the negative
   * amount whose source is this payment; this payment stays completed.
   */
  async credit(em: EntityManager, order: PaymentOrder, payment: Payment, requested: string | null | undefined): Promise<Payment> {
    const wanted = requested === undefined ? undefined : decimal(readAmount(requested));
    const money = await this.moneyOf(em, payment);
    this.plan(payment, 'credit', money);
    const allowed = decimal(payment.amount).minus(money.givenBack);
    if (wanted !== undefined && wanted.greaterThan(allowed)) {
      throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { error: PaymentText.creditOverLimit(rubyDecimalString(allowed)) });
    }

    // The order's currency (with the payment's method): a refund has its decimals (a JPY refund with decimals is a 422).
    const method = await this.methodOf(em, payment);
    let amount: Decimal;
    if (wanted !== undefined) {
      amount = decimal(paymentAmount(wanted.toFixed(), method.currency));
    } else {
      const owed = (await this.outstandingBalance(em, order)).abs();
      amount = roundMoney(allowed.greaterThanOrEqualTo(owed) ? owed : allowed.abs(), currencyMinorUnits(method.currency));
      if (amount.lessThanOrEqualTo(0)) throw InvalidResourceError.field('amount', "can't be blank when the order owes the customer nothing");
    }

    const { provider } = providerOrFail(this.providers, method.type);
    const cents = toMinorUnits(amount, method.currency);
    // Journaled: a credit whose request does not commit is kept `unbooked`, and the next credit of this amount books it.
    const response = await this.gatewayOperations.run(em, operationRecord(payment, method, 'credit', cents), (idempotencyKey) =>
      provider.credit({ ...providerCall(payment, method, idempotencyKey), amount: cents, currency: method.currency, authorization: payment.responseCode }),
    );
    refuseUnlessDone(response);
    return this.saveCredit(em, payment, moneyIn(amount.negated(), method.currency), response.authorization);
  }

  /** A credit (refund) of `payment`: a completed payment of the negative `amount` whose source is the payment, `payment.credited` raised. */
  private async saveCredit(em: EntityManager, payment: Payment, amount: string, responseCode: string | null): Promise<Payment> {
    const credit = await em.save(
      em.create(Payment, {
        orderId: payment.orderId,
        paymentMethodId: payment.paymentMethodId,
        sourceType: PAYMENT_SOURCE,
        sourceId: payment.id,
        amount,
        state: 'completed',
        responseCode,
        avsResponse: null,
        identifier: newIdentifier(),
      }),
    );
    raiseEvent(em, 'payment.credited', { resource: 'payment', id: credit.id });
    return credit;
  }

  /** Spree's `Order#outstanding_balance`: a canceled order with money taken owes all of it back. */
  private async outstandingBalance(em: EntityManager, order: PaymentOrder): Promise<Decimal> {
    if (order.state === 'canceled') {
      const [{ count }] = await em.query(`SELECT count(*)::int AS count FROM payments WHERE order_id = $1 AND state = 'completed'`, [order.id]);
      if (count > 0) return decimal(order.paymentTotal).negated();
    }
    return decimal(order.total).minus(decimal(order.paymentTotal));
  }

  /** The moves `action` makes from the payment's state and money; null when there is nothing to do; 422 when it does not apply. */
  private plan(payment: Payment, action: PaymentAction, money: PaymentMoney): Move[] | null {
    const plan = planAction(payment.state, action, money);
    if (plan.kind === 'done') return null;
    if (plan.kind === 'refused') {
      const article = /^[aeiou]/.test(payment.state) ? 'an' : 'a';
      throw InvalidResourceError.field('state', plan.reason ?? `cannot ${action} ${article} ${payment.state} payment`);
    }
    return plan.moves;
  }

  /** The payment's method as its provider is called, with its order's currency, in one statement. */
  private async methodOf(em: EntityManager, payment: Payment): Promise<CallingMethod> {
    const [row]: Array<{ type: PaymentMethod['type']; preferences: PaymentMethod['preferences']; currency: string }> = await queryPrepared(
      em,
      `SELECT pm.type, pm.preferences, o.currency FROM payment_methods pm JOIN orders o ON o.id = $2 WHERE pm.id = $1`,
      [payment.paymentMethodId, payment.orderId],
    );
    if (!row) throw new Error(`payment ${payment.id}: its payment method or order is gone`);
    return { id: payment.paymentMethodId, type: row.type, settings: this.providers.settings(row), currency: row.currency };
  }

  /**
   * Writes the payment's new state and the gateway's reference (the columns the moves change) without reading it again,
   * and records each move (Spree's payment `state_changes`, its state machine's after_transition: no user).
   */
  private async moveTo(em: EntityManager, payment: Payment, moves: Move[]): Promise<void> {
    if (moves.length === 0) return;
    const from = moves[0].from;
    const [rows] = await queryPrepared(
      em,
      `UPDATE payments SET state = $2, response_code = $3, avs_response = $4, updated_at = now() WHERE id = $1 AND state = $5 RETURNING updated_at`,
      [payment.id, moves[moves.length - 1].to, payment.responseCode, payment.avsResponse, from],
    );
    if (rows.length !== 1) throw new Error(`payment ${payment.id} was no longer ${from}`);
    payment.state = moves[moves.length - 1].to;
    payment.updatedAt = rows[0].updated_at;
    await recordStateChanges(em, 'payment', moves.map((m) => ({ statefulId: payment.id, from: m.from, to: m.to })));
    const event = PAYMENT_STATE_EVENTS[payment.state];
    if (event) raiseEvent(em, event, { resource: 'payment', id: payment.id });
  }

  /**
   * A payment brought in by an order import (Spree's importer): of a payment
   * method named `methodName` (any active one, whatever it is displayed on),
   * for `amount` (in the order's `currency`, with at most its decimals), in `state` as the other system left it, without a source
   * and without the gateway (as Spree sets the column: no history); its
   * amount stays as given (`amount_fixed`). 422 naming
   * `payment_method`, `amount` or `state`.
   */
  async importPayment(em: EntityManager, orderId: number, p: { methodName: string; amount: string | null; state: PaymentState }, currency: string): Promise<Payment> {
    const method = await em.findOne(PaymentMethod, { where: { name: p.methodName, active: true, deletedAt: IsNull() }, order: { id: 'ASC' } });
    if (!method) throw InvalidResourceError.field('payment_method', 'is not a payment method of the store');
    return em.save(
      em.create(Payment, {
        orderId,
        paymentMethodId: method.id,
        sourceType: null,
        sourceId: null,
        amount: paymentAmount(p.amount, currency),
        // The amount the other system took: the order updater never makes it follow the total.
        amountFixed: true,
        state: p.state,
        responseCode: null,
        avsResponse: null,
        identifier: newIdentifier(),
      }),
    );
  }

  /**
   * While the order is checked out, its payment in checkout pays its whole total (the order updater keeps it so);
   * a payment whose amount store staff set keeps it.
   */
  async followOrderTotal(em: EntityManager, orderId: number, total: string): Promise<void> {
    await em.query(`UPDATE payments SET amount = $2, updated_at = now() WHERE order_id = $1 AND state = 'checkout' AND NOT amount_fixed AND amount <> $2`, [
      orderId,
      total,
    ]);
  }
}

/** The money facts of a payment nothing was taken from (one in checkout). */
const NOTHING_GIVEN_BACK: PaymentMoney = { isCredit: false, credited: false };

/** The events a payment's arrival in a state raises (docs/webhooks.md). */
const PAYMENT_STATE_EVENTS: Partial<Record<PaymentState, EventType>> = {
  pending: 'payment.authorized',
  completed: 'payment.captured',
  void: 'payment.voided',
  failed: 'payment.failed',
};

function providerOrFail(providers: PaymentProviderRegistry, type: PaymentMethod['type']): RegisteredProvider {
  const registered = providers.get(type);
  if (!registered) throw new GatewayError(PaymentText.processingFailed);
  return registered;
}

/**
 * A provider's answer that did not do the operation is a 422 with its message. One that asks the customer to act
 * (3-D Secure) is refused too until the checkout can hand the customer what the provider needs (issue 28): the
 * request does not commit, so the journal voids the attempt.
 */
function refuseUnlessDone(response: GatewayResponse): void {
  if (response.customerAction) throw new GatewayError(PaymentText.customerActionUnsupported);
  if (!response.success) throw new GatewayError(response.message);
}

/** What the journal records of a call. */
function operationRecord(payment: Payment, method: CallingMethod, operation: MoneyOperation, amountCents: number): OperationRecord {
  return {
    paymentId: payment.id,
    paymentIdentifier: payment.identifier,
    orderId: payment.orderId,
    paymentMethodId: method.id,
    gateway: method.type,
    operation,
    amountCents,
    currency: method.currency,
    settings: method.settings,
  };
}

/** What every provider call carries. */
function providerCall(payment: Payment, method: CallingMethod, idempotencyKey: string): ProviderCall {
  return { settings: method.settings, idempotencyKey, payment: { id: payment.id, identifier: payment.identifier, orderId: payment.orderId } };
}

function newIdentifier(): string {
  return randomBytes(6).toString('hex').toUpperCase();
}

/** A readable amount (the DTO already refused what is not a number), or 422 when none was given. */
function readAmount(value: string | null): string {
  if (value === null) throw InvalidResourceError.field('amount', 'is not a number');
  return value;
}

/**
 * An amount a client sets: more than zero, at most the decimal places of `currency` (the order's: 0 for JPY, 2 for
 * EUR; the store currency's when not given), within the column.
 */
export function paymentAmount(value: string | null, currency?: string): string {
  const places = currency === undefined ? undefined : currencyMinorUnits(currency);
  const given = decimal(readAmount(value));
  const amount = roundMoney(given, places);
  if (amount.lessThanOrEqualTo(0)) throw InvalidResourceError.field('amount', 'must be greater than 0');
  const precision = decimalPlacesProblem(given, places);
  if (precision) throw InvalidResourceError.field('amount', precision);
  if (amount.greaterThan(MAX_AMOUNT)) throw InvalidResourceError.field('amount', `must be less than or equal to ${MAX_AMOUNT.toFixed(2)}`);
  return moneyString(amount, places);
}
