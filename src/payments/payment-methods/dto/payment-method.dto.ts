import { BooleanField, StringField, TextField } from '../../../common/params/fields';
import { PAYMENT_METHOD_TYPES } from '../../payment/gateways/registry';
export const DISPLAY_ON = ['both', 'front_end', 'back_end'] as const;
export const ENVIRONMENTS = ['development', 'test', 'production'] as const;

const TYPE = `One of ${PAYMENT_METHOD_TYPES.join(', ')}.`;
const DISPLAY = `One of ${DISPLAY_ON.join(', ')}; null shows it everywhere.`;
const ENVIRONMENT = `One of ${ENVIRONMENTS.join(', ')} (default development).`;
const AUTO_CAPTURE = 'Capture payments at once instead of authorizing only; null uses the store default.';

export class CreatePaymentMethodDto {
  @StringField({ required: true, example: 'Credit Card' }) name: string;
  @StringField({ required: true, description: TYPE, example: 'Spree::Gateway::Bogus' }) type: string;
  @TextField({ example: 'Pay by card' }) description?: string | null;
  @BooleanField({ nullable: false, description: 'Default true.' }) active?: boolean | null;
  @StringField({ description: ENVIRONMENT, example: 'production' }) environment?: string | null;
  @StringField({ description: DISPLAY, example: 'both' }) display_on?: string | null;
  @BooleanField({ description: AUTO_CAPTURE }) auto_capture?: boolean | null;
}

export class UpdatePaymentMethodDto {
  @StringField({ nullable: false, example: 'Credit Card' }) name?: string | null;
  @StringField({ description: TYPE, example: 'Spree::Gateway::Bogus' }) type?: string | null;
  @TextField({ example: 'Pay by card' }) description?: string | null;
  @BooleanField({ nullable: false }) active?: boolean | null;
  @StringField({ description: ENVIRONMENT, example: 'production' }) environment?: string | null;
  @StringField({ description: DISPLAY, example: 'both' }) display_on?: string | null;
  @BooleanField({ description: AUTO_CAPTURE }) auto_capture?: boolean | null;
}
