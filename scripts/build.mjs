#!/usr/bin/env node
// Compiles src/ into dist/ for `npm start`, `npm run cli` and `npm run worker`
// (and, after the type-check, `npm run build`): each .ts file on its own with
// swc (the options of .swcrc; the tests compile the same way), only the files
// whose source changed since the last build. Nothing to do: silent, a few
// milliseconds. Types are checked by `npm run typecheck`, not here.
//
//   node scripts/build.mjs [--src src] [--out dist]
//
// Correct when sources change because swc compiles a file from that file
// alone: a changed file is recompiled, a deleted one has its output removed
// (a stale migration or entity left in dist/ would still be loaded by
// TypeORM's globs), and a change of swc, of .swcrc or of this script rebuilds
// everything. Outputs are written to a temporary name and renamed, so a
// service running from dist/ never reads a half-written file; several builds
// at once (two `npm start`s, parallel tests) take turns through a lock.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { createRequire } from 'node:module';

const ROOT = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const MANIFEST = '.build-manifest.json';

const { values } = parseArgs({ options: { src: { type: 'string', default: 'src' }, out: { type: 'string', default: 'dist' } } });
const srcDir = resolve(ROOT, values.src);
const outDir = resolve(ROOT, values.out);

/** Every .ts file under `dir` that belongs in the build (tests and declarations stay out, as tsconfig.build.json says). */
function sources(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, found);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('spec.ts')) found.push(path);
  }
  return found;
}

/** Waits for another build to finish (a lock file beside the output); a lock older than 2 minutes was left by a killed build. */
async function lock() {
  const file = `${outDir}.build-lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let waited = 0; ; waited += 100) {
    try {
      closeSync(openSync(file, 'wx'));
      return () => rmSync(file, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const age = Date.now() - statSync(file, { throwIfNoEntry: false })?.mtimeMs;
      if (age > 120_000) rmSync(file, { force: true });
      if (waited === 1000) process.stdout.write('Waiting for another build of dist/…\n');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function writeAtomically(file, content) {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content);
  renameSync(temporary, file);
}

function readManifest(fingerprint) {
  try {
    const manifest = JSON.parse(readFileSync(join(outDir, MANIFEST), 'utf8'));
    return manifest.fingerprint === fingerprint ? manifest : undefined;
  } catch {
    return undefined;
  }
}

async function main() {
  const swcVersion = JSON.parse(readFileSync(require.resolve('@swc/core/package.json'), 'utf8')).version;
  const swcrc = readFileSync(join(ROOT, '.swcrc'), 'utf8');
  // What every output depends on besides its own source.
  const fingerprint = createHash('sha256').update(swcVersion).update(swcrc).update(readFileSync(import.meta.filename)).update(relative(outDir, srcDir)).digest('hex');
  const options = JSON.parse(swcrc);
  delete options.$schema;

  const release = await lock();
  try {
    const previous = readManifest(fingerprint);
    // No manifest (a first build, dist/ from another tool, or a new swc/.swcrc): start from an empty dist/.
    if (!previous && existsSync(outDir)) rmSync(outDir, { recursive: true, force: true });
    const known = previous?.files ?? {};
    const files = {};
    const changed = [];
    const present = new Set();
    for (const path of sources(srcDir)) {
      const rel = relative(srcDir, path).split(sep).join('/');
      present.add(rel);
      const { mtimeMs, size } = statSync(path);
      const before = known[rel];
      const output = join(outDir, rel.replace(/\.ts$/, '.js'));
      if (before && before.mtimeMs === mtimeMs && before.size === size && existsSync(output)) {
        files[rel] = before;
        continue;
      }
      // Touched but the same content (a checkout, a save without edits): keep the output.
      const source = readFileSync(path);
      const hash = createHash('sha256').update(source).digest('hex');
      if (before && before.hash === hash && existsSync(output)) files[rel] = { ...before, mtimeMs, size };
      else changed.push({ rel, path, output, source, entry: { mtimeMs, size, hash } });
    }
    const removed = Object.keys(known).filter((rel) => !present.has(rel));
    if (changed.length === 0 && removed.length === 0) {
      if (Object.keys(known).length !== Object.keys(files).length || Object.entries(files).some(([rel, f]) => known[rel] !== f)) {
        writeAtomically(join(outDir, MANIFEST), JSON.stringify({ fingerprint, files }));
      }
      return;
    }

    const started = Date.now();
    // Loaded only when there is something to compile: its native binding takes a while.
    const swc = require('@swc/core');
    const what = previous ? `${changed.length} of ${present.size} source files changed${removed.length ? `, ${removed.length} removed` : ''}` : `${present.size} source file${present.size === 1 ? '' : 's'}, first build`;
    process.stdout.write(`Building dist/ (${what})… `);
    for (const rel of removed) {
      const js = join(outDir, rel.replace(/\.ts$/, '.js'));
      for (const file of [js, `${js}.map`]) if (existsSync(file)) unlinkSync(file);
    }
    // A few at a time: swc compiles off the main thread.
    const queue = [...changed];
    const failures = [];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let item = queue.shift(); item; item = queue.shift()) {
          try {
            const { code, map } = await swc.transform(item.source.toString('utf8'), {
              ...options,
              filename: item.path,
              sourceFileName: relative(dirname(item.output), item.path),
              outputPath: item.output,
              swcrc: false,
              configFile: false,
            });
            const mapName = `${item.output.split(sep).pop()}.map`;
            writeAtomically(item.output, map ? `${code}\n//# sourceMappingURL=${mapName}\n` : code);
            if (map) writeAtomically(`${item.output}.map`, map);
            files[item.rel] = item.entry;
          } catch (error) {
            failures.push(`${relative(ROOT, item.path)}: ${error.message ?? error}`);
          }
        }
      }),
    );
    // Only what compiled is recorded: a failed file is tried again next time.
    writeAtomically(join(outDir, MANIFEST), JSON.stringify({ fingerprint, files }));
    if (failures.length > 0) {
      process.stdout.write('failed\n');
      console.error(failures.join('\n'));
      process.exitCode = 1;
      return;
    }
    process.stdout.write(`done in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } finally {
    release();
  }
}

await main();
