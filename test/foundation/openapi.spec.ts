import { EMPTY_BODY } from '../../src/common/openapi/responses';
import { createTestApp, TestApp } from '../support/test-app';

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

  it('types ids, counts and quantities as integers (generated clients get whole numbers, not floats)', () => {
    const wholeNumber = /^(id|[a-z_]+_id|quantity|position|count|count_on_hand|total_quantity|total_on_hand|lock_version|numcode|pages|current_page|per_page|total_count|usage_limit|usage_count|item_count)$/;
    const problems: string[] = [];
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      for (const [property, s] of Object.entries(schema.properties ?? {})) {
        if (wholeNumber.test(property) && s.type === 'number') problems.push(`${name}.${property}`);
      }
    }
    expect(Object.keys(doc.components.schemas).length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
