import { Module } from '@nestjs/common';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module';
import { OrderPaymentsModule } from './payments/order-payments.module';

/** Payment methods and the payments of orders. */
@Module({ imports: [PaymentMethodsModule, OrderPaymentsModule] })
export class PaymentsModule {}
