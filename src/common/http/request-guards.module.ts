import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { RateLimiter } from './rate-limit/rate-limiter';
import { PatchRoutes } from './update-route';
import { UploadRoutes } from './upload-routes';

/** The stores behind `@RateLimited()` and `@Idempotent()`, usable by any module's routes; the PATCH twins of `@Update()` routes; the routes that take uploads. */
@Global()
@Module({ imports: [DiscoveryModule], providers: [RateLimiter, IdempotencyStore, PatchRoutes, UploadRoutes], exports: [RateLimiter, IdempotencyStore, UploadRoutes] })
export class RequestGuardsModule {}
