import { BooleanField, StringField, TextField } from '../../../common/params/fields';
import { PAYMENT_METHOD_TYPES } from '../../payment/gateways/registry';
export const DISPLAY_ON = ['both', 'front_end', 'back_end'] as const;
export const ENVIRONMENTS = ['development', 'test', 'production'] as const;

const TYPE = `One of ${PAYMENT_METHOD_TYPES.join(', ')}.`;
const DISPLAY = `One of ${DISPLAY_ON.join(', ')}; null shows it everywhere.`;
const ENVIRONMENT = `One of ${ENVIRONMENTS.join(', ')} (default development).`;
const AUTO_CAPTURE = 'Capture payments at once instead of authorizing only; null uses the store default.';
const STRIPE_ONLY = 'Spree::Gateway::StripeGateway only; blank or null removes it.';
const SECRET_KEY = `The Stripe secret key (sk_live_… or sk_test_…), kept sealed with SECRET_KEY and never shown back. ${STRIPE_ONLY}`;
const PUBLISHABLE_KEY = `The Stripe publishable key (pk_…), shown to storefronts with the payment method. ${STRIPE_ONLY}`;
const SIGNING_SECRET = `The signing secret of the Stripe webhook endpoint (whsec_…), kept sealed and never shown back. ${STRIPE_ONLY}`;

/** The provider settings an admin gives (`preferred_<name>`, as Spree's preference forms name them): which types take which, registry `settingsOf`. */
class PaymentMethodSettingsDto {
  @StringField({ description: SECRET_KEY, example: 'sk_test_…', maxLength: 255 }) preferred_secret_key?: string | null;
  @StringField({ description: PUBLISHABLE_KEY, example: 'pk_test_…', maxLength: 255 }) preferred_publishable_key?: string | null;
  @StringField({ description: SIGNING_SECRET, example: 'whsec_…', maxLength: 255 }) preferred_webhook_signing_secret?: string | null;
}

export class CreatePaymentMethodDto extends PaymentMethodSettingsDto {
  @StringField({ required: true, example: 'Credit Card' }) name: string;
  @StringField({ required: true, enum: PAYMENT_METHOD_TYPES, description: TYPE, example: 'Spree::Gateway::Bogus' }) type: string;
  @TextField({ example: 'Pay by card' }) description?: string | null;
  @BooleanField({ nullable: false, description: 'Default true.' }) active?: boolean | null;
  @StringField({ enum: ENVIRONMENTS, description: ENVIRONMENT, example: 'production' }) environment?: string | null;
  @StringField({ enum: DISPLAY_ON, description: DISPLAY, example: 'both' }) display_on?: string | null;
  @BooleanField({ description: AUTO_CAPTURE }) auto_capture?: boolean | null;
}

export class UpdatePaymentMethodDto extends PaymentMethodSettingsDto {
  @StringField({ nullable: false, example: 'Credit Card' }) name?: string | null;
  @StringField({ nullable: false, enum: PAYMENT_METHOD_TYPES, description: TYPE, example: 'Spree::Gateway::Bogus' }) type?: string | null;
  @TextField({ example: 'Pay by card' }) description?: string | null;
  @BooleanField({ nullable: false }) active?: boolean | null;
  @StringField({ nullable: false, enum: ENVIRONMENTS, description: ENVIRONMENT, example: 'production' }) environment?: string | null;
  @StringField({ enum: DISPLAY_ON, description: DISPLAY, example: 'both' }) display_on?: string | null;
  @BooleanField({ description: AUTO_CAPTURE }) auto_capture?: boolean | null;
}
