#!/usr/bin/env node
// Regenerates src/schema.ts (the API's types) from the OpenAPI document with
// openapi-typescript. `npm run client:generate` at the repository root runs it.
//
// The document is, in this order:
//   1. the file or http(s) URL given as the first argument
//      (`npm run client:generate -- http://localhost:3000/api/openapi.json`);
//   2. openapi.json at the repository root, the committed copy of the served document;
//   3. the document built from the service's own modules (scripts/dump-openapi.ts:
//      no database needed), when there is no committed copy.
// `--check` compares instead of writing: test/clients/typescript-client.spec.ts runs it
// against the document the service serves, so a stale src/schema.ts fails the tests.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = resolve(packageDir, '../..');
const output = join(packageDir, 'src/schema.ts');

const HEADER =
  '// Generated from the Commerce API OpenAPI document by openapi-typescript\n' +
  '// (clients/typescript/scripts/generate.mjs). Do not edit: run `npm run client:generate`.\n\n';

/** The TypeScript of `src/schema.ts` for an OpenAPI document (an object). */
async function schemaSource(document) {
  const ast = await openapiTS(document, { alphabetize: false, exportType: false });
  return HEADER + astToString(ast);
}

async function loadDocument(source) {
  if (source && /^https?:\/\//.test(source)) {
    const res = await fetch(source);
    if (!res.ok) throw new Error(`${source} answered ${res.status}`);
    return { document: await res.json(), from: source };
  }
  if (source) return { document: JSON.parse(readFileSync(resolve(source), 'utf8')), from: source };
  const committed = join(rootDir, 'openapi.json');
  if (existsSync(committed)) return { document: JSON.parse(readFileSync(committed, 'utf8')), from: 'openapi.json' };
  const json = execFileSync(process.execPath, ['-r', './test/support/swc-register.cjs', 'clients/typescript/scripts/dump-openapi.ts'], {
    cwd: rootDir,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { document: JSON.parse(json), from: 'the service built from src/' };
}

// `--check`: write nothing, exit 1 when src/schema.ts differs from what the document makes.
const args = process.argv.slice(2);
const check = args.includes('--check');
const { document, from } = await loadDocument(args.find((a) => a !== '--check'));
const source = await schemaSource(document);
if (check) {
  if (!existsSync(output) || readFileSync(output, 'utf8') !== source) {
    console.error(`clients/typescript/src/schema.ts is not what ${from} makes: run \`npm run client:generate\``);
    process.exit(1);
  }
  console.log(`clients/typescript/src/schema.ts matches ${from}`);
} else {
  writeFileSync(output, source);
  console.log(`clients/typescript/src/schema.ts generated from ${from}`);
}
