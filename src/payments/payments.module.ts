import { Module } from '@nestjs/common';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module';
import { PaymentsModule } from './payment/payments.module';
import { PaymentsApiModule } from './payment/payments-api.module';

/** Payment methods, the payments of orders and their endpoints. */
@Module({ imports: [PaymentMethodsModule, PaymentsModule, PaymentsApiModule] })
export class PaymentsDomainModule {}
