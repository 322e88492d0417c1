import fc from 'fast-check';
import qs from 'qs';
import { OpenApiDocument, resolveSchema, Schema } from './openapi-shape';

/**
 * fast-check arbitraries for fuzzing the API from its own OpenAPI document:
 * requests to one operation whose path ids, query string and body follow the
 * documented schemas most of the time, and are malformed (wrong types, nested
 * wrong shapes, huge numbers, NUL bytes, very long strings, …) the rest.
 */

/** A JSON number written exactly as given (e.g. `1e400`, twenty nines), which JSON.stringify cannot produce. */
export class RawNumber {
  constructor(readonly text: string) {}
  toJSON(): string {
    return `\u0001raw:${this.text}\u0001`;
  }
  toString(): string {
    return this.text;
  }
}

/** Serializes a body to JSON text, writing RawNumbers verbatim. */
export function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0001raw:([^"\\]*)\\u0001"/g, '$1');
}

/** Form/query encoding with bracket nesting (RawNumbers become their text). */
export function toFormText(value: unknown): string {
  return qs.stringify(value, { encodeValuesOnly: true, arrayFormat: 'indices', filter: (_key, v) => (v instanceof RawNumber ? v.text : v) });
}

/** Real values of the database the requests may name: ids per table, order numbers, permalinks, tokens. */
export interface KnownValues {
  /** table name → some ids in it. */
  ids: Record<string, number[]>;
  orderNumbers: string[];
  shipmentNumbers: string[];
  productSlugs: string[];
  /** order number → its token. */
  orderTokens: Record<string, string>;
  couponCodes: string[];
  /**
   * Path parameters that belong together, by the path they start (e.g.
   * `/api/products/{product_id}/images/{id}` → [{product_id: '1', id: '3'}]):
   * nested records are reached only through their own parent.
   */
  related: Record<string, Record<string, string>[]>;
}

const LONG = 'x'.repeat(10_001);
const LONG_UNICODE = '😀'.repeat(6_000);

/** Values that break naive readers: every one of them must be answered with a 4xx or ignored, never a 500. */
export const nastyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    -2147483649,
    2147483648,
    1.5,
    -0.000001,
    Number.MAX_SAFE_INTEGER + 2,
    new RawNumber('99999999999999999999'),
    new RawNumber('1e308'),
    new RawNumber('-1e308'),
    new RawNumber('1e400'),
    new RawNumber('-0'),
    new RawNumber('1.000000000000000000000000000001'),
    new RawNumber('123456789012345678901234567890.123456789'),
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '99999999999999999999',
    '-99999999999999999999',
    '0x1F',
    '  42  ',
    '1,5',
    '1.5',
    '-0',
    '12345678901234.123456789012',
    '0.000000000000000000001',
    '',
    ' ',
    '\u0000',
    'abc\u0000def',
    '%00',
    '😀🎉👩‍👩‍👧',
    '\u202Eevil\u202C',
    'مرحبا بالعالم',
    '\uD800',
    '\uFFFF',
    "'; DROP TABLE users; --",
    '%_\\',
    '2024-02-30',
    '0000-00-00',
    '9999-12-31T23:59:59Z',
    '10000-01-01T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    'true',
    'null',
    'undefined',
    '[object Object]',
    LONG,
    LONG_UNICODE,
  ),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.integer(),
  fc.double({ noDefaultInfinity: true, noNaN: true }),
);

/** Wrong shapes: arrays where objects go, objects where scalars go, deep nesting. */
export const nastyShape: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>([], [null], [1, 'a'], {}, { '': 1 }, { nested: { deeper: [{}] } }, [[[]]], { 0: 'a', 1: 'b' }),
  fc.array(nastyScalar, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('0', '1', 'id', 'name', 'a'), nastyScalar, { maxKeys: 3 }),
);

export const nastyValue: fc.Arbitrary<unknown> = fc.oneof({ arbitrary: nastyScalar, weight: 3 }, { arbitrary: nastyShape, weight: 1 });

/** Table holding the records a field or path parameter named `name` refers to (`variant_id` → variants). */
export function tableFor(name: string): string {
  const base = name.replace(/_ids?$/, '');
  const irregular: Record<string, string> = { bill_address: 'addresses', ship_address: 'addresses', existing_card: 'credit_cards', source: 'credit_cards', order: 'orders', parent: 'taxons' };
  if (irregular[base]) return irregular[base];
  if (base.endsWith('y')) return `${base.slice(0, -1)}ies`;
  if (base.endsWith('s')) return `${base}es`;
  return `${base}s`;
}

function realIds(known: KnownValues, table: string): fc.Arbitrary<number> {
  const own = known.ids[table] ?? [];
  const any = Object.values(known.ids).flat();
  if (own.length === 0) return any.length ? fc.constantFrom(...any) : fc.integer({ min: 1, max: 50 });
  return fc.oneof({ arbitrary: fc.constantFrom(...own), weight: 4 }, { arbitrary: any.length ? fc.constantFrom(...any) : fc.constant(own[0]), weight: 1 });
}

/**
 * A value for a schema: mostly well-formed (real ids for `*_id`), sometimes malformed at any depth.
 * `clean` values are never malformed, so they get past validation to the services (where 500s hide),
 * with edge values still: 0, negatives, ids of other tables, unicode.
 */
export function valueFor(doc: OpenApiDocument, schema: Schema, known: KnownValues, name = '', depth = 0, clean = false): fc.Arbitrary<unknown> {
  const s = resolveSchema(doc, schema);
  const value = wellFormed(doc, s, known, name, depth, clean);
  if (clean) return value;
  const nasty = depth > 4 ? nastyScalar : nastyValue;
  return fc.oneof({ arbitrary: value, weight: 4 }, { arbitrary: nasty, weight: 1 });
}

function wellFormed(doc: OpenApiDocument, s: Schema, known: KnownValues, name: string, depth: number, clean: boolean): fc.Arbitrary<unknown> {
  // Clean values lean on the documented example, the value most likely to be accepted.
  const example = s.example !== undefined ? [{ arbitrary: fc.constant(s.example), weight: clean ? 6 : 1 }] : [];
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  // One of several documented bodies (POST /api/orders: a cart, or an admin's import).
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => valueFor(doc, alternative, known, name, depth, clean)));
  if (s.type === 'array' || (s.items && !s.type)) {
    const item = s.items ? valueFor(doc, s.items, known, name, depth + 1, clean) : nastyScalar;
    // Rails also takes a list as a hash keyed "0", "1", …
    return fc.oneof(fc.array(item, { maxLength: 3 }), fc.array(item, { minLength: 1, maxLength: 2 }).map((xs) => Object.fromEntries(xs.map((x, i) => [String(i), x]))));
  }
  if (s.type === 'object' || s.properties || s.additionalProperties) {
    const props = Object.entries((s.properties ?? {}) as Record<string, Schema>);
    const record = props.length
      ? fc.record(Object.fromEntries(props.map(([key, p]) => [key, valueFor(doc, p, known, key, depth + 1, clean)])), {
          // Clean values keep what the schema requires, so they get past presence checks too.
          requiredKeys: clean ? ((s.required ?? []) as string[]).filter((k) => props.some(([name]) => name === k)) : [],
        })
      : fc.constant({});
    const extra =
      s.additionalProperties && typeof s.additionalProperties === 'object'
        ? fc.dictionary(
            fc.oneof(realIds(known, tableFor(name === 'payment_source' ? 'payment_method' : name)).map(String), fc.constantFrom('0', 'abc', '-1', '99999999999')),
            valueFor(doc, s.additionalProperties, known, name, depth + 1, clean),
            { maxKeys: 2 },
          )
        : fc.constant({});
    const junk = clean ? fc.constant(null) : fc.option(fc.dictionary(fc.constantFrom('id', 'admin', 'state', 'unknown_key', 'created_at'), nastyScalar, { maxKeys: 2 }), { freq: 4 });
    return fc.tuple(record, extra, junk).map(([declared, keyed, unknown]) => ({ ...keyed, ...(unknown ?? {}), ...declared }));
  }
  if (s.type === 'integer' || s.type === 'number') {
    if (/(^|_)id$/.test(name)) return realIds(known, tableFor(name));
    if (/_ids$/.test(name)) return realIds(known, tableFor(name));
    return fc.oneof(...example, fc.integer({ min: -3, max: 20 }), fc.constantFrom(1, 2, 100));
  }
  if (s.type === 'boolean') return fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', '1', '0'));
  if (s.type === 'string') {
    if (/(^|_)id$/.test(name)) return realIds(known, tableFor(name)).map(String);
    if (s.format === 'decimal') return fc.oneof(...example, fc.constantFrom('0', '0.01', '1', '10.00', '19.99', '-5', '100'));
    if (s.format === 'date-time') return fc.oneof(fc.date({ min: new Date('2000-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString()), fc.constant('2030-01-01'));
    if (name === 'email') return fc.oneof(fc.emailAddress(), fc.constantFrom('spree@example.com', 'shopper@example.com'));
    if (name === 'coupon_code' || name === 'code') return fc.oneof(...example, fc.constantFrom(...(known.couponCodes.length ? known.couponCodes : ['10off'])), fc.string({ maxLength: 8 }));
    if (name === 'number' && known.orderNumbers.length) return fc.constantFrom(...known.orderNumbers, ...known.shipmentNumbers);
    const max = Math.min(s.maxLength ?? 40, 40);
    return fc.oneof(...example, fc.string({ minLength: 1, maxLength: max }), fc.string({ unit: 'grapheme', maxLength: 6 }));
  }
  return nastyValue;
}

/** A path segment for `{param}`: a real id/number/permalink, or a malformed one. */
export function pathValue(param: string, previousSegment: string, known: KnownValues): fc.Arbitrary<string> {
  let real: fc.Arbitrary<string>;
  if (param === 'number' || param === 'order_number') {
    const numbers = param === 'number' && previousSegment === 'shipments' ? known.shipmentNumbers : known.orderNumbers;
    real = fc.constantFrom(...(numbers.length ? numbers : ['R000000001']));
  } else if (param === 'id' && previousSegment === 'products' && known.productSlugs.length) {
    real = fc.oneof(realIds(known, 'products').map(String), fc.constantFrom(...known.productSlugs));
  } else {
    real = realIds(known, param === 'id' ? previousSegment : tableFor(param)).map(String);
  }
  const malformed = fc.oneof(
    fc.constantFrom(
      '0',
      '-1',
      '99999999999999999999',
      '2147483648',
      '1.5',
      '1e3',
      '0x10',
      'abc',
      'new',
      '%00',
      '%F0%9F%98%80',
      '%E0%A4%A',
      '%',
      '%20',
      "'",
      '%27%20OR%201%3D1',
      encodeURIComponent('مرحبا'),
      encodeURIComponent('\u202Eevil'),
      '12abc',
      '%2012',
      'R123456789',
      'x'.repeat(300),
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 8 }).map(encodeURIComponent),
  );
  return fc.oneof({ arbitrary: real, weight: 3 }, { arbitrary: malformed, weight: 1 });
}

const PREDICATES = ['eq', 'not_eq', 'cont', 'not_cont', 'start', 'end', 'lt', 'lteq', 'gt', 'gteq', 'in', 'not_in', 'null', 'not_null', 'present', 'blank', 'true', 'false'];

/** The searchable attributes a list operation documents in its `q` parameter's description. */
export function searchableAttributes(op: Record<string, any>): string[] {
  const q = (op.parameters ?? []).find((p: { name: string; in: string }) => p.name === 'q' && p.in === 'query');
  const listed = /Searchable and sortable attributes: ([^.]+)\./.exec(q?.description ?? '')?.[1];
  return listed ? listed.split(',').map((a: string) => a.trim()).filter(Boolean) : [];
}

/** A Ransack `q`: real attributes with every predicate, unknown ones, sorts, nested arrays, wrong shapes. */
export function searchQuery(attributes: string[], known: KnownValues): fc.Arbitrary<unknown> {
  const attribute = fc.oneof(
    { arbitrary: attributes.length ? fc.constantFrom(...attributes) : fc.constant('name'), weight: 4 },
    { arbitrary: fc.constantFrom('id', 'password', 'encrypted_password', 'nope', 'name_or_id', 'user_email', '', '__proto__', 'constructor'), weight: 1 },
    { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
  );
  const key = fc.oneof(
    { arbitrary: fc.tuple(attribute, fc.constantFrom(...PREDICATES)).map(([a, p]) => `${a}_${p}`), weight: 5 },
    { arbitrary: fc.tuple(attribute, attribute, fc.constantFrom(...PREDICATES)).map(([a, b, p]) => `${a}_or_${b}_${p}`), weight: 1 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  const searchValue = fc.oneof(
    fc.constantFrom('1', '0', 'true', 'false', 'a', '%', '_', '\\', '2024-01-01', '2024-01-01T10:00:00', '1,2,3', '19.99'),
    realIds(known, 'products').map(String),
    nastyScalar.filter((v) => typeof v === 'string'),
    fc.array(fc.oneof(fc.constantFrom('1', 'a', ''), nastyScalar.filter((v) => typeof v === 'string')), { maxLength: 3 }),
    nastyShape,
  );
  const sort = fc.oneof(
    fc.tuple(attribute, fc.constantFrom('asc', 'desc', 'ASC', 'DESC', '', 'sideways', '; DROP TABLE x', 'desc nulls first')).map(([a, d]) => `${a} ${d}`.trim()),
    fc.array(fc.tuple(attribute, fc.constantFrom('asc', 'desc')).map(([a, d]) => `${a} ${d}`), { maxLength: 3 }),
    nastyValue,
  );
  return fc.oneof(
    { arbitrary: fc.tuple(fc.dictionary(key, searchValue, { maxKeys: 3 }), fc.option(sort)).map(([conditions, s]) => (s === null ? conditions : { ...conditions, s })), weight: 6 },
    { arbitrary: nastyValue, weight: 1 },
  );
}

const pageValue = fc.oneof(
  fc.constantFrom<unknown>('0', '-1', '1', '2', '100', '101', '1000000', '99999999999999999999', '1e3', '1.5', 'abc', '', ['1', '2'], { a: '1' }),
  fc.integer({ min: -5, max: 200 }).map(String),
);

export type Role = 'anonymous' | 'user' | 'admin' | 'guest' | 'bad-key';

export interface FuzzRequest {
  method: string;
  /** The documented path template, e.g. /api/products/{id}. */
  operation: string;
  /** The concrete URL with its query string. */
  url: string;
  role: Role;
  /** The order token a guest sends (header or `order_token`). */
  orderToken?: string;
  contentType?: string;
  /** The body as sent (text), if any. */
  body?: string;
  /** The one answer this request must get (edge cases with a known answer). */
  expected?: { status: number; body: unknown };
}

export interface Operation {
  method: string;
  path: string;
  op: Record<string, any>;
}

/** Every documented operation, except the document's own routes and health probes. */
export function operations(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

function capStrings(value: unknown, max: number): unknown {
  if (typeof value === 'string') return value.slice(0, max);
  if (Array.isArray(value)) return value.map((v) => capStrings(v, max));
  if (value && typeof value === 'object' && !(value instanceof RawNumber)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, capStrings(v, max)]));
  return value;
}

/** Requests to one operation, as any kind of caller, with well-formed and malformed input. */
export function requestFor(doc: OpenApiDocument, operation: Operation, known: KnownValues): fc.Arbitrary<FuzzRequest> {
  const { method, path, op } = operation;
  const params: { name: string; in: string; schema?: Schema }[] = op.parameters ?? [];
  const segments = path.split('/');
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const independent = fc.tuple(...inPath.map((p) => pathValue(p, segments[segments.indexOf(`{${p}}`) - 1] ?? '', known)));
  const relatedKey = Object.keys(known.related).find((prefix) => path.startsWith(prefix) && known.related[prefix].length > 0);
  const values = relatedKey
    ? fc.oneof(
        { arbitrary: fc.constantFrom(...known.related[relatedKey]).map((tuple) => inPath.map((p) => tuple[p] ?? '1')), weight: 3 },
        { arbitrary: independent, weight: 1 },
      )
    : independent;
  const pathArb = fc.tuple(values, fc.constantFrom('', '', '', '.json')).map(([vs, suffix]) => {
    let url = path;
    inPath.forEach((p, i) => (url = url.replace(`{${p}}`, vs[i])));
    return { url: url + suffix, order: inPath.includes('number') && !path.startsWith('/api/shipments') ? vs[inPath.indexOf('number')] : inPath.includes('order_number') ? vs[inPath.indexOf('order_number')] : undefined };
  });

  // Documented query parameters (and path parameters the path does not hold, e.g. order_number on /api/shipments).
  const queryParams = params.filter((p) => (p.in === 'query' || (p.in === 'path' && !inPath.includes(p.name))) && !['q', 'page', 'per_page', 'order_token'].includes(p.name));
  const isList = params.some((p) => p.name === 'q');
  const queryArb = fc.record(
    {
      documented: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(doc, p.schema ?? { type: 'string' }, known, p.name)])), { requiredKeys: [] }),
      q: isList ? fc.option(searchQuery(searchableAttributes(op), known), { freq: 3 }) : fc.constant(null),
      page: fc.option(pageValue, { freq: 2 }),
      per_page: fc.option(pageValue, { freq: 2 }),
      junk: fc.option(fc.dictionary(fc.constantFrom('callback', 'token', 'format', 'q', 'page', '__proto__', 'x[]'), nastyValue, { maxKeys: 2 }), { freq: 5 }),
    },
    { requiredKeys: [] },
  );

  const bodySchema: Schema | undefined = op.requestBody?.content?.['application/json']?.schema;
  // An operation without a documented body mostly gets none (undefined), sometimes junk.
  const bodyValue: fc.Arbitrary<unknown> = bodySchema
    ? fc.oneof(valueFor(doc, bodySchema, known), valueFor(doc, bodySchema, known, '', 0, true))
    : fc.option(fc.dictionary(fc.string({ maxLength: 8 }), nastyValue, { maxKeys: 3 }), { freq: 4, nil: undefined });
  const sendsBody = method !== 'GET' && method !== 'DELETE';
  const bodyArb: fc.Arbitrary<{ contentType?: string; body?: string; inQuery?: unknown }> = !sendsBody
    ? fc.constant({})
    : fc.oneof(
        { arbitrary: bodyValue.map((v) => (v === undefined ? {} : { contentType: 'application/json', body: toJsonText(v) })), weight: 6 },
        { arbitrary: bodyValue.map((v) => (v === undefined ? {} : { contentType: 'application/x-www-form-urlencoded', body: toFormText(v) })), weight: 2 },
        // Rails reads parameter groups from the query string as well.
        { arbitrary: bodyValue.map((v) => ({ inQuery: v })), weight: 1 },
        {
          arbitrary: fc.constantFrom(
            { contentType: 'application/json', body: '{"a":' },
            { contentType: 'application/json', body: 'null' },
            { contentType: 'application/json', body: '"just a string"' },
            { contentType: 'application/json', body: '[1,2,3]' },
            { contentType: 'application/json', body: '12' },
            { contentType: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}' },
            { contentType: 'application/vnd.api+json', body: '{"x":1}' },
            { contentType: 'application/x-www-form-urlencoded', body: 'a[b][c][d][e][f][g][h][i][j][k][l]=1&a[][]=2&%=&&=' },
            { contentType: 'application/x-www-form-urlencoded', body: '%E0%A4%A=1&x=%' },
            { contentType: 'text/plain', body: 'hello' },
            { contentType: 'application/xml', body: '<a/>' },
          ),
          weight: 1,
        },
      );

  // Admins reach the most code; the others mostly meet 401s, which must hold as well.
  const roleArb = fc.constantFrom<Role>('anonymous', 'user', 'user', 'admin', 'admin', 'admin', 'admin', 'guest', 'guest', 'bad-key');
  const tokens = Object.values(known.orderTokens);
  // A guest mostly holds the token of the order in the path (else a stranger's, or none).
  const tokenChoice = fc.oneof({ arbitrary: fc.constant('own'), weight: 4 }, { arbitrary: tokens.length ? fc.constantFrom(...tokens, '', 'nope') : fc.constant('nope'), weight: 1 });

  return fc.record({ path: pathArb, query: queryArb, body: bodyArb, role: roleArb, tokenChoice, tokenInQuery: fc.boolean() }).map(({ path: { url, order }, query, body, role, tokenChoice, tokenInQuery }) => {
    const token = tokenChoice === 'own' ? ((order && known.orderTokens[order]) ?? tokens[0] ?? 'nope') : tokenChoice;
    const queryObject: Record<string, unknown> = { ...(query.junk ?? {}), ...(query.documented ?? {}) };
    if (query.q !== null && query.q !== undefined) queryObject.q = query.q;
    if (query.page !== null && query.page !== undefined) queryObject.page = query.page;
    if (query.per_page !== null && query.per_page !== undefined) queryObject.per_page = query.per_page;
    if (role === 'guest' && tokenInQuery) queryObject.order_token = token;
    if (body.inQuery && typeof body.inQuery === 'object') Object.assign(queryObject, body.inQuery);
    // Long values go in bodies: a URL over Node's 16 KB header limit is refused by Node itself (a bare 431).
    const queryText = toFormText(capStrings(queryObject, 600));
    return {
      method,
      operation: path,
      url: queryText ? `${url}?${queryText}` : url,
      role,
      orderToken: role === 'guest' && !tokenInQuery ? token : undefined,
      contentType: body.contentType,
      body: body.body,
    };
  });
}

/** Where a value goes in a body: its keys, list items at index 0, keyed maps (payment_source) under a real id. */
export type BodyPath = (string | number)[];

/** Every place in a body schema a value can go, groups and nested groups included (not below `maxDepth`). */
export function bodyPaths(doc: OpenApiDocument, schema: Schema, known: KnownValues, at: BodyPath = [], name = '', maxDepth = 6): BodyPath[] {
  const s = resolveSchema(doc, schema);
  if (at.length >= maxDepth) return [];
  const paths: BodyPath[] = [];
  const alternatives = (s.oneOf ?? s.anyOf) as Schema[] | undefined;
  if (alternatives) {
    // Each alternative's places, once.
    const seen = new Set<string>();
    for (const alternative of alternatives) {
      for (const path of bodyPaths(doc, alternative, known, at, name, maxDepth)) if (!seen.has(JSON.stringify(path)) && seen.add(JSON.stringify(path))) paths.push(path);
    }
    return paths;
  }
  const below = (key: string | number, child: Schema, childName: string) => {
    paths.push([...at, key]);
    paths.push(...bodyPaths(doc, child, known, [...at, key], childName, maxDepth));
  };
  for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) below(key, child, key);
  if (s.additionalProperties && typeof s.additionalProperties === 'object') {
    const ids = known.ids[tableFor(name === 'payment_source' ? 'payment_method' : name)] ?? [];
    below(String(ids[ids.length - 1] ?? 1), s.additionalProperties, name);
  }
  if (s.items) {
    const item = resolveSchema(doc, s.items);
    if (item.properties || item.additionalProperties) paths.push(...bodyPaths(doc, item, known, [...at, 0], name, maxDepth));
  }
  return paths;
}

/** `value` with `path` set to `leaf` (containers created as needed; a scalar in the way is replaced). */
export function withValueAt(value: unknown, path: BodyPath, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [key, ...rest] = path;
  const copy = typeof value === 'object' && value !== null && !(value instanceof RawNumber) ? (Array.isArray(value) ? [...value] : { ...value }) : typeof key === 'number' ? [] : {};
  const container = copy as Record<string | number, unknown>;
  container[key] = withValueAt(container[key], rest, leaf);
  return container;
}

/** An object `levels` levels deep, itself included: nestedObject(1) = {}, nestedObject(2) = {a: {}}. */
export function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

/** The path of an operation with real records in it (a nested record through its own parent). */
export function realUrl(path: string, known: KnownValues): string {
  const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const relatedKey = Object.keys(known.related).find((prefix) => path.startsWith(prefix) && known.related[prefix].length > 0);
  const tuple = relatedKey ? known.related[relatedKey][0] : {};
  const segments = path.split('/');
  let url = path;
  for (const p of inPath) {
    const previous = segments[segments.indexOf(`{${p}}`) - 1] ?? '';
    const own =
      tuple[p] ??
      (p === 'number' || p === 'order_number' ? (p === 'number' && previous === 'shipments' ? known.shipmentNumbers : known.orderNumbers)[0] : undefined) ??
      String((known.ids[p === 'id' ? previous : tableFor(p)] ?? [1])[0]);
    url = url.replace(`{${p}}`, own);
  }
  return url;
}

/**
 * Edge cases of one operation, sent as an admin (who reaches the most code)
 * to real records: each place of its body (fields and groups) null and empty,
 * alone and inside an otherwise clean body, and empty in a form; a JSON body
 * nested deeper than the limit (refused with 400 and the contract's body); a
 * form body and a query string nested as deep (qs stops at its depth: any
 * answer but a 5xx). Operations without a body get the query string only.
 */
export function edgeCaseRequests(doc: OpenApiDocument, operation: Operation, known: KnownValues, options: { seed: number; tooDeep?: { status: number; body: unknown } }): FuzzRequest[] {
  const { method, path, op } = operation;
  const url = realUrl(path, known);
  const base = { method, operation: path, url, role: 'admin' as Role };
  const bodySchema: Schema | undefined = op.requestBody?.content?.['application/json']?.schema;
  const top = bodySchema ? resolveSchema(doc, bodySchema) : undefined;
  const alternatives = (top?.oneOf ?? top?.anyOf) as Schema[] | undefined;
  const first = alternatives ? resolveSchema(doc, alternatives[0]) : top;
  const group = first ? (Object.keys(first.properties ?? {})[0] ?? 'x') : 'x';
  const deepKey = `${group}${'[a]'.repeat(2_000)}`;
  const deepQuery: FuzzRequest = { ...base, url: `${url}?${deepKey}=1` };
  if (!bodySchema) return [deepQuery];
  const [clean] = fc.sample(valueFor(doc, bodySchema, known, '', 0, true), { seed: options.seed, numRuns: 1 });
  const json = (value: unknown, expected?: FuzzRequest['expected']): FuzzRequest => ({ ...base, contentType: 'application/json', body: toJsonText(value), expected });
  const form = (value: unknown): FuzzRequest => ({ ...base, contentType: 'application/x-www-form-urlencoded', body: toFormText(value) });
  const requests: FuzzRequest[] = [];
  for (const at of bodyPaths(doc, bodySchema, known)) {
    for (const empty of [null, '']) requests.push(json(withValueAt({}, at, empty)), json(withValueAt(clean, at, empty)));
    requests.push(form(withValueAt(clean, at, '')));
  }
  const deep = nestedObject(2_500);
  requests.push(json({ [group]: deep }, options.tooDeep), json(withValueAt(clean, [group, 'a'], deep), options.tooDeep));
  requests.push({ ...base, contentType: 'application/x-www-form-urlencoded', body: `${deepKey}=1` }, deepQuery);
  return requests;
}
