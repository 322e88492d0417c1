import { Module } from '@nestjs/common';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module';
import { OrderPaymentsModule } from './payments/order-payments.module';
import { PaymentsApiModule } from './payments/payments-api.module';

/** Payment methods, the payments of orders and their endpoints. */
@Module({ imports: [PaymentMethodsModule, OrderPaymentsModule, PaymentsApiModule] })
export class PaymentsModule {}
