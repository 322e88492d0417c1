import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ApiKeyGuard } from '../../common/auth/api-key.guard';
import { ApiKeyStrategy } from '../../common/auth/api-key.strategy';

/** API-key authentication on every request (see ApiKeyGuard). */
@Module({
  imports: [PassportModule],
  providers: [ApiKeyStrategy, { provide: APP_GUARD, useClass: ApiKeyGuard }],
})
export class AuthModule {}
