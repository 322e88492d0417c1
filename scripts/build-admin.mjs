#!/usr/bin/env node
// Builds the back-office single-page app (admin/) into dist/admin/ for the
// service to serve at /admin (src/common/http/admin-app.ts): one minified
// bundle with esbuild (its JS API; the platform binary comes with `npm ci`
// as esbuild's optional dependency, no install script needed), hashed file
// names under assets/, and index.html naming them. Only when something it is
// built from changed (admin/ sources, package-lock.json, this script): a
// restart then costs a few milliseconds.
//
//   node scripts/build-admin.mjs [--force]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'admin');
const OUT = join(ROOT, 'dist', 'admin');
const STAMP = '.build-stamp';

function files(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files(path, found);
    else found.push(path);
  }
  return found.sort();
}

/** A digest of everything the bundle is made from. */
function fingerprint() {
  const hash = createHash('sha256');
  const lock = join(ROOT, 'package-lock.json');
  for (const path of [...files(SRC), ...(existsSync(lock) ? [lock] : []), import.meta.filename]) {
    hash.update(relative(ROOT, path).split(sep).join('/')).update('\0').update(readFileSync(path)).update('\0');
  }
  return hash.digest('hex');
}

// A copy of the service without the app's sources (a deploy of the API alone): nothing to build; /admin answers 503.
if (!existsSync(SRC)) process.exit(0);
const wanted = fingerprint();
const force = process.argv.includes('--force');
const stamp = join(OUT, STAMP);
if (!force && existsSync(join(OUT, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) process.exit(0);

const started = Date.now();
process.stdout.write('Building dist/admin/… ');
const { build } = await import('esbuild');
const staging = `${OUT}.${process.pid}.tmp`;
rmSync(staging, { recursive: true, force: true });
const result = await build({
  entryPoints: { app: join(SRC, 'src', 'main.tsx') },
  bundle: true,
  minify: true,
  format: 'esm',
  target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
  jsx: 'automatic',
  outdir: join(staging, 'assets'),
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  define: { 'process.env.NODE_ENV': '"production"' },
  legalComments: 'none',
  metafile: true,
  logLevel: 'error',
});
const outputs = Object.keys(result.metafile.outputs).map((p) => resolve(ROOT, p));
const script = outputs.find((p) => p.endsWith('.js'));
const css = outputs.find((p) => p.endsWith('.css'));
const rel = (p) => `assets/${p.split(sep).pop()}`;
const template = readFileSync(join(SRC, 'index.html'), 'utf8');
const tags = `${css ? `<link rel="stylesheet" href="/admin/${rel(css)}">\n    ` : ''}<script type="module" src="/admin/${rel(script)}"></script>`;
writeFileSync(join(staging, 'index.html'), template.replace('<!-- app -->', tags));
const js = readFileSync(script);
// Served as is to browsers that take gzip (src/common/http/admin-app.ts): compressed once here, not per request.
for (const output of outputs) writeFileSync(`${output}.gz`, gzipSync(readFileSync(output), { level: 9 }));
const gzipped = readFileSync(`${script}.gz`).length;
writeFileSync(join(staging, 'build-info.json'), JSON.stringify({ script: rel(script), bytes: js.length, gzip_bytes: gzipped }, null, 2));
writeFileSync(join(staging, STAMP), wanted);
// Swap in whole: a running service never serves an index.html naming a missing bundle for long.
const old = `${OUT}.old.${process.pid}`;
if (existsSync(OUT)) renameSync(OUT, old);
mkdirSync(resolve(OUT, '..'), { recursive: true });
renameSync(staging, OUT);
rmSync(old, { recursive: true, force: true });
process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s (${(js.length / 1024).toFixed(0)} KiB, ${(gzipped / 1024).toFixed(0)} KiB gzipped)\n`);
