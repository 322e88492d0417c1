import { Module } from '@nestjs/common';
import { CreditCardsModule } from './credit-cards/credit-cards.module';
import { PaymentMethodsModule } from './payment-methods/payment-methods.module';
import { PaymentsModule } from './payment/payments.module';
import { PaymentsApiModule } from './payment/payments-api.module';

/** Payment methods, the payments of orders and their endpoints, customers' saved cards. */
@Module({ imports: [PaymentMethodsModule, PaymentsModule, PaymentsApiModule, CreditCardsModule] })
export class PaymentsDomainModule {}
