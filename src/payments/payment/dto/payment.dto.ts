import { DecimalField, IntegerField, NestedField } from '../../../common/params/fields';
import { PaymentSourceDto } from './payment-source.dto';

/** `payment[...]` of POST /api/orders/:number/payments (Spree's permitted payment attributes, plus the card). */
export class CreatePaymentDto {
  @IntegerField({ required: true, minimum: 1, example: 1 }) payment_method_id: number;
  @DecimalField({
    description:
      'More than 0; rounded to cents. Defaults to what the order still owes. While the order is in checkout its one checkout payment always pays the whole total, so the amount follows the total.',
    example: '50.00',
  })
  amount?: string | null;
  @NestedField(() => PaymentSourceDto, {
    description: 'The card, for a card payment method (its number and verification value go to the gateway and are never stored). Not used by a check.',
  })
  source_attributes?: PaymentSourceDto;
}

/** `payment[...]` of PUT /api/orders/:number/payments/:id. */
export class UpdatePaymentDto {
  @DecimalField({ description: 'More than 0; rounded to cents', example: '2.01' }) amount?: string | null;
  @IntegerField({ minimum: 1, description: 'Another available method that takes the same kind of source (a card, or none)' }) payment_method_id?: number | null;
}

/** Parameters of PUT /api/orders/:number/payments/:id/credit (top level, as in Spree). */
export class CreditPaymentDto {
  @DecimalField({
    description: "At most the payment's credit_allowed. Defaults to what the order owes the customer, at most credit_allowed (Spree's rule).",
    example: '10.00',
  })
  amount?: string | null;
}
