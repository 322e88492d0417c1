import { applyDecorators, CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { catchError, map, Observable } from 'rxjs';
import { LagTolerantReads, onPrimary, readsMayLag } from '../db/read-routing';
import { isDatabaseUnavailable } from '../errors/database-unavailable';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { apiKeyOf } from '../auth/api-key.guard';
import { orderTokenOf } from '../auth/order-access.guard';
import { CURRENCY_HEADER } from './request-currency';

/** The request headers a cacheable answer depends on: any of them sent, and the answer is the caller's own. */
export const CALLER_HEADERS = ['Authorization', 'X-Spree-Token', 'X-Spree-Order-Token'];

/** `Cache-Control` of a catalog read that depends on who asks (a key, an order token): nobody may keep it. */
export const PRIVATE_NO_STORE = 'private, no-store';

/** `Cache-Control` of an anonymous catalog read: any cache may keep it for `seconds` (0: keep it, but ask every time). */
export function publicCacheControl(seconds: number): string {
  return seconds > 0 ? `public, max-age=${seconds}` : 'public, no-cache';
}

/** A strong validator of a body: two answers with the same bytes have the same one, whichever instance made them. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * A body already serialized, with its `ETag`: what a response cache keeps and
 * hands back (the product page cache), so neither the interceptor nor
 * `sendSerialized` stringifies, encodes or hashes it again. Kept as its UTF-8
 * bytes, sent as they are. Where it is sent as an object instead (a caller
 * with a key: no interceptor work), `toJSON` gives the same JSON.
 */
export class SerializedBody {
  readonly bytes: Buffer;
  readonly etag: string;

  constructor(json: string) {
    this.bytes = Buffer.from(json, 'utf8');
    this.etag = strongEtag(this.bytes);
  }

  /** The JSON text (made again from the bytes: only the slow paths ask for it). */
  get json(): string {
    return this.bytes.toString('utf8');
  }

  toJSON(): unknown {
    return JSON.parse(this.json);
  }
}

/** The headers of an anonymous catalog read's answer (besides the security and CORS headers every answer has). */
function setPublicHeaders(res: Response, cacheControl: string, etag: string): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('ETag', etag);
  // A shared cache must not hand this answer to a caller with a key or a token, nor prices in one currency to a caller asking another.
  res.vary(VARY_CALLER_HEADERS);
  res.vary(CURRENCY_HEADER);
}

const VARY_CALLER_HEADERS = CALLER_HEADERS.join(', ');

/**
 * Sends a kept answer to an anonymous `GET` as the interceptor would send it
 * (same status, headers, 304 when `If-None-Match` holds its ETag), without
 * Nest's pipeline: the product page cache's hits (`ProductPageHits`).
 */
export function sendSerialized(res: Response, cacheControl: string, body: SerializedBody): void {
  setPublicHeaders(res, cacheControl, body.etag);
  res.status(200).send(body.bytes);
}

/** An entity tag as a weak comparison sees it (RFC 9110 §8.8.3.2): `W/"x"` and `"x"` alike. */
const opaqueTag = (tag: string) => tag.trim().replace(/^W\//, '');

/**
 * Whether a `GET` or `HEAD` answer about to be sent is one the client already
 * has (RFC 9110 §13.1.2 and §13.2.2): a 304 then goes instead. `If-None-Match`
 * matches the answer's `ETag` (weak comparison, or `*`); without it,
 * `If-Modified-Since` is not before its `Last-Modified`. Unlike Express's own
 * `req.fresh` (the `fresh` package), a request's `Cache-Control: no-cache`
 * does not make every answer stale: that is RFC 2616's end-to-end reload,
 * while RFC 9111 (§5.2.1.4) lets the origin validate and answer 304, and
 * `fetch()` sends `no-cache` with every conditional request it makes. See
 * `validateWithoutNoCache`.
 */
export function isNotModified(req: Request, res: Response): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if ((res.statusCode < 200 || res.statusCode >= 300) && res.statusCode !== 304) return false;
  const noneMatch = req.headers['if-none-match'];
  if (noneMatch !== undefined) {
    const etag = res.getHeader('ETag');
    if (typeof etag !== 'string') return false;
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaqueTag(tag) === opaqueTag(etag));
  }
  const modifiedSince = Date.parse(req.headers['if-modified-since'] ?? '');
  const lastModified = Date.parse(String(res.getHeader('Last-Modified') ?? ''));
  return !Number.isNaN(modifiedSince) && !Number.isNaN(lastModified) && lastModified <= modifiedSince;
}

/**
 * Makes `req.fresh`, which `res.send` reads to turn a 200 into a 304, follow
 * `isNotModified` for every request of this Express app: the catalog reads
 * of the interceptor below and the product page hits (`sendSerialized`) both
 * answer through `res.send`.
 */
export function validateWithoutNoCache(requestPrototype: object): void {
  Object.defineProperty(requestPrototype, 'fresh', {
    configurable: true,
    enumerable: true,
    get(this: Request) {
      return isNotModified(this, this.res!);
    },
  });
}

/** Whether a request brings something that makes its answer its own: an API key (header or `?token=`) or an order token. */
export function dependsOnCaller(req: Request): boolean {
  return apiKeyOf(req) !== undefined || orderTokenOf(req) !== undefined;
}

/**
 * The reads of `@CatalogCache()` controllers (catalog, geography, store
 * settings). An anonymous `GET` answers `Cache-Control: public, max-age=…`
 * (`CATALOG_CACHE_SECONDS`) with a strong `ETag` of the body; Express answers
 * 304 without a body when `If-None-Match` holds it (`req.fresh` in `res.send`,
 * whatever the request's `Cache-Control`: `validateWithoutNoCache`).
 * A request with a key or an order token may see more (admins: deleted
 * products, stock counts) and gets `private, no-store`. Errors keep the
 * `no-store` every answer starts with (security.ts). Anonymous reads run in
 * `readsMayLag`: a read replica may serve them (DATABASE_REPLICA_URLS), and
 * one whose replica was lost midway runs again on the primary.
 */
@Injectable()
export class CatalogCacheInterceptor implements NestInterceptor {
  private readonly cacheControl: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.cacheControl = publicCacheControl(config.catalogCacheSeconds);
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next.handle();
    if (dependsOnCaller(req)) {
      res.setHeader('Cache-Control', PRIVATE_NO_STORE);
      return next.handle();
    }
    // Anonymous catalog reads may lag a little: a read replica may serve them (database/replicas.ts).
    // A replica lost in the middle of one (stopped, restarted) is the replica's failure, not the read's:
    // it runs again on the primary, which it may as it writes nothing.
    const reads: LagTolerantReads = { usedReplica: false };
    const handled = ON_PRIMARY.has(req)
      ? next.handle()
      : new Observable<unknown>((subscriber) => readsMayLag(() => next.handle().subscribe(subscriber), reads)).pipe(
          catchError((error: unknown) => {
            if (!reads.usedReplica || !isDatabaseUnavailable(error)) throw error;
            return new Observable<unknown>((subscriber) => onPrimary(() => next.handle().subscribe(subscriber)));
          }),
        );
    return handled.pipe(
      map((body: unknown) => {
        // Serialized here, once, to hash what is sent (unless it comes serialized); Nest sends a string as it is.
        const json = body instanceof SerializedBody ? body.json : JSON.stringify(body);
        setPublicHeaders(res, this.cacheControl, body instanceof SerializedBody ? body.etag : strongEtag(json));
        return json;
      }),
    );
  }
}

/**
 * Requests whose catalog read must go to the primary: one that already lost a
 * replica's connection before reaching the controller (the product page
 * cache's version check, `ProductPageHits`) is not sent to a replica again.
 */
const ON_PRIMARY = new WeakSet<Request>();

/** Sends the rest of this request's catalog read to the primary (see `ON_PRIMARY`). */
export function readOnPrimary(req: Request): void {
  ON_PRIMARY.add(req);
}

/** Names of the controllers whose reads are cacheable, for the OpenAPI document (operation ids start with them). */
export const CATALOG_CACHE_CONTROLLERS = new Set<string>();

/** On a controller: its `GET`s are catalog reads, cacheable when anonymous (see `CatalogCacheInterceptor`). */
export function CatalogCache(): ClassDecorator {
  const intercept = applyDecorators(UseInterceptors(CatalogCacheInterceptor));
  return (target) => {
    CATALOG_CACHE_CONTROLLERS.add(target.name.replace(/Controller$/, ''));
    intercept(target);
  };
}
