import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { displayMoney, moneyIn } from '../../common/money/money';
import { PaymentMethod } from '../payment-methods/entities/payment-method.entity';
import { CreditCard } from './entities/credit-card.entity';
import { Payment } from './entities/payment.entity';

/** A card as shown: never the number, the verification value or the gateway's profile. */
export class CreditCardJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: '12' }) month: string;
  @ApiProperty({ example: '2030' }) year: string;
  @ApiProperty({ type: String, nullable: true, example: 'visa' }) cc_type: string | null;
  @ApiProperty({ example: '1111' }) last_digits: string;
  @ApiProperty({ type: String, nullable: true, example: 'Jane Doe' }) name: string | null;
}

export class PaymentMethodSummaryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Credit Card' }) name: string;
  @ApiProperty({ example: 'development' }) environment: string;
}

/** A payment method offered at the payment step (orders/payment.v1.rabl). */
export class AvailablePaymentMethodJson extends PaymentMethodSummaryJson {
  @ApiProperty({ example: 'gateway', enum: ['gateway', 'check'] }) method_type: string;
  @ApiPropertyOptional({ example: 'pk_test_…', description: 'A Stripe method’s publishable key, for Stripe.js to tokenize the card (only when set)' }) publishable_key?: string;
}

/** Spree's payment_attributes + payment_method + source. */
export class PaymentJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true, example: 'Spree::CreditCard' }) source_type: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) source_id: number | null;
  @ApiProperty({ example: '25.99' }) amount: string;
  @ApiProperty({ example: '$25.99' }) display_amount: string;
  @ApiProperty({ type: 'integer' }) payment_method_id: number;
  @ApiProperty({ type: String, nullable: true }) response_code: string | null;
  @ApiProperty({ example: 'checkout', enum: ['checkout', 'processing', 'pending', 'completed', 'failed', 'void', 'invalid'] }) state: string;
  @ApiProperty({ type: String, nullable: true }) avs_response: string | null;
  @ApiProperty() created_at: Date;
  @ApiProperty() updated_at: Date;
  @ApiProperty({ type: PaymentMethodSummaryJson }) payment_method: PaymentMethodSummaryJson;
  @ApiProperty({ type: CreditCardJson, nullable: true }) source: CreditCardJson | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Only in the 202 answer of a checkout completion waiting for 3-D Secure: the PaymentIntent\'s client secret, for Stripe.js (never stored here).',
    example: 'pi_3Oab_secret_xyz',
  })
  client_secret?: string | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: 'Only in the 202 answer of a checkout completion waiting for 3-D Secure: the PaymentIntent\'s `next_action` (e.g. `{"type": "use_stripe_sdk", …}`).',
  })
  next_action?: Record<string, unknown> | null;
}

/** Spree's `payment_attributes`, as GET …/payments/new lists them. */
export const PAYMENT_ATTRIBUTES = ['id', 'source_type', 'source_id', 'amount', 'display_amount', 'payment_method_id', 'state', 'avs_response', 'created_at', 'updated_at'] as const;

/** Spree's `payment_method_attributes`. */
export class PaymentMethodBriefJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Credit Card' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'Pay by card.' }) description: string | null;
}

/** payments/new.v1.rabl: the attributes a payment has and the methods that may pay. */
export class NewPaymentJson {
  @ApiProperty({ type: [String], example: PAYMENT_ATTRIBUTES }) attributes: string[];
  @ApiProperty({ type: [PaymentMethodBriefJson] }) payment_methods: PaymentMethodBriefJson[];
}

/**
 * A refused payment change: the gateway's refusal or the credit limit (`error`
 * alone, Spree's texts), or an invalid resource (`error` plus `errors` by field).
 */
export class PaymentErrorResponse {
  @ApiProperty({ example: 'There was a problem with the payment gateway: Bogus Gateway: Forced failure' }) error: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { amount: ['is not a number'] },
  })
  errors?: Record<string, string[]>;
}

export function serializePaymentMethodBrief(method: PaymentMethod): PaymentMethodBriefJson {
  return { id: method.id, name: method.name, description: method.description };
}

/** The card a payment was made with; null for a check or a credit (whose source is the payment it refunds). */
export function cardIdOf(payment: Pick<Payment, 'sourceType' | 'sourceId'>): number | null {
  return payment.sourceType === 'Spree::CreditCard' ? payment.sourceId : null;
}

export function serializeCreditCard(card: CreditCard): CreditCardJson {
  return { id: card.id, month: String(card.month), year: String(card.year), cc_type: card.ccType, last_digits: card.lastDigits, name: card.name };
}

export function methodType(method: Pick<PaymentMethod, 'type'>): string {
  return method.type === 'Spree::PaymentMethod::Check' ? 'check' : 'gateway';
}

/** The key a transaction keeps a payment's JSON under (common/db/transaction-reads): its events use it again. */
export const paymentJsonReadKey = (paymentId: number): string => `payment-json:${paymentId}`;

export function serializePayment(payment: Payment, method: Pick<PaymentMethod, 'id' | 'name' | 'environment'>, card: CreditCard | null, currency: string): PaymentJson {
  return {
    id: payment.id,
    source_type: payment.sourceType,
    source_id: payment.sourceId,
    amount: moneyIn(payment.amount, currency),
    display_amount: displayMoney(payment.amount, currency),
    payment_method_id: payment.paymentMethodId,
    response_code: payment.responseCode,
    state: payment.state,
    avs_response: payment.avsResponse,
    created_at: payment.createdAt,
    updated_at: payment.updatedAt,
    payment_method: { id: method.id, name: method.name, environment: method.environment },
    source: card ? serializeCreditCard(card) : null,
  };
}
