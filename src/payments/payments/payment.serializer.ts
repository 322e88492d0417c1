import { ApiProperty } from '@nestjs/swagger';
import { displayMoney, moneyString } from '../../common/money/money';
import { PaymentMethod } from '../payment-methods/entities/payment-method.entity';
import { CreditCard } from './entities/credit-card.entity';
import { Payment } from './entities/payment.entity';

/** A card as shown: never the number, the verification value or the gateway's profile. */
export class CreditCardJson {
  @ApiProperty() id: number;
  @ApiProperty({ example: '12' }) month: string;
  @ApiProperty({ example: '2030' }) year: string;
  @ApiProperty({ type: String, nullable: true, example: 'visa' }) cc_type: string | null;
  @ApiProperty({ example: '1111' }) last_digits: string;
  @ApiProperty({ type: String, nullable: true, example: 'Jane Doe' }) name: string | null;
}

export class PaymentMethodSummaryJson {
  @ApiProperty() id: number;
  @ApiProperty({ example: 'Credit Card' }) name: string;
  @ApiProperty({ example: 'development' }) environment: string;
}

/** A payment method offered at the payment step (orders/payment.v1.rabl). */
export class AvailablePaymentMethodJson extends PaymentMethodSummaryJson {
  @ApiProperty({ example: 'gateway', enum: ['gateway', 'check'] }) method_type: string;
}

/** Spree's payment_attributes + payment_method + source. */
export class PaymentJson {
  @ApiProperty() id: number;
  @ApiProperty({ type: String, nullable: true, example: 'Spree::CreditCard' }) source_type: string | null;
  @ApiProperty({ type: Number, nullable: true }) source_id: number | null;
  @ApiProperty({ example: '25.99' }) amount: string;
  @ApiProperty({ example: '$25.99' }) display_amount: string;
  @ApiProperty() payment_method_id: number;
  @ApiProperty({ type: String, nullable: true }) response_code: string | null;
  @ApiProperty({ example: 'checkout', enum: ['checkout', 'processing', 'pending', 'completed', 'failed', 'void', 'invalid'] }) state: string;
  @ApiProperty({ type: String, nullable: true }) avs_response: string | null;
  @ApiProperty() created_at: Date;
  @ApiProperty() updated_at: Date;
  @ApiProperty({ type: PaymentMethodSummaryJson }) payment_method: PaymentMethodSummaryJson;
  @ApiProperty({ type: CreditCardJson, nullable: true }) source: CreditCardJson | null;
}

export function serializeCreditCard(card: CreditCard): CreditCardJson {
  return { id: card.id, month: String(card.month), year: String(card.year), cc_type: card.ccType, last_digits: card.lastDigits, name: card.name };
}

export function methodType(method: PaymentMethod): string {
  return method.type === 'Spree::PaymentMethod::Check' ? 'check' : 'gateway';
}

export function serializePayment(payment: Payment, method: PaymentMethod, card: CreditCard | null, currency: string): PaymentJson {
  return {
    id: payment.id,
    source_type: payment.sourceType,
    source_id: payment.sourceId,
    amount: moneyString(payment.amount),
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
