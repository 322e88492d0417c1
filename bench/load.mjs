#!/usr/bin/env node
// The load generator, run by bench/run.mjs in its own process so that it does
// not share a CPU-bound event loop with the runner: `node bench/load.mjs
// <spec.json>` prints one JSON result on stdout.
//
// spec.mode "http": autocannon drives `connections` keep-alive connections for
//   `duration` seconds, each request taking the next path of `paths` (shuffled).
// spec.mode "checkout": `connections` virtual customers, each going through the
//   whole guest checkout again and again (create order, 2 line items,
//   addresses, delivery with a rate choice, card payment, confirm/complete).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));

const percentile = (sorted, p) => (sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
const round = (n, digits = 2) => (n == null ? null : Math.round(n * 10 ** digits) / 10 ** digits);
const latencySummary = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? null) };
};

function shuffled(list) {
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

async function http() {
  const autocannon = require('autocannon');
  const paths = shuffled(spec.paths);
  let next = 0;
  const failures = [];
  const result = await autocannon({
    url: spec.baseUrl,
    connections: spec.connections,
    duration: spec.duration,
    headers: spec.headers ?? {},
    timeout: 30,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
        onResponse: (status, body, context) => {
          if (status >= 400 && failures.length < 5) failures.push({ status, body: String(body).slice(0, 300) });
          return context;
        },
      },
    ],
  });
  // Each connection has a request on its way when the time is up, abandoned: normal. But a run
  // in which no request was answered at all failed (each one took longer than the run).
  const inFlight = Math.max(0, (result.requests.sent ?? result.requests.total) - result.requests.total - result.errors);
  const unanswered = result.requests.total === 0 ? inFlight : 0;
  const answered = result.requests.total > 0;
  return {
    requests: result.requests.total,
    seconds: result.duration,
    rps: round(result.requests.total / result.duration, 1),
    latencyMs: answered ? { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max } : { p50: null, p90: null, p99: null, max: null },
    // autocannon's errors include its timeouts.
    errors: result.errors + result.non2xx + unanswered,
    non2xx: result.non2xx,
    socketErrors: result.errors,
    timeouts: result.timeouts,
    unanswered,
    failures: unanswered > 0 && failures.length < 5 ? [...failures, { unanswered, note: 'no request was answered during the run' }] : failures,
  };
}

const STEPS = ['create order', 'add line item 1', 'add line item 2', 'next (address)', 'addresses', 'delivery (rate choice)', 'payment (card)', 'confirm → complete'];

async function checkout() {
  const { baseUrl, fixtures } = spec;
  const latencies = Object.fromEntries(STEPS.map((s) => [s, []]));
  const failures = [];
  let requests = 0;
  let errors = 0;
  let completed = 0;
  let customerSeq = 0;
  const deadline = Date.now() + spec.duration * 1000;

  async function call(step, method, path, token, body, expectStatus) {
    const started = performance.now();
    const res = await fetch(baseUrl + path, {
      method,
      headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { 'X-Spree-Order-Token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    latencies[step].push(performance.now() - started);
    requests++;
    if (res.status !== expectStatus) throw Object.assign(new Error(`${step}: ${res.status}`), { step, status: res.status, body: text.slice(0, 300) });
    return JSON.parse(text);
  }
  const expectState = (step, order, state) => {
    if (order.state !== state) throw Object.assign(new Error(`${step}: state ${order.state}`), { step, status: 200, body: `state ${order.state}, expected ${state}` });
  };

  async function journey(customer) {
    const pick = () => fixtures.variantIds[Math.floor(Math.random() * fixtures.variantIds.length)];
    const first = pick();
    let second = pick();
    while (second === first && fixtures.variantIds.length > 1) second = pick();
    const order = await call('create order', 'POST', '/api/orders', undefined, {}, 201);
    const { number, token } = order;
    await call('add line item 1', 'POST', `/api/orders/${number}/line_items`, token, { line_item: { variant_id: first, quantity: 1 } }, 201);
    await call('add line item 2', 'POST', `/api/orders/${number}/line_items`, token, { line_item: { variant_id: second, quantity: 2 } }, 201);
    expectState('next (address)', await call('next (address)', 'PUT', `/api/checkouts/${number}/next`, token, undefined, 200), 'address');
    const address = { firstname: 'Bench', lastname: `Customer ${customer}`, address1: '7735 Old Georgetown Road', city: 'Bethesda', phone: '3014445002', zipcode: '20814', ...fixtures.address };
    const atDelivery = await call('addresses', 'PUT', `/api/checkouts/${number}`, token, { order: { email: `bench-${customer}@example.com`, bill_address_attributes: address, ship_address_attributes: address } }, 200);
    expectState('addresses', atDelivery, 'delivery');
    const shipments_attributes = atDelivery.shipments.map((s, i) => ({ id: s.id, selected_shipping_rate_id: s.shipping_rates[(customer + i) % s.shipping_rates.length].id }));
    expectState('delivery (rate choice)', await call('delivery (rate choice)', 'PUT', `/api/checkouts/${number}`, token, { order: { shipments_attributes } }, 200), 'payment');
    const method = fixtures.paymentMethodId;
    const atConfirm = await call('payment (card)', 'PUT', `/api/checkouts/${number}`, token, { order: { payments_attributes: [{ payment_method_id: String(method) }] }, payment_source: { [method]: fixtures.card } }, 200);
    expectState('payment (card)', atConfirm, 'confirm');
    expectState('confirm → complete', await call('confirm → complete', 'PUT', `/api/checkouts/${number}`, token, undefined, 200), 'complete');
  }

  const started = performance.now();
  await Promise.all(
    Array.from({ length: spec.connections }, async () => {
      while (Date.now() < deadline) {
        const customer = ++customerSeq;
        try {
          await journey(customer);
          completed++;
        } catch (error) {
          errors++;
          if (failures.length < 5) failures.push({ step: error.step, status: error.status, body: error.body ?? String(error) });
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const all = Object.values(latencies).flat();
  const overall = latencySummary(all);
  return {
    requests,
    seconds: round(seconds, 1),
    rps: round(requests / seconds, 1),
    latencyMs: overall,
    errors,
    completedCheckouts: completed,
    checkoutsPerSecond: round(completed / seconds, 2),
    steps: Object.fromEntries(STEPS.map((s) => [s, { count: latencies[s].length, ...latencySummary(latencies[s]) }])),
    failures,
  };
}

const cpuBefore = process.cpuUsage();
const result = spec.mode === 'checkout' ? await checkout() : await http();
const cpu = process.cpuUsage(cpuBefore);
// The load generator's own CPU time: it shares the machine with the service and PostgreSQL.
result.loadGeneratorCpuMs = Math.round((cpu.user + cpu.system) / 1000);
process.stdout.write(JSON.stringify(result));
