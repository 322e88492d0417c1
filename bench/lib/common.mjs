// Shared helpers of the benchmark scripts (plain Node ESM: they run on a fresh
// clone after `npm ci` without a compile step; the service's own code is
// used from its compiled output in dist/).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORDS } from './vocabulary.mjs';
import { createRequire } from 'node:module';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const require = createRequire(join(ROOT, 'package.json'));

/** The benchmark's own database on the local server, unless DATABASE_URL names another. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/commerce_bench';
export const benchDatabaseUrl = () => process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

/** Compiles the changed sources into dist/ (scripts/build.mjs, as npm start does) unless told not to and dist/ is there. */
export function build({ force }) {
  if (!force && existsSync(join(ROOT, 'dist', 'main.js'))) return;
  const res = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: ['ignore', 2, 'inherit'] });
  if (res.status !== 0) throw new Error('building dist/ failed');
}

/** A module of the compiled service (dist/…), e.g. `fromDist('database/prepare-database.js')`. */
export const fromDist = (path) => require(join(ROOT, 'dist', path));

/**
 * Makes sure the database exists (created on its server when missing), then
 * migrates it and loads the reference data exactly as the service does at start.
 * Returns the service's config (its SECRET_KEY seals what the loader writes).
 */
export async function ensureDatabase(url, { reset = false } = {}) {
  const { Client } = require('pg');
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    if (reset) {
      console.error(`Dropping database ${name}`);
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    }
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      console.error(`Creating database ${name}`);
      await admin.query(`CREATE DATABASE "${name}"`);
    }
  } finally {
    await admin.end();
  }
  const { prepareDatabase } = fromDist('database/prepare-database.js');
  const { loadConfig } = fromDist('config/configuration.js');
  // The service started by bench/run.mjs (cwd: the repository) uses the same key: SECRET_KEY, or .data/secret-key.
  const { withSecretKey } = fromDist('config/secret-key.js');
  const config = withSecretKey(loadConfig({ ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' }), join(ROOT, '.data', 'secret-key'));
  await prepareDatabase(url, config, { sampleData: false, admin: false });
  return config;
}

/** Facts about the machine a result was measured on. */
export async function machineInfo(client) {
  const sh = (cmd, args) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
    } catch {
      return undefined;
    }
  };
  const [{ version }] = (await client.query('SELECT version()')).rows;
  const settings = (await client.query(`SELECT name, setting, unit FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'max_connections', 'effective_cache_size')`)).rows;
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryMB: Math.round(totalmem() / 2 ** 20),
    os: sh('uname', ['-sr']),
    node: process.version,
    postgres: version,
    postgresSettings: Object.fromEntries(settings.map((s) => [s.name, s.unit ? `${s.setting} ${s.unit}` : s.setting])),
    gitCommit: sh('git', ['-C', ROOT, 'rev-parse', '--short', 'HEAD']),
    loadAverage: readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' '),
  };
}

/**
 * A fixed piece of CPU work (JSON of a product page's size, built, written and
 * read back 200 times), in ms, timed in fresh Node processes so that each
 * measurement starts from the same state: in each, the best of 8 rounds, the
 * first ones warming up the JIT. Two processes run at once, one per core, as
 * the benchmark loads both (a core alone can be fast while both together are
 * not); a round's figure is the slower of the two, and the result the median
 * of three rounds. This machine's speed drifts between hours and within
 * minutes (shared host); the figure next to a result says how fast the
 * machine was when it was measured (lower is faster).
 */
export async function hostCheckMs() {
  const work = `
    const page = Array.from({ length: 25 }, (_, i) => ({
      id: i, name: 'Product ' + i, description: 'x'.repeat(200),
      variants: Array.from({ length: 5 }, (_, j) => ({ id: j, sku: 'SKU-' + i + '-' + j, price: '19.99', option_values: [{ id: 1, name: 'red' }, { id: 2, name: 'large' }] })),
    }));
    let best = Infinity;
    for (let round = 0; round < 8; round++) {
      const started = performance.now();
      for (let i = 0; i < 200; i++) JSON.parse(JSON.stringify(page));
      best = Math.min(best, performance.now() - started);
    }
    process.stdout.write(String(Math.round(best * 10) / 10));`;
  const { execFile } = await import('node:child_process');
  const once = () => new Promise((resolve, reject) => execFile(process.execPath, ['-e', work], { encoding: 'utf8' }, (error, out) => (error ? reject(error) : resolve(Number(out)))));
  const rounds = [];
  for (let i = 0; i < 3; i++) rounds.push(Math.max(...(await Promise.all([once(), once()]))));
  return rounds.sort((a, b) => a - b)[1];
}

/** Resident set size of a process in MB (VmRSS), or undefined once it is gone. */
export function rssMB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round((kb / 1024) * 10) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses), or undefined once it is gone. */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return undefined;
  }
}

// Linux reports CPU time in clock ticks of 1/100 s (USER_HZ) on every platform Node runs on.
const TICK_MS = 10;

/** CPU time (user + system) a process has used so far, in ms; 0 once it is gone. */
export function cpuMs(pid) {
  const stat = statFields(pid);
  return stat ? (Number(stat.fields[11]) + Number(stat.fields[12])) * TICK_MS : 0;
}

/**
 * CPU time all PostgreSQL processes on this machine have used so far, in ms, counting
 * ended backends through their parent's children times. Machine-wide: run on a quiet machine.
 */
export function postgresCpuMs() {
  const { readdirSync } = require('node:fs');
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statFields(entry);
    if (stat?.comm !== 'postgres') continue;
    const [utime, stime, cutime, cstime] = stat.fields.slice(11, 15).map(Number);
    ticks += utime + stime + cutime + cstime;
  }
  return ticks * TICK_MS;
}

/** Direct children of a process (the cluster's workers), read from /proc. */
export function childPids(pid) {
  const { readdirSync } = require('node:fs');
  const children = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(statFields(entry)?.fields[1]) === pid) children.push(Number(entry));
  }
  return children;
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function parseArgsOrExit(parseArgs, options, usage) {
  try {
    return parseArgs({ options: { ...options, help: { type: 'boolean' } }, allowPositionals: false }).values;
  } catch (error) {
    console.error(`${error.message}\n${usage}`);
    process.exit(2);
  }
}

/** Runs bench/load.mjs in its own process with `spec` (scenario, target, connections, duration…) and gives its JSON result. */
export function runLoad(spec) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const specFile = join(dir, 'spec.json');
  writeFileSync(specFile, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'load.mjs'), specFile], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      try {
        resolve(JSON.parse(out));
      } catch {
        reject(new Error(`load generator printed no result: ${out.slice(0, 500)}`));
      }
    });
  });
}

const lower = (list) => list.map((w) => w.toLowerCase());
/** The name searches of the benchmarks: whole words (many hits), fragments (as typed), and misses. */
export const SEARCH_TERMS = [...lower(WORDS.materials), ...lower(WORDS.nouns), ...lower(WORDS.adjectives), 'cott', 'jack', 'wool sc', 'rustic cotton', 'zzz'];

/**
 * What a benchmark checkout buys and pays with: variants with stock to spare (the generator gives every 10th
 * product a million units, backorderable), a US address's country and state, the card payment method.
 */
export async function checkoutInputs(rows) {
  const variantIds = (
    await rows(
      `SELECT v.id FROM variants v JOIN stock_items si ON si.variant_id = v.id AND si.deleted_at IS NULL
       WHERE NOT v.is_master AND v.deleted_at IS NULL AND (si.count_on_hand >= 100000 OR si.backorderable)
       GROUP BY v.id ORDER BY md5(v.id::text) LIMIT 2000`,
    )
  ).map((r) => r.id);
  const [address] = await rows(`SELECT c.id AS country_id, s.id AS state_id FROM countries c JOIN states s ON s.country_id = c.id WHERE c.iso = 'US' AND s.abbr = 'MD'`);
  const [{ id: paymentMethodId }] = await rows(`SELECT id FROM payment_methods WHERE name = 'Credit Card' AND deleted_at IS NULL AND active`);
  return { variantIds, address, paymentMethodId };
}
