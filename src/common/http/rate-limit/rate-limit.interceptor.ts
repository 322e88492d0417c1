import { applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { concatMap, from, Observable, switchMap } from 'rxjs';
import { APP_CONFIG, AppConfig, RateLimit } from '../../../config/configuration';
import { TooManyRequestsError } from '../../errors/api-errors';
import { ErrorResponse } from '../../openapi/responses';
import { rateLimitBucket, RateLimiter, RateLimitHit } from './rate-limiter';

/** What a rate-limited route counts. */
export interface RateLimitedAction {
  /** Names the buckets, e.g. `sign_in`. */
  name: string;
  /** The limits from the settings: per account and per client address (null: that limit is off). */
  limits: (config: AppConfig) => { account: RateLimit | null; ip: RateLimit | null };
  /** The account a request is about (the e-mail sent, as sent); undefined when there is none to read. */
  account: (req: Request) => unknown;
  /** A success forgets the account's count (see the sign-in route for why). */
  resetAccountOnSuccess?: boolean;
}

const RATE_LIMITED = 'rateLimitedAction';

/**
 * Counts every attempt, before the handler (and its validation) runs, so a
 * limited caller is refused whatever it sends, a correct password included.
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const action = this.reflector.get<RateLimitedAction | undefined>(RATE_LIMITED, context.getHandler());
    if (!action) return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const limits = action.limits(this.config);
    const account = normalizedAccount(action.account(req));
    const accountBucket = account === undefined ? undefined : rateLimitBucket(action.name, 'account', account);
    const hits: RateLimitHit[] = [];
    if (limits.account && accountBucket) hits.push({ bucket: accountBucket, limit: limits.account });
    if (limits.ip) hits.push({ bucket: rateLimitBucket(action.name, 'ip', req.ip ?? 'unknown'), limit: limits.ip });
    return from(this.limiter.hit(hits)).pipe(
      switchMap((retryAfter) => {
        if (retryAfter !== null) {
          res.setHeader('Retry-After', String(retryAfter));
          throw new TooManyRequestsError();
        }
        return next.handle();
      }),
      concatMap(async (body) => {
        if (action.resetAccountOnSuccess && accountBucket) await this.limiter.reset(accountBucket);
        return body;
      }),
    );
  }
}

function normalizedAccount(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email === '' ? undefined : email;
}

/**
 * Limits a route's attempts per account and per client address (settings in
 * AppConfig.rateLimits); over the limit it answers 429 with `Retry-After`.
 */
export function RateLimited(action: RateLimitedAction) {
  return applyDecorators(
    SetMetadata(RATE_LIMITED, action),
    UseInterceptors(RateLimitInterceptor),
    ApiResponse({
      status: 429,
      description: 'Too many attempts for this account or from this address; try again after `Retry-After` seconds.',
      type: ErrorResponse,
      headers: { 'Retry-After': { description: 'Seconds until the limit resets', schema: { type: 'integer', minimum: 1 } } },
    }),
  );
}
