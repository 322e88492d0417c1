import { Module } from '@nestjs/common';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module';

/** Payment methods (payments come with orders). */
@Module({ imports: [PaymentMethodsModule] })
export class PaymentsModule {}
