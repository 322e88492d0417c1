import { Module } from '@nestjs/common';
import { PaymentsApiModule } from '../../payments/payment/payments-api.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { PaymentActions } from './payment.actions';
import { PaymentsController } from './payments.controller';

/** The payments endpoints of orders (`/api/orders/:number/payments`). */
@Module({ imports: [OrderActionRunnerModule, PaymentsApiModule], controllers: [PaymentsController], providers: [PaymentActions] })
export class PaymentActionsModule {}

/** The payments routes' place among the application's modules (AppModule imports it right after PaymentsDomainModule). */
@Module({ imports: [PaymentActionsModule] })
export class PaymentActionsDomainModule {}
