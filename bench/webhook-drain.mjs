#!/usr/bin/env node
/**
 * Webhook delivery throughput of one service process: N events written to the
 * outbox in one transaction (straight inserts into the bench's own database),
 * one endpoint subscribed to them on a loopback receiver that answers 200 at
 * once, and the time until every delivery has arrived.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_delivery node bench/webhook-drain.mjs --events 2000
 *
 * Prints deliveries/s (events / time from the commit to the last receipt) and
 * the lag from the commit to each receipt (p50, p99, max). Settings of the
 * service (e.g. WEBHOOKS_CONCURRENCY) pass through the environment.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, build, ensureDatabase, parseArgsOrExit, require, ROOT, sleep } from './lib/common.mjs';

const args = parseArgsOrExit(
  parseArgs,
  {
    events: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '1' },
    port: { type: 'string', default: '3917' },
    'no-build': { type: 'boolean', default: false },
  },
  'usage: node bench/webhook-drain.mjs [--events 2000] [--rounds 1] [--port 3917] [--no-build]',
);
const events = Number(args.events);
const url = benchDatabaseUrl();
const port = Number(args.port);
const adminKey = 'bench-delivery-admin-key-0123456789abcdef';
const http = require('node:http');
const { Client } = require('pg');

build({ force: !args['no-build'] });
// The bench's own database, made afresh: no endpoint or backlog of an earlier run competes.
await ensureDatabase(url, { reset: true });

// The receiver: answers 200 at once, notes when each message arrived.
const arrivals = new Map();
const receiver = http.createServer((req, res) => {
  const id = req.headers['webhook-id'];
  req.resume();
  req.on('end', () => {
    if (!arrivals.has(id)) arrivals.set(id, performance.now());
    else arrivals.set(`dup:${id}:${arrivals.size}`, performance.now());
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));

const dir = mkdtempSync(join(tmpdir(), 'bench-delivery-'));
const logFile = join(dir, 'service.log');
const child = spawn(process.execPath, [join(ROOT, 'dist', 'main.js')], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    PORT: String(port),
    WEB_CONCURRENCY: '1',
    SAMPLE_DATA: 'false',
    ADMIN_EMAIL: 'bench-admin@example.com',
    ADMIN_API_KEY: adminKey,
    UPLOADS_DIR: join(dir, 'uploads'),
    WEBHOOKS_ALLOW_PRIVATE_URLS: 'true',
  },
  stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
});
let exited = null;
child.on('exit', (code, signal) => (exited = { code, signal }));
process.on('exit', () => exited || child.kill('SIGKILL'));
const fail = (message) => {
  console.error(message);
  process.exit(1);
};
for (const until = Date.now() + 120_000; ; ) {
  if (exited) fail(`the service exited: ${readFileSync(logFile, 'utf8').slice(-3000)}`);
  if (Date.now() > until) fail('the service did not become ready in 120 s');
  if (await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false)) break;
  await sleep(300);
}

const headers = { Authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' };
const created = await fetch(`http://127.0.0.1:${port}/api/webhook_endpoints`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ webhook_endpoint: { url: `http://127.0.0.1:${receiver.address().port}/hooks`, events: ['order.updated'] } }),
});
if (created.status !== 201) fail(`could not create the endpoint: ${created.status} ${await created.text()}`);
const endpoint = await created.json();

const db = new Client({ connectionString: url });
await db.connect();
// An order-sized body (about 1.5 KB of JSON), as the outbox holds it.
const data = JSON.stringify({ id: 1, number: 'R000000001', state: 'complete', total: '123.45', line_items: Array.from({ length: 5 }, (_, i) => ({ id: i, variant_id: i, quantity: 1, price: '19.99', name: `Product number ${i} with a name` })), bill_address: { firstname: 'Ada', lastname: 'Lovelace', address1: '1 Analytical Engine Way', city: 'London', zipcode: 'N1 1AA' } });
const results = [];
for (let round = 1; round <= Number(args.rounds); round++) {
  arrivals.clear();
  await db.query('BEGIN');
  const ids = Array.from({ length: events }, (_, i) => `evt_bench${round}_${Date.now()}_${i}`);
  await db.query(`INSERT INTO events (public_id, type, data) SELECT id, 'order.updated', $2::json FROM unnest($1::varchar[]) AS id`, [ids, data]);
  await db.query(`SELECT pg_notify('commerce_events', '')`);
  await db.query('COMMIT');
  const committed = performance.now();
  const until = Date.now() + 300_000;
  while (arrivals.size < events && Date.now() < until && !exited) await sleep(20);
  const lags = [...arrivals.values()].map((t) => t - committed).sort((a, b) => a - b);
  const last = lags[lags.length - 1] ?? 0;
  const pick = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? 0;
  const dups = [...arrivals.keys()].filter((k) => k.startsWith('dup:')).length;
  const result = { round, events, received: arrivals.size - dups, duplicates: dups, seconds: +(last / 1000).toFixed(2), perSecond: Math.round((arrivals.size / last) * 1000), lagP50Ms: Math.round(pick(0.5)), lagP99Ms: Math.round(pick(0.99)), lagMaxMs: Math.round(last) };
  results.push(result);
  console.log(`round ${round}: ${result.received}/${events} deliveries in ${result.seconds} s = ${result.perSecond}/s; lag p50 ${result.lagP50Ms} ms, p99 ${result.lagP99Ms} ms, max ${result.lagMaxMs} ms; duplicates ${dups}`);
  await sleep(1500); // the last deliveries' bookkeeping settles
}
const { rows } = await db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE state = 'pending'`);
console.log(`settings: WEBHOOKS_CONCURRENCY=${process.env.WEBHOOKS_CONCURRENCY ?? '(default)'}; pending deliveries at the end: ${rows[0].n}`);
await fetch(`http://127.0.0.1:${port}/api/webhook_endpoints/${endpoint.id}`, { method: 'DELETE', headers }).catch(() => undefined);
await db.end();
child.kill('SIGTERM');
await new Promise((resolve) => (exited ? resolve() : child.on('exit', resolve)));
receiver.close();
console.log(JSON.stringify(results));
