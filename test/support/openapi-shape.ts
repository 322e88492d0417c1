/**
 * Checks a JSON value against a schema of the OpenAPI 3.0 document the app
 * serves (GET /api/openapi.json). Resolves `$ref` and `allOf` (which
 * @nestjs/swagger uses for inheritance and for nullable references) and lists
 * every problem as `<where>: <what>`: a property the schema does not declare,
 * a required property missing, a wrong type (honouring `nullable`), a value
 * outside its `enum`, a `date-time` string that is not one.
 */
export type Schema = Record<string, any>;
export interface OpenApiDocument {
  openapi?: string;
  paths: Record<string, Record<string, any>>;
  components?: { schemas?: Record<string, Schema> };
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

/** `paths[path][method].responses[status].content['application/json'].schema`; throws when undocumented. */
export function responseSchema(doc: OpenApiDocument, path: string, method: string, status: number | string): Schema {
  const schema = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`No application/json schema documented for ${method.toUpperCase()} ${path} ${status}`);
  return schema;
}

const typeOf = (v: unknown): string =>
  Array.isArray(v) ? 'array' : typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v;

/** Every way `value` departs from `schema`; empty when it conforms. */
export function shapeProblems(doc: OpenApiDocument, schema: string | Schema, value: unknown, at = '$'): string[] {
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
    if (s.items) value.forEach((item, i) => problems.push(...shapeProblems(doc, s.items, item, `${at}[${i}]`)));
    return problems;
  }
  if (actual !== 'object') return problems;
  const record = value as Record<string, unknown>;
  const declared: Record<string, Schema> = s.properties ?? {};
  for (const name of s.required ?? []) if (!(name in record)) problems.push(`${at}.${name}: required but missing`);
  const strict = s.type === 'object' || s.properties !== undefined;
  for (const [name, v] of Object.entries(record)) {
    if (declared[name]) problems.push(...shapeProblems(doc, declared[name], v, `${at}.${name}`));
    else if (s.additionalProperties && typeof s.additionalProperties === 'object') problems.push(...shapeProblems(doc, s.additionalProperties, v, `${at}.${name}`));
    else if (strict && s.additionalProperties !== true) problems.push(`${at}.${name}: not in the schema (undocumented)`);
  }
  return problems;
}
