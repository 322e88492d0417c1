#!/usr/bin/env node
// Rewrites stripe-openapi-subset.json beside this file: the operations of
// Stripe's published OpenAPI specification (public repository stripe/openapi,
// openapi/spec3.json or spec3.yaml) that the service uses, with every schema
// they reach, so the Stripe test server's answers are checked against Stripe's
// own description of them (README.md beside this file).
//
//   node test/support/stripe/regenerate-openapi-subset.mjs <path/to/spec3.json|yaml> [--source "<where it came from>"]
//
// What is kept, verbatim: each operation's parameters, request body and
// responses, and the component schemas they reach. What is left out: the
// `description` texts (documentation, not constraints), and the expanded
// form of an expandable field whose object is not itself part of the subset
// (the id string stays: the test server never expands those).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `METHOD path` of each operation the service uses. */
const OPERATIONS = [
  'GET /v1/payment_intents',
  'POST /v1/payment_intents',
  'GET /v1/payment_intents/{intent}',
  'POST /v1/payment_intents/{intent}',
  'POST /v1/payment_intents/{intent}/confirm',
  'POST /v1/payment_intents/{intent}/capture',
  'POST /v1/payment_intents/{intent}/cancel',
  'GET /v1/payment_methods',
  'GET /v1/payment_methods/{payment_method}',
  'POST /v1/payment_methods/{payment_method}/attach',
  'POST /v1/payment_methods/{payment_method}/detach',
  'POST /v1/customers',
  'GET /v1/customers/{customer}',
  'POST /v1/customers/{customer}',
  'GET /v1/customers/{customer}/payment_methods',
  'POST /v1/setup_intents',
  'GET /v1/setup_intents/{intent}',
  'POST /v1/setup_intents/{intent}/confirm',
  'POST /v1/refunds',
  'GET /v1/refunds/{refund}',
  'GET /v1/events/{id}',
];

/**
 * Objects the subset describes in full, wherever they appear (an expandable
 * field may hold one of these expanded); also the objects events carry.
 */
const OBJECTS = ['payment_intent', 'payment_method', 'customer', 'deleted_customer', 'setup_intent', 'refund', 'charge', 'dispute', 'event', 'error'];

const HERE = dirname(fileURLToPath(import.meta.url));
const OUT = join(HERE, 'stripe-openapi-subset.json');
const REF = /^#\/components\/schemas\/(.+)$/;

function loadSpec(path) {
  const text = readFileSync(path, 'utf8');
  if (/\.ya?ml$/i.test(path)) {
    // js-yaml comes with the dev tooling (@nestjs/swagger); only YAML input needs it.
    const yaml = createRequire(import.meta.url)('js-yaml');
    return yaml.load(text);
  }
  return JSON.parse(text);
}

/** A schema with its descriptions dropped and expansions outside OBJECTS narrowed to the id. */
function schemaOf(schema) {
  if (Array.isArray(schema)) return schema.map(schemaOf);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' || key === 'x-expansionResources') continue;
    if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, schemaOf(s)]));
    else if (key === 'anyOf' && schema['x-expansionResources']) {
      out.anyOf = value.filter((alt) => !alt.$ref || OBJECTS.includes(REF.exec(alt.$ref)?.[1])).map(schemaOf);
    } else if (['items', 'additionalProperties', 'not'].includes(key) || ['anyOf', 'oneOf', 'allOf'].includes(key)) out[key] = schemaOf(value);
    else out[key] = value;
  }
  // An expandable field left with only its id: `anyOf: [{string}]` stays as Stripe writes it.
  return out;
}

function operationOf(operation) {
  const { description: _d, summary: _s, ...rest } = operation;
  const out = { ...rest };
  if (rest.parameters) out.parameters = rest.parameters.map(({ description: _pd, ...p }) => ({ ...p, schema: schemaOf(p.schema) }));
  if (rest.requestBody) {
    out.requestBody = {
      ...rest.requestBody,
      content: Object.fromEntries(Object.entries(rest.requestBody.content).map(([type, c]) => [type, { ...c, schema: schemaOf(c.schema) }])),
    };
  }
  out.responses = Object.fromEntries(
    Object.entries(rest.responses).map(([status, { description: _rd, ...r }]) => [
      status,
      {
        description: '',
        ...r,
        ...(r.content && { content: Object.fromEntries(Object.entries(r.content).map(([type, c]) => [type, { ...c, schema: schemaOf(c.schema) }])) }),
      },
    ]),
  );
  return out;
}

function refsIn(value, found = new Set()) {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string') found.add(REF.exec(v)?.[1] ?? v);
      else refsIn(v, found);
    }
  }
  return found;
}

function main(argv) {
  const args = [...argv];
  const sourceAt = args.indexOf('--source');
  const source = sourceAt >= 0 ? args.splice(sourceAt, 2)[1] : undefined;
  const specPath = args[0];
  if (!specPath) {
    console.error('usage: regenerate-openapi-subset.mjs <spec3.json|spec3.yaml> [--source "<repository, tag, commit, file>"]');
    process.exit(2);
  }
  const spec = loadSpec(specPath);
  const paths = {};
  for (const entry of OPERATIONS) {
    const [method, path] = entry.split(' ');
    const operation = spec.paths?.[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${entry} is not in ${specPath}`);
    paths[path] = { ...paths[path], [method.toLowerCase()]: operationOf(operation) };
  }
  const schemas = {};
  const pending = [...refsIn(paths), ...OBJECTS];
  while (pending.length > 0) {
    const name = pending.pop();
    if (schemas[name]) continue;
    const schema = spec.components?.schemas?.[name];
    if (!schema) throw new Error(`#/components/schemas/${name} is referenced but not in ${specPath}`);
    schemas[name] = schemaOf(schema);
    for (const ref of refsIn(schemas[name])) if (!schemas[ref]) pending.push(ref);
  }
  const sorted = Object.fromEntries(Object.keys(schemas).sort().map((name) => [name, schemas[name]]));
  const subset = {
    openapi: spec.openapi,
    info: { title: spec.info?.title, version: spec.info?.version },
    'x-subset': {
      of: 'Stripe API, published OpenAPI specification (github.com/stripe/openapi)',
      source: source ?? specPath.split('/').slice(-2).join('/'),
      apiVersion: spec.info?.version,
      regenerate: 'node test/support/stripe/regenerate-openapi-subset.mjs <spec3.json|spec3.yaml> --source "<tag, commit, file>"',
      kept: 'the operations below with their parameters, request bodies and responses, and every component schema they or the objects below reach',
      leftOut: 'description texts; the expanded form of an expandable field whose object is not one of `objects` (its id string is kept)',
      operations: OPERATIONS,
      objects: OBJECTS,
    },
    paths,
    components: { schemas: sorted },
  };
  writeFileSync(OUT, `${JSON.stringify(subset, null, 2)}\n`);
  console.log(`${OUT}: ${OPERATIONS.length} operations, ${Object.keys(sorted).length} schemas, API version ${spec.info?.version}`);
}

main(process.argv.slice(2));
