import { StringField } from '../../../common/params/fields';

/**
 * Card fields a shopper sends (Spree's permitted_source_attributes, minus
 * the customer profile id: a client must never name a stored profile). The
 * number and verification value are used for this request only, and only for
 * a method that takes them: a method with tokenized cards (Stripe) takes
 * `gateway_payment_profile_id`, the token its provider's script made in the
 * browser, with the display fields, and refuses a number.
 */
export class PaymentSourceDto {
  @StringField({ example: '4111111111111111', maxLength: 32 }) number?: string | null;
  @StringField({ example: '12', maxLength: 4 }) month?: string | null;
  @StringField({ example: '2030', maxLength: 4 }) year?: string | null;
  @StringField({ description: '"MM / YY" or "MM/YYYY", instead of month and year', maxLength: 16 }) expiry?: string | null;
  @StringField({ example: '123', maxLength: 8 }) verification_value?: string | null;
  @StringField({ example: 'Jane Doe' }) name?: string | null;
  @StringField() first_name?: string | null;
  @StringField() last_name?: string | null;
  @StringField({ example: 'visa', maxLength: 32 }) cc_type?: string | null;
  @StringField({ description: 'Tokenized cards (Stripe) only: the last 4 digits, for display', example: '4242', maxLength: 4 }) last_digits?: string | null;
  @StringField({
    description: 'Tokenized cards (Stripe) only: the PaymentMethod id Stripe.js made (`pm_…`); required for them, refused for other methods',
    example: 'pm_1OabCdEfGhIjKlMn',
    maxLength: 255,
  })
  gateway_payment_profile_id?: string | null;
}
