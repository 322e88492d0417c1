/**
 * A typed client for the Commerce API (Spree 2.2 API v1 compatible), generated
 * from its OpenAPI document: `paths` (src/schema.ts, by openapi-typescript)
 * types every path, parameter, body and answer, and openapi-fetch sends the
 * requests. See README.md.
 */
import createClient, { type Client, type ClientOptions, type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
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

/**
 * `Client<paths>` with its calls checked for keys the operation does not take. openapi-fetch infers
 * a call's options as a type parameter, and TypeScript checks no excess property of an inferred
 * argument: a misspelt `per_pag` or `order.line_itemz` would compile and be ignored (an empty cart,
 * 201). Here every key of `params.query`, `params.path`, `params.header` and `body` (nested objects and
 * lists too) must be one the document declares, and each key of a search `q` must read
 * `<attribute>_<predicate>` (or be the sort, `s`): an unknown key fails to compile with a type
 * that names it.
 */
export type CommerceClient = Omit<Client<paths>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH'> & {
  GET: ExactMethod<'get'>;
  PUT: ExactMethod<'put'>;
  POST: ExactMethod<'post'>;
  DELETE: ExactMethod<'delete'>;
  PATCH: ExactMethod<'patch'>;
};

type Method = 'get' | 'put' | 'post' | 'delete' | 'patch';
// As openapi-fetch's helpers (openapi-typescript-helpers) define them.
type PathsWithMethod<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never }[keyof paths];
type RequiredKeysOf<T> = { [K in keyof T]: Partial<Pick<T, K>> extends Pick<T, K> ? never : K }[keyof T] extends infer R ? (R extends undefined ? never : R) : never;

/** openapi-fetch's call signature, with the options checked by `Checked`. */
type ExactMethod<M extends Method> = <Path extends PathsWithMethod<M>, Init extends MaybeOptionalInit<paths[Path], M>>(
  url: Path,
  ...init: RequiredKeysOf<Init> extends never ? [(Init & Checked<paths[Path][M], Init>)?] : [Init & Checked<paths[Path][M], Init>]
) => Promise<FetchResponse<paths[Path][M] & Record<string | number, unknown>, Init, `${string}/${string}`>>;

/** The predicates of a search key (`name_cont`, `price_lteq`), as the service reads them (common/listing/list-query.ts). */
export type SearchPredicate = 'eq' | 'not_eq' | 'cont' | 'not_cont' | 'start' | 'end' | 'lt' | 'lteq' | 'gt' | 'gteq' | 'in' | 'not_in' | 'null' | 'not_null' | 'present' | 'blank' | 'true' | 'false';
/** A key of a search `q`: `<attribute>_<predicate>` (attributes joined by `_or_`), or `s`, the sort. */
export type SearchKey = `${string}_${SearchPredicate}` | 's';

/** What an unknown key must be: a type no value has, whose text names the key in the compiler's error. */
type Unknown<K> = { [Reason in `${K & string} is not a key of this request`]: never };
type UnknownSearchKey<K> = { [Reason in `${K & string} is not a search key: <attribute>_<predicate> (cont, eq, lt, in…) or s`]: never };

type Operation = { parameters?: { query?: unknown; path?: unknown; header?: unknown }; requestBody?: unknown };
type BodyOf<Op> = Op extends { requestBody?: { content: infer C } } ? (C extends Record<string, infer B> ? B : never) : never;
type ParamsOf<Op, Where extends 'query' | 'path' | 'header'> = Op extends { parameters: { [W in Where]?: infer P } } ? P : never;

type Checked<Op, Init> = (Init extends { params: infer G }
  ? {
      params: {
        [W in keyof G]: W extends 'query'
          ? ExactQuery<ParamsOf<Op & Operation, 'query'>, G[W]>
          : W extends 'path' | 'header'
            ? Exact<ParamsOf<Op & Operation, W>, G[W]>
            : Unknown<W>;
      };
    }
  : unknown) &
  (Init extends { body: infer B } ? { body: Exact<BodyOf<Op>, B> } : unknown);

type ExactQuery<Shape, Given> = {
  [K in keyof Given]: K extends 'q' ? { [S in keyof Given[K]]: S extends SearchKey ? Given[K][S] : UnknownSearchKey<S> } : K extends KeysOf<Shape> ? Exact<ValueAt<Shape, K>, Given[K]> : Unknown<K>;
};

/** Keys and values of a schema that may be a union (oneOf): a key of any member is known. */
type KeysOf<S> = S extends unknown ? keyof S : never;
type ValueAt<S, K> = S extends unknown ? (K extends keyof S ? S[K] : never) : never;

/** `Given` with every key `Shape` does not have turned into `Unknown<key>`, through nested objects and lists. */
type Exact<Shape, Given> = Given extends readonly (infer Item)[]
  ? NonNullable<Shape> extends readonly (infer ShapeItem)[]
    ? readonly Exact<ShapeItem, Item>[]
    : Given
  : Given extends object
    ? NonNullable<Shape> extends object
      ? { [K in keyof Given]: K extends KeysOf<NonNullable<Shape>> ? Exact<ValueAt<NonNullable<Shape>, K>, Given[K]> : Unknown<K> }
      : Given
    : Given;

/**
 * A client for one caller: `createCommerceClient({ baseUrl, apiKey })`. Every
 * path of the API is a typed call: `client.GET('/api/products', { params: { query: { q: { name_cont: 'mug' } } } })`.
 * Calls answer `{ data }` on success, `{ error }` (the API's `{ error, errors }` body) otherwise, and `response`.
 */
export function createCommerceClient(options: CommerceClientOptions): CommerceClient {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.apiKey) headers.Authorization = `Bearer ${options.apiKey}`;
  // The same object: CommerceClient only narrows what its calls accept (TypeScript cannot relate the two generic signatures itself).
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- a narrowing of the same client, not a cast of data
  return createClient<paths>({ baseUrl: options.baseUrl.replace(/\/+$/, ''), headers, fetch: options.fetch }) as CommerceClient;
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
