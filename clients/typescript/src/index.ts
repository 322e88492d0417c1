/**
 * A typed client for the Commerce API (Spree 2.2 API v1 compatible), generated
 * from its OpenAPI document: `paths` (src/schema.ts, by openapi-typescript)
 * types every path, parameter, body and answer, and openapi-fetch sends the
 * requests. See README.md.
 */
import createClient, { type Client, type ClientOptions, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema';

export type { components, operations, paths };
export type { Middleware } from 'openapi-fetch';

/** A schema of the document by name: `Schema<'OrderJson'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

export interface CommerceClientOptions {
  /** Where the service answers, without `/api`: `http://localhost:3000`. */
  baseUrl: string;
  /**
   * An API key (a user's or an admin's), sent as `Authorization: Bearer <key>`
   * on every request. Leave it out for a guest; guests reach their order with
   * its order token (see `orderToken`).
   */
  apiKey?: string;
  /** A fetch of your own (tests, proxies); the global fetch otherwise. */
  fetch?: ClientOptions['fetch'];
  /** Headers sent on every request besides the key. */
  headers?: Record<string, string>;
}

export type CommerceClient = Client<paths>;

/**
 * A client for one caller: `createCommerceClient({ baseUrl, apiKey })`. Every
 * path of the API is a typed call: `client.GET('/api/products', { params: { query: { q: { name_cont: 'mug' } } } })`.
 * Calls answer `{ data }` on success, `{ error }` (the API's `{ error, errors }` body) otherwise, and `response`.
 */
export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  return createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), headers, fetch: options.fetch });
}

/**
 * The header that lets a guest (no API key) read and change the order it
 * created: pass `{ headers: orderTokenHeader(order.token) }` to a call, or
 * `params: { header: { 'X-Spree-Order-Token': token } }` where an operation declares it.
 */
export function orderTokenHeader(token: string): { 'X-Spree-Order-Token': string } {
  return { 'X-Spree-Order-Token': token };
}

/** A middleware that sends `X-Spree-Order-Token` on every call of a client: `client.use(orderTokenMiddleware(token))`. */
export function orderTokenMiddleware(token: string): Middleware {
  return {
    onRequest({ request }) {
      request.headers.set('X-Spree-Order-Token', token);
      return request;
    },
  };
}

/** Thrown by `ok()` when the API answers an error. */
export class CommerceApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly url: string,
  ) {
    super(`${url} answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'CommerceApiError';
  }
}

/**
 * The body of a successful answer, or a `CommerceApiError` thrown with the
 * error body: `const order = ok(await client.POST('/api/orders', { body: {} }))`.
 */
export function ok<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok && result.data !== undefined) return result.data;
  throw new CommerceApiError(result.response.status, result.error, result.response.url);
}

/** Checks that an answer with no body (204) succeeded; throws a `CommerceApiError` otherwise. */
export function noContent(result: { error?: unknown; response: Response }): void {
  if (!result.response.ok) throw new CommerceApiError(result.response.status, result.error, result.response.url);
}
