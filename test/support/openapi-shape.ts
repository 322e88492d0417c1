import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Checks a JSON value against a schema of the OpenAPI 3.0 document the app
 * serves (GET /api/openapi.json). Resolves `$ref` and `allOf` (which
 * @nestjs/swagger uses for inheritance), `oneOf: [X, {enum: [null]}]` (a
 * nullable reference) and lists every problem as `<where>: <what>`: a
 * property the schema does not declare, a required property missing, a
 * wrong type (honouring `nullable`), a value outside its `enum`, a
 * `date-time` string that is not one. Then, when it finds none, a strict
 * JSON Schema validator (Ajv, strict mode, OpenAPI's `nullable`) checks the
 * value against the same schema as a generated client's validator would.
 */
export type Schema = Record<string, any>;
export interface OpenApiDocument {
  openapi?: string;
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, Schema> };
}

/** The schema with `$ref` followed and `allOf` parts merged in (nullable if any part is). */
export function resolveSchema(doc: OpenApiDocument, schema: string | Schema): Schema {
  const s: Schema = typeof schema === 'string' ? { $ref: schema } : schema;
  if (s.$ref) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(s.$ref)?.[1];
    const target = name === undefined ? undefined : doc.components?.schemas?.[name];
    if (!target) throw new Error(`Unresolvable $ref ${s.$ref}`);
    return resolveSchema(doc, s.nullable ? { ...target, nullable: true } : target);
  }
  const nullableOf = nullableAlternative(s);
  if (nullableOf) {
    const { oneOf: _oneOf, anyOf: _anyOf, ...own } = s;
    return { ...resolveSchema(doc, nullableOf), ...own, nullable: true };
  }
  if (!s.allOf) return s;
  const { allOf, ...own } = s;
  return (allOf as Schema[]).map((part) => resolveSchema(doc, part)).reduce<Schema>(
    (merged, part) => ({
      ...part,
      ...merged,
      type: merged.type ?? part.type,
      nullable: Boolean(merged.nullable || part.nullable),
      properties: { ...part.properties, ...merged.properties },
      required: [...new Set([...(part.required ?? []), ...(merged.required ?? [])])],
    }),
    own,
  );
}

/** `X` of `oneOf`/`anyOf: [X, {enum: [null]}]`, the document's nullable reference. */
function nullableAlternative(s: Schema): Schema | undefined {
  const options: Schema[] | undefined = s.oneOf ?? s.anyOf;
  if (!options || options.length !== 2) return undefined;
  const isNull = (o: Schema) => Array.isArray(o.enum) && o.enum.length === 1 && o.enum[0] === null;
  const others = options.filter((o) => !isNull(o));
  return others.length === 1 ? others[0] : undefined;
}

/** `paths[path][method].responses[status].content['application/json'].schema`; throws when undocumented. */
export function responseSchema(doc: OpenApiDocument, path: string, method: string, status: number | string): Schema {
  const schema = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`No application/json schema documented for ${method.toUpperCase()} ${path} ${status}`);
  return schema;
}

const typeOf = (v: unknown): string =>
  Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

/** Every way `value` departs from `schema`; empty when it conforms (to this checker and then to a strict validator). */
export function shapeProblems(doc: OpenApiDocument, schema: string | Schema, value: unknown): string[] {
  const problems = structuralProblems(doc, schema, value, '$');
  return problems.length > 0 ? problems : strictProblems(doc, schema, value);
}

function structuralProblems(doc: OpenApiDocument, schema: string | Schema, value: unknown, at: string): string[] {
  const s = resolveSchema(doc, schema);
  if (value === null) return s.nullable || s.type === undefined ? [] : [`${at}: null, but the schema (${s.type}) is not nullable`];
  const actual = typeOf(value);
  if (s.type && s.type !== actual && !(s.type === 'number' && actual === 'integer')) {
    return [`${at}: expected ${s.type}${s.nullable ? ' or null' : ''}, got ${actual} ${JSON.stringify(value)?.slice(0, 60)}`];
  }
  const problems: string[] = [];
  if (s.enum && !s.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(s.enum)}`);
  if (s.format === 'date-time' && typeof value === 'string' && Number.isNaN(Date.parse(value))) problems.push(`${at}: "${value}" is not a date-time`);
  if (Array.isArray(value)) {
    if (s.items) value.forEach((item, i) => problems.push(...structuralProblems(doc, s.items, item, `${at}[${i}]`)));
    return problems;
  }
  if (actual !== 'object') return problems;
  const record = value as Record<string, unknown>;
  const declared: Record<string, Schema> = s.properties ?? {};
  for (const name of s.required ?? []) if (!(name in record)) problems.push(`${at}.${name}: required but missing`);
  const strict = s.type === 'object' || s.properties !== undefined;
  for (const [name, v] of Object.entries(record)) {
    if (declared[name]) problems.push(...structuralProblems(doc, declared[name], v, `${at}.${name}`));
    else if (s.additionalProperties && typeof s.additionalProperties === 'object') problems.push(...structuralProblems(doc, s.additionalProperties, v, `${at}.${name}`));
    else if (strict && s.additionalProperties !== true) problems.push(`${at}.${name}: not in the schema (undocumented)`);
  }
  return problems;
}

const validators = new WeakMap<OpenApiDocument, { ajv: Ajv; compiled: Map<string, ValidateFunction> }>();
const COMPONENT_REF = /"#\/components\/schemas\/([^"]+)"/g;

/**
 * Ajv in strict mode (strictTypes too) over the document's schemas:
 * `nullable` as OpenAPI 3.0 defines it (beside a `type`), formats checked,
 * OpenAPI's own annotation keywords (`example`) known, any other unknown
 * keyword an error.
 */
function validatorFor(doc: OpenApiDocument) {
  let entry = validators.get(doc);
  if (!entry) {
    // strictTypes included: every keyword sits beside the type it applies to.
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    // OpenAPI's formats that JSON Schema does not define: no constraint beyond the type.
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) ajv.addFormat(format, true);
    // Money and other exact amounts sent as decimal strings (common/params DecimalField).
    ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
    ajv.addVocabulary(['example', 'xml', 'externalDocs']);
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) ajv.addSchema({ ...withLocalRefs(schema), $id: name });
    entry = { ajv, compiled: new Map() };
    validators.set(doc, entry);
  }
  return entry;
}

const withLocalRefs = (schema: Schema): Schema => JSON.parse(JSON.stringify(schema).replace(COMPONENT_REF, '"$1"'));

/** Where a strict validator (Ajv) rejects `value`; the schema itself failing to compile is a problem too. */
export function strictProblems(doc: OpenApiDocument, schema: string | Schema, value: unknown): string[] {
  const { ajv, compiled } = validatorFor(doc);
  const source = typeof schema === 'string' ? { $ref: schema } : schema;
  const key = JSON.stringify(source);
  let validate = compiled.get(key);
  if (!validate) {
    try {
      validate = ajv.compile(withLocalRefs(source));
    } catch (error) {
      return [`strict validator cannot compile the schema: ${(error as Error).message}`];
    }
    compiled.set(key, validate);
  }
  if (validate(value)) return [];
  return (validate.errors ?? []).map((e) => `strict: $${e.instancePath.replace(/\//g, '.')}: ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
}
