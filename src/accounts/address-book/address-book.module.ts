import { Module } from '@nestjs/common';
import { AddressesModule } from '../../geography/addresses/addresses.module';
import { UsersModule } from '../users/users.module';
import { AddressBookController } from './address-book.controller';
import { AddressBookService } from './address-book.service';

/** A user's address book: /api/users/:id/addresses. */
@Module({ imports: [AddressesModule, UsersModule], controllers: [AddressBookController], providers: [AddressBookService], exports: [AddressBookService] })
export class AddressBookModule {}
