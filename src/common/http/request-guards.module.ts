import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { RateLimiter } from './rate-limit/rate-limiter';
import { PatchRoutes } from './update-route';

/** The stores behind `@RateLimited()` and `@Idempotent()`, usable by any module's routes; and the PATCH twins of `@Update()` routes. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [RateLimiter, IdempotencyStore, PatchRoutes], exports: [RateLimiter, IdempotencyStore] })
export class RequestGuardsModule {}
