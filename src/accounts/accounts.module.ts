import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';
import { AddressBookModule } from './address-book/address-book.module';
import { RolesModule } from './roles/roles.module';

/** Authentication, users and sessions, password resets and e-mail confirmation, address books. */
@Module({ imports: [AuthModule, UsersModule, AddressBookModule, RolesModule] })
export class AccountsDomainModule {}
