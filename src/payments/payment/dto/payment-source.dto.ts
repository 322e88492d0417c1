import { StringField } from '../../../common/params/fields';

/**
 * Card fields a shopper sends (Spree's permitted_source_attributes, minus
 * gateway profile ids: a client must never name a stored profile). The
 * number and verification value are used for this request only.
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
}
