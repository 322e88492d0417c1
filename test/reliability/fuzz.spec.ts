import fc from 'fast-check';
import {
  addOptionValues,
  classify,
  createImage,
  createOptionType,
  createStockLocation,
  createTaxon,
  createTaxonomy,
  createVariant,
  defaultStockLocationId,
  setProductProperty,
} from '../support/catalog';
import { changedTables, databaseFingerprint, DatabaseFingerprint } from '../support/database-fingerprint';
import { MAX_NESTING_DEPTH } from '../../src/common/http/body-shape';
import { edgeCaseRequests, FuzzRequest, KnownValues, Operation, operations, requestFor } from '../support/fuzz-inputs';
import { OpenApiDocument, resolveSchema } from '../support/openapi-shape';
import { checkoutToPayment, completeCheckout, createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { testSecretBox } from '../support/secrets';

/**
 * Property-based fuzzing of every operation of our own OpenAPI document, as an
 * anonymous caller, a customer, an admin, a guest with an order token and a
 * caller with a wrong key, with random and malformed path ids, query strings
 * (Ransack `q`, pages) and JSON or form bodies, against real records (a
 * product, orders in every state, payments, shipments, a return).
 *
 * Properties of every answer:
 *  - never a 5xx;
 *  - an error body is the contract's `{error, errors?}` and shows no stack, SQL or driver text;
 *  - a 4xx (and any GET) leaves the database unchanged (see database-fingerprint.ts);
 *  - a list never answers more than 100 per page.
 * (Bodies over 1 MB answer 413: test/foundation/app.spec.ts; the per_page cap
 * per resource: e.g. test/geography/countries.spec.ts.)
 *
 * A second pass is not random: every place of every documented body (each
 * field and group) null and empty, alone and in an otherwise clean body, and
 * every operation with a body nested 2,500 levels deep (JSON: 400 with the
 * contract's body; forms and query strings: qs stops at its depth), as an
 * admin, against the same records and with the same properties (see
 * edgeCaseRequests in fuzz-inputs.ts; about 4,400 requests).
 *
 * Reproducible: FUZZ_SEED (default fixed) and FUZZ_RUNS (runs per operation,
 * default 5: about 1,000 requests). A failure prints the operation, its seed,
 * the shrunk request and the answer; FUZZ_ONLY="PUT /api/orders/{number}" runs
 * only that operation (same seed), FUZZ_ALL=1 reports every failing operation
 * unshrunk, FUZZ_VERBOSE=1 prints the answers' statuses per operation.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 5);
/** With FUZZ_ALL=1 every failing operation is reported (no shrinking), rather than stopping at the first shrunk failure. */
const REPORT_ALL = process.env.FUZZ_ALL === '1';

const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat .*\.(ts|js):\d+/],
  ['node_modules path', /node_modules/],
  ['TypeORM error', /QueryFailedError|EntityNotFound|TypeORMError|EntityPropertyNotFoundError/],
  ['SQL', /\b(SELECT|INSERT|UPDATE|DELETE) .*\b(FROM|INTO|SET|WHERE)\b/],
  ['driver text', /syntax error|relation "|column "|violates .* constraint|invalid input syntax|duplicate key|out of range for type|invalid byte sequence|22P02|23505/i],
  ['JS error text', /TypeError|ReferenceError|RangeError|Cannot read propert|is not a function|undefined is not|Maximum call stack/],
];

describe('fuzzing every operation with malformed input', () => {
  let t: TestApp;
  let admin: TestUser;
  let customer: TestUser;
  let doc: OpenApiDocument;
  let known: KnownValues;
  let fingerprint: DatabaseFingerprint;
  let sent = 0;
  /** status class counts per operation, for FUZZ_VERBOSE */
  const statuses: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    // No webhook delivery here: its relay marks events dispatched in the background, which the fingerprint would pin on the next request.
    t = await createTestApp({ WEBHOOKS_DELIVERY: 'false' });
    admin = await createAdmin(t.db);
    customer = await createUser(t.db);
    // Users to be shown, changed and deleted.
    for (let i = 0; i < 2; i++) await createUser(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    await seed();
    known = await knownValues();
    fingerprint = await databaseFingerprint(t.db);
  }, 120_000);
  afterAll(() => t?.close());

  /** Records of every kind, so requests with malformed bodies reach existing rows (where 500s hide). */
  async function seed(): Promise<void> {
    const product = await stockedProduct(t.db, { count: 500, backorderable: true });
    const variantId = await createVariant(t.db, product.id, { countOnHand: 500 });
    const optionType = await createOptionType(t.db);
    await addOptionValues(t.db, variantId, [optionType.valueIds[0]]);
    await setProductProperty(t.db, product.id, 'material', 'cotton');
    await createImage(t.db, product.masterVariantId);
    const taxonomy = await createTaxonomy(t.db);
    await classify(t.db, product.id, await createTaxon(t.db, taxonomy.rootId));
    await createStockLocation(t.db);
    const [item] = await t.db.query(`SELECT id FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]);
    await t.db.query(`INSERT INTO stock_movements (stock_item_id, quantity, action) VALUES ($1, 1, 'received')`, [item.id]);
    const [zone] = await t.db.query(`SELECT id FROM zones ORDER BY id LIMIT 1`);
    const [taxCategory] = await t.db.query(`SELECT id FROM tax_categories ORDER BY id LIMIT 1`);
    await t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: { name: 'Tax', amount: '0.05', zone_id: zone.id, tax_category_id: taxCategory.id } }).expect(201);
    await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: 'Ten off', code: '10off', discount_type: 'flat_percent_item_total', percent: '10' } }).expect(201);

    const lineItems = [{ variant_id: product.masterVariantId, quantity: 2 }];
    // A guest's cart, a customer's cart, an order at the payment step, one paid by check, one shipped and partly returned.
    await createOrder(t, lineItems);
    await createOrder(t, [{ variant_id: variantId, quantity: 1 }], customer.auth);
    await checkoutToPayment(t, await createOrder(t, lineItems));
    await completeCheckout(t, await createOrder(t, lineItems, customer.auth), { pay: 'check', email: customer.email });
    const shipped = await createOrder(t, lineItems, customer.auth);
    const placed = await completeCheckout(t, shipped, { email: customer.email });
    await t.http().put(`/api/orders/${shipped.number}/payments/${placed.payments[0].id}/capture`).set(admin.auth).expect(200);
    await t.http().put(`/api/shipments/${placed.shipments[0].number}/ship`).set(admin.auth).expect(200);
    const rma = await t.http()
      .post(`/api/orders/${shipped.number}/return_authorizations`)
      .set(admin.auth)
      .send({ return_authorization: { amount: '19.99', reason: 'Too small', stock_location_id: await defaultStockLocationId(t.db) } })
      .expect(201);
    await t.http().put(`/api/orders/${shipped.number}/return_authorizations/${rma.body.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
    await completeCheckout(t, await createOrder(t, lineItems), { email: 'guest@example.com' });
  }

  async function knownValues(): Promise<KnownValues> {
    const tables: { table_name: string }[] = await t.db.query(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name`,
    );
    const ids: Record<string, number[]> = {};
    for (const { table_name } of tables) {
      ids[table_name] = (await t.db.query(`SELECT id FROM "${table_name}" ORDER BY id DESC LIMIT 4`)).map((r: { id: number }) => r.id);
    }
    // The callers themselves are no targets: an admin deleting itself would turn the rest of the run into 401s.
    ids.users = ids.users.filter((id) => id !== admin.id && id !== customer.id);
    const column = async (sql: string) => (await t.db.query(sql)).map((r: { v: string }) => r.v);
    return {
      ids,
      orderNumbers: await column(`SELECT number AS v FROM orders ORDER BY id`),
      shipmentNumbers: await column(`SELECT number AS v FROM shipments ORDER BY id`),
      productSlugs: await column(`SELECT slug AS v FROM products ORDER BY id`),
      orderTokens: Object.fromEntries(
        (await t.db.query(`SELECT number, token_sealed FROM orders`)).map((r: { number: string; token_sealed: string }) => [r.number, testSecretBox.open('orders.token', r.token_sealed)]),
      ),
      couponCodes: await column(`SELECT code AS v FROM promotions ORDER BY id`),
      related: await relatedPathParameters(),
    };
  }

  /** Parameters of nested paths that name a record through its own parent. */
  async function relatedPathParameters(): Promise<KnownValues['related']> {
    const orderChildren = (child: string, sql: string) => ({ sql, prefixes: [`/api/orders/{number}/${child}/{id}`, `/api/checkouts/{number}/${child}/{id}`] });
    const queries: { sql: string; prefixes: string[] }[] = [
      { sql: `SELECT product_id, id FROM variants WHERE NOT is_master`, prefixes: ['/api/products/{product_id}/variants/{id}'] },
      { sql: `SELECT product_id, id FROM product_properties`, prefixes: ['/api/products/{product_id}/product_properties/{id}'] },
      { sql: `SELECT v.product_id, i.id, i.variant_id FROM images i JOIN variants v ON v.id = i.variant_id`, prefixes: ['/api/products/{product_id}/images/{id}', '/api/variants/{variant_id}/images/{id}'] },
      { sql: `SELECT option_type_id, id FROM option_values`, prefixes: ['/api/option_types/{option_type_id}/option_values/{id}'] },
      { sql: `SELECT taxonomy_id, id FROM taxons`, prefixes: ['/api/taxonomies/{taxonomy_id}/taxons/{id}'] },
      { sql: `SELECT stock_location_id, id FROM stock_items ORDER BY id DESC LIMIT 6`, prefixes: ['/api/stock_locations/{stock_location_id}/stock_items/{id}'] },
      { sql: `SELECT si.stock_location_id, m.id FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id`, prefixes: ['/api/stock_locations/{stock_location_id}/stock_movements/{id}'] },
      { sql: `SELECT country_id, id FROM states ORDER BY id LIMIT 4`, prefixes: ['/api/countries/{country_id}/states/{id}'] },
      orderChildren('addresses', `SELECT o.number, a.id FROM orders o JOIN addresses a ON a.id IN (o.bill_address_id, o.ship_address_id)`),
      orderChildren('payments', `SELECT o.number, p.id FROM payments p JOIN orders o ON o.id = p.order_id`),
      orderChildren('return_authorizations', `SELECT o.number, r.id FROM return_authorizations r JOIN orders o ON o.id = r.order_id`),
      orderChildren('line_items', `SELECT o.number, li.id FROM line_items li JOIN orders o ON o.id = li.order_id`),
      { sql: `SELECT o.number AS order_number, s.number FROM shipments s JOIN orders o ON o.id = s.order_id`, prefixes: ['/api/orders/{order_number}/shipments/{number}'] },
    ];
    const related: KnownValues['related'] = {};
    for (const { sql, prefixes } of queries) {
      const rows: Record<string, unknown>[] = await t.db.query(sql);
      const tuples = rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, String(v)])));
      for (const prefix of prefixes) related[prefix] = tuples;
    }
    return related;
  }

  async function send(r: FuzzRequest) {
    let req = t.http()[r.method.toLowerCase() as 'get'](r.url);
    if (r.role === 'user') req = req.set(customer.auth);
    if (r.role === 'admin') req = req.set(admin.auth);
    if (r.role === 'bad-key') req = req.set('X-Spree-Token', 'not-a-key');
    if (r.orderToken !== undefined) req = req.set('X-Spree-Order-Token', r.orderToken);
    if (r.contentType) req = req.set('Content-Type', r.contentType);
    sent++;
    return r.body === undefined ? req : req.send(r.body);
  }

  /** Everything wrong with one answer (empty when it is right). */
  async function problemsOf(r: FuzzRequest, before: Record<string, string>): Promise<{ problems: string[]; after: Record<string, string> }> {
    const res = await send(r);
    const tally = (statuses[`${r.method} ${r.operation}`] ??= {});
    const key = res.status === 400 ? `400 ${res.body?.error}` : String(res.status);
    tally[key] = (tally[key] ?? 0) + 1;
    if (process.env.FUZZ_VERBOSE === '2') console.log(`${r.role} ${r.method} ${r.url.slice(0, 200)} ${(r.body ?? '').slice(0, 200)} → ${res.status} ${(res.text ?? '').slice(0, 200)}`);
    const after = await fingerprint.take();
    const problems: string[] = [];
    const text = res.text ?? '';
    if (res.status >= 500) problems.push(`answered ${res.status}`);
    if (r.expected && (res.status !== r.expected.status || JSON.stringify(res.body) !== JSON.stringify(r.expected.body))) {
      problems.push(`expected ${r.expected.status} ${JSON.stringify(r.expected.body)}`);
    }
    if (res.status >= 400) {
      const input = `${decodeURIComponentSafe(r.url)} ${r.body ?? ''}`;
      for (const [what, pattern] of LEAKS) {
        const match = pattern.exec(text);
        if (match && !input.includes(match[0])) problems.push(`error body shows ${what}: ${JSON.stringify(match[0])}`);
      }
      const body = res.body as Record<string, unknown>;
      const errorsOk =
        body?.errors === undefined ||
        (typeof body.errors === 'object' && body.errors !== null && Object.values(body.errors).every((m) => Array.isArray(m) && m.every((s) => typeof s === 'string')));
      // Besides error and errors, only what the operation documents for the status (e.g. apply_coupon_code's `successful`).
      const documented = documentedProperties(doc, r.operation, r.method, res.status);
      const shapeOk = typeof body === 'object' && body !== null && typeof body.error === 'string' && errorsOk && Object.keys(body).every((k) => k === 'error' || k === 'errors' || documented.includes(k));
      if (!shapeOk) problems.push(`error body is not {error, errors?}`);
    }
    const changed = changedTables(before, after);
    if (changed.length > 0 && (res.status >= 400 || r.method === 'GET')) problems.push(`${r.method === 'GET' ? 'a GET' : `a ${res.status}`} wrote to ${changed.join(', ')}`);
    if (res.status === 200 && typeof res.body?.per_page === 'number' && (res.body.per_page > 100 || res.body.count > res.body.per_page)) {
      problems.push(`per_page ${res.body.per_page} (count ${res.body.count}) is over the cap of 100`);
    }
    if (problems.length > 0) problems.push(`answer ${res.status}: ${text.slice(0, 600)}`);
    return { problems, after };
  }

  it('never answers 5xx, leaks internals, or writes on a 4xx, whatever the input', async () => {
    // Reading first, then writing, then deleting, so deletes do not empty the records the rest need.
    const order = (o: Operation) => (o.method === 'GET' ? 0 : o.method === 'DELETE' ? 2 : 1);
    const ops = operations(doc)
      .filter((o) => !o.path.startsWith('/health'))
      .sort((a, b) => order(a) - order(b));
    let before = await fingerprint.take();
    const failures: string[] = [];
    for (const [index, operation] of ops.entries()) {
      if (process.env.FUZZ_ONLY && process.env.FUZZ_ONLY !== `${operation.method} ${operation.path}`) continue;
      const property = fc.asyncProperty(requestFor(doc, operation, known), async (r) => {
        const { problems, after } = await problemsOf(r, before);
        before = after;
        if (problems.length > 0) throw new Error(`${r.role} ${r.method} ${r.url}${r.contentType ? ` (${r.contentType}) ${(r.body ?? '').slice(0, 800)}` : ''}\n  ${problems.join('\n  ')}`);
      });
      const details = await fc.check(property, { seed: SEED + index, numRuns: RUNS_PER_OPERATION, endOnFailure: REPORT_ALL });
      if (details.failed) {
        failures.push(`${operation.method} ${operation.path} (seed ${details.seed}, path "${details.counterexamplePath}"):\n  ${details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance)}`);
        if (!REPORT_ALL) break;
      }
    }
    if (process.env.FUZZ_VERBOSE) console.log(`fuzz: ${ops.length} operations, ${sent} requests\n${Object.entries(statuses).map(([op, counts]) => `${op} ${JSON.stringify(counts)}`).join('\n')}`);
    expect(failures).toEqual([]);
    if (!process.env.FUZZ_ONLY) expect(sent).toBeGreaterThanOrEqual(ops.length * RUNS_PER_OPERATION);
  }, 600_000);

  it('answers null and empty values in every field of every body, and bodies nested too deeply, without a 5xx', async () => {
    // Every place of every documented body, not a random few: an empty optional field (slug, sku, …) once gave a 500.
    const tooDeep = { status: 400, body: { error: `The request body is nested too deeply (at most ${MAX_NESTING_DEPTH} levels).` } };
    let before = await fingerprint.take();
    const failures: string[] = [];
    let cases = 0;
    for (const [index, operation] of operations(doc).entries()) {
      if (process.env.FUZZ_ONLY && process.env.FUZZ_ONLY !== `${operation.method} ${operation.path}`) continue;
      // A payment provider's webhook keeps its body as raw bytes (its signature is over them) and never parses it: no
      // nesting to refuse there, any answer but a 5xx.
      const raw = operation.method === 'POST' && operation.path === '/api/payment_methods/{id}/webhooks';
      for (const r of edgeCaseRequests(doc, operation, known, { seed: SEED + index, tooDeep: raw ? undefined : tooDeep })) {
        cases++;
        const { problems, after } = await problemsOf(r, before);
        before = after;
        if (problems.length > 0) failures.push(`${r.method} ${r.url} (${r.contentType ?? 'no body'}) ${(r.body ?? '').slice(0, 300)}\n  ${problems.join('\n  ')}`);
      }
    }
    if (process.env.FUZZ_VERBOSE) console.log(`edge cases: ${cases} requests`);
    expect(failures).toEqual([]);
    if (!process.env.FUZZ_ONLY) expect(cases).toBeGreaterThan(1_000);
  }, 600_000);
});

function documentedProperties(doc: OpenApiDocument, path: string, method: string, status: number): string[] {
  const schema = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return [];
  const options: Record<string, unknown>[] = schema.oneOf ?? schema.anyOf ?? [schema];
  return options.flatMap((option) => Object.keys(resolveSchema(doc, option).properties ?? {}));
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
