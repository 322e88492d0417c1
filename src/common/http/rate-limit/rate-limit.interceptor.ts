import { applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, SetMetadata, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
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
    return from(countAttempt(this.limiter, this.config, action, action.account(req), req.ip)).pipe(
      switchMap((accountBucket) =>
        next.handle().pipe(
          concatMap(async (body) => {
            if (action.resetAccountOnSuccess && accountBucket) await this.limiter.reset(accountBucket);
            return body;
          }),
        ),
      ),
    );
  }
}

/**
 * Counts one attempt at `action` on the account's bucket (when there is an
 * account) and the client address's; over a limit, throws 429 (the filter adds
 * `Retry-After`). Answers the account's bucket, for a success to forget.
 * Also for a route that learns its account only inside (`PUT /api/users/:id`
 * checking a current password).
 */
export async function countAttempt(limiter: RateLimiter, config: AppConfig, action: RateLimitedAction, account: unknown, ip: string | undefined): Promise<string | undefined> {
  const limits = action.limits(config);
  const normalized = normalizedAccount(account);
  const accountBucket = normalized === undefined ? undefined : rateLimitBucket(action.name, 'account', normalized);
  const hits: RateLimitHit[] = [];
  if (limits.account && accountBucket) hits.push({ bucket: accountBucket, limit: limits.account });
  if (limits.ip) hits.push({ bucket: rateLimitBucket(action.name, 'ip', ip ?? 'unknown'), limit: limits.ip });
  const retryAfter = await limiter.hit(hits);
  if (retryAfter !== null) throw new TooManyRequestsError(retryAfter);
  return accountBucket;
}

function normalizedAccount(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim().toLowerCase();
  return email === '' ? undefined : email;
}

/** The 429 a rate-limited route may answer, for the OpenAPI document. */
export const ApiTooManyRequests = () =>
  ApiResponse({
    status: 429,
    description: 'Too many attempts for this account or from this address; try again after `Retry-After` seconds.',
    type: ErrorResponse,
    headers: { 'Retry-After': { description: 'Seconds until the limit resets', schema: { type: 'integer', minimum: 1 } } },
  });

/**
 * Limits a route's attempts per account and per client address (settings in
 * AppConfig.rateLimits); over the limit it answers 429 with `Retry-After`.
 */
export function RateLimited(action: RateLimitedAction) {
  return applyDecorators(SetMetadata(RATE_LIMITED, action), UseInterceptors(RateLimitInterceptor), ApiTooManyRequests());
}
