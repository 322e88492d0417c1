import { BooleanField, DecimalField, IntegerField, NestedField } from '../../../common/params/fields';
import { PaymentSourceDto } from './payment-source.dto';

/** `payment[...]` of POST /api/orders/:number/payments (Spree's permitted payment attributes, plus the card). */
export class CreatePaymentDto {
  @IntegerField({ required: true, minimum: 1, example: 1 }) payment_method_id: number;
  @DecimalField({
    description:
      'More than 0, at most the order currency’s decimal places (2 for USD and EUR, 0 for JPY) (422 on `amount` otherwise). An admin’s amount is kept as given (split payments: part by card, part by check), ' +
      'and the order’s other checkout payments of a given amount stay. Anyone else’s payment, and an admin’s without an amount, is the order’s one checkout payment: ' +
      'while the order is checked out it pays the whole total (the amount follows the total) and replaces the other checkout payments. ' +
      'Defaults to what the order still owes: its total less its open payments (in checkout, the whole total). ' +
      'The order’s open payments may not add up to more than its total (422 on `amount`) unless an admin sends `allow_overpayment`.',
    example: '50.00',
  })
  amount?: string | null;
  @NestedField(() => PaymentSourceDto, {
    description: 'The card, for a card payment method (its number and verification value go to the gateway and are never stored). Not used by a check.',
  })
  source_attributes?: PaymentSourceDto;
  @BooleanField({
    blank: 'absent',
    description:
      'Admins only (anyone else’s is not honoured): record an overpayment. Without it, a payment that would bring the order’s open payments (checkout, pending, ' +
      'completed, less credits) past its total is refused with 422 on `amount`, saying what is left to pay (a back-office’s double submit is caught so).',
  })
  allow_overpayment?: boolean;
}

/** `payment[...]` of PUT /api/orders/:number/payments/:id. */
export class UpdatePaymentDto {
  @DecimalField({ description: 'More than 0, at most the order currency’s decimal places (2 for USD and EUR, 0 for JPY). Kept as given from then on (it no longer follows the order’s total in checkout).', example: '2.01' })
  amount?: string | null;
  @IntegerField({ minimum: 1, description: 'Another available method that takes the same kind of source (a card, or none)' }) payment_method_id?: number | null;
  @BooleanField({
    blank: 'absent',
    description: 'Record an overpayment: without it, a higher amount that would bring the order’s open payments past its total is refused with 422 on `amount`.',
  })
  allow_overpayment?: boolean;
}

/** Parameters of PUT /api/orders/:number/payments/:id/credit (top level, as in Spree). */
export class CreditPaymentDto {
  @DecimalField({
    description: "More than 0, at most the order currency’s decimal places (2 for USD and EUR, 0 for JPY), and at most the payment's credit_allowed. Defaults to what the order owes the customer, at most credit_allowed (Spree's rule).",
    example: '10.00',
  })
  amount?: string | null;
}

/** Parameters of PUT /api/orders/:number/payments/:id/capture (top level, as credit's). */
export class CapturePaymentDto {
  @DecimalField({
    description:
      'A partial capture: more than 0, at most the order currency’s decimal places (2 for USD and EUR, 0 for JPY), at most the amount authorized. The payment’s amount becomes what was captured and the rest of the ' +
      'authorization is released (the order owes it again). Defaults to the whole amount.',
    example: '10.00',
  })
  amount?: string | null;
}
