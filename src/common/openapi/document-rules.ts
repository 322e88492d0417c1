import type { OpenAPIObject } from '@nestjs/swagger';
import { permissionFor } from '../auth/permissions';
import { NOT_FOUND_DENIAL_OPERATION, PUBLIC_OPERATION } from '../auth/public.decorator';
import { ErrorText } from '../errors/api-errors';
import { RETRY_AFTER_SECONDS } from '../errors/api-exception.filter';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyText } from '../http/idempotency/idempotency.interceptor';
import { ShapeText } from '../http/body-shape';
import { INT_MAX, INT_MIN } from '../params/fields';

/**
 * The rules every operation of the document follows, applied to the document
 * @nestjs/swagger builds from the decorators, so that a new route gets them
 * without a decorator of its own: security, the 401 a bad key gets, ids an
 * SDK reads well, tags by domain, examples on error answers, reusable header
 * parameters, whole numbers typed `integer`, nullable references a strict
 * validator accepts. test/foundation/openapi.spec.ts checks each rule, and
 * `redocly lint` (test/foundation/openapi-lint.spec.ts) the whole.
 */
export function applyDocumentRules(document: OpenAPIObject): OpenAPIObject {
  document.servers = [{ url: '/', description: 'The server this document is served from' }];
  // Keys are opaque random strings, not JWTs.
  const schemes = document.components?.securitySchemes ?? {};
  for (const scheme of Object.values(schemes)) if ('bearerFormat' in scheme) delete scheme.bearerFormat;
  nameOperations(document);
  declareSecurity(document);
  declarePermissions(document);
  tagByDomain(document);
  shareParameters(document);
  internalErrors(document);
  bodyTooLarge(document);
  exampleErrors(document);
  retryAfterOn503(document);
  int32RequestIntegers(document);
  linkResources(document);
  for (const schema of everySchema(document)) {
    wholeNumbersAsIntegers(schema);
    nullableReferences(schema);
    decimalStringPattern(schema);
  }
  return document;
}


const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
type Operation = NonNullable<OpenAPIObject['paths'][string]['get']> & Record<string, unknown>;
type Json = Record<string, unknown>;

function* operations(document: OpenAPIObject): Generator<[string, (typeof METHODS)[number], Operation]> {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method] as Operation | undefined;
      if (operation) yield [path, method, operation];
    }
  }
}

// ---------------------------------------------------------------- operation ids

/** The handler's verb → the SDK method's verb (`index` → `listProducts`); other handler names are actions (`nextCheckout`). */
const CRUD_VERBS: Record<string, string> = { index: 'list', show: 'show', create: 'create', update: 'update', destroy: 'delete', remove: 'delete', describe: 'describe', new: 'describe' };

const CRUD_METHOD: Record<string, string> = { list: 'get', show: 'get', describe: 'get', create: 'post', update: 'put', delete: 'delete' };

/** Where the rule below reads badly. Keyed by `METHOD path`. */
const OPERATION_ID_OVERRIDES: Record<string, string> = {
  'GET /health/live': 'checkLiveness',
  'GET /health/ready': 'checkReadiness',
  'GET /api/config/money': 'showMoneyConfig',
  'GET /api/orders/mine': 'listMyOrders',
  'GET /api/users/{id}/roles': 'listUserRoles',
  'PUT /api/users/{id}/roles': 'setUserRoles',
  'GET /api/users/{id}/api_keys': 'listUserApiKeys',
  'DELETE /api/users/{id}/api_keys/{key_id}': 'revokeUserApiKey',
  'GET /api/roles/permissions': 'listPermissions',
  'PUT /api/orders/{number}/apply_coupon_code': 'applyCouponCode',
  'GET /api/taxonomies/{id}/jstree': 'showTaxonomyJstree',
  'GET /api/taxonomies/{taxonomy_id}/taxons/{id}/jstree': 'showTaxonomyTaxonJstree',
  // They add and remove a variant's units, not shipments.
  'PUT /api/shipments/{number}/add': 'addToShipment',
  'PUT /api/shipments/{number}/remove': 'removeFromShipment',
  'PUT /api/orders/{order_number}/shipments/{number}/add': 'addToOrderShipment',
  'PUT /api/orders/{order_number}/shipments/{number}/remove': 'removeFromOrderShipment',
};

const pascal = (words: string) => words.split(/[_\s-]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
const camel = (words: string) => pascal(words).replace(/^./, (c) => c.toLowerCase());

export function singular(word: string): string {
  if (/ies$/.test(word)) return word.replace(/ies$/, 'y');
  if (/(ss|x|ch|sh)es$/.test(word)) return word.replace(/es$/, '');
  if (/[^su]s$/.test(word)) return word.slice(0, -1);
  return word;
}

/**
 * `<verb><Resources>` as a generated SDK method reads: the verb from the
 * handler (`index` → list, `destroy` → delete, an action keeps its name:
 * `next`, `capture`), the nouns from the path's literal segments, so one
 * handler served on two paths gets two names (`createOrderLineItem`,
 * `createCheckoutLineItem`). A PATCH is named after the PUT of its path
 * (`updateProductImage` → `patchProductImage`).
 */
export function operationName(method: string, path: string, handler: string): string {
  const override = OPERATION_ID_OVERRIDES[`${method.toUpperCase()} ${path}`];
  if (override) return override;
  const segments = path.split('/').filter((s) => s !== '' && s !== 'api');
  let literals = segments.filter((s) => !s.startsWith('{'));
  const last = segments.at(-1)!;
  // `indexOfCountry` is an index, `showOfCountry` a show, when the HTTP method agrees (a PUT `remove` is an action).
  const crud = CRUD_VERBS[/^[a-z]+/.exec(handler)?.[0] ?? ''];
  const crudVerb = crud && CRUD_METHOD[crud] === method.toLowerCase() ? crud : undefined;
  // An action on a resource ends its path (`…/payments/{id}/capture`, `…/shipments/{number}/remove`): named by that segment.
  const onResource = !crudVerb && segments.length > 1 && !last.startsWith('{') && segments.at(-2)!.startsWith('{');
  let verb = crudVerb;
  if (verb === 'describe' && literals.at(-1) === 'new') literals = literals.slice(0, -1);
  if (!verb) {
    verb = onResource ? camel(last) : camel(handler);
    if (onResource) literals = literals.slice(0, -1);
  }
  const nouns = literals.map((s, i) => (verb === 'list' && i === literals.length - 1 ? s : singular(s)));
  return verb + nouns.map(pascal).join('');
}

function nameOperations(document: OpenAPIObject): void {
  for (const [path, method, operation] of operations(document)) {
    if (method === 'patch') continue;
    const handler = (operation.operationId ?? '').replace(/\[\d+\]$/, '').replace(/^.*_/, '');
    operation.operationId = operationName(method, path, handler);
  }
  for (const [path, method, operation] of operations(document)) {
    if (method !== 'patch') continue;
    const put = document.paths[path].put?.operationId;
    const handler = (operation.operationId ?? '').replace(/\[\d+\]$/, '').replace(/^.*_/, '');
    operation.operationId = put ? (put.startsWith('update') ? put.replace(/^update/, 'patch') : `patch${put.charAt(0).toUpperCase()}${put.slice(1)}`) : operationName('patch', path, handler === 'update' ? 'patch' : handler);
  }
}

// ---------------------------------------------------------------- security

const KEY_SCHEMES: Array<Record<string, string[]>> = [{ 'api-key': [] }, { 'spree-token': [] }];

/**
 * Admin-only operations (`@AdminOnly()`, or a controller's `@ApiSecurity('api-key')`)
 * need a key: either scheme. Public ones (`@Public()`, not an order's route)
 * need none: `security: []`. The rest read a key when there is one (a user's
 * orders, an admin's view of the catalog): `[{}, key schemes]`, so that
 * generated clients and Swagger UI send the key they have. So do the
 * operations that need an admin's (or the owner's) key but refuse everyone
 * else, anonymous callers included, with 404 as Spree 2.2 does (`@NotFoundDenial()`,
 * `@AdminOnly({ denial: 'not_found' })`): no caller is asked for a key there
 * (test/security/access-matrix.spec.ts holds each operation to it).
 * Every operation reads a key that is sent: a key that matches no user is a
 * 401 everywhere (ApiKeyGuard).
 */
function declareSecurity(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    const isPublic = operation[PUBLIC_OPERATION] === true && !hasOrderToken(operation);
    const notFoundDenial = operation[NOT_FOUND_DENIAL_OPERATION] === true;
    delete operation[PUBLIC_OPERATION];
    delete operation[NOT_FOUND_DENIAL_OPERATION];
    const required = !notFoundDenial && (operation.security ?? []).some((s) => 'api-key' in s);
    operation.security = isPublic ? [] : required ? KEY_SCHEMES : [{}, ...KEY_SCHEMES];
    const mayRequireKey = !isPublic && !required;
    const examples: Record<string, { summary: string; value: { error: string } }> = {};
    const declared = operation.responses['401'] as { description?: string; content?: Record<string, Json> } | undefined;
    if (declared) {
      const media = declared.content?.['application/json'];
      if (media?.example) examples.declared = { summary: declared.description ?? 'Not authorized', value: media.example as { error: string } };
      else if (media?.examples) Object.assign(examples, media.examples);
      else examples.not_authorized = { summary: declared.description ?? 'Not authorized', value: { error: ErrorText.unauthorized } };
    }
    if (mayRequireKey) examples.api_key_required = { summary: 'No API key, on a store that requires one (API_REQUIRES_AUTHENTICATION=true)', value: { error: ErrorText.mustSpecifyApiKey } };
    examples.invalid_api_key = { summary: 'The API key sent matches no user', value: { error: ErrorText.invalidApiKey } };
    const description = [declared?.description, mayRequireKey ? 'no API key on a store that requires one' : undefined, 'the API key sent matches no user'].filter(Boolean).join('; or ');
    operation.responses['401'] = {
      description: description.charAt(0).toUpperCase() + description.slice(1),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' }, examples } },
    };
  }
}

/** The `x-permission` extension's name: the staff permission, and key scope, an operation needs. */
export const PERMISSION_EXTENSION = 'x-permission';

/**
 * Each operation of a domain names the permission it needs
 * (common/auth/permissions.ts: the table the guards read): a staff role with
 * it runs the operation as an admin does, a scoped key needs it among its
 * scopes. Said in `x-permission` for tools and in the description for readers.
 */
function declarePermissions(document: OpenAPIObject): void {
  for (const [path, method, operation] of operations(document)) {
    const permission = permissionFor(method, path);
    if (permission === undefined) continue;
    operation[PERMISSION_EXTENSION] = permission;
    const line = `Permission: \`${permission}\` (a staff role with it runs this as an admin does; a scoped API key needs it among its scopes).`;
    operation.description = operation.description ? `${operation.description}\n\n${line}` : line;
  }
}

function hasOrderToken(operation: Operation): boolean {
  return (operation.parameters ?? []).some((p) => ('$ref' in p ? p.$ref.endsWith('/OrderToken') : p.name === 'X-Spree-Order-Token'));
}

// ---------------------------------------------------------------- tags

/** The tags, storefront first, each a domain of the API. */
export const TAGS: Array<{ name: string; description: string }> = [
  { name: 'Checkout', description: "A customer's checkout, guest or signed in: create the order, then address → delivery → payment → confirm → complete (`/api/checkouts`)." },
  { name: 'Orders', description: "Carts and orders: line items, the order's addresses, coupon codes, cancel and empty; a customer's order history; the back-office's order list." },
  { name: 'Catalog', description: 'Products, variants, images, option types and values, properties: read by the storefront, written by admins.' },
  { name: 'Taxonomies', description: "The catalog's categories: taxonomies, taxons and which products they hold." },
  { name: 'Account', description: "Sign-up, sign-in (an API key for the user) and the user's account; admins manage users." },
  { name: 'Geography', description: 'Countries, states, zones and addresses.' },
  { name: 'Store', description: 'Store settings a storefront needs: currency, default country, money formatting.' },
  { name: 'Payments', description: "An order's payments (the storefront adds one; the back-office authorizes, captures, voids, credits) and the payment methods." },
  { name: 'Fulfilment', description: 'Shipments (ready, ship, split), shipping methods and categories, return authorizations.' },
  { name: 'Inventory', description: 'Stock locations, stock items, stock movements and inventory units (back-office).' },
  { name: 'Taxes', description: 'Tax categories and tax rates (back-office).' },
  { name: 'Promotions', description: 'Promotions (back-office); a customer applies a coupon code through Orders.' },
  { name: 'Webhooks', description: 'Subscriptions that POST store events (an order completed, a shipment shipped…) to another service (back-office).' },
  { name: 'Mail', description: "The shop's mail to its customers (order confirmation, shipment, refund, returns, account links): the mail log and resends (back-office)." },
  { name: 'Health', description: 'Liveness and readiness probes for load balancers and orchestrators.' },
];

/** A controller's `@ApiTags` → its domain tag. A controller may also name a domain tag itself (`@ApiTags('Catalog')`). */
const DOMAIN_OF_TAG: Record<string, string> = {
  config: 'Store',
  users: 'Account',
  roles: 'Account',
  addresses: 'Geography',
  countries: 'Geography',
  states: 'Geography',
  zones: 'Geography',
  products: 'Catalog',
  variants: 'Catalog',
  properties: 'Catalog',
  'product properties': 'Catalog',
  images: 'Catalog',
  'option types': 'Catalog',
  'option values': 'Catalog',
  taxonomies: 'Taxonomies',
  taxons: 'Taxonomies',
  classifications: 'Taxonomies',
  'stock locations': 'Inventory',
  'stock items': 'Inventory',
  'stock movements': 'Inventory',
  'stock transfers': 'Inventory',
  'inventory units': 'Inventory',
  orders: 'Orders',
  'line items': 'Orders',
  shipping_categories: 'Fulfilment',
  shipping_methods: 'Fulfilment',
  shipments: 'Fulfilment',
  'return authorizations': 'Fulfilment',
  payment_methods: 'Payments',
  payments: 'Payments',
  tax_categories: 'Taxes',
  tax_rates: 'Taxes',
  checkouts: 'Checkout',
  promotions: 'Promotions',
  health: 'Health',
  webhook_endpoints: 'Webhooks',
  mail_deliveries: 'Mail',
};

function tagByDomain(document: OpenAPIObject): void {
  const byName = new Map(TAGS.map((t) => [t.name.toLowerCase(), t.name]));
  for (const [path, , operation] of operations(document)) {
    const tag = operation.tags?.[0];
    let domain = tag === undefined ? undefined : (DOMAIN_OF_TAG[tag] ?? byName.get(tag.toLowerCase()) ?? tag);
    if (path.startsWith('/api/checkouts')) domain = 'Checkout';
    else if (path.startsWith('/api/orders/{number}/addresses')) domain = 'Orders';
    if (domain) operation.tags = [domain];
  }
  storefrontCheckoutOrder(document);
  // The declared tags that operations use, in the order above.
  const used = new Set(Object.values(document.paths).flatMap((item) => METHODS.flatMap((m) => item[m]?.tags ?? [])));
  document.tags = TAGS.filter((t) => used.has(t.name)).map((t) => ({ ...t }));
}

/**
 * The Checkout paths in the order a storefront calls them: create the order, fill the cart, move
 * through the steps (address, delivery, payment), then what the back-office does with the order.
 * Swagger UI and generated docs list a tag's operations in the order of `paths`.
 */
export const CHECKOUT_CALL_ORDER = [
  '/api/checkouts',
  '/api/checkouts/{number}/line_items/new',
  '/api/checkouts/{number}/line_items',
  '/api/checkouts/{number}/line_items/{id}',
  '/api/checkouts/{number}',
  '/api/checkouts/{number}/next',
  '/api/checkouts/{number}/advance',
  '/api/checkouts/{number}/addresses/{id}',
  '/api/checkouts/{number}/payments/new',
  '/api/checkouts/{number}/payments',
  '/api/checkouts/{number}/payments/{id}',
];

/** Reorders the Checkout tag's paths among themselves (CHECKOUT_CALL_ORDER first, the rest as they were); other paths keep their places. */
function storefrontCheckoutOrder(document: OpenAPIObject): void {
  const entries = Object.entries(document.paths);
  const isCheckout = ([, item]: (typeof entries)[number]) => METHODS.some((m) => item[m]?.tags?.[0] === 'Checkout');
  const rank = (path: string) => {
    const i = CHECKOUT_CALL_ORDER.indexOf(path);
    return i === -1 ? CHECKOUT_CALL_ORDER.length : i;
  };
  const checkout = entries.filter(isCheckout).map((e, i) => ({ e, i })).sort((a, b) => rank(a.e[0]) - rank(b.e[0]) || a.i - b.i).map(({ e }) => e);
  let next = 0;
  document.paths = Object.fromEntries(entries.map((entry) => (isCheckout(entry) ? checkout[next++] : entry)));
}

// ---------------------------------------------------------------- shared parameters

/** Parameters many operations take, declared once under components.parameters. */
const SHARED_PARAMETERS: Record<string, { in: string; name: string }> = {
  OrderToken: { in: 'header', name: 'X-Spree-Order-Token' },
  OrderTokenQuery: { in: 'query', name: 'order_token' },
  IdempotencyKey: { in: 'header', name: IDEMPOTENCY_KEY_HEADER },
  Page: { in: 'query', name: 'page' },
  PerPage: { in: 'query', name: 'per_page' },
};

function shareParameters(document: OpenAPIObject): void {
  const components = (document.components ??= {});
  const shared = (components.parameters ??= {}) as unknown as Record<string, Json>;
  for (const [, , operation] of operations(document)) {
    operation.parameters = (operation.parameters ?? []).map((parameter) => {
      if ('$ref' in parameter) return parameter;
      const entry = Object.entries(SHARED_PARAMETERS).find(([, p]) => p.in === parameter.in && p.name === parameter.name);
      if (!entry) return parameter;
      const [key] = entry;
      shared[key] ??= { ...parameter, schema: parameter.schema ?? { type: 'string' } };
      return { $ref: `#/components/parameters/${key}` };
    });
  }
}

// ---------------------------------------------------------------- error examples

/** Each error status's own example (Swagger UI would otherwise show the schema's, the 404's text, for all). */
function errorExamples(status: string, operation: Operation): Record<string, { summary: string; value: Json }> | undefined {
  const idempotent = (operation.parameters ?? []).some((p) => '$ref' in p && p.$ref.endsWith('/IdempotencyKey'));
  switch (status) {
    case '400':
      return {
        unreadable: { summary: 'The body or the parameters cannot be read', value: { error: ShapeText.tooDeep('request body') } },
        ...(idempotent ? { idempotency_key: { summary: `A bad ${IDEMPOTENCY_KEY_HEADER}`, value: { error: IdempotencyText.badKey } } } : {}),
      };
    case '403':
      return { not_updatable: { summary: 'The resource is in a state that forbids the change', value: { error: 'This payment cannot be updated because it is completed.' } } };
    case '404':
      return { not_found: { summary: 'No such resource (or not visible to the caller)', value: { error: ErrorText.notFound } } };
    case '409':
      return {
        ...(idempotent ? { in_flight: { summary: `A request with this ${IDEMPOTENCY_KEY_HEADER} is still running`, value: { error: IdempotencyText.inFlight } } } : {}),
        changed: { summary: 'Changed by a concurrent request', value: { error: 'The resource was changed by another request. Please try again.' } },
      };
    case '413':
      return {
        body_too_large: { summary: 'The request body is over 1 MB', value: { error: BODY_TOO_LARGE } },
        ...(operation.requestBody && 'content' in operation.requestBody && operation.requestBody.content['multipart/form-data']
          ? { image_too_large: { summary: 'The uploaded image is over IMAGE_MAX_BYTES', value: { error: 'The image is too large (10485760 bytes at most).' } } }
          : {}),
      };
    case '500':
      return { internal: { summary: 'An unexpected failure (logged)', value: { error: ErrorText.internal } } };
    case '429':
      return { too_many: { summary: 'Over the rate limit', value: { error: ErrorText.tooManyRequests } } };
    case '503':
      return { unavailable: { summary: 'The database cannot be reached', value: { error: ErrorText.unavailable } } };
    default:
      return undefined;
  }
}

function exampleErrors(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (!/^[45]/.test(status) || !response || '$ref' in response) continue;
      const media = response.content?.['application/json'] as Json | undefined;
      if (!media || media.example !== undefined || media.examples !== undefined) continue;
      const schema = media.schema as Json | undefined;
      if (schema?.$ref !== '#/components/schemas/ErrorResponse') continue;
      const examples = errorExamples(status, operation);
      if (examples) media.examples = examples;
    }
  }
}

/** The body parsers' answer to a body over their limit (common/http/body-parsers.ts). */
const BODY_TOO_LARGE = 'Request body is too large (1 MB at most).';

/**
 * Any operation can fail unexpectedly (a bug, a file store that fails, a
 * payment gateway that throws): 500 with the contract's body, the details
 * only in the log (api-exception.filter.ts).
 */
function internalErrors(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    operation.responses['500'] ??= {
      description: 'Internal server error: an unexpected failure, logged; the request may be retried (with the same Idempotency-Key where the operation takes one)',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
    };
  }
}

/** Any body over 1 MB is refused before routing (body-parsers.ts): every operation that takes a body lists 413. */
function bodyTooLarge(document: OpenAPIObject): void {
  for (const [, method, operation] of operations(document)) {
    if (method === 'get' || method === 'delete') continue;
    const own = operation.responses['413'] as { description?: string } | undefined;
    if (own) own.description = `${own.description}; or the request body is over 1 MB`;
    else
      operation.responses['413'] = {
        description: 'The request body is over 1 MB',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
      };
  }
}

/** Every 503 (the database cannot be reached, a search waited too long, not ready) carries `Retry-After`. */
function retryAfterOn503(document: OpenAPIObject): void {
  for (const [, , operation] of operations(document)) {
    const response = operation.responses['503'] as { headers?: Record<string, unknown> } | undefined;
    if (!response || '$ref' in response) continue;
    const headers = (response.headers ??= {});
    headers['Retry-After'] ??= { description: 'Seconds to wait before trying again', schema: { type: 'integer', example: RETRY_AFTER_SECONDS } };
  }
}

// ---------------------------------------------------------------- links

/** Paths whose resources are also reached under another prefix: an order is a checkout (`/api/orders/{number}` ↔ `/api/checkouts/{number}`). */
const SAME_RESOURCE: Record<string, string[]> = { '/api/orders': ['/api/checkouts'], '/api/checkouts': ['/api/orders'] };

/**
 * OpenAPI `links` from each create to what can be done with what it made,
 * so a stateful tester (Schemathesis) or a client generator can chain
 * create → show → update → delete: a POST on a collection `C` links to every
 * operation on `C/{param}` and `C/{param}/<action>`, `{param}` taken from the
 * answer's `id` (or `number` for a number parameter), the other path
 * parameters from the create's own path. An order's create also passes its
 * `token` as the order token, which starts the checkout flow
 * (createOrder → nextCheckout / updateCheckout / advanceCheckout).
 */
function linkResources(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
  const shared = (document.components?.parameters ?? {}) as unknown as Record<string, Json>;
  const resolve = (schema: Json | undefined): Json | undefined => (schema?.$ref ? schemas[String(schema.$ref).split('/').pop()!] : schema);
  const all = [...operations(document)];
  for (const [source, method, operation] of all) {
    if (method !== 'post' || source.endsWith('}')) continue;
    const status = ['201', '200'].find((s) => operation.responses[s]);
    const response = status ? (operation.responses[status] as { content?: Record<string, { schema?: Json }>; links?: Record<string, Json> }) : undefined;
    const body = resolve(response?.content?.['application/json']?.schema);
    const fields = (body?.properties ?? {}) as Record<string, Json>;
    if (!response || !('id' in fields || 'number' in fields)) continue;
    const sourceParams = new Set([...source.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
    const links: Record<string, Json> = {};
    for (const prefix of [source, ...(SAME_RESOURCE[source] ?? [])]) {
      for (const [target, , candidate] of all) {
        const match = new RegExp(`^${prefix.replace(/[{}]/g, '\\$&')}/\\{([^}]+)\\}(/[a-z_]+)?$`).exec(target);
        if (!match || !candidate.operationId || candidate.operationId === operation.operationId) continue;
        const made = match[1];
        const field = /number$/.test(made) ? 'number' : 'id';
        if (!(field in fields)) continue;
        const parameters: Record<string, string> = {};
        let resolvable = true;
        for (const name of [...target.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
          if (name === made) parameters[`path.${name}`] = `$response.body#/${field}`;
          else if (sourceParams.has(name) && prefix === source) parameters[`path.${name}`] = `$request.path.${name}`;
          else resolvable = false;
        }
        if (!resolvable) continue;
        const takesToken = (candidate.parameters ?? []).some((p) => ('$ref' in p ? shared[p.$ref.split('/').pop()!]?.name : p.name) === 'X-Spree-Order-Token');
        if (takesToken && 'token' in fields) parameters['header.X-Spree-Order-Token'] = '$response.body#/token';
        links[candidate.operationId] = {
          operationId: candidate.operationId,
          parameters,
          description: `The ${singular(source.split('/').filter((s) => s && !s.startsWith('{')).at(-1) ?? 'resource').replace(/_/g, ' ')} just created`,
        };
      }
    }
    if (Object.keys(links).length) response.links = { ...response.links, ...links };
  }
}

// ---------------------------------------------------------------- schemas

function* everySchema(document: OpenAPIObject): Generator<Json> {
  const seen = new Set<Json>();
  function* walk(value: unknown): Generator<Json> {
    if (!value || typeof value !== 'object' || seen.has(value as Json)) return;
    seen.add(value as Json);
    if (Array.isArray(value)) {
      for (const item of value) yield* walk(item);
      return;
    }
    const record = value as Json;
    if ('type' in record || 'properties' in record || 'allOf' in record || 'oneOf' in record || 'anyOf' in record || 'nullable' in record) yield record;
    for (const [key, child] of Object.entries(record)) if (key !== 'example' && key !== 'examples') yield* walk(child);
  }
  yield* walk(document.paths);
  yield* walk(document.components);
}

/** Names whose values are always whole: ids, quantities, counts, positions, pages. */
export const WHOLE_NUMBER = /^(id|[a-z_]+_id|quantity|position|count|count_on_hand|total_quantity|total_on_hand|lock_version|numcode|pages|page|current_page|per_page|total_count|usage_limit|usage_count|item_count|[a-z_]+_count|depth|lft|rgt)$/;

function wholeNumbersAsIntegers(schema: Json): void {
  const properties = schema.properties as Record<string, Json> | undefined;
  for (const [name, property] of Object.entries(properties ?? {})) {
    if (WHOLE_NUMBER.test(name) && property.type === 'number') property.type = 'integer';
    const items = property.items as Json | undefined;
    if (WHOLE_NUMBER.test(singular(name).replace(/s$/, '')) && property.type === 'array' && items?.type === 'number') items.type = 'integer';
  }
}

/**
 * OpenAPI 3.0's `nullable` adds null only to the `type` beside it, never to
 * an `allOf` reference: `{nullable, type: object, allOf: [{$ref}]}` rejects
 * the null the service sends under a strict validator (Ajv). Written
 * instead as `oneOf: [{$ref}, {enum: [null]}]`, which Ajv accepts and
 * openapi-typescript renders as `X | null`. A nullable enum lists null.
 */
function nullableReferences(schema: Json): void {
  if (schema.nullable !== true) return;
  const allOf = schema.allOf as Json[] | undefined;
  if (allOf && allOf.length === 1 && typeof allOf[0].$ref === 'string' && Object.keys(schema).every((k) => ['nullable', 'type', 'allOf', 'description', 'example', 'readOnly', 'deprecated'].includes(k))) {
    delete schema.nullable;
    delete schema.type;
    delete schema.allOf;
    delete schema.example;
    schema.oneOf = [allOf[0], { enum: [null] }];
    return;
  }
  if (Array.isArray(schema.enum) && schema.type) {
    // `{type, nullable, enum}`: null is outside the enum for a strict validator (and listing it there is a type mismatch for linters).
    // Annotations stay outside; the type's own constraints (maxLength…) go with the type.
    const annotations = ['description', 'example', 'title', 'readOnly', 'writeOnly', 'deprecated', 'default'];
    const typed: Json = {};
    const outside: Json = {};
    for (const [key, value] of Object.entries(schema)) if (key !== 'nullable') (annotations.includes(key) ? outside : typed)[key] = value;
    typed.enum = (typed.enum as unknown[]).filter((v) => v !== null);
    for (const key of Object.keys(schema)) delete schema[key];
    Object.assign(schema, outside, { oneOf: [typed, { enum: [null] }] });
  }
}

/**
 * Ids and positions in paths are PostgreSQL `integer`s: one above 2^31 - 1 names no record (404,
 * common/params/id-param.ts). Whole numbers in bodies are read as 32-bit integers (readInteger: past
 * the bounds, 422 "is not a number"); IntegerField declares them, and this covers the bodies built
 * otherwise (the multipart forms, zone members).
 */
function int32RequestIntegers(document: OpenAPIObject): void {
  const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
  const seen = new Set<Json>();
  const bound = (schema: Json | undefined, inBody: boolean): void => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    if (typeof schema.$ref === 'string') return bound(schemas[schema.$ref.replace('#/components/schemas/', '')], inBody);
    if (schema.type === 'integer') {
      schema.maximum ??= INT_MAX;
      if (inBody) schema.minimum ??= INT_MIN;
    }
    for (const child of Object.values((schema.properties ?? {}) as Record<string, Json>)) bound(child, inBody);
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const child of (schema[key] ?? []) as Json[]) bound(child, inBody);
    bound(schema.items as Json | undefined, inBody);
  };
  for (const [, , operation] of operations(document)) {
    for (const parameter of operation.parameters ?? []) if (!('$ref' in parameter) && parameter.in === 'path') bound(parameter.schema as Json | undefined, false);
    const body = operation.requestBody;
    if (body && !('$ref' in body)) for (const media of Object.values(body.content)) bound(media.schema as Json | undefined, true);
  }
}

/** What every decimal string the service sends or takes looks like (money, weights, rates). */
export const DECIMAL_STRING = /^-?\d+(\.\d+)?$/;

/**
 * Money and other decimals travel as strings (`"15.99"`) so that no float touches them: a string
 * schema marked `format: decimal`, or whose example is a decimal, gets the pattern of one, so a
 * client or a tester knows the string is a number. Request fields declare their own, tighter one
 * (DecimalField: digits and decimal places).
 */
function decimalStringPattern(schema: Json): void {
  if (schema.type !== 'string' || schema.pattern !== undefined || schema.enum !== undefined) return;
  const decimalExample = typeof schema.example === 'string' && DECIMAL_STRING.test(schema.example) && schema.example.includes('.');
  if (schema.format !== 'decimal' && !decimalExample) return;
  schema.format = 'decimal';
  schema.pattern = DECIMAL_STRING.source;
}
