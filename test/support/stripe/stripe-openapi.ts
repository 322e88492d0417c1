import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The subset of Stripe's published OpenAPI specification kept in
 * stripe-openapi-subset.json (regenerate-openapi-subset.mjs), and a strict
 * validator over it: every answer of the Stripe test server is checked
 * against the schema its operation documents for its status (200, or
 * `default` for errors), and every event it sends against `event` and the
 * schema of the object it carries.
 *
 * Stricter than the specification where that keeps the test server honest:
 * an object may carry no property its schema does not declare (the
 * specification leaves them open). OpenAPI 3.0's `nullable` is read as the
 * specification means it (beside a `type`, or beside an `anyOf`).
 */
export type Schema = Record<string, any>;

export interface StripeOpenApiSubset {
  openapi: string;
  info: { title: string; version: string };
  'x-subset': { source: string; apiVersion: string; operations: string[]; objects: string[] };
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
}

export interface StripeOperation {
  /** `POST /v1/payment_intents/{intent}/capture` */
  name: string;
  method: string;
  template: string;
  pattern: RegExp;
  definition: Schema;
}

const SUBSET_FILE = join(__dirname, 'stripe-openapi-subset.json');
const REF = /^#\/components\/schemas\/(.+)$/;

let loaded: { subset: StripeOpenApiSubset; operations: StripeOperation[]; ajv: Ajv; compiled: Map<string, ValidateFunction> } | undefined;

function load() {
  if (loaded) return loaded;
  const subset = JSON.parse(readFileSync(SUBSET_FILE, 'utf8')) as StripeOpenApiSubset;
  const operations: StripeOperation[] = Object.entries(subset.paths)
    .flatMap(([template, methods]) =>
      Object.entries(methods).map(([method, definition]) => ({
        name: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
        definition,
      })),
    )
    // A literal segment wins over a parameter.
    .sort((a, b) => (a.template.match(/\{/g) ?? []).length - (b.template.match(/\{/g) ?? []).length);
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  addFormats(ajv);
  ajv.addFormat('unix-time', { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= 0 });
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  for (const [name, schema] of Object.entries(subset.components.schemas)) ajv.addSchema({ ...toJsonSchema(schema), $id: name });
  loaded = { subset, operations, ajv, compiled: new Map() };
  return loaded;
}

export function stripeOpenApi(): StripeOpenApiSubset {
  return load().subset;
}

/** The operation of the subset that answers `method path` (path without its query), if any. */
export function stripeOperation(method: string, path: string): StripeOperation | undefined {
  return load().operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(path));
}

/** The schema an operation documents for an answer's status: its own, or `default` (Stripe's error). */
export function responseSchema(operation: StripeOperation, status: number): Schema | undefined {
  const responses = operation.definition.responses as Record<string, Schema>;
  return (responses[String(status)] ?? responses.default)?.content?.['application/json']?.schema;
}

/** The form body schema of an operation (`additionalProperties: false` at each level Stripe closes). */
export function requestSchema(operation: StripeOperation): Schema | undefined {
  return operation.definition.requestBody?.content?.['application/x-www-form-urlencoded']?.schema;
}

/** Query parameters an operation declares (GET operations). */
export function queryParameters(operation: StripeOperation): string[] {
  return ((operation.definition.parameters ?? []) as Schema[]).filter((p) => p.in === 'query').map((p) => p.name as string);
}

/** A component schema by name, or `$ref`-resolved. */
export function componentSchema(nameOrRef: string): Schema {
  const name = REF.exec(nameOrRef)?.[1] ?? nameOrRef;
  const schema = load().subset.components.schemas[name];
  if (!schema) throw new Error(`No schema ${name} in the Stripe OpenAPI subset`);
  return schema;
}

/** Follows `$ref`s. */
export function resolve(schema: Schema): Schema {
  return schema.$ref ? resolve(componentSchema(schema.$ref)) : schema;
}

/** Where `value` departs from `schema` (a schema of the subset, or a component's name); empty when it conforms. */
export function schemaProblems(schema: Schema | string, value: unknown): string[] {
  const { ajv, compiled } = load();
  const source = typeof schema === 'string' ? { $ref: `#/components/schemas/${schema}` } : schema;
  const key = JSON.stringify(source);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(source));
    compiled.set(key, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `$${e.instancePath.replace(/\//g, '.')}: ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
}

/** Where an answer departs from what its operation documents for its status. */
export function answerProblems(method: string, path: string, status: number, body: unknown): string[] {
  const operation = stripeOperation(method, path);
  if (!operation) return [`${method} ${path}: not an operation of the Stripe OpenAPI subset`];
  const schema = responseSchema(operation, status);
  if (!schema) return [`${operation.name} ${status}: no schema documented for this status`];
  return schemaProblems(schema, body).map((p) => `${operation.name} ${status}: ${p}`);
}

/** Where an event departs from `event`, and its `data.object` from the schema of that object's type. */
export function eventProblems(event: unknown): string[] {
  const problems = schemaProblems('event', event).map((p) => `event: ${p}`);
  const object = (event as { data?: { object?: { object?: unknown } } })?.data?.object;
  const type = typeof object?.object === 'string' ? object.object : undefined;
  if (!type || !load().subset.components.schemas[type]) return [...problems, `event data.object: no schema for ${String(type)}`];
  return [...problems, ...schemaProblems(type, object).map((p) => `event data.object (${type}): ${p}`)];
}

/**
 * An OpenAPI 3.0 schema of Stripe's as a JSON Schema for Ajv: `nullable`
 * turned into a `null` alternative, objects with declared properties closed,
 * `$ref`s to the schemas registered by name, Stripe's annotations dropped.
 */
function toJsonSchema(schema: Schema): Schema {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === 'nullable' || key === 'description') continue;
    if (key === '$ref') out.$ref = REF.exec(value as string)?.[1] ?? value;
    else if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Schema).map(([n, s]) => [n, toJsonSchema(s as Schema)]));
    else if (['items', 'additionalProperties', 'not'].includes(key) && typeof value === 'object') out[key] = toJsonSchema(value as Schema);
    else if (['anyOf', 'oneOf', 'allOf'].includes(key)) out[key] = (value as Schema[]).map(toJsonSchema);
    else out[key] = value;
  }
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  if (!schema.nullable) return out;
  if (typeof out.type === 'string') {
    out.type = [out.type, 'null'];
    if (Array.isArray(out.enum)) out.enum = [...out.enum, null];
    return out;
  }
  return { anyOf: [out, { type: 'null' }] };
}
