import { applyDecorators, CallHandler, ExecutionContext, HttpStatus, Injectable, Logger, NestInterceptor, Type, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { catchError, concatMap, from, Observable, of, switchMap } from 'rxjs';
import { callerOf } from '../../auth/caller';
import { orderTokenOf } from '../../auth/order-access.guard';
import { ApiError, BadRequestError } from '../../errors/api-errors';
import { describeException } from '../../errors/api-exception.filter';
import { ErrorResponse, InvalidResourceResponse } from '../../openapi/responses';
import { IdempotencyStore } from './idempotency-store';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

export const IdempotencyText = {
  badKey: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters long.`,
  mismatch: 'This Idempotency-Key was used with a different request.',
  inFlight: 'A request with this Idempotency-Key is still being processed. Please try again later.',
} as const;

/**
 * Whose keys these are. Keys are the caller's own: the same key from another
 * caller is another key, so nobody is ever answered with someone else's
 * response. A signed-in caller is its user; a guest its order token (only a
 * digest is kept); a guest without one (creating a cart) its address, which is
 * why guests should send random keys (UUIDs).
 */
export function idempotencyScope(req: Request): string {
  const caller = callerOf(req);
  if (caller.userId !== null) return `user:${caller.userId}`;
  const token = orderTokenOf(req);
  if (token !== undefined) return `order_token:${sha256(token)}`;
  return `address:${req.ip ?? 'unknown'}`;
}

/**
 * What makes two requests "the same": method, path (without `.json`), query
 * and body, credentials left out (they are the scope). Only this digest is
 * stored, never the body, which may hold a card number.
 */
export function requestFingerprint(req: Request): string {
  const { token: _key, order_token: _queryToken, ...query } = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (({ order_token: _bodyToken, ...rest }) => rest)(req.body as Record<string, unknown>) : (req.body ?? null);
  return sha256(canonicalJson({ method: req.method, path: req.path, query, body }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** JSON with object keys sorted at every level, so key order does not make two requests differ. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * Answers that are not kept, so a retry runs the request again: server
 * failures (5xx), and 409/429, which tell the client to try again. Every
 * other answer, 4xx included (a declined card, an invalid resource), is kept
 * and replayed, as Stripe does: the request was decided and must not be
 * decided again differently.
 */
function keepsAnswer(status: number): boolean {
  return status < 500 && status !== HttpStatus.CONFLICT && status !== HttpStatus.TOO_MANY_REQUESTS;
}

/**
 * Stripe-style `Idempotency-Key` on a route: the first request with a key
 * runs; a retry with the same key and the same request gets the first answer
 * again (status and body, plus `Idempotent-Replayed: true`) without running;
 * the same key with another request is a 422; a retry while the first still
 * runs is a 409. Runs after the guards, so only a caller allowed on the route
 * gets this far, and its scope is known.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(private readonly store: IdempotencyStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.headers['idempotency-key'];
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new BadRequestError(IdempotencyText.badKey);
    const scope = idempotencyScope(req);
    return from(this.store.claim(scope, key, requestFingerprint(req))).pipe(
      switchMap((claim) => {
        switch (claim.kind) {
          case 'mismatch':
            throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { error: IdempotencyText.mismatch, errors: { idempotency_key: ['was used with a different request'] } });
          case 'in_flight':
            res.setHeader('Retry-After', '1');
            throw new ApiError(HttpStatus.CONFLICT, { error: IdempotencyText.inFlight });
          case 'replay':
            res.setHeader('Idempotent-Replayed', 'true');
            // A kept failure is answered by the exception filter as the first one was.
            if (claim.status >= 400) throw new ApiError(claim.status, claim.body as ApiError['body']);
            // A success has the route's own status (set before interceptors run), as the first answer had.
            return of(claim.body);
          case 'claimed':
            return this.run(next, res, scope, key);
        }
      }),
    );
  }

  private run(next: CallHandler, res: Response, scope: string, key: string): Observable<unknown> {
    return next.handle().pipe(
      concatMap(async (body) => {
        await this.settle(() => this.store.complete(scope, key, res.statusCode, body));
        return body;
      }),
      catchError(async (error) => {
        const [status, body] = describeException(error);
        await this.settle(() => (keepsAnswer(status) ? this.store.complete(scope, key, status, body) : this.store.release(scope, key)));
        throw error;
      }),
    );
  }

  /**
   * The work is done (or failed) whatever happens here: a failure to record it
   * must not change the answer. An unrecorded claim stays "in progress" until
   * it expires, so retries get 409 rather than running the work twice.
   */
  private async settle(record: () => Promise<void>): Promise<void> {
    try {
      await record();
    } catch (error) {
      this.logger.error(`Could not record an Idempotency-Key answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

type ResponseDoc = { description?: string; type?: unknown; isArray?: boolean };

/** Where @nestjs/swagger keeps a method's documented responses (its DECORATORS.API_RESPONSE, not exported). */
const API_RESPONSE_METADATA = 'swagger/apiResponse';

/**
 * Adds `status` to the route's documented responses: appended to the
 * description of one already documented (its schema stays), else with the
 * error body. Put `@Idempotent()` first (topmost) so it sees the others.
 */
function ApiAlsoResponds(status: number, description: string, fallback: Type<unknown> = ErrorResponse): MethodDecorator {
  return (target, property, descriptor) => {
    const responses = (Reflect.getMetadata(API_RESPONSE_METADATA, descriptor.value as object) ?? {}) as Record<string, ResponseDoc>;
    const existing = responses[String(status)];
    // ApiResponse merges descriptions but would reset the schema to none: keep the one documented.
    const schema = existing?.type ? { type: existing.type as Type<unknown>, isArray: existing.isArray } : { type: fallback };
    return ApiResponse({ status, description, ...schema })(target, property, descriptor);
  };
}

/** Accepts an `Idempotency-Key` header on the route (and documents it). Put it above the route's other decorators. */
export function Idempotent() {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      description:
        `Up to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters, e.g. a UUID. A retry with the same key and the same request within 24 hours gets the first answer again ` +
        '(header `Idempotent-Replayed: true`) and does nothing twice. Keys are per caller (API key user, else order token, else client address). ' +
        'Answers 5xx, 409 and 429 are not kept: a retry runs again.',
      schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
    ApiAlsoResponds(400, `The ${IDEMPOTENCY_KEY_HEADER} header is empty or longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`),
    ApiAlsoResponds(409, `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed (Retry-After: 1)`),
    ApiAlsoResponds(422, `This ${IDEMPOTENCY_KEY_HEADER} was used with a different request (\`errors.idempotency_key\`)`, InvalidResourceResponse),
  );
}
