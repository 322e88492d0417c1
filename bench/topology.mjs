#!/usr/bin/env node
// npm run bench:topology -- [--duration 10] [--warmup 2] [--connections 10] [--keep] [--no-save]
//
// The service measured as deployed (docs/deployment.md): through nginx in
// front of two instances (app1: PgBouncer in session mode; app2: transaction
// mode), PgBouncer, a primary and a streaming replica, all on this machine
// (scripts/topology.mjs; run as root). Brings the topology up unless it is
// running (and down again afterwards unless --keep), on its sample catalog.
//
// Scenarios, each driven by bench/load.mjs in its own process:
//   health-live            GET /health/live through nginx: the floor of a request through the stack
//   product-show-cached    anonymous product pages nginx has kept (Cache-Control: public): HITs
//   product-show-uncached  the same pages with a query never asked before: nginx misses, an instance
//                          builds the page from the replica
//   product-show-app1      the same pages from app1 itself, without nginx (nothing caches): PgBouncer in
//                          session mode, prepared statements
//   product-show-app2      the same from app2: transaction mode, no prepared statements (the replica's
//                          connections too: the setting is the process's)
//   checkout               guest checkouts through nginx, spread over both instances
// For each: req/s, latency, errors, and CPU ms per request of nginx, the instances and PostgreSQL.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMs, postgresCpuMs, require, ROOT, sleep } from './lib/common.mjs';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);

const DATA = join(ROOT, '.data', 'topology');
const NGINX = 'http://127.0.0.1:38080';
const APP1 = 'http://127.0.0.1:38101';
const APP2 = 'http://127.0.0.1:38102';
const PRIMARY_URL = 'postgres://postgres@127.0.0.1:55432/commerce';
const topology = (...a) => execFileSync(process.execPath, [join(ROOT, 'scripts', 'topology.mjs'), ...a], { stdio: ['ignore', 'ignore', 'inherit'] });

const running = await fetch(`${NGINX}/health/ready`).then((r) => r.ok, () => false);
if (!running) {
  console.error('Bringing the topology up (npm run topology -- up)');
  topology('up');
}

const pidOf = (file) => {
  try {
    return Number(readFileSync(join(DATA, file), 'utf8').split('\n')[0].trim());
  } catch {
    return undefined;
  }
};
const childrenOf = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
};
const nginxPids = () => {
  const master = pidOf('nginx/nginx.pid');
  return master ? [master, ...childrenOf(master)] : [];
};
const appPids = () => [pidOf('apps/app1.pid'), pidOf('apps/app2.pid')].filter(Boolean);
const cpu = () => ({
  nginx: nginxPids().reduce((s, p) => s + cpuMs(p), 0),
  apps: appPids().reduce((s, p) => s + cpuMs(p), 0),
  pgbouncer: cpuMs(pidOf('pgbouncer/pgbouncer.pid')),
  postgres: postgresCpuMs(),
});

// Fixtures from the primary: the sample catalog's pages, and variants a checkout can always buy.
const { Client } = require('pg');
const db = new Client({ connectionString: PRIMARY_URL });
await db.connect();
let slugs, checkout;
try {
  slugs = (await db.query(`SELECT slug FROM products WHERE deleted_at IS NULL AND available_on <= now() ORDER BY id`)).rows.map((r) => r.slug);
  const variantIds = (await db.query(`SELECT v.id FROM variants v WHERE v.deleted_at IS NULL AND NOT v.is_master ORDER BY v.id LIMIT 10`)).rows.map((r) => r.id);
  // A test bed: the benchmark's variants never run out.
  await db.query(`UPDATE stock_items SET backorderable = true WHERE variant_id = ANY($1)`, [variantIds]);
  const [address] = (await db.query(`SELECT c.id AS country_id, s.id AS state_id FROM countries c JOIN states s ON s.country_id = c.id WHERE c.iso = 'US' AND s.abbr = 'MD'`)).rows;
  const [{ id: paymentMethodId }] = (await db.query(`SELECT id FROM payment_methods WHERE name = 'Credit Card' AND deleted_at IS NULL AND active`)).rows;
  checkout = {
    variantIds,
    address,
    paymentMethodId,
    card: { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 3), verification_value: '123', name: 'Bench Customer' },
  };
} finally {
  await db.end();
}
if (slugs.length === 0) throw new Error('the topology has no products (SAMPLE_DATA)');

const productPaths = slugs.map((s) => `/api/products/${encodeURIComponent(s)}`);
let probe = 0;
/** Paths nobody asked before: nginx cannot have them (200,000 of them outlast any run here). */
const uncached = () => Array.from({ length: 200_000 }, (_, i) => `${productPaths[i % productPaths.length]}?probe=${Date.now()}-${probe++}-${i}`);
const SCENARIOS = {
  'health-live': { mode: 'http', baseUrl: NGINX, paths: ['/health/live'] },
  'product-show-cached': { mode: 'http', baseUrl: NGINX, paths: productPaths },
  'product-show-uncached': { mode: 'http', baseUrl: NGINX, paths: null },
  'product-show-app1': { mode: 'http', baseUrl: APP1, paths: productPaths },
  'product-show-app2': { mode: 'http', baseUrl: APP2, paths: productPaths },
  checkout: { mode: 'checkout', baseUrl: NGINX, fixtures: checkout },
};

function runLoad(spec) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-topology-'));
  const file = join(dir, 'spec.json');
  writeFileSync(file, JSON.stringify(spec));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'load.mjs'), file], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => {
      rmSync(dir, { recursive: true, force: true });
      if (code !== 0) return reject(new Error(`load generator exited with ${code}`));
      resolve(JSON.parse(out));
    });
  });
}

const results = [];
try {
  for (const [name, scenario] of Object.entries(SCENARIOS)) {
    const spec = { ...scenario, connections, paths: scenario.paths === null ? uncached() : scenario.paths };
    if (warmup > 0) await runLoad({ ...spec, duration: warmup, ...(scenario.paths === null ? { paths: uncached() } : {}) });
    const before = cpu();
    const load = await runLoad({ ...spec, duration });
    const after = cpu();
    // Never below 0: nginx's cache loader exits during a run, taking its CPU time out of the sum.
    const perRequest = (key) => (load.requests > 0 ? Math.max(0, Math.round(((after[key] - before[key]) / load.requests) * 100) / 100) : null);
    results.push({
      scenario: name,
      rps: load.rps,
      latencyMs: load.latencyMs,
      errors: load.errors,
      ...(load.completedCheckouts !== undefined ? { completedCheckouts: load.completedCheckouts } : {}),
      cpuMsPerRequest: { nginx: perRequest('nginx'), apps: perRequest('apps'), pgbouncer: perRequest('pgbouncer'), postgres: perRequest('postgres') },
    });
    const r = results.at(-1);
    console.error(`${name}: ${r.rps} req/s, p50 ${r.latencyMs.p50} ms, p99 ${r.latencyMs.p99} ms, ${r.errors} errors, CPU ms/request ${JSON.stringify(r.cpuMsPerRequest)}`);
    await sleep(500);
  }
} finally {
  if (!running && !args.keep) topology('down');
}

const health = results.find((r) => r.scenario === 'health-live');
const cached = results.find((r) => r.scenario === 'product-show-cached');
const lines = [
  `Through the topology (nginx, 2 instances, PgBouncer, primary + replica), ${connections} connections, ${duration} s per scenario, ${new Date().toISOString()}`,
  '',
  '| scenario | req/s | p50 ms | p99 ms | errors | CPU ms/req nginx | apps | pgbouncer | postgres |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.scenario}${r.completedCheckouts !== undefined ? ` (${r.completedCheckouts} completed)` : ''} | ${r.rps} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.errors} | ${r.cpuMsPerRequest.nginx} | ${r.cpuMsPerRequest.apps} | ${r.cpuMsPerRequest.pgbouncer} | ${r.cpuMsPerRequest.postgres} |`,
  ),
  '',
  `A cached product page costs ${Math.round((health.rps / cached.rps) * 100) / 100}× GET /health/live (by req/s) in the same run.`,
];
console.log(lines.join('\n'));
if (!args['no-save']) {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `${new Date().toISOString().slice(0, 10)}-topology`);
  writeFileSync(`${stem}.json`, JSON.stringify({ date: new Date().toISOString(), options: { duration, warmup, connections }, results }, null, 2) + '\n');
  writeFileSync(`${stem}.md`, lines.join('\n') + '\n');
  console.error(`Saved ${stem}.json and .md`);
}
if (results.some((r) => r.errors > 0)) process.exitCode = 1;
if (!existsSync(DATA)) console.error('(the topology data folder is gone)');
