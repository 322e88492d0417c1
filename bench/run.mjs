#!/usr/bin/env node
// npm run bench -- [--duration 10] [--connections 10] [--scenarios a,b] [--workers 1,2] [--compare] …
//
// Builds the service, starts it in production mode (compiled JavaScript,
// NODE_ENV=production, LOG_LEVEL=warn) on the benchmark database, and drives
// it scenario by scenario with a load generator in a separate process
// (bench/load.mjs: autocannon, or the checkout journey driver). For each
// scenario: requests/s, latency p50/p90/p99, errors, SQL statements per
// request (counted by the service itself when BENCH_QUERY_COUNT_DIR is set),
// RSS of the serving processes before and after. Results go to
// bench/results/<date>.json and .md; --compare prints the change against the
// last committed result.
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, build, childPids, cpuMs, ensureDatabase, hostCheckMs, machineInfo, parseArgsOrExit, postgresCpuMs, require, ROOT, rssMB, runLoad, SEARCH_TERMS, checkoutInputs, sleep } from './lib/common.mjs';
import { compareResults, lastCommittedResult, markdownTable } from './lib/report.mjs';

const GROUPS = {
  catalog: ['products-index', 'product-show', 'taxon-products', 'products-search', 'variants-search'],
  // checkout-webhook: the same journey with one webhook endpoint subscribed to every event, delivered by the service.
  checkout: ['checkout', 'checkout-webhook'],
  'back-office': ['orders-search', 'order-show', 'orders-list'],
  // A storefront page's thumbnails: an uploaded image's small size by its URL (a static file).
  assets: ['image-thumbnail'],
  // The product page cache (RESPONSE_CACHE_MB) against the cheapest answer the service gives, in one run:
  // a few hot product pages (kept), the same 1000 pages as product-show with the cache off, and /health/live.
  cache: ['health-live', 'product-show-cached', 'product-show-uncached'],
};
/** Settings of the service a scenario runs on, when not the defaults: a scenario with its own starts its own service. */
const SERVICE_ENV = { 'product-show-uncached': { RESPONSE_CACHE_MB: '0' } };
const SCENARIOS = Object.values(GROUPS).flat();
const USAGE = `usage: npm run bench -- [options]
  --duration S        seconds of measured load per scenario (default 10)
  --warmup S          seconds of unmeasured load before each scenario (default 2)
  --connections N     concurrent connections / virtual customers (default 10)
  --repeat N          run each scenario N times and report the median run by req/s, all runs'
                      req/s listed (default 1): this shared machine's speed drifts from minute to minute
  --scenarios LIST    comma-separated scenarios or groups (default: all):
                      catalog = ${GROUPS.catalog.join(', ')};
                      checkout; back-office = ${GROUPS['back-office'].join(', ')}; assets = ${GROUPS.assets.join(', ')};
                      cache = ${GROUPS.cache.join(', ')}
  --workers LIST      run the scenarios with each WEB_CONCURRENCY, e.g. 1,2
                      (default: every scenario with 1 worker, then checkout with 2)
  --port P            port of the service under test (default 3999)
  --label TEXT        a note stored with the result
  --name NAME         a series of results of its own (e.g. 200k): files <date>-NAME.json/.md,
                      compared with the last committed file of the same series
  --no-build          use dist/ as it is
  --no-save           print only; write no result files
  --compare           after the run, print the change against the last committed result
  --compare-only      compare the newest result file with the last committed one, without running
  --compare-lean      instead: the service against the lean reference, interleaved run by run
                      (bench/compare-lean.mjs; npm run bench:lean -- --help for its options)
Environment: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/commerce_bench; fill it with npm run bench:data).`;

// The service against the lean reference (issue 27): a runner of its own, bench/compare-lean.mjs.
if (process.argv.includes('--compare-lean')) {
  const { spawnSync } = await import('node:child_process');
  process.exit(spawnSync(process.execPath, [join(ROOT, 'bench', 'compare-lean.mjs'), ...process.argv.slice(2)], { stdio: 'inherit' }).status ?? 1);
}

const args = parseArgsOrExit(
  parseArgs,
  {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    repeat: { type: 'string', default: '1' },
    scenarios: { type: 'string' },
    workers: { type: 'string' },
    port: { type: 'string', default: '3999' },
    label: { type: 'string' },
    name: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-save': { type: 'boolean', default: false },
    compare: { type: 'boolean', default: false },
    'compare-only': { type: 'boolean', default: false },
  },
  USAGE,
);
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const RESULTS_DIR = join(ROOT, 'bench', 'results');
if (args.name !== undefined && !/^[a-z0-9][a-z0-9_-]*$/i.test(args.name)) fail('--name takes letters, digits, - and _');
const SUFFIX = args.name ? `-${args.name}` : '';
/** Result files of this series: <date>.json, or <date>-<name>.json with --name. */
const SERIES = new RegExp(`^\\d{4}-\\d{2}-\\d{2}${SUFFIX}\\.json$`);

if (args['compare-only']) {
  const newest = newestResultFile();
  if (!newest) fail('no result file in bench/results yet: run npm run bench first');
  printComparison(JSON.parse(readFileSync(newest, 'utf8')));
  process.exit(0);
}

const duration = positive('duration');
const warmup = Number(args.warmup);
const connections = positive('connections');
const repeat = positive('repeat');
if (!Number.isInteger(repeat)) fail(`--repeat takes a whole number\n${USAGE}`);
const port = positive('port');
const scenarios = args.scenarios ? [...new Set(args.scenarios.split(',').flatMap((s) => GROUPS[s.trim()] ?? [s.trim()]))] : SCENARIOS;
for (const s of scenarios) if (!SCENARIOS.includes(s)) fail(`unknown scenario "${s}"\n${USAGE}`);
// The plan: [workers, scenarios] pairs.
const plan = args.workers
  ? args.workers.split(',').map((w) => [Number(w), scenarios])
  : [[1, scenarios], ...(scenarios.includes('checkout') ? [[2, ['checkout']]] : [])];
for (const [w] of plan) if (!Number.isInteger(w) || w < 1) fail(`--workers takes whole numbers, e.g. 1,2`);

const url = benchDatabaseUrl();
build({ force: !args['no-build'] });
await ensureDatabase(url);
const { Client } = require('pg');
const db = new Client({ connectionString: url });
await db.connect();
const adminKey = randomBytes(20).toString('hex');
let fixtures, dataset, machine;
try {
  dataset = (
    await db.query(`SELECT (SELECT count(*) FROM products WHERE deleted_at IS NULL)::int AS products, (SELECT count(*) FROM variants WHERE NOT is_master)::int AS variants,
      (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM orders WHERE state = 'complete')::int AS completed_orders,
      (SELECT count(*) FROM line_items)::int AS line_items, pg_size_pretty(pg_database_size(current_database())) AS size`)
  ).rows[0];
  if (dataset.products === 0 || dataset.completed_orders === 0) fail(`the benchmark database has no products or orders: run npm run bench:data first (${redact(url)})`);
  fixtures = await loadFixtures(db);
  machine = await machineInfo(db);
} finally {
  await db.end();
}

const results = [];
/** Images the image scenario uploaded: deleted before each service stops. */
const benchImages = [];
const started = new Date();
console.error(`Benchmark on ${dataset.products} products, ${dataset.completed_orders} completed orders (${dataset.size}); ${duration} s per scenario, ${connections} connections`);
/** The plan's runs of scenarios that share a service: consecutive scenarios with the same SERVICE_ENV. */
const services = plan.flatMap(([workers, names]) => {
  const groups = [];
  for (const name of names) {
    const env = SERVICE_ENV[name] ?? {};
    if (groups.length && JSON.stringify(groups.at(-1).env) === JSON.stringify(env)) groups.at(-1).names.push(name);
    else groups.push({ workers, env, names: [name] });
  }
  return groups.map(({ workers: w, env, names: n }) => [w, n, env]);
});
for (const [workers, names, serviceEnv] of services) {
  const service = await startService(workers, serviceEnv);
  try {
    const idle = service.rss();
    console.error(`Service up: ${workers} worker(s)${Object.keys(serviceEnv).length ? ` with ${new URLSearchParams(serviceEnv)}` : ''}, RSS ${idle.total} MB`);
    if (names.includes('image-thumbnail')) fixtures.paths['image-thumbnail'] = [await uploadBenchImage()];
    for (const name of names) {
      const runs = [];
      for (let i = 0; i < repeat; i++) runs.push(await runScenario(service, name));
      // The median run by throughput, with every run's req/s beside it.
      const result = [...runs].sort((a, b) => a.rps - b.rps)[Math.floor((runs.length - 1) / 2)];
      results.push({ scenario: name, workers, ...result, ...(repeat > 1 ? { runsRps: runs.map((r) => r.rps), runsErrors: runs.reduce((sum, r) => sum + r.errors, 0) } : {}), rssIdleMB: idle.total });
      console.error(summaryLine(results.at(-1)));
    }
  } finally {
    for (const id of benchImages.splice(0)) {
      await fetch(`http://127.0.0.1:${port}/api/products/${encodeURIComponent(fixtures.imageProduct)}/images/${id}`, { method: 'DELETE', headers: { Authorization: `Bearer ${adminKey}` } }).catch(() => undefined);
    }
    await service.stop();
  }
}

const report = {
  date: started.toISOString(),
  label: args.label ?? null,
  name: args.name ?? null,
  options: { duration, warmup, connections, repeat, port, plan: plan.map(([w, s]) => ({ workers: w, scenarios: s })) },
  machine,
  dataset,
  results,
};
const markdown = markdownTable(report);
console.log(markdown);
if (!args['no-save']) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stem = join(RESULTS_DIR, `${started.toISOString().slice(0, 10)}${SUFFIX}`);
  writeFileSync(`${stem}.json`, JSON.stringify(report, null, 2) + '\n');
  writeFileSync(`${stem}.md`, markdown + '\n');
  console.error(`Saved ${relative(ROOT, stem)}.json and .md`);
}
if (args.compare) printComparison(report);
const errorsOf = (r) => r.runsErrors ?? r.errors;
const failed = results.filter((r) => errorsOf(r) > 0);
if (failed.length > 0) {
  console.error(`Errors in: ${failed.map((r) => `${r.scenario}@${r.workers} (${errorsOf(r)})`).join(', ')}`);
  process.exitCode = 1;
}

// ---------------------------------------------------------------------------

function fail(message) {
  console.error(message);
  process.exit(2);
}

function positive(name) {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) fail(`--${name} must be a positive number\n${USAGE}`);
  return n;
}

function redact(u) {
  return u.replace(/\/\/[^@/]*@/, '//');
}

/**
 * What the scenarios ask for, read from the data: every request names something
 * that exists. Samples are ordered by a hash of the id, so runs on the same data
 * ask for the same things (and orders left by earlier checkout runs are not picked).
 */
async function loadFixtures(client) {
  const rows = async (sql, params) => (await client.query(sql, params)).rows;
  const pages = Math.max(1, Math.ceil(dataset.products / 25));
  const samples = Math.min(pages, 500);
  const productPages = Array.from({ length: samples }, (_, i) => 1 + Math.floor((i * pages) / samples));
  const slugs = (await rows(`SELECT slug FROM products WHERE deleted_at IS NULL AND available_on <= now() ORDER BY md5(id::text) LIMIT 1000`)).map((r) => r.slug);
  const taxonIds = (await rows(`SELECT taxon_id FROM classifications GROUP BY taxon_id ORDER BY count(*) DESC LIMIT 200`)).map((r) => r.taxon_id);
  const skus = (await rows(`SELECT sku FROM variants WHERE NOT is_master AND deleted_at IS NULL ORDER BY md5(id::text) LIMIT 200`)).map((r) => r.sku);
  const orderNumbers = (await rows(`SELECT number FROM orders WHERE state = 'complete' AND email LIKE 'customer%@example.com' ORDER BY md5(id::text) LIMIT 1000`)).map((r) => r.number);
  const emails = (await rows(`SELECT email FROM users WHERE NOT admin AND email LIKE 'customer%@example.com' ORDER BY md5(id::text) LIMIT 300`)).map((r) => r.email);
  // Checkout buys variants with stock to spare (the generator gives every 10th product a million units, backorderable).
  const { variantIds, address, paymentMethodId } = await checkoutInputs(rows);
  if (variantIds.length < 2) fail('no well-stocked variants for the checkout scenario: regenerate with npm run bench:data');
  const terms = SEARCH_TERMS;
  const q = (params) => new URLSearchParams(params).toString();
  return {
    paths: {
      'products-index': productPages.map((p) => `/api/products?${q({ per_page: 25, page: p })}`),
      'product-show': slugs.map((s) => `/api/products/${encodeURIComponent(s)}`),
      'product-show-uncached': slugs.map((s) => `/api/products/${encodeURIComponent(s)}`),
      // The storefront's hot pages: ten products asked again and again, each kept after its first read.
      'product-show-cached': slugs.slice(0, 10).map((s) => `/api/products/${encodeURIComponent(s)}`),
      'health-live': ['/health/live'],
      'taxon-products': taxonIds.map((id) => `/api/taxons/products?${q({ id })}`),
      'products-search': terms.map((t) => `/api/products?${q({ 'q[name_cont]': t })}`),
      'variants-search': [...terms, ...skus.map((s) => s.slice(0, -1)), ...skus.slice(0, 50)].map((t) => `/api/variants?${q({ 'q[product_name_or_sku_cont]': t })}`),
      // An admin looking a customer up by part of the address, newest first.
      'orders-search': emails.map((e) => `/api/orders?${q({ 'q[email_cont]': e.split('@')[0], 'q[s]': 'completed_at desc' })}`),
      'order-show': orderNumbers.map((n) => `/api/orders/${n}`),
      // The back-office's orders list (admin/src/orders.tsx) as it asks for it: 25 a page, newest first, its filters.
      'orders-list': ordersListPaths(q),
    },
    admin: new Set(['orders-search', 'order-show', 'orders-list']),
    imageProduct: slugs[0],
    checkout: {
      variantIds,
      address,
      paymentMethodId,
      card: { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 3), verification_value: '123', name: 'Bench Customer' },
    },
  };
}

/**
 * The requests of the back-office's orders list (react-admin's data provider:
 * page, per_page, q[<predicate>], q[s]): its first pages with the default sort
 * (created_at desc) and each column's sort, and its filters (state, payment
 * state, shipment state, completed in the last week or month, a number
 * fragment), each on its first page as the clerk opens it.
 */
function ordersListPaths(q) {
  const list = (params) => `/api/orders?${q({ page: 1, per_page: 25, 'q[s]': 'created_at desc', ...params })}`;
  const day = 24 * 3600 * 1000;
  const since = (days) => new Date(Date.now() - days * day).toISOString().slice(0, 10);
  return [
    ...Array.from({ length: 10 }, (_, i) => list({ page: i + 1 })),
    ...['number', 'email', 'state', 'payment_state', 'shipment_state', 'total', 'completed_at'].flatMap((f) => [list({ 'q[s]': `${f} asc` }), list({ 'q[s]': `${f} desc` })]),
    list({ 'q[state_eq]': 'complete' }),
    list({ 'q[state_eq]': 'canceled' }),
    list({ 'q[payment_state_eq]': 'paid' }),
    list({ 'q[payment_state_eq]': 'balance_due' }),
    list({ 'q[shipment_state_eq]': 'ready' }),
    list({ 'q[shipment_state_eq]': 'ready', 'q[payment_state_eq]': 'paid' }),
    list({ 'q[completed_at_gteq]': since(7) }),
    list({ 'q[completed_at_gteq]': since(30), 'q[completed_at_lteq]': since(0) }),
    list({ 'q[number_cont]': 'R12' }),
    list({ 'q[email_cont]': 'customer1' }),
  ];
}

/**
 * The image scenario's file: a picture uploaded through the API as a back-office
 * would (the generated store's images are metadata only), into the service's
 * own temporary UPLOADS_DIR. Returns its small size's URL.
 */
async function uploadBenchImage() {
  const sharp = require('sharp');
  const picture = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } }).jpeg().toBuffer();
  const form = new FormData();
  form.append('image[attachment]', new Blob([picture], { type: 'image/jpeg' }), 'bench.jpg');
  const res = await fetch(`http://127.0.0.1:${port}/api/products/${encodeURIComponent(fixtures.imageProduct)}/images`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${adminKey}` },
    body: form,
  });
  if (res.status !== 201) fail(`could not upload the benchmark image: ${res.status} ${await res.text()}`);
  const image = await res.json();
  // The file stays in the service's temporary folder; its row goes, so the store is as it was.
  benchImages.push(image.id);
  return image.small_url;
}

/** Starts `node dist/main.js` as production would, waits until every worker serves. */
async function startService(workers, serviceEnv = {}) {
  const countDir = mkdtempSync(join(tmpdir(), 'bench-queries-'));
  const logFile = join(countDir, 'service.log');
  const log = openSync(logFile, 'a');
  // As npm run start:prod runs it: with the node options of that script (heap sizes). BENCH_NODE_ARGS
  // adds node options for a look inside (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof").
  const productionArgs = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts['start:prod'].split(' ').filter((a) => a.startsWith('--'));
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...productionArgs, join(ROOT, 'dist', 'main.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      PORT: String(port),
      WEB_CONCURRENCY: String(workers),
      SAMPLE_DATA: 'false',
      ADMIN_EMAIL: 'bench-admin@example.com',
      ADMIN_API_KEY: adminKey,
      BENCH_QUERY_COUNT_DIR: countDir,
      UPLOADS_DIR: join(countDir, 'uploads'),
      // The checkout-webhook scenario's receiver listens on loopback.
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
      ...serviceEnv,
    },
    stdio: ['ignore', log, log],
  });
  let exited = null;
  child.on('exit', (code, signal) => (exited = { code, signal }));
  // Never leave a service behind, whatever ends the runner.
  process.on('exit', () => exited || child.kill('SIGKILL'));
  // The cluster's workers: the primary's children running the service (not, say, an embedded PostgreSQL).
  const isWorker = (pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.js');
    } catch {
      return false;
    }
  };
  const servingPids = () => (workers > 1 ? childPids(child.pid).filter(isWorker) : [child.pid]);
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) fail(`the service exited during start-up (${JSON.stringify(exited)}); its log:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      fail(`the service did not become ready in 180 s; its log:\n${readFileSync(logFile, 'utf8').slice(-3000)}`);
    }
    const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false);
    // With a cluster, ready once every worker has made its data source (its count file is there).
    if (ready && servingPids().length === workers && (await queryCounts(servingPids(), 2000).catch(() => null))) break;
    await sleep(300);
  }
  return {
    pid: child.pid,
    servingPids,
    rss: () => {
      const perProcess = Object.fromEntries([child.pid, ...(workers > 1 ? servingPids() : [])].map((pid) => [pid, rssMB(pid)]));
      const total = Math.round(Object.values(perProcess).reduce((a, b) => a + (b ?? 0), 0) * 10) / 10;
      return { total, perProcess };
    },
    queries: () => queryCounts(servingPids()),
    /** CPU time of the serving processes so far, in ms. */
    cpuMs: () => servingPids().reduce((sum, pid) => sum + cpuMs(pid), 0),
    async stop() {
      if (!exited) {
        child.kill('SIGTERM');
        const until = Date.now() + 30_000;
        while (!exited && Date.now() < until) await sleep(100);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(countDir, { recursive: true, force: true });
    },
  };

  /** Adds up the statement counts the serving processes keep in <dir>/<pid>.json (refreshed every 200 ms). */
  async function queryCounts(pids, timeoutMs = 10_000) {
    await sleep(500); // let requests still on their way finish and the counts settle
    const total = { queries: 0, transactionControl: 0 };
    for (const pid of pids) {
      const file = join(countDir, `${pid}.json`);
      const until = Date.now() + timeoutMs;
      while (!existsSync(file)) {
        if (Date.now() > until) throw new Error(`process ${pid} does not report its query count`);
        await sleep(50);
      }
      const counts = JSON.parse(readFileSync(file, 'utf8'));
      total.queries += counts.queries;
      total.transactionControl += counts.transactionControl;
    }
    return total;
  }
}


async function runScenario(service, name) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const spec =
    name === 'checkout' || name === 'checkout-webhook'
      ? { mode: 'checkout', baseUrl, connections, fixtures: fixtures.checkout }
      : { mode: 'http', baseUrl, connections, paths: fixtures.paths[name], headers: fixtures.admin.has(name) ? { Authorization: `Bearer ${adminKey}` } : {} };
  const hostCheck = await hostCheckMs(); // before the load, on a quiet machine
  const webhook = name === 'checkout-webhook' ? await subscribeReceiver(baseUrl) : null;
  try {
    return { ...(await measure(service, name, spec, hostCheck)), ...(webhook ? { webhooks: await webhook.done() } : {}) };
  } finally {
    await webhook?.close();
  }
}

/**
 * A webhook receiver on loopback (answers 200 at once) and an endpoint
 * subscribed to every event type pointing at it. `done()` waits for the
 * deliveries of the run to drain (up to 30 s) and says how many arrived and how
 * many were left pending then.
 */
async function subscribeReceiver(baseUrl) {
  const http = require('node:http');
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const headers = { Authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
  const events = ['order.completed', 'order.canceled', 'order.resumed', 'order.updated', 'payment.authorized', 'payment.captured', 'payment.voided', 'payment.credited', 'payment.failed', 'shipment.ready', 'shipment.shipped', 'return_authorization.authorized', 'return_authorization.received', 'return_authorization.canceled', 'product.created', 'product.updated', 'product.deleted', 'stock_item.out_of_stock', 'stock_item.back_in_stock', 'user.created'];
  const res = await fetch(`${baseUrl}/api/webhook_endpoints`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ webhook_endpoint: { url: `http://127.0.0.1:${server.address().port}/hooks`, events } }),
  });
  if (res.status !== 201) fail(`could not create the benchmark webhook endpoint: ${res.status} ${await res.text()}`);
  const endpoint = await res.json();
  const pending = async () => {
    const r = await fetch(`${baseUrl}/api/webhook_endpoints/${endpoint.id}/deliveries?q[state_eq]=pending&per_page=1`, { headers });
    return (await r.json()).total_count;
  };
  return {
    async done() {
      const until = Date.now() + 30_000;
      let left = await pending();
      while (left > 0 && Date.now() < until) {
        await sleep(500);
        left = await pending();
      }
      return { received, pendingAfterDrain: left };
    },
    async close() {
      await fetch(`${baseUrl}/api/webhook_endpoints/${endpoint.id}`, { method: 'DELETE', headers }).catch(() => undefined);
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function measure(service, name, spec, hostCheck) {
  if (warmup > 0) await runLoad({ ...spec, duration: warmup });
  const rssBefore = service.rss();
  const queriesBefore = await service.queries();
  // RSS every 5 s while the load runs: a long run (--duration 300) shows whether memory keeps growing.
  const rssSamplesMB = [];
  const sampler = setInterval(() => rssSamplesMB.push(service.rss().total), 5000);
  const cpuBefore = { service: service.cpuMs(), postgres: postgresCpuMs() };
  const load = await runLoad({ ...spec, duration }).finally(() => clearInterval(sampler));
  const cpuAfter = { service: service.cpuMs(), postgres: postgresCpuMs() };
  const queriesAfter = await service.queries();
  const rssAfter = service.rss();
  const statements = queriesAfter.queries - queriesBefore.queries;
  const control = queriesAfter.transactionControl - queriesBefore.transactionControl;
  return {
    connections,
    ...load,
    queriesPerRequest: load.requests > 0 ? Math.round((statements / load.requests) * 100) / 100 : null,
    transactionStatementsPerRequest: load.requests > 0 ? Math.round((control / load.requests) * 100) / 100 : null,
    // Where each request's time goes, steadier than req/s on a shared machine: CPU ms per request
    // of the serving processes, of PostgreSQL (all its processes) and of the load generator.
    cpuMsPerRequest:
      load.requests > 0
        ? {
            service: Math.round(((cpuAfter.service - cpuBefore.service) / load.requests) * 100) / 100,
            postgres: Math.round(((cpuAfter.postgres - cpuBefore.postgres) / load.requests) * 100) / 100,
            loadGenerator: Math.round((load.loadGeneratorCpuMs / load.requests) * 100) / 100,
          }
        : null,
    ...(spec.mode === 'checkout' && load.completedCheckouts > 0 ? { queriesPerCheckout: Math.round((statements / load.completedCheckouts) * 10) / 10 } : {}),
    hostCheckMs: hostCheck,
    rssBeforeMB: rssBefore.total,
    rssAfterMB: rssAfter.total,
    rssAfterPerProcessMB: rssAfter.perProcess,
    rssLargestProcessAfterMB: Math.max(...Object.values(rssAfter.perProcess).map((v) => v ?? 0)),
    rssSamplesMB,
  };
}

function summaryLine(r) {
  const extra = (r.scenario.startsWith('checkout') ? `, ${r.checkoutsPerSecond} checkouts/s` : '') + (r.webhooks ? `, webhooks received ${r.webhooks.received} (pending after drain ${r.webhooks.pendingAfterDrain})` : '');
  return `  ${`${r.scenario}@${r.workers}`.padEnd(20)} ${String(r.rps).padStart(8)} req/s  p50 ${r.latencyMs.p50} ms  p99 ${r.latencyMs.p99} ms  errors ${r.errors}  queries/req ${r.queriesPerRequest}  RSS ${r.rssBeforeMB}→${r.rssAfterMB} MB${extra}${
    r.failures?.length ? `\n    first failures: ${JSON.stringify(r.failures.slice(0, 2))}` : ''
  }`;
}

function newestResultFile() {
  if (!existsSync(RESULTS_DIR)) return undefined;
  const files = execFileSync('ls', ['-1', RESULTS_DIR], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => SERIES.test(f))
    .sort();
  return files.length ? join(RESULTS_DIR, files.at(-1)) : undefined;
}

function printComparison(current) {
  const previous = lastCommittedResult(ROOT, SERIES);
  if (!previous) {
    console.log('No committed result to compare with (commit a bench/results/<date>.json first).');
    return;
  }
  console.log(compareResults(previous, current));
}
