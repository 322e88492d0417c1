import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_METHOD_TYPES, settingsOf } from '../payment/gateways/registry';
import { DISPLAY_ON, ENVIRONMENTS } from './dto/payment-method.dto';
import { PaymentMethod } from './entities/payment-method.entity';

/** A payment method's settings. Its preferences (gateway credentials) are never shown. */
export class PaymentMethodJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'Credit Card' }) name: string;
  @ApiProperty({ type: String, nullable: true }) description: string | null;
  @ApiProperty({ enum: PAYMENT_METHOD_TYPES }) type: string;
  @ApiProperty() active: boolean;
  @ApiProperty({ enum: ENVIRONMENTS }) environment: string;
  @ApiProperty({ type: String, nullable: true, enum: DISPLAY_ON }) display_on: string | null;
  @ApiProperty({ type: Boolean, nullable: true }) auto_capture: boolean | null;
  @ApiProperty({ type: String, nullable: true, description: 'Stripe: the publishable key (pk_…), for Stripe.js in the storefront; null for other types or when not set.' })
  publishable_key: string | null;
  @ApiProperty({
    type: [String],
    example: ['secret_key', 'publishable_key'],
    description: 'The names of the provider settings that have a value (`preferred_<name>`): the secret ones’ values are never shown back.',
  })
  settings_set: string[];
}

/** The publishable key of a payment method's settings (public: Stripe.js needs it in the browser), or null. */
export function publishableKeyOf(method: Pick<PaymentMethod, 'preferences'>): string | null {
  const key = method.preferences?.publishable_key;
  return typeof key === 'string' && key !== '' ? key : null;
}

export function serializePaymentMethod(method: PaymentMethod): PaymentMethodJson {
  return {
    id: method.id,
    name: method.name,
    description: method.description,
    type: method.type,
    active: method.active,
    environment: method.environment,
    display_on: method.displayOn,
    auto_capture: method.autoCapture,
    publishable_key: publishableKeyOf(method),
    settings_set: settingsOf(method.type).names.filter((name) => typeof method.preferences?.[name] === 'string' && method.preferences[name] !== ''),
  };
}
