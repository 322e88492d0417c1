import { ApiProperty } from '@nestjs/swagger';
import { CreditCardJson, serializeCreditCard } from '../payment/payment.serializer';
import type { CreditCard } from '../payment/entities/credit-card.entity';

/**
 * A saved card as its owner sees it: Spree 2.3's credit card attributes that may be shown (never the gateway's
 * profile ids), its payment method, and whether it is the default.
 */
export class SavedCardJson extends CreditCardJson {
  @ApiProperty({ type: 'integer', nullable: true, description: 'The payment method the card was saved with (pay with it again through `existing_card`)' })
  payment_method_id: number | null;
  @ApiProperty({ description: 'The default card: the one chosen (PUT with `default`), else the latest saved' }) default: boolean;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: Date;
}

export function serializeSavedCard(card: CreditCard, isDefault: boolean): SavedCardJson {
  return { ...serializeCreditCard(card), payment_method_id: card.paymentMethodId, default: isDefault, created_at: card.createdAt };
}
