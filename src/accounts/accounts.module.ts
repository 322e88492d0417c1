import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';
import { UsersModule } from './users/users.module';

/** Authentication, users and sessions. */
@Module({ imports: [AuthModule, UsersModule] })
export class AccountsDomainModule {}
