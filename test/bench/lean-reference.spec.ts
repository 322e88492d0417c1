import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { AddressInfo } from 'node:net';
import { addOptionValues, classify, createImage, createOptionType, createTaxon, createTaxonomy, createVariant, setProductProperty } from '../support/catalog';
import { paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';
import { TEST_SECRET_KEY } from '../support/secrets';
import { createTestApp, TestApp } from '../support/test-app';

/*
 * The lean reference of issue 27 (bench/lean-reference/server.mjs), the yardstick
 * `npm run bench -- --compare-lean` measures the service against, must keep
 * answering what the service answers: the same keys, recursively, for the
 * product index, name search and product page, and a guest checkout journey
 * (bench/load.mjs's) that completes on both and writes the same kinds of rows.
 * Both serve one database here.
 */

type Json = any;

/** Every key path of a JSON value ("a.b[].c"), arrays folded into one element. */
function keyPaths(value: Json, path = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    out.add(`${path}[]`);
    for (const item of value) keyPaths(item, `${path}[]`, out);
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      out.add(`${path}.${key}`);
      keyPaths(value[key], `${path}.${key}`, out);
    }
  }
  return out;
}

function startLean(databaseUrl: string): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, [join(__dirname, '..', '..', 'bench', 'lean-reference', 'server.mjs')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SECRET_KEY: TEST_SECRET_KEY, PORT: '0', LEAN_POOL: '4' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const port = err.match(/lean reference on :(\d+)/)?.[1];
      if (port) resolve({ child, baseUrl: `http://127.0.0.1:${port}` });
    });
    child.on('exit', (code) => reject(new Error(`the lean reference exited (${code}): ${err}`)));
  });
}

describe('the lean reference answers as the service does (issue 27)', () => {
  let t: TestApp;
  let lean: { child: ChildProcess; baseUrl: string };
  let service: string;
  let variants: number[];
  let slug: string;
  let method: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    service = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    // A product with everything product JSON shows: variants with option values, images, taxons, properties.
    const product = await stockedProduct(t.db, { count: 1000, name: 'Lean Cotton Jacket' });
    const size = await createOptionType(t.db, `size-${Date.now()}`, ['S', 'M']);
    await t.db.query(`INSERT INTO product_option_types (product_id, option_type_id, position) VALUES ($1, $2, 1)`, [product.id, size.id]);
    const small = await createVariant(t.db, product.id, { countOnHand: 1000 });
    const medium = await createVariant(t.db, product.id, { countOnHand: 1000 });
    await addOptionValues(t.db, small, [size.valueIds[0]]);
    await addOptionValues(t.db, medium, [size.valueIds[1]]);
    await createImage(t.db, product.masterVariantId);
    const taxonomy = await createTaxonomy(t.db);
    await classify(t.db, product.id, await createTaxon(t.db, taxonomy.rootId));
    await setProductProperty(t.db, product.id, 'material', 'cotton');
    await stockedProduct(t.db, { count: 10, name: 'Lean Wool Scarf' });
    variants = [small, medium];
    slug = product.slug;
    method = await paymentMethodId(t.db, 'Credit Card');
    lean = await startLean(t.databaseUrl);
  });
  afterAll(async () => {
    lean?.child.kill('SIGTERM');
    await t?.close();
  });

  async function call(base: string, method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: Json }> {
    const res = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { 'X-Spree-Order-Token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  }

  /** bench/load.mjs's checkout journey; each step's answer. */
  async function journey(base: string): Promise<Record<string, { status: number; body: Json }>> {
    const steps: Record<string, { status: number; body: Json }> = {};
    const step = async (name: string, m: string, path: string, token?: string, body?: unknown) => (steps[name] = await call(base, m, path, token, body)).body;
    const { number, token } = await step('create order', 'POST', '/api/orders', undefined, {});
    await step('add line item 1', 'POST', `/api/orders/${number}/line_items`, token, { line_item: { variant_id: variants[0], quantity: 1 } });
    await step('add line item 2', 'POST', `/api/orders/${number}/line_items`, token, { line_item: { variant_id: variants[1], quantity: 2 } });
    await step('next (address)', 'PUT', `/api/checkouts/${number}/next`, token);
    const address = await usAddress(t.db, { firstname: 'Bench', lastname: 'Customer' });
    const atDelivery = await step('addresses', 'PUT', `/api/checkouts/${number}`, token, { order: { email: 'bench@example.com', bill_address_attributes: address, ship_address_attributes: address } });
    const shipments_attributes = atDelivery.shipments.map((s: Json) => ({ id: s.id, selected_shipping_rate_id: s.shipping_rates[1].id }));
    await step('delivery (rate choice)', 'PUT', `/api/checkouts/${number}`, token, { order: { shipments_attributes } });
    await step('payment (card)', 'PUT', `/api/checkouts/${number}`, token, { order: { payments_attributes: [{ payment_method_id: String(method) }] }, payment_source: { [method]: VISA } });
    await step('confirm → complete', 'PUT', `/api/checkouts/${number}`, token);
    return steps;
  }

  const expectSameKeys = (name: string, a: Json, b: Json) => {
    const [sa, sb] = [keyPaths(a), keyPaths(b)];
    expect({ name, onlyService: [...sa].filter((k) => !sb.has(k)), onlyLean: [...sb].filter((k) => !sa.has(k)) }).toEqual({ name, onlyService: [], onlyLean: [] });
  };

  it.each([
    ['products index', () => '/api/products?per_page=25&page=1'],
    ['name search', () => '/api/products?q[name_cont]=cotton'],
    ['product show', () => `/api/products/${slug}`],
  ])('%s: the same keys, recursively', async (name, path) => {
    const [a, b] = await Promise.all([call(service, 'GET', path()), call(lean.baseUrl, 'GET', path())]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.total_count ?? 1).toBe(a.body.total_count ?? 1);
    expectSameKeys(name, a.body, b.body);
  });

  it('the checkout journey completes on both, with the same keys at every step and the same rows written', async () => {
    const a = await journey(service);
    const b = await journey(lean.baseUrl);
    const statuses = (s: typeof a) => Object.fromEntries(Object.entries(s).map(([k, v]) => [k, [v.status, v.body.state ?? null]]));
    expect(statuses(b)).toEqual(statuses(a));
    expect(a['confirm → complete'].body.state).toBe('complete');
    for (const step of Object.keys(a)) expectSameKeys(step, a[step].body, b[step].body);
    // The same kinds and numbers of rows for each order.
    const rows = async (number: string) =>
      (
        await t.db.query(
          `SELECT o.state, o.payment_state, o.shipment_state,
             (SELECT count(*)::int FROM line_items WHERE order_id = o.id) AS line_items,
             (SELECT count(*)::int FROM addresses WHERE id IN (o.bill_address_id, o.ship_address_id)) AS addresses,
             (SELECT count(*)::int FROM shipments WHERE order_id = o.id) AS shipments,
             (SELECT count(*)::int FROM shipping_rates r JOIN shipments s ON s.id = r.shipment_id WHERE s.order_id = o.id) AS rates,
             (SELECT count(*)::int FROM inventory_units WHERE order_id = o.id AND NOT pending) AS units,
             (SELECT count(*)::int FROM payments p JOIN credit_cards c ON c.id = p.source_id WHERE p.order_id = o.id AND p.state = 'pending') AS card_payments,
             (SELECT array_agg(previous_state || '>' || next_state ORDER BY id) FROM state_changes WHERE (stateful_type = 'Spree::Order' AND stateful_id = o.id)
                OR (stateful_type = 'Spree::Payment' AND stateful_id IN (SELECT id FROM payments WHERE order_id = o.id))) AS state_changes,
             (SELECT sum(m.quantity)::int FROM stock_movements m JOIN shipments s ON m.originator_type = 'Spree::Shipment' AND m.originator_id = s.id WHERE s.order_id = o.id) AS moved
           FROM orders o WHERE o.number = $1`,
          [number],
        )
      )[0];
    expect(await rows(b['create order'].body.number)).toEqual(await rows(a['create order'].body.number));
  });
});
