#!/usr/bin/env node
// npm run bench:lean -- [--duration 10] [--runs 3] [--connections 32] [--checkout-connections 8] [--scenarios …]
// (also: npm run bench -- --compare-lean [same options])
//
// Issue 27's yardstick: the service against the lean reference (bench/lean-reference/server.mjs:
// node:http + pg, prepared statements, no framework, ORM or cache) on the same benchmark database
// (npm run bench:data), driven by the same load generator (bench/load.mjs), interleaved run by run:
// for each scenario, run 1 service then reference, run 2 reference then service, and so on, so that
// the shared machine's drift falls on both alike. Per scenario and server: the median run's req/s
// (and completed checkouts/s), p50/p99 latency, errors, every run's req/s; the ratio service/reference
// of the medians; SQL statements per request (per checkout), counted by each server itself; CPU ms
// per request of the server and of PostgreSQL (all its processes, machine-wide: noisy on a shared
// machine). Results go to bench/results/<date>-lean.json and .md (--no-save: print only).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync, openSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, build, cpuMs, ensureDatabase, machineInfo, parseArgsOrExit, postgresCpuMs, require, ROOT, runLoad, SEARCH_TERMS, checkoutInputs, sleep } from './lib/common.mjs';

const SCENARIOS = ['products-index', 'products-search', 'product-show', 'checkout'];
const USAGE = `usage: npm run bench:lean -- [options]   (or npm run bench -- --compare-lean [options])
  --duration S               seconds of measured load per run (default 10)
  --warmup S                 seconds of unmeasured load per server before a scenario's first run (default 2)
  --runs N                   runs per server and scenario, interleaved (default 3)
  --connections N            connections for the catalog scenarios (default 32)
  --checkout-connections N   shoppers for the checkout scenario (default 8)
  --scenarios LIST           some of ${SCENARIOS.join(', ')} (default: all)
  --port P / --lean-port P   ports of the service (default 3999) and of the reference (default 4001)
  --label TEXT               a note stored with the result
  --no-build                 use dist/ as it is
  --no-save                  print only
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/commerce_bench; fill it with npm run bench:data).`;

const argv = process.argv.slice(2).filter((a) => a !== '--compare-lean');
const args = parseArgsOrExit(
  (options) => parseArgs({ ...options, args: argv }),
  {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    runs: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'checkout-connections': { type: 'string', default: '8' },
    scenarios: { type: 'string' },
    port: { type: 'string', default: '3999' },
    'lean-port': { type: 'string', default: '4001' },
    label: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
  },
  USAGE,
);
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const num = (name) => {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n < 0) fail(`--${name} must be a number\n${USAGE}`);
  return n;
};
const [duration, warmup, runs, connections, checkoutConnections, port, leanPort] = ['duration', 'warmup', 'runs', 'connections', 'checkout-connections', 'port', 'lean-port'].map(num);
const scenarios = args.scenarios ? args.scenarios.split(',').map((s) => s.trim()) : SCENARIOS;
for (const s of scenarios) if (!SCENARIOS.includes(s)) fail(`unknown scenario "${s}"\n${USAGE}`);

const url = benchDatabaseUrl();
build({ force: !args['no-build'] });
await ensureDatabase(url);
const { Client } = require('pg');
const db = new Client({ connectionString: url });
await db.connect();
let fixtures, machine, dataset;
try {
  dataset = (await db.query(`SELECT (SELECT count(*) FROM products WHERE deleted_at IS NULL)::int AS products, (SELECT count(*) FROM orders WHERE state = 'complete')::int AS completed_orders`)).rows[0];
  if (dataset.products === 0) fail('the benchmark database has no products: run npm run bench:data first');
  fixtures = await loadFixtures(db);
  machine = await machineInfo(db);
} finally {
  await db.end();
}

const started = new Date();
const servers = { service: await startService(), reference: await startLean() };
const results = [];
try {
  console.error(`Service/lean reference on ${dataset.products} products; ${runs} interleaved runs of ${duration} s per scenario; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  for (const scenario of scenarios) {
    const perServer = { service: [], reference: [] };
    const conns = scenario === 'checkout' ? checkoutConnections : connections;
    if (warmup > 0) for (const name of ['service', 'reference']) await runLoad(spec(scenario, servers[name], conns, warmup));
    for (let i = 0; i < runs; i++) {
      const order = i % 2 === 0 ? ['service', 'reference'] : ['reference', 'service'];
      for (const name of order) {
        const run = await measure(servers[name], spec(scenario, servers[name], conns, duration));
        perServer[name].push(run);
        console.error(`  ${scenario.padEnd(16)} run ${i + 1} ${name.padEnd(9)} ${String(run.rps).padStart(8)} req/s${run.checkoutsPerSecond !== undefined ? ` ${run.checkoutsPerSecond} checkouts/s` : ''}  p50 ${run.latencyMs.p50} ms  p99 ${run.latencyMs.p99} ms  errors ${run.errors}  statements/req ${run.statementsPerRequest}  load ${run.loadAverage}`);
      }
    }
    const median = (list) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor((list.length - 1) / 2)];
    const summary = Object.fromEntries(
      Object.entries(perServer).map(([name, list]) => {
        const m = median(list);
        return [name, { ...m, runsRps: list.map((r) => r.rps), runsCheckoutsPerSecond: scenario === 'checkout' ? list.map((r) => r.checkoutsPerSecond) : undefined, errorsAllRuns: list.reduce((s, r) => s + r.errors, 0) }];
      }),
    );
    const key = scenario === 'checkout' ? 'checkoutsPerSecond' : 'rps';
    results.push({ scenario, connections: conns, ratio: Math.round((summary.service[key] / summary.reference[key]) * 100) / 100, ...summary });
  }
} finally {
  await servers.service.stop();
  await servers.reference.stop();
}

const report = { date: started.toISOString(), label: args.label ?? null, options: { duration, warmup, runs, connections, checkoutConnections }, machine, dataset, results };
const markdown = markdownReport(report);
console.log(markdown);
if (!args['no-save']) {
  const dir = join(ROOT, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stem = join(dir, `${started.toISOString().slice(0, 10)}-lean`);
  writeFileSync(`${stem}.json`, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(`${stem}.md`, markdown + '\n');
  console.error(`Saved ${relative(ROOT, stem)}.json and .md`);
}
if (results.some((r) => r.service.errorsAllRuns + r.reference.errorsAllRuns > 0)) process.exitCode = 1;

// ---------------------------------------------------------------------------

function fail(message) {
  console.error(message);
  process.exit(2);
}

function spec(scenario, server, conns, seconds) {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  return scenario === 'checkout'
    ? { mode: 'checkout', baseUrl, connections: conns, duration: seconds, fixtures: fixtures.checkout }
    : { mode: 'http', baseUrl, connections: conns, duration: seconds, paths: fixtures.paths[scenario], headers: {} };
}

async function measure(server, loadSpec) {
  const before = { statements: await server.statements(), cpu: server.cpuMs(), postgres: postgresCpuMs() };
  const loadAverage = loadavg()[0].toFixed(2);
  const load = await runLoad(loadSpec);
  await sleep(500); // let the counts settle
  const after = { statements: await server.statements(), cpu: server.cpuMs(), postgres: postgresCpuMs() };
  const per = (n, d) => (d > 0 ? Math.round((n / d) * 100) / 100 : null);
  const statements = after.statements.queries - before.statements.queries;
  const control = after.statements.transactionControl - before.statements.transactionControl;
  return {
    ...load,
    loadAverage,
    statementsPerRequest: per(statements, load.requests),
    transactionStatementsPerRequest: per(control, load.requests),
    ...(loadSpec.mode === 'checkout' ? { statementsPerCheckout: per(statements, load.completedCheckouts), transactionStatementsPerCheckout: per(control, load.completedCheckouts) } : {}),
    cpuMsPerRequest: { server: per(after.cpu - before.cpu, load.requests), postgres: per(after.postgres - before.postgres, load.requests) },
  };
}


async function waitReady(check, child, logFile, what) {
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  process.on('exit', () => exited || child.kill('SIGKILL'));
  const deadline = Date.now() + 180_000;
  while (!(await check().catch(() => false))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      fail(`${what} did not start (${JSON.stringify(exited)}); its log:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    await sleep(300);
  }
  return async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const until = Date.now() + 30_000;
    while (!exited && Date.now() < until) await sleep(100);
    if (!exited) child.kill('SIGKILL');
  };
}

/** The service as npm run bench starts it: compiled, production mode, one worker, its own statement counts. */
async function startService() {
  const countDir = mkdtempSync(join(tmpdir(), 'bench-queries-'));
  const logFile = join(countDir, 'service.log');
  const productionArgs = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['start:prod'].split(' ').filter((a) => a.startsWith('--'));
  const child = spawn(process.execPath, [...productionArgs, join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: url, PORT: String(port), WEB_CONCURRENCY: '1', SAMPLE_DATA: 'false', ADMIN_EMAIL: 'bench-admin@example.com', BENCH_QUERY_COUNT_DIR: countDir },
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  const countFile = () => join(countDir, `${child.pid}.json`);
  const stop = await waitReady(async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).ok && existsSync(countFile()), child, logFile, 'the service');
  return {
    port,
    cpuMs: () => cpuMs(child.pid),
    statements: async () => {
      const c = JSON.parse(readFileSync(countFile(), 'utf8'));
      return { queries: c.queries, transactionControl: c.transactionControl };
    },
    stop: async () => {
      await stop();
      rmSync(countDir, { recursive: true, force: true });
    },
  };
}

/** The lean reference, with as many database connections as the service's pool (10 by default). */
async function startLean() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-lean-'));
  const logFile = join(dir, 'lean.log');
  const child = spawn(process.execPath, [join(ROOT, 'bench', 'lean-reference', 'server.mjs')], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, PORT: String(leanPort), LEAN_POOL: process.env.DATABASE_POOL_SIZE ?? '10' },
    stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
  });
  const stop = await waitReady(async () => (await fetch(`http://127.0.0.1:${leanPort}/__lean/stats`)).ok, child, logFile, 'the lean reference');
  return {
    port: leanPort,
    cpuMs: () => cpuMs(child.pid),
    statements: async () => {
      const s = await (await fetch(`http://127.0.0.1:${leanPort}/__lean/stats`)).json();
      // The stats request itself is no statement.
      return { queries: s.statements, transactionControl: s.transactionControl };
    },
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The same fixtures as bench/run.mjs's scenarios of the same names. */
async function loadFixtures(client) {
  const rows = async (sql, params) => (await client.query(sql, params)).rows;
  const pages = Math.max(1, Math.ceil(dataset.products / 25));
  const samples = Math.min(pages, 500);
  const productPages = Array.from({ length: samples }, (_, i) => 1 + Math.floor((i * pages) / samples));
  const slugs = (await rows(`SELECT slug FROM products WHERE deleted_at IS NULL AND available_on <= now() ORDER BY md5(id::text) LIMIT 1000`)).map((r) => r.slug);
  const { variantIds, address, paymentMethodId } = await checkoutInputs(rows);
  if (variantIds.length < 2) fail('no well-stocked variants for the checkout scenario: regenerate with npm run bench:data');
  const terms = SEARCH_TERMS;
  const q = (params) => new URLSearchParams(params).toString();
  return {
    paths: {
      'products-index': productPages.map((p) => `/api/products?${q({ per_page: 25, page: p })}`),
      'products-search': terms.map((t) => `/api/products?${q({ 'q[name_cont]': t })}`),
      'product-show': slugs.map((s) => `/api/products/${encodeURIComponent(s)}`),
    },
    checkout: {
      variantIds,
      address,
      paymentMethodId,
      card: { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 3), verification_value: '123', name: 'Bench Customer' },
    },
  };
}

function markdownReport(r) {
  const lines = [
    `# Service against the lean reference, ${r.date.slice(0, 16).replace('T', ' ')} UTC${r.label ? ` (${r.label})` : ''}`,
    '',
    `${r.dataset.products} products, ${r.dataset.completed_orders} completed orders; ${r.options.runs} interleaved runs of ${r.options.duration} s per server and scenario, median run shown;` +
      ` ${r.options.connections} connections (catalog), ${r.options.checkoutConnections} shoppers (checkout). 1-minute load average at the median runs' start (service/reference): ${r.results.map((x) => `${x.scenario} ${x.service.loadAverage}/${x.reference.loadAverage}`).join(', ')}.`,
    '',
    '| scenario | server | req/s (runs) | checkouts/s (runs) | p50 ms | p99 ms | errors | statements/req (+BEGIN/COMMIT) | per checkout | CPU ms/req server + PostgreSQL | ratio service/reference |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const x of r.results) {
    for (const name of ['service', 'reference']) {
      const s = x[name];
      lines.push(
        `| ${x.scenario} | ${name} | ${s.rps} (${s.runsRps.join(', ')}) | ${x.scenario === 'checkout' ? `${s.checkoutsPerSecond} (${s.runsCheckoutsPerSecond.join(', ')})` : ''} | ${s.latencyMs.p50} | ${s.latencyMs.p99} | ${s.errorsAllRuns} | ${s.statementsPerRequest} (+${s.transactionStatementsPerRequest}) | ${
          x.scenario === 'checkout' ? `${s.statementsPerCheckout} (+${s.transactionStatementsPerCheckout})` : ''
        } | ${s.cpuMsPerRequest.server} + ${s.cpuMsPerRequest.postgres} | ${name === 'service' ? `**${x.ratio}**` : ''} |`,
      );
    }
  }
  lines.push('', 'Ratio: median req/s (checkout: median completed checkouts/s) of the service over the reference\'s. PostgreSQL CPU is machine-wide (every database on the cluster): noisy on a shared machine.');
  return lines.join('\n');
}
