import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { OperationObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { ErrorText } from '../errors/api-errors';
import { RETRY_AFTER_SECONDS } from '../errors/api-exception.filter';
import { CALLER_HEADERS, CATALOG_CACHE_CONTROLLERS } from '../http/catalog-cache';
import { BodyText } from '../http/body-parsers';
import { STORE_CURRENCY, STORE_CURRENCY_OR_BLANK, storeCurrencyPattern } from '../http/request-currency';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { MAX_ARRAY_LENGTH, MAX_KEYS_PER_OBJECT, MAX_NESTING_DEPTH, MAX_PARAMETERS, ShapeText } from '../http/body-shape';
import { ALSO_PATCH } from '../http/update-route';
import { applyDocumentRules } from './document-rules';
import { ErrorResponse, InvalidResourceResponse } from './responses';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Commerce API')
    .setDescription(
      'An online-shop API compatible with the Spree Commerce 2.2 API (v1). ' +
        'Authenticate with an API key as `Authorization: Bearer <key>`, `X-Spree-Token: <key>` or `?token=<key>`. ' +
        'Answers are not to be stored by caches (`Cache-Control: no-store`): they carry keys, order tokens and personal data. ' +
        'The exception are anonymous catalog reads (products, taxonomies, taxons, countries, states, config: operations listing a 304), ' +
        'which any cache may keep (`Cache-Control: public, max-age=…`, a strong `ETag`, `If-None-Match` answered 304); ' +
        'with an API key or an order token they stay `private, no-store`. ' +
        'Every path also answers with a `.json` suffix. A method a path does not list answers 405 with `Allow` naming those it does (`HEAD` with `GET`, and `OPTIONS`); a path not listed answers 404. Parameters may be sent as query string, form (urlencoded, or multipart as `curl -F` sends it) or JSON, with bracket nesting (`product[name]=…`); ' +
        'a body in another media type (`text/plain`, none), or JSON sent as a form, is refused with 415.',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key' }, 'api-key')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Spree-Token' }, 'spree-token')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    extraModels: [ErrorResponse, InvalidResourceResponse],
  });
  documentPatchRoutes(document);
  documentUnavailable(document);
  documentSearchTooLarge(document);
  documentUnreadable(document);
  documentUnsupportedMediaType(document);
  documentNulInPath(document);
  documentCurrencyRefused(document);
  documentMultipartBodies(document);
  documentCatalogCache(document);
  documentShipmentOrder(document);
  return document;
}

/**
 * POST /api/shipments names its order only by `shipment[order_id]` (422 "can't be blank" without
 * it); the two paths under an order share its handler and take the order from the path. The shared
 * body schema leaves `order_id` optional, so this path's own body requires it.
 */
function documentShipmentOrder(document: OpenAPIObject): void {
  const body = document.paths['/api/shipments']?.post?.requestBody;
  if (!body || !('content' in body)) return;
  for (const media of Object.values(body.content)) {
    const properties = media.schema && !('$ref' in media.schema) ? media.schema.properties : undefined;
    const shipment = properties?.shipment;
    if (!properties || !shipment || !('$ref' in shipment)) continue;
    properties.shipment = { type: 'object', allOf: [{ $ref: shipment.$ref }], required: ['order_id'] };
  }
}

/**
 * An `@Update()` route (common/http/update-route.ts) answers PATCH as PUT, as
 * Rails 4 routes a resource's update: its PUT operation, marked by the
 * `x-also-patch` extension, is copied as the path's PATCH operation.
 */
function documentPatchRoutes(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    const put = item.put as (typeof item)['put'] & { [ALSO_PATCH]?: boolean };
    if (!put?.[ALSO_PATCH]) continue;
    delete put[ALSO_PATCH];
    optionalUpdateWrapper(document, put);
    const patch = structuredClone(put);
    // A distinct id for now; document-rules.ts names both (updateProduct, patchProduct).
    if (put.operationId) patch.operationId = `${put.operationId}_patch`;
    patch.description = [put.description, 'PATCH does the same as PUT.'].filter(Boolean).join('\n\n');
    item.patch = patch;
  }
}

/**
 * An update reads its resource's parameters (`product[...]`) as Spree 2.2 does (`params[:product] || {}`):
 * without the wrapper it changes nothing and answers 200. Where the wrapped schema requires no field, the
 * document says so: the body, and the wrapper in it, optional (as a taxon's already was).
 */
function optionalUpdateWrapper(document: OpenAPIObject, operation: OperationObject): void {
  const body = operation.requestBody;
  if (!body || !('content' in body)) return;
  const media = Object.values(body.content);
  const wrappers = media.map((m) => (m.schema && !('$ref' in m.schema) ? m.schema : undefined));
  for (const schema of wrappers) {
    const keys = Object.keys(schema?.properties ?? {});
    const inner = keys.length === 1 ? schema!.properties![keys[0]] : undefined;
    if (!schema || !inner || !('$ref' in inner)) return;
    const target = document.components?.schemas?.[inner.$ref.replace('#/components/schemas/', '')];
    if (!target || '$ref' in target || (target.required?.length ?? 0) > 0) return;
  }
  body.required = false;
  for (const schema of wrappers) delete schema!.required;
}

/**
 * Any operation answers 400 to parameters it cannot read: a body that is not
 * JSON, or parameters beyond the shape limits (body-parsers.ts, body-shape.ts),
 * checked before routing, so every operation (the health checks too) lists it.
 */
function documentUnreadable(document: OpenAPIObject): void {
  const text =
    `The request cannot be read: a body that is not valid JSON, or parameters nested deeper than ${MAX_NESTING_DEPTH} levels, ` +
    `an object with over ${MAX_KEYS_PER_OBJECT} keys, a list with over ${MAX_ARRAY_LENGTH} items, a form or query string with over ${MAX_PARAMETERS} parameters, ` +
    'a multipart form that cannot be read or that sends a file where none is taken';
  for (const operations of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation) continue;
      const own = operation.responses['400'];
      if (own && 'description' in own) own.description = `${own.description}\n\n${text}`;
      else
        operation.responses['400'] = {
          description: text,
          content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) }, example: { error: ShapeText.tooDeep('request body') } } },
        };
    }
  }
}

/**
 * A read that shows prices in the currency asked (`@ApiCurrency()`: its
 * `currency` parameter) answers 422 on `currency` for one the store does not
 * sell in: added to the operation's own 422 (a list's, for its search), else
 * as its 422.
 */
function documentCurrencyRefused(document: OpenAPIObject): void {
  const text = '`currency` (or `X-Currency`) names a currency the store does not sell in (SUPPORTED_CURRENCIES)';
  for (const operations of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation?.parameters?.some((p) => 'in' in p && p.in === 'query' && p.name === 'currency')) continue;
      const own = operation.responses['422'];
      if (own && 'description' in own) own.description = `${own.description}; or ${text}`;
      else
        operation.responses['422'] = {
          description: text,
          content: {
            'application/json': {
              schema: { $ref: getSchemaPath(InvalidResourceResponse) },
              example: { error: ErrorText.invalidResource, errors: { currency: ['is not a currency this store sells in (USD, EUR)'] } },
            },
          },
        };
    }
  }
}

/**
 * A path parameter holding a NUL byte names no record and is answered 404
 * before routing (nul-in-path.middleware.ts), whatever the operation: every
 * operation with a path parameter lists it (a create under a parent too).
 */
function documentNulInPath(document: OpenAPIObject): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.includes('{')) continue;
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation || operation.responses['404']) continue;
      operation.responses['404'] = {
        description: 'A path parameter with a NUL byte (`%00`) names no record',
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) }, example: { error: ErrorText.notFound } } },
      };
    }
  }
}

/**
 * A body the service does not read (body-parsers.ts) is refused before
 * routing with 415: any operation that may carry one lists it.
 */
function documentUnsupportedMediaType(document: OpenAPIObject): void {
  for (const operations of Object.values(document.paths)) {
    for (const method of ['put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation || operation.responses['415']) continue;
      operation.responses['415'] = {
        description:
          'Unsupported media type: a body sent as anything but JSON (`application/json`) or a form (`application/x-www-form-urlencoded`, `multipart/form-data`), ' +
          'such as `text/plain` or no `Content-Type`; or JSON sent as a form',
        content: {
          'application/json': {
            schema: { $ref: getSchemaPath(ErrorResponse) },
            examples: {
              unread_type: { summary: 'A body in a media type the service does not read', value: { error: BodyText.unreadType('text/plain') } },
              json_as_form: { summary: 'JSON sent as a form (curl -d without a JSON Content-Type)', value: { error: BodyText.jsonAsForm('application/x-www-form-urlencoded') } },
            },
          },
        },
      };
    }
  }
}

/**
 * A form upload's fields are flat (`image[attachment]`, `image[alt]`), not the
 * JSON body's nesting: an operation declares its multipart/form-data schema
 * as `@ApiExtension('x-multipart-body', schema)`, which replaces the copy of the JSON schema there.
 */
function documentMultipartBodies(document: OpenAPIObject): void {
  for (const operations of Object.values(document.paths)) {
    for (const method of ['put', 'post', 'patch'] as const) {
      const operation = operations[method] as (typeof operations)[typeof method] & { 'x-multipart-body'?: object };
      const schema = operation?.['x-multipart-body'];
      if (!operation || !schema) continue;
      delete operation['x-multipart-body'];
      const body = operation.requestBody as { content: Record<string, object> } | undefined;
      if (body) body.content['multipart/form-data'] = { schema };
    }
  }
}

/**
 * The reads of `@CatalogCache()` controllers (common/http/catalog-cache.ts):
 * their 200 carries `Cache-Control` and `ETag`, `If-None-Match` gets a 304.
 */
function documentCatalogCache(document: OpenAPIObject): void {
  for (const operations of Object.values(document.paths)) {
    const operation = operations.get;
    if (!operation?.operationId || !CATALOG_CACHE_CONTROLLERS.has(operation.operationId.replace(/_[^_]*$/, ''))) continue;
    // Admin-only reads (they name the key's security scheme) are never anonymous, so never public.
    if (operation.security?.length) continue;
    const ok = operation.responses['200'];
    if (ok && 'description' in ok) {
      ok.headers = {
        ...ok.headers,
        'Cache-Control': {
          description:
            '`public, max-age=<CATALOG_CACHE_SECONDS>` (`public, no-cache` when 0) without an API key or order token; ' +
            `\`private, no-store\` with one. Public answers say \`Vary: ${CALLER_HEADERS.join(', ')}\`.`,
          schema: { type: 'string', example: 'public, max-age=60' },
        },
        ETag: { description: 'Strong validator of the body (public answers only)', schema: { type: 'string', example: '"3q2-7w3mNd0nY2bSgP1k2o0aZx8"' } },
      };
    }
    operation.parameters = [
      ...(operation.parameters ?? []),
      { name: 'If-None-Match', in: 'header', required: false, description: 'An `ETag` from an earlier answer: 304 when the answer has not changed', schema: { type: 'string' } },
    ];
    operation.responses['304'] = {
      description: 'Not modified: the `ETag` sent in `If-None-Match` is still the answer\'s (no body)',
      headers: {
        ETag: { description: 'The unchanged validator', schema: { type: 'string' } },
        'Cache-Control': { description: 'As on the 200', schema: { type: 'string', example: 'public, max-age=60' } },
      },
    };
  }
}

/**
 * Any operation that reads or writes the database answers 503 while it
 * cannot be reached (api-exception.filter.ts), so every API operation lists it.
 */
function documentUnavailable(document: OpenAPIObject): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation || operation.responses['503']) continue;
      operation.responses['503'] = {
        description: 'Service unavailable: the database cannot be reached right now; try again later',
        headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', example: RETRY_AFTER_SECONDS } } },
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) }, example: { error: ErrorText.unavailable } } },
      };
    }
  }
}

/**
 * A search PostgreSQL cannot run as sent (more values than one statement can
 * bind) is refused with a 422 (api-exception.filter.ts): every operation
 * taking `q` lists it, unless it documents its own 422.
 */
function documentSearchTooLarge(document: OpenAPIObject): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation || operation.responses['422'] || !operation.parameters?.some((p) => 'name' in p && p.name === 'q')) continue;
      operation.responses['422'] = {
        description: 'Invalid resource: the search is too large for the database to run (too many values)',
        content: { 'application/json': { schema: { $ref: getSchemaPath(InvalidResourceResponse) }, example: { error: ErrorText.invalidResource, errors: { base: ['is too large'] } } } },
      };
    }
  }
}

/** The document the service serves at /api/openapi.json (and `npm run openapi` writes to openapi.json). */
export function openApiDocument(app: INestApplication): OpenAPIObject {
  const document = applyDocumentRules(withoutForeignPathParams(buildOpenApiDocument(app)));
  documentStoreCurrencies(document, app.get<AppConfig>(APP_CONFIG).supportedCurrencies);
  return document;
}

/**
 * Each "currency the store sells in" (the `STORE_CURRENCY` placeholders of request-currency.ts: the
 * `currency` parameter and `X-Currency` header of catalog reads, a price's path, an order's, a
 * promotion's and a shipping method's `currency`) declared as the store's own codes
 * (SUPPORTED_CURRENCIES), in any case: the service refuses any other with 422, which a pattern of
 * three letters did not say. The served document follows the store's configuration; the committed
 * openapi.json is the default store's (USD).
 */
function documentStoreCurrencies(document: OpenAPIObject, supported: readonly string[]): void {
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.pattern === STORE_CURRENCY || record.pattern === STORE_CURRENCY_OR_BLANK) {
      const pattern = storeCurrencyPattern(record.pattern, supported);
      record.pattern = pattern;
      // An example the store does not sell in (an order's `EUR`) would be refused: the store currency instead.
      if (typeof record.example === 'string' && !new RegExp(pattern).test(record.example)) record.example = supported[0];
    }
    Object.values(record).forEach(visit);
  };
  visit(document.paths);
  visit(document.components);
}

/**
 * Swagger UI at /api/docs: tags collapsed (265 operations expanded are a page of some 17,500 px) with
 * the filter box to find one by tag; operations in the document's order, which lists the Checkout
 * tag in the order a storefront calls it (document-rules.ts).
 * No badge from validator.swagger.io: it would send the document's address to a third party, and the CSP blocks its image.
 */
export const SWAGGER_UI_OPTIONS = { docExpansion: 'none', filter: true, validatorUrl: null } as const;

export function serveOpenApi(app: INestApplication): void {
  const document = openApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, {
    jsonDocumentUrl: 'api/openapi.json',
    yamlDocumentUrl: 'api/openapi.yaml',
    swaggerOptions: SWAGGER_UI_OPTIONS,
  });
}

/**
 * A handler served under several paths (`/api/shipments/:number` and
 * `/api/orders/:order_number/shipments/:number`) reads every path's
 * parameters, and swagger lists them all on each path; keep on each path
 * only the parameters its template has, so the document stays true.
 */
function withoutForeignPathParams(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    const inTemplate = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation?.parameters) continue;
      operation.parameters = operation.parameters.filter((p) => !('in' in p) || p.in !== 'path' || inTemplate.has(p.name));
    }
  }
  return document;
}
