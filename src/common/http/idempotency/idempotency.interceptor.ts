import { applyDecorators, CallHandler, ExecutionContext, HttpStatus, Injectable, Logger, NestInterceptor, Type, UseInterceptors } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { catchError, concatMap, from, Observable, of, switchMap } from 'rxjs';
import { callerOf } from '../../auth/caller';
import { isOrderRoute, orderTokenOf } from '../../auth/order-access.guard';
import { SecretBox, secretDigest } from '../../../config/secret-box';
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
  guessableKey:
    'Without an API key, the Idempotency-Key must be unguessable: a random UUID (version 4), or at least 32 random hex digits or 22 random base64url characters.',
} as const;

/**
 * Whose keys these are: the same key from another caller is another key.
 * A signed-in caller's keys are its API key's (the client that holds it);
 * on an order's routes, a guest's are its order token's (checked by the
 * order access guard before this runs; only a digest is kept). A guest
 * with neither (creating a cart) has nothing that tells it from another
 * client behind the same address: `guest` is true, and its key must be
 * unguessable (`isUnguessableKey`), as it is then all that stands between
 * the first answer (the new order's token) and anyone else.
 */
export function idempotencyScope(req: Request, orderRoute: boolean): { scope: string; guest: boolean } {
  const caller = callerOf(req);
  if (caller.apiKeyId !== undefined) return { scope: `api_key:${caller.apiKeyId}`, guest: false };
  if (caller.userId !== null) return { scope: `user:${caller.userId}`, guest: false };
  // Elsewhere (order creation) a sent token is checked by nobody: it must not scope anything.
  const token = orderRoute ? orderTokenOf(req) : undefined;
  if (token !== undefined) return { scope: `order_token:${secretDigest(token)}`, guest: false };
  return { scope: `address:${req.ip ?? 'unknown'}`, guest: true };
}

/** A version 4 UUID (122 random bits), as `crypto.randomUUID()` makes. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a key has the shape of at least ~122 random bits: a UUID v4, or 32
 * hex digits, or 22 base64url characters (16 random bytes either way). Only
 * the shape can be checked; it refuses sequence numbers, timestamps,
 * time-based UUIDs and keys of a few repeated characters, which is what a
 * guessable key looks like in practice.
 */
export function isUnguessableKey(key: string): boolean {
  if (new Set(key).size < 6) return false;
  if (UUID.test(key)) return UUID_V4.test(key);
  if (/^[0-9a-f]+$/i.test(key)) return key.length >= 32;
  return /^[A-Za-z0-9_-]{22,}$/.test(key);
}

/**
 * What makes two requests "the same": method, path (without `.json`), query
 * and body, credentials left out (they are the scope). Only an HMAC
 * (SECRET_KEY) of its digest is stored, never the body, which may hold a card
 * number: a plain digest could be tried against every card number of a BIN.
 */
export function requestFingerprint(req: Request, box: SecretBox): string {
  const { token: _key, order_token: _queryToken, ...query } = (req.query ?? {}) as Record<string, unknown>;
  const body = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (({ order_token: _bodyToken, ...rest }) => rest)(req.body as Record<string, unknown>) : (req.body ?? null);
  return box.mac(secretDigest(canonicalJson({ method: req.method, path: req.path, query, body })));
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

  constructor(
    private readonly store: IdempotencyStore,
    private readonly box: SecretBox,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const key = req.headers['idempotency-key'];
    if (key === undefined) return next.handle();
    if (typeof key !== 'string' || key.trim() === '' || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) throw new BadRequestError(IdempotencyText.badKey);
    const { scope, guest } = idempotencyScope(req, isOrderRoute(this.reflector, context));
    if (guest && !isUnguessableKey(key)) {
      throw new ApiError(HttpStatus.UNPROCESSABLE_ENTITY, { error: IdempotencyText.guessableKey, errors: { idempotency_key: ['is too easy to guess'] } });
    }
    return from(this.store.claim(scope, key, requestFingerprint(req, this.box))).pipe(
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
        `Up to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters: send a random UUID (version 4) per operation. A retry with the same key and the same request within 24 hours gets the first answer again ` +
        '(header `Idempotent-Replayed: true`) and does nothing twice. Keys are per client: its API key; else, on an order\'s routes, its order token; ' +
        'else (a guest creating an order) its address, and then the key must be unguessable (a UUID v4, or at least 32 random hex digits or 22 random base64url characters), ' +
        'as it alone lets the answer (the new order\'s token) be had again. Answers 5xx, 409 and 429 are not kept: a retry runs again.',
      schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
    }),
    ApiAlsoResponds(400, `The ${IDEMPOTENCY_KEY_HEADER} header is empty or longer than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`),
    ApiAlsoResponds(409, `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed (Retry-After: 1)`),
    ApiAlsoResponds(
      422,
      `This ${IDEMPOTENCY_KEY_HEADER} was used with a different request, or, sent without an API key or order token, it is too easy to guess (\`errors.idempotency_key\`)`,
      InvalidResourceResponse,
    ),
  );
}
