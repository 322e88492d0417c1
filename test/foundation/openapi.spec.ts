import { STORE_CURRENCY, STORE_CURRENCY_OR_BLANK, storeCurrencyPattern } from '../../src/common/http/request-currency';
import { EMPTY_BODY } from '../../src/common/openapi/responses';
import { EMAIL_FORMAT } from '../../src/common/params/email';
import { answerProblems } from '../support/openapi-audit';
import { OpenApiDocument, strictProblems } from '../support/openapi-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin } from '../support/users';

type Schema = { $ref?: string; type?: string; properties?: Record<string, Schema>; additionalProperties?: unknown; items?: Schema; allOf?: Schema[]; oneOf?: Schema[]; anyOf?: Schema[] };

/** A schema that says nothing about its content: `{type: object}` with no properties, or no schema at all. */
function bareSchemas(schema: Schema | undefined, components: Record<string, Schema>, path: string, seen = new Set<string>()): string[] {
  if (!schema) return [path];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    if (seen.has(name)) return [];
    seen.add(name);
    return bareSchemas(components[name], components, `${path}→${name}`, seen);
  }
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) if (schema[key]) return schema[key]!.flatMap((s, i) => bareSchemas(s, components, `${path}.${key}[${i}]`, seen));
  if (Array.isArray((schema as { enum?: unknown[] }).enum)) return [];
  if (schema.type === 'array') return bareSchemas(schema.items, components, `${path}[]`, seen);
  if (schema.type === 'object' || (!schema.type && !schema.properties)) {
    if (!schema.properties && !schema.additionalProperties) return [path];
    return Object.entries(schema.properties ?? {}).flatMap(([k, s]) => bareSchemas(s, components, `${path}.${k}`, seen));
  }
  return [];
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: { paths: Record<string, Record<string, { responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>; requestBody?: { content: Record<string, { schema: Schema }> } }>>; components: { schemas: Record<string, Schema> } };
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('declares exactly the path parameters each path has (a handler served under two paths included)', () => {
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      const inTemplate = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries(methods as Record<string, { parameters?: Array<{ in: string; name: string }> }>)) {
        const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name).sort();
        if (JSON.stringify(declared) !== JSON.stringify(inTemplate)) problems.push(`${method.toUpperCase()} ${path}: declares ${declared.join(',')}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents a response schema for every successful answer, and no bare objects', () => {
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path.startsWith('/health')) continue;
      for (const [method, op] of Object.entries(methods)) {
        // A redirect (GET /api/checkouts/:number answers 301) counts as the successful answer.
        const success = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
        if (success.length === 0) problems.push(`${method.toUpperCase()} ${path}: no 2xx or 3xx response`);
        for (const [status, response] of success) {
          if (status === '204' || status.startsWith('3')) continue;
          // A 200 with an empty body, as Spree answers some actions (ApiEmptyOk): no content, and said so.
          if (status === '200' && !response.content && response.description?.startsWith(EMPTY_BODY)) continue;
          const schema = response.content?.['application/json']?.schema;
          problems.push(...bareSchemas(schema, doc.components.schemas, `${method.toUpperCase()} ${path} ${status}`));
        }
        const body = op.requestBody?.content?.['application/json']?.schema;
        if (op.requestBody) problems.push(...bareSchemas(body, doc.components.schemas, `${method.toUpperCase()} ${path} request`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists every route the app serves', () => {
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    const served = router.stack
      .filter((layer) => layer.route && layer.route.path.startsWith('/api/') && !layer.route.path.startsWith('/api/docs') && !layer.route.path.startsWith('/api/openapi'))
      .flatMap((layer) => Object.keys(layer.route!.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`));
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.length).toBeGreaterThan(0);
    expect(served.filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('types ids, counts and quantities as integers everywhere (schemas, inline bodies, parameters): generated clients get whole numbers, not floats', () => {
    const wholeNumber = /^(id|[a-z_]+_id|quantity|position|count|count_on_hand|total_quantity|total_on_hand|lock_version|numcode|pages|page|current_page|per_page|total_count|usage_limit|usage_count|item_count)$/;
    const problems: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      for (const [name, s] of Object.entries((record.properties ?? {}) as Record<string, Schema>)) if (wholeNumber.test(name) && s.type === 'number') problems.push(`${at}.properties.${name}`);
      if (typeof record.name === 'string' && wholeNumber.test(record.name) && (record.schema as Schema | undefined)?.type === 'number') problems.push(`${at} (parameter ${record.name})`);
      for (const [key, child] of Object.entries(record)) if (key !== 'example' && key !== 'examples') walk(child, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  // ------------------------------------------------------------------------------------------------
  // The rules a generated client and Swagger UI rely on (common/openapi/document-rules.ts); each
  // fails when a new route breaks it.

  type AnyOperation = Record<string, any>;
  const everyOperation = (): Array<{ name: string; path: string; method: string; op: AnyOperation }> =>
    Object.entries(doc.paths as Record<string, Record<string, AnyOperation>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, op })),
    );
  const full = () => doc as unknown as Record<string, any>;
  const byId = (id: string) => everyOperation().find((o) => o.op.operationId === id)!;

  it('names every operation as an SDK method reads: unique camelCase ids, no [0]/[1] suffix, distinct per path', () => {
    const ids = everyOperation().map((o) => o.op.operationId as string);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z]+$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const named = Object.fromEntries(everyOperation().map((o) => [o.name, o.op.operationId]));
    expect(named).toMatchObject({
      'GET /api/products': 'listProducts',
      'GET /api/products/{id}': 'showProduct',
      'POST /api/orders': 'createOrder',
      'PUT /api/checkouts/{number}/next': 'nextCheckout',
      'PUT /api/checkouts/{number}': 'updateCheckout',
      'POST /api/orders/{number}/line_items': 'createOrderLineItem',
      'POST /api/checkouts/{number}/line_items': 'createCheckoutLineItem',
      'PUT /api/orders/{number}/payments/{id}/capture': 'captureOrderPayment',
      'PUT /api/shipments/{number}/ship': 'shipShipment',
      'DELETE /api/products/{id}': 'deleteProduct',
      'PATCH /api/products/{product_id}/images/{id}': 'patchProductImage',
    });
  });

  it('gives every operation a summary and one tag; tags are the declared domains, described, storefront first', () => {
    const tags = (full().tags as Array<{ name: string; description?: string }>).map((t) => t.name);
    const problems = everyOperation().flatMap(({ name, op }) => [
      ...(typeof op.summary === 'string' && op.summary.trim() !== '' ? [] : [`${name}: no summary`]),
      ...(op.tags?.length === 1 && tags.includes(op.tags[0]) ? [] : [`${name}: tags ${JSON.stringify(op.tags)} are not one declared tag`]),
    ]);
    expect(problems).toEqual([]);
    expect((full().tags as Array<{ description?: string }>).filter((t) => !t.description)).toEqual([]);
    expect(tags.slice(0, 3)).toEqual(['Checkout', 'Orders', 'Catalog']);
    const used = new Set(everyOperation().map((o) => o.op.tags[0]));
    expect(tags.filter((t) => !used.has(t))).toEqual([]);
  });

  it('declares security on every operation: public ones [], optional-key ones [{}, api-key, spree-token], admin ones both schemes', () => {
    const optional = [{}, { 'api-key': [] }, { 'spree-token': [] }];
    const required = [{ 'api-key': [] }, { 'spree-token': [] }];
    const problems = everyOperation().flatMap(({ name, op }) => {
      const security = JSON.stringify(op.security);
      return [JSON.stringify([]), JSON.stringify(optional), JSON.stringify(required)].includes(security) ? [] : [`${name}: security ${security}`];
    });
    expect(problems).toEqual([]);
    for (const id of ['listProducts', 'showOrder', 'createOrder', 'updateCheckout', 'showConfig']) expect({ id, security: byId(id).op.security }).toEqual({ id, security: optional });
    for (const id of ['createUser', 'createSession', 'checkLiveness']) expect({ id, security: byId(id).op.security }).toEqual({ id, security: [] });
    for (const id of ['listOrders', 'captureOrderPayment', 'createProduct', 'listMyOrders', 'createZone']) expect({ id, security: byId(id).op.security }).toEqual({ id, security: required });
    // Admin-only (or owner-only) operations that tell everyone else, an anonymous caller included, 404 (Spree 2.2's
    // `accessible_by`): no caller is asked for a key, so the key is optional (test/security/access-matrix.spec.ts holds every operation to it).
    for (const id of ['shipShipment', 'showStockLocation', 'deleteTaxRate', 'showUser', 'listUserCreditCards']) expect({ id, security: byId(id).op.security }).toEqual({ id, security: optional });
    const schemes = full().components.securitySchemes;
    expect(Object.keys(schemes).sort()).toEqual(['api-key', 'spree-token']);
    expect(schemes['api-key']).not.toHaveProperty('bearerFormat');
    expect(full().servers).toEqual([expect.objectContaining({ url: '/' })]);
  });

  it('documents 401 for a bad key on every operation (ApiKeyGuard reads any key sent) and a 4xx on every operation', () => {
    const problems = everyOperation().flatMap(({ name, op }) => {
      const examples = op.responses['401']?.content?.['application/json']?.examples ?? {};
      return [
        ...(examples.invalid_api_key?.value?.error === 'Invalid API key specified.' ? [] : [`${name}: no 401 invalid_api_key example`]),
        ...(Object.keys(op.responses).some((s) => /^4/.test(s)) ? [] : [`${name}: no 4xx`]),
      ];
    });
    expect(problems).toEqual([]);
    expect(Object.keys(byId('createSession').op.responses)).toEqual(expect.arrayContaining(['401', '422', '429']));
    expect(byId('listMyOrders').op.responses['401'].content['application/json'].examples).toHaveProperty('not_authorized');
    expect(byId('listProducts').op.responses['401'].content['application/json'].examples).toHaveProperty('api_key_required');
    expect(byId('checkReadiness').op.responses['503'].headers).toHaveProperty('Retry-After');
  });

  it('gives each error status its own example: none shows the 404 text but the 404', () => {
    const notFound = 'The resource you were looking for could not be found.';
    const problems = everyOperation().flatMap(({ name, op }) =>
      Object.entries(op.responses as Record<string, AnyOperation>)
        .filter(([status]) => /^[45]/.test(status))
        .flatMap(([status, response]) => {
          const media = response.content?.['application/json'];
          if (!media) return [`${name} ${status}: no body documented`];
          const values = media.examples ? Object.values(media.examples as Record<string, { value: { error?: string } }>).map((e) => e.value) : media.example ? [media.example] : [];
          const schemaExample = media.schema?.$ref === '#/components/schemas/ErrorResponse' && values.length === 0;
          if (schemaExample) return [`${name} ${status}: no example of its own (Swagger UI would show the 404 text)`];
          return values.some((v) => v?.error === notFound) && status !== '404' ? [`${name} ${status}: shows the 404 text`] : [];
        }),
    );
    expect(problems).toEqual([]);
  });

  it('declares the order token and Idempotency-Key once, as reusable parameters', () => {
    const parameters = full().components.parameters;
    expect(parameters.OrderToken).toMatchObject({ in: 'header', name: 'X-Spree-Order-Token' });
    expect(parameters.IdempotencyKey).toMatchObject({ in: 'header', name: 'Idempotency-Key' });
    const inline = everyOperation().flatMap(({ name, op }) =>
      (op.parameters ?? []).filter((p: AnyOperation) => !p.$ref && ['X-Spree-Order-Token', 'Idempotency-Key', 'order_token'].includes(p.name)).map((p: AnyOperation) => `${name}: ${p.name}`),
    );
    expect(inline).toEqual([]);
    expect(byId('updateCheckout').op.parameters).toEqual(expect.arrayContaining([{ $ref: '#/components/parameters/OrderToken' }, { $ref: '#/components/parameters/IdempotencyKey' }]));
  });

  it('writes nullable references so a strict validator accepts null: no nullable beside allOf/$ref, and every schema compiles under Ajv strict', () => {
    const beside: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      if (record.nullable === true && (record.allOf || record.$ref || record.oneOf || record.anyOf || !record.type)) beside.push(at);
      if (record.nullable === true && Array.isArray(record.enum) && !record.enum.includes(null)) beside.push(`${at} (enum without null)`);
      for (const [key, child] of Object.entries(record)) if (key !== 'example' && key !== 'examples') walk(child, `${at}/${key}`);
    };
    walk(doc, '#');
    expect(beside).toEqual([]);
    const cannotCompile = (schema: string | Schema, where: string) =>
      strictProblems(full() as never, schema, {})
        .filter((p) => p.startsWith('strict validator cannot compile'))
        .map((p) => `${where}: ${p}`);
    const compileErrors = [
      ...Object.keys(doc.components.schemas).flatMap((name) => cannotCompile(`#/components/schemas/${name}`, name)),
      ...everyOperation().flatMap(({ name, op }) => [
        ...Object.entries(op.responses as Record<string, AnyOperation>).flatMap(([status, r]) => (r.content?.['application/json']?.schema ? cannotCompile(r.content['application/json'].schema, `${name} ${status}`) : [])),
        ...(op.requestBody?.content?.['application/json']?.schema ? cannotCompile(op.requestBody.content['application/json'].schema, `${name} request`) : []),
      ]),
    ];
    expect(compileErrors).toEqual([]);
    // A null where the document says a nullable reference: accepted; an object of the wrong shape: refused.
    expect(strictProblems(full() as never, '#/components/schemas/AddressJson', { ...sampleAddress(), country: null, state: null })).toEqual([]);
    expect(strictProblems(full() as never, '#/components/schemas/AddressJson', { ...sampleAddress(), country: { id: 'x' } }).length).toBeGreaterThan(0);
  });

  it('checks every answer of a test app against the document (openapi-audit.ts), and that check can fail', async () => {
    const before = t.audit.checked;
    await t.http().get('/api/products').expect(200);
    await t.http().get('/api/products').set('Authorization', 'Bearer no-such-key').expect(401);
    // The shape limits answer before routing, the health checks too.
    await t.http().get('/health/live').set('Content-Type', 'application/json').send('{"not json').expect(400);
    expect(t.audit.checked).toBe(before + 3);
    expect(t.audit.problems).toEqual([]);
    const listProducts = byId('listProducts').op;
    const asDocument = full() as OpenApiDocument;
    expect(answerProblems(asDocument, listProducts, '418', 'application/json', '{}')).toEqual([expect.stringMatching(/^status 418 is not documented/)]);
    expect(answerProblems(asDocument, listProducts, '200', 'application/json; charset=utf-8', JSON.stringify({ products: [] }))).toEqual(
      expect.arrayContaining(['$.count: required but missing']),
    );
    expect(answerProblems(asDocument, listProducts, '401', 'application/json', JSON.stringify({ error: 'Invalid API key specified.' }))).toEqual([]);
  });

  it('gives named request examples: each checkout step, the order body, and q', () => {
    const checkout = byId('updateCheckout').op.requestBody.content['application/json'].examples;
    expect(Object.keys(checkout)).toEqual(expect.arrayContaining(['address', 'delivery', 'payment']));
    expect(checkout.address.value.order.bill_address).toMatchObject({ firstname: expect.any(String), country_id: expect.any(Number) });
    expect(Object.keys(byId('createOrder').op.requestBody.content['application/json'].examples)).toContain('cart');
    const q = byId('listProducts').op.parameters.find((p: AnyOperation) => p.name === 'q');
    expect(q.examples.search.value).toEqual({ name_cont: expect.any(String), s: 'name asc' });
  });

  it('types what the issue found loose: the checkout redirect, health bodies, a new address, order states, the ship body', () => {
    expect(byId('showCheckout').op.responses['301'].headers).toHaveProperty('Location');
    expect(byId('checkLiveness').op.responses['200'].content['application/json'].schema).toMatchObject({ type: 'object', required: ['status'] });
    expect(doc.components.schemas.NewAddressParamsDto).toMatchObject({ required: ['firstname', 'lastname', 'address1', 'city', 'zipcode', 'phone', 'country_id'] });
    const order = full().components.schemas.OrderSummaryJson.properties;
    expect(order.payment_state.oneOf[0].enum).toEqual(expect.arrayContaining(['balance_due', 'paid', 'credit_owed', 'failed', 'void']));
    expect(order.shipment_state.oneOf[0].enum).toEqual(expect.arrayContaining(['pending', 'ready', 'shipped', 'partial', 'backorder']));
    expect(byId('shipShipment').op.requestBody.required).toBe(false);
  });

  // ------------------------------------------------------------------------------------------------
  // /api/docs a person can read (issue 25, finding 14).

  it('lists the Checkout operations in the order a storefront calls them: create, cart, steps, payment; then the back-office', () => {
    const checkout = everyOperation().filter(({ op }) => op.tags[0] === 'Checkout').map(({ op }) => op.operationId as string);
    expect(checkout.slice(0, 5)).toEqual(['createCheckout', 'describeCheckoutLineItem', 'createCheckoutLineItem', 'updateCheckoutLineItem', 'deleteCheckoutLineItem']);
    const at = (id: string) => checkout.indexOf(id);
    const storefront = ['createCheckout', 'createCheckoutLineItem', 'updateCheckout', 'nextCheckout', 'advanceCheckout', 'updateCheckoutAddress', 'describeCheckoutPayment', 'createCheckoutPayment'];
    expect(storefront.map(at)).toEqual([...storefront.map(at)].sort((a, b) => a - b));
    expect(storefront.every((id) => at(id) >= 0 && at(id) < 20)).toBe(true);
    // The back-office's calls on a checkout come after.
    for (const id of ['captureCheckoutPayment', 'shipCheckoutShipment', 'createCheckoutReturnAuthorization']) expect(at(id)).toBeGreaterThan(at('createCheckoutPayment'));
  });

  it('serves /api/docs with its tags collapsed and a filter box (265 operations expanded are a page of 17,500 px)', async () => {
    const page = await t.http().get('/api/docs/').expect(200);
    expect(page.text).toContain('swagger-ui-init.js');
    const init = (await t.http().get('/api/docs/swagger-ui-init.js').expect(200)).text;
    expect(init).toMatch(/"docExpansion":\s*"none"/);
    expect(init).toMatch(/"filter":\s*true/);
    expect(init).toMatch(/"validatorUrl":\s*null/);
  });

  // ------------------------------------------------------------------------------------------------
  // The document as strict as the service (issue 25, finding 12): every rule the service enforces on
  // what a client sends is declared, so a client generator or a property-based tester stays within it.

  const INT32_MAX = 2147483647;
  /** Every schema a request reaches (bodies through their references, and path parameters), with where it is. */
  const requestSchemas = (): Array<[string, AnyOperation]> => {
    const found: Array<[string, AnyOperation]> = [];
    const seen = new Set<unknown>();
    const walk = (schema: AnyOperation | undefined, at: string): void => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      if (typeof schema.$ref === 'string') return walk(full().components.schemas[schema.$ref.replace('#/components/schemas/', '')], `${at}→${schema.$ref.split('/').pop()}`);
      found.push([at, schema]);
      for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child as AnyOperation, `${at}.${name}`);
      for (const key of ['allOf', 'oneOf', 'anyOf'] as const) for (const [i, child] of (schema[key] ?? []).entries()) walk(child, `${at}.${key}[${i}]`);
      if (schema.items) walk(schema.items, `${at}[]`);
    };
    for (const { name, op } of everyOperation()) {
      for (const parameter of op.parameters ?? []) if (parameter.in === 'path') walk(parameter.schema, `${name} (path ${parameter.name})`);
      for (const [media, content] of Object.entries((op.requestBody?.content ?? {}) as Record<string, AnyOperation>)) walk(content.schema, `${name} ${media}`);
    }
    return found;
  };

  it('bounds every whole number a request takes (path ids, body ids, positions, quantities) to 32 bits, as PostgreSQL integer columns', () => {
    const integers = requestSchemas().filter(([, s]) => s.type === 'integer');
    expect(integers.length).toBeGreaterThan(200);
    const problems = integers.filter(([, s]) => !(s.maximum <= INT32_MAX) || !(s.minimum >= -INT32_MAX - 1)).map(([at]) => at);
    expect(problems).toEqual([]);
  });

  it('gives every decimal string (money, weights, rates), sent or answered, the pattern of a decimal that its example matches', () => {
    const problems: string[] = [];
    // Formatted amounts (`display_total`: "$31.98") are text, not decimals.
    const money = /^(?!.*display)(price|cost_price|amount|total|cost|weight|height|width|depth|[a-z_]+_total|[a-z_]+_amount)$/;
    const walk = (value: unknown, at: string, name?: string): void => {
      if (!value || typeof value !== 'object') return;
      const schema = value as AnyOperation;
      const decimal = schema.format === 'decimal' || (schema.type === 'string' && name !== undefined && money.test(name) && !schema.enum);
      if (decimal && schema.type === 'string') {
        if (typeof schema.pattern !== 'string') problems.push(`${at}: no pattern`);
        else if (typeof schema.example === 'string' && !new RegExp(schema.pattern).test(schema.example)) problems.push(`${at}: example ${schema.example} does not match ${schema.pattern}`);
      }
      for (const [key, child] of Object.entries(schema)) {
        if (key === 'example' || key === 'examples') continue;
        if (key === 'properties') for (const [p, s] of Object.entries(child as object)) walk(s, `${at}.${p}`, p);
        else walk(child, `${at}/${key}`, key === 'items' || /^\d+$/.test(key) || ['oneOf', 'anyOf', 'allOf'].includes(key) ? name : undefined);
      }
    };
    walk(full().paths, '#/paths');
    walk(full().components, '#/components');
    expect(problems).toEqual([]);
    expect(full().components.schemas.ProductJson.properties.price.pattern).toBe('^-?\\d+(\\.\\d+)?$');
  });

  it('declares no blank value (null, empty string, empty list) where the service refuses it as blank', () => {
    const schemas = full().components.schemas;
    const refused: Array<[string, string]> = [
      ['CreatePaymentMethodDto', 'active'],
      ['UpdatePaymentMethodDto', 'active'],
      ['UpdateStockLocationDto', 'backorderable_default'],
      ['UpdateStockItemDto', 'backorderable'],
      ['UpdateTaxCategoryDto', 'name'],
      ['TaxonParamsDto', 'parent_id'],
      ['ProductParamsDto', 'shipping_category_id'],
      ['ProductParamsDto', 'price'],
      ['CreateShippingMethodDto', 'shipping_category_ids'],
      ['UpdateShippingMethodDto', 'shipping_category_ids'],
      ['OrderLineItemDto', 'variant_id'],
      ['ShipmentParamsDto', 'order_id'],
    ];
    const problems: string[] = [];
    const property = (schema: AnyOperation, name: string): AnyOperation | undefined =>
      schema.properties?.[name] ?? (schema.allOf ?? []).map((s: AnyOperation) => property(s.$ref ? schemas[s.$ref.split('/').pop()] : s, name)).find(Boolean);
    for (const [schema, name] of refused) {
      const p = property(schemas[schema], name);
      if (!p) problems.push(`${schema}.${name}: missing`);
      else if (p.nullable === true) problems.push(`${schema}.${name}: nullable`);
      else if (p.type === 'array' && p.minItems !== 1) problems.push(`${schema}.${name}: may be empty`);
    }
    // Every name a request sets is non-blank where declared: at least one character that is not a space.
    for (const [at, s] of requestSchemas()) {
      if (!/\.name$/.test(at) || s.type !== 'string' || /Import(Country|State)Dto|PaymentSourceDto|TaxRateDto/.test(at)) continue;
      if (s.nullable === true || s.minLength !== 1 || s.pattern !== '\\S') problems.push(`${at}: may be blank`);
    }
    expect(problems).toEqual([]);
  });

  it('declares the minimums and maximums the service enforces: passwords, quantities, webhook events, unlock, Idempotency-Key', () => {
    const schemas = full().components.schemas;
    expect(schemas.CreateUserDto.properties.password).toMatchObject({ minLength: 6, maxLength: 72 });
    expect(schemas.PasswordResetDto.properties.password).toMatchObject({ minLength: 6, maxLength: 72 });
    // A line item's own routes refuse more than 10,000 units (order-contents.service.ts), and say so.
    for (const name of ['CreateLineItemDto', 'UpdateLineItemDto']) expect(schemas[name].properties.quantity).toMatchObject({ minimum: 1, maximum: 10000 });
    for (const name of ['OrderLineItemDto', 'ImportLineItemDto']) expect(schemas[name].properties.quantity).toMatchObject({ minimum: 1, maximum: INT32_MAX });
    expect(schemas.CreateWebhookEndpointDto.properties.events).toMatchObject({ minItems: 1 });
    expect(schemas.UpdateWebhookEndpointDto.properties.events).toMatchObject({ minItems: 1 });
    expect(schemas.ShipmentParamsDto.properties.unlock).toMatchObject({ maxLength: 8 });
    expect(full().components.parameters.IdempotencyKey.schema).toMatchObject({ minLength: 1, maxLength: 255 });
  });

  it('links each create to what can be done with what it made, and the order to its checkout: every link names an operation and fills its parameters', () => {
    const problems: string[] = [];
    let count = 0;
    for (const { name, op } of everyOperation()) {
      for (const [status, response] of Object.entries(op.responses as Record<string, { links?: Record<string, { operationId: string; parameters: Record<string, string> }> }>)) {
        for (const [key, link] of Object.entries(response.links ?? {})) {
          count++;
          const target = everyOperation().find((o) => o.op.operationId === link.operationId);
          if (!target) {
            problems.push(`${name} ${status} ${key}: no operation ${link.operationId}`);
            continue;
          }
          const declared = (target.op.parameters ?? []).map((p: AnyOperation) => (p.$ref ? full().components.parameters[p.$ref.split('/').pop()] : p));
          // Every path parameter of the target is filled, and every filled parameter is the target's.
          for (const p of declared.filter((p: AnyOperation) => p.in === 'path')) if (!link.parameters[`path.${p.name}`]) problems.push(`${name} ${key}: path.${p.name} not filled`);
          for (const [qualified, expression] of Object.entries(link.parameters)) {
            const [where, ...rest] = qualified.split('.');
            if (!declared.some((p: AnyOperation) => p.in === where && p.name === rest.join('.'))) problems.push(`${name} ${key}: ${qualified} is not a parameter of ${link.operationId}`);
            const field = /^\$response\.body#\/(\w+)$/.exec(expression)?.[1];
            const schema = op.responses[status].content?.['application/json']?.schema;
            const body = schema?.$ref ? full().components.schemas[schema.$ref.split('/').pop()] : schema;
            if (field && !body?.properties?.[field]) problems.push(`${name} ${key}: the answer has no ${field}`);
            if (!field && !/^\$request\.path\.\w+$/.test(expression)) problems.push(`${name} ${key}: ${expression}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(count).toBeGreaterThan(100);
    const linksOf = (id: string) => Object.keys(byId(id).op.responses['201'].links ?? {});
    for (const [create, targets] of Object.entries({
      createProduct: ['showProduct', 'updateProduct', 'deleteProduct'],
      createOrder: ['showOrder', 'nextCheckout', 'updateCheckout', 'createOrderLineItem', 'createCheckoutPayment'],
      createOrderLineItem: ['updateOrderLineItem', 'deleteOrderLineItem'],
      createStockLocation: ['showStockLocation', 'updateStockLocation', 'deleteStockLocation'],
      createTaxonomy: ['showTaxonomy', 'updateTaxonomy', 'deleteTaxonomy'],
    })) expect({ create, links: linksOf(create) }).toEqual({ create, links: expect.arrayContaining(targets) });
    expect(byId('createOrder').op.responses['201'].links.nextCheckout.parameters).toEqual({ 'path.number': '$response.body#/number', 'header.X-Spree-Order-Token': '$response.body#/token' });
  });

  describe('a value past a declared bound is what the service refuses (422 naming the field)', () => {
    let admin: { auth: Record<string, string> };
    beforeAll(async () => {
      admin = await createAdmin(t.db);
    });

    it('an id above 2^31 - 1 in a body: 422 "is not a number"', async () => {
      const res = await t.http().put('/api/taxonomies/1/taxons/1').set(admin.auth).send({ taxon: { parent_id: INT32_MAX + 1 } });
      expect(full().components.schemas.TaxonParamsDto.properties.parent_id.maximum).toBe(INT32_MAX);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ parent_id: ['is not a number'] });
    });

    it('a password shorter than the declared minLength: 422', async () => {
      const minLength = full().components.schemas.CreateUserDto.properties.password.minLength;
      const res = await t.http().post('/api/users').send({ user: { email: 'short@example.com', password: 'x'.repeat(minLength - 1) } });
      expect(res.status).toBe(422);
      expect(res.body.errors.password).toEqual([expect.stringMatching(/too short/)]);
    });

    it('null where the document declares no null (payment_method.active): 422 "can\'t be blank"', async () => {
      expect(full().components.schemas.UpdatePaymentMethodDto.properties.active.nullable).not.toBe(true);
      const [{ id }] = await t.db.query(`SELECT id FROM payment_methods ORDER BY id LIMIT 1`);
      const res = await t.http().put(`/api/payment_methods/${id}`).set(admin.auth).send({ payment_method: { active: null } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ active: ["can't be blank"] });
    });

    it('a webhook subscription with no events (below minItems): 422', async () => {
      const res = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { url: 'https://example.com/hook', events: [] } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toHaveProperty('events');
    });
  });

  describe('declares what the service takes where it was stricter (issue 25, finding 12)', () => {
    let admin: { auth: Record<string, string> };
    let taxonomyId: number;
    beforeAll(async () => {
      admin = await createAdmin(t.db);
      taxonomyId = (await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: { name: 'Finding 12' } }).expect(201)).body.id;
    });
    const optional = [{}, { 'api-key': [] }, { 'spree-token': [] }];

    it('GET /api/users and /api/users/new answer anonymously (an empty list, the attributes): their key is optional; a user\'s own operations answer an anonymous caller 404, so theirs is optional too', async () => {
      for (const id of ['listUsers', 'describeUser']) expect({ id, security: byId(id).op.security }).toEqual({ id, security: optional });
      for (const id of ['showUser', 'updateUser', 'patchUser', 'generateApiKeyUser', 'clearApiKeyUser', 'deleteUser', 'listUserAddresses']) {
        expect({ id, security: byId(id).op.security }).toEqual({ id, security: optional });
      }
      const [{ id: userId }] = await t.db.query(`SELECT id FROM users ORDER BY id LIMIT 1`);
      expect((await t.http().get(`/api/users/${userId}`).expect(404)).body).toEqual({ error: 'The resource you were looking for could not be found.' });
      for (const id of ['listUserRoles', 'createUserApiKey']) expect({ id, security: byId(id).op.security }).toEqual({ id, security: optional });
      expect((await t.http().get('/api/users').expect(200)).body).toMatchObject({ users: [], total_count: 0 });
      expect((await t.http().get('/api/users/new').expect(200)).body.required_attributes).toEqual(['email', 'password']);
    });

    it('`set` takes any value (only `nested` changes the shape): a string, no enum', async () => {
      const set = byId('listTaxonomies').op.parameters.find((p: AnyOperation) => p.name === 'set');
      expect(set.schema).toEqual(expect.objectContaining({ type: 'string' }));
      expect(set.schema).not.toHaveProperty('enum');
      const res = await t.http().get('/api/taxonomies').query({ set: 'flat' }).expect(200);
      expect(res.body.taxonomies.length).toBeGreaterThan(0);
    });

    it('a taxonomy is created only with a name (Schemathesis sent `{"taxonomy": {}}` as valid: 422): the create body declares it required', async () => {
      expect(full().components.schemas.CreateTaxonomyDto.required).toEqual(['name']);
      const res = await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: {} });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ name: ["can't be blank"] });
    });

    it("a shipment's units in the query (variant_id, quantity, stock_location_id) are bounded as ShipmentUnitsParamsDto reads them: quantity at least 1, 32 bits", () => {
      for (const id of ['createShipment', 'addToShipment', 'removeFromShipment']) {
        const query = Object.fromEntries(byId(id).op.parameters.filter((p: AnyOperation) => p.in === 'query').map((p: AnyOperation) => [p.name, p.schema]));
        expect({ id, quantity: query.quantity }).toEqual({ id, quantity: { type: 'integer', minimum: 1, maximum: INT32_MAX } });
        expect({ id, variant: query.variant_id }).toEqual({ id, variant: { type: 'integer', minimum: 1, maximum: INT32_MAX } });
      }
    });

    it('a taxon update without its `taxon` wrapper: the body is optional, and the answer is 200 with nothing changed', async () => {
      const body = byId('updateTaxonomyTaxon').op.requestBody;
      expect(body.required).toBe(false);
      expect(body.content['application/json'].schema).not.toHaveProperty('required');
      const { id, name } = (await t.http().post(`/api/taxonomies/${taxonomyId}/taxons`).set(admin.auth).send({ taxon: { name: 'Wrapped' } }).expect(201)).body;
      const res = await t.http().put(`/api/taxonomies/${taxonomyId}/taxons/${id}`).set(admin.auth).send({ name: 'Unwrapped' }).expect(200);
      expect(res.body.name).toBe(name);
      const [after] = await t.db.query(`SELECT name FROM taxons WHERE id = $1`, [id]);
      expect(after.name).toBe(name);
    });

    it('declares a currency as one the store sells in (SUPPORTED_CURRENCIES, any case), not any three letters: the service refuses the others with 422', async () => {
      const currencies: Array<[string, string]> = [];
      for (const { op } of everyOperation()) {
        for (const p of op.parameters ?? []) if (['currency', 'X-Currency'].includes(p.name)) currencies.push([`${op.operationId} ${p.in} ${p.name}`, p.schema.pattern]);
      }
      for (const [name, schema] of Object.entries(full().components.schemas as Record<string, AnyOperation>)) {
        for (const key of ['currency', 'calculator_currency']) if (schema.properties?.[key] && !/Json$/.test(name)) currencies.push([`${name}.${key}`, schema.properties[key].pattern]);
      }
      expect(currencies.length).toBeGreaterThan(20);
      // The test store sells in USD only (the default SUPPORTED_CURRENCIES).
      for (const [where, pattern] of currencies) {
        expect({ where, USD: new RegExp(pattern).test('USD'), usd: new RegExp(pattern).test('usd'), EUR: new RegExp(pattern).test('EUR') }).toEqual({ where, USD: true, usd: true, EUR: false });
      }
      expect(storeCurrencyPattern(STORE_CURRENCY, ['USD', 'EUR'])).toBe('^([Uu][Ss][Dd]|[Ee][Uu][Rr])$');
      expect(storeCurrencyPattern(STORE_CURRENCY_OR_BLANK, ['USD'])).toBe('^([Uu][Ss][Dd])?$');
      await t.http().get('/api/products').query({ currency: 'usd' }).expect(200);
      const refused = await t.http().get('/api/products').query({ currency: 'EUR' }).expect(422);
      expect(refused.body.errors).toEqual({ currency: ['is not a currency this store sells in (USD)'] });
      // A blank parameter names no currency: the header says which (Schemathesis sent `?currency=` with an X-Currency the store does not sell in: 200).
      await t.http().get('/api/products').query({ currency: '' }).set('X-Currency', 'EUR').expect(422);
      await t.http().get('/api/products').query({ currency: '' }).set('X-Currency', 'usd').expect(200);
    });

    it("declares the e-mail format the service holds e-mails to (Spree's something@domain.tld): what it refuses as \"is invalid\" the pattern refuses", async () => {
      const schemas = full().components.schemas;
      for (const name of ['CreateUserDto', 'UpdateUserDto']) expect({ name, pattern: schemas[name].properties.email.pattern }).toEqual({ name, pattern: EMAIL_FORMAT.source });
      for (const name of ['OrderParamsDto', 'CheckoutOrderParamsDto']) expect(new RegExp(schemas[name].properties.email.pattern).test('')).toBe(true);
      const pattern = new RegExp(schemas.CreateUserDto.properties.email.pattern);
      for (const email of ['a@b', 'a b@c.de', '@c.de']) {
        expect(pattern.test(email)).toBe(false);
        const res = await t.http().post('/api/users').send({ user: { email, password: 'secret123' } });
        expect({ email, status: res.status, errors: res.body.errors?.email }).toEqual({ email, status: 422, errors: ['is invalid'] });
      }
    });

    it('POST /api/shipments requires `shipment[order_id]` (422 without it); the paths under an order take it from the path and do not', async () => {
      const shipment = (id: string) => byId(id).op.requestBody.content['application/json'].schema.properties.shipment;
      expect(shipment('createShipment')).toEqual({ type: 'object', allOf: [{ $ref: '#/components/schemas/ShipmentParamsDto' }], required: ['order_id'] });
      expect(shipment('createOrderShipment')).toEqual({ $ref: '#/components/schemas/ShipmentParamsDto' });
      const res = await t.http().post('/api/shipments').set(admin.auth).query({ stock_location_id: 1, variant_id: 1 }).send({ shipment: { tracking: 'x' } });
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 422, errors: { 'shipment.order_id': ["can't be blank"] } });
    });
  });
});

function sampleAddress() {
  return {
    id: 1, firstname: 'J', lastname: 'D', full_name: 'J D', address1: 'a', address2: null, city: 'c', zipcode: 'z', phone: 'p', company: null, alternative_phone: null,
    country_id: 1, state_id: null, state_name: null, state_text: null,
  };
}
