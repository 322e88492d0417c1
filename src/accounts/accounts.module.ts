import { Module } from '@nestjs/common';
import { AuthModule } from './auth/auth.module';

/** Authentication, users and sessions. */
@Module({ imports: [AuthModule] })
export class AccountsModule {}
