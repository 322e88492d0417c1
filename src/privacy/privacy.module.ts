import { Module } from '@nestjs/common';
import { AddressBookModule } from '../accounts/address-book/address-book.module';
import { UsersModule } from '../accounts/users/users.module';
import { AddressesModule } from '../geography/addresses/addresses.module';
import { PaymentsModule } from '../payments/payment/payments.module';
import { AccountDataController } from './account-data/account-data.controller';
import { AccountDataService } from './account-data/account-data.service';

/** A user's data: exported, and deleted with the orders anonymised (docs/accounts.md). */
@Module({
  imports: [UsersModule, AddressBookModule, AddressesModule, PaymentsModule],
  controllers: [AccountDataController],
  providers: [AccountDataService],
})
export class PrivacyDomainModule {}
