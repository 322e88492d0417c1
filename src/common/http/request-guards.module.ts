import { Global, Module } from '@nestjs/common';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { RateLimiter } from './rate-limit/rate-limiter';

/** The stores behind `@RateLimited()` and `@Idempotent()`, usable by any module's routes. */
@Global()
@Module({ providers: [RateLimiter, IdempotencyStore], exports: [RateLimiter, IdempotencyStore] })
export class RequestGuardsModule {}
