import { Module } from '@nestjs/common';
import { UsersModule } from '../../accounts/users/users.module';
import { PaymentsModule } from '../payment/payments.module';
import { CreditCardsController } from './credit-cards.controller';
import { CreditCardsService } from './credit-cards.service';

/** A signed-in customer's saved cards (the credit_cards rows of payments/payment, by their owner). */
@Module({
  imports: [UsersModule, PaymentsModule],
  controllers: [CreditCardsController],
  providers: [CreditCardsService],
})
export class CreditCardsModule {}
