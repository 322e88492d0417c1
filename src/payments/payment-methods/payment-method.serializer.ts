import { ApiProperty } from '@nestjs/swagger';
import { PAYMENT_METHOD_TYPES } from '../payment/gateways/registry';
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
  };
}
