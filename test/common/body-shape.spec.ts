import { MAX_ARRAY_LENGTH, MAX_KEYS_PER_OBJECT, MAX_NESTING_DEPTH, MAX_PARAMETERS, shapeProblem } from '../../src/common/http/body-shape';
import { createTaxon, createTaxonomy, createProduct } from '../support/catalog';
import { createOrder, CreatedOrder, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { CapturingLogger } from '../support/capturing-logger';

/*
 * Shape limits of request parameters (src/common/http/body-shape.ts): a body
 * nested deeper, an object with more keys or a list with more items than the
 * limits is answered 400 before any binding, on every endpoint, anonymous
 * ones included, without an error in the log; a form or query string with
 * more pairs than qs keeps is refused rather than cut off.
 */
const TOO_DEEP = { error: `The request body is nested too deeply (at most ${MAX_NESTING_DEPTH} levels).` };

/** An object `levels` levels deep, itself included: nested(1) = {}, nested(2) = {a: {}}. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { a: value };
  return value;
}

/** Nest's application log, captured (level and text per line). */
describe('shapeProblem', () => {
  it('walks a million levels without recursion', () => {
    let value: unknown = [];
    for (let i = 0; i < 1_000_000; i++) value = [value];
    expect(shapeProblem(value)).toBe(TOO_DEEP.error);
  });

  it('allows exactly the limits', () => {
    expect(shapeProblem(nested(MAX_NESTING_DEPTH))).toBeUndefined();
    expect(shapeProblem(nested(MAX_NESTING_DEPTH + 1))).toBe(TOO_DEEP.error);
    expect(shapeProblem({ list: new Array(MAX_ARRAY_LENGTH).fill({}) })).toBeUndefined();
    expect(shapeProblem({ list: new Array(MAX_ARRAY_LENGTH + 1).fill(1) })).toMatch(/list with too many items/);
    const keys = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    expect(shapeProblem({ group: keys(MAX_KEYS_PER_OBJECT) })).toBeUndefined();
    expect(shapeProblem({ group: keys(MAX_KEYS_PER_OBJECT + 1) })).toMatch(/object with too many keys/);
  });
});

describe('request shape limits', () => {
  let t: TestApp;
  let admin: TestUser;
  let order: CreatedOrder;
  let addressId: number;
  const accessLog: string[] = [];
  const appLog = new CapturingLogger();

  beforeAll(async () => {
    t = await createTestApp({}, { logLevel: 'info', logDestination: { write: (line: string) => void accessLog.push(line) }, logger: appLog });
    admin = await createAdmin(t.db);
    const product = await stockedProduct(t.db, { count: 10 });
    const address = await usAddress(t.db);
    order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], {}, { email: 'guest@example.com', bill_address_attributes: address });
    [{ bill_address_id: addressId }] = await t.db.query(`SELECT bill_address_id FROM orders WHERE id = $1`, [order.id]);
  });
  afterAll(() => t.close());

  const errorLines = () => [
    ...appLog.lines.filter((l) => l.level === 'error' || l.level === 'fatal').map((l) => l.text),
    ...accessLog.filter((l) => JSON.parse(l).level >= 50),
  ];

  it('answers a body of 2,500 nested objects with 400 on every JSON endpoint, anonymous ones included, and logs no error', async () => {
    const deep = nested(2_500);
    const requests = [
      ['POST /api/orders', t.http().post('/api/orders').send({ order: deep })],
      ['POST /api/users', t.http().post('/api/users').send({ user: { email: 'deep@example.com', password: 'secret123', bill_address_attributes: deep } })],
      ['POST /api/sessions', t.http().post('/api/sessions').send({ email: deep, password: 'x' })],
      ['PUT /api/checkouts/:number', t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { bill_address_attributes: deep } })],
      ['PUT /api/orders/:number/addresses/:id', t.http().put(`/api/orders/${order.number}/addresses/${addressId}`).set(order.guest).send({ address: deep })],
      ['PUT /api/addresses/:id', t.http().put(`/api/addresses/${addressId}`).set(admin.auth).send({ address: deep })],
    ] as const;
    expect(JSON.stringify({ order: deep }).length).toBeLessThan(16_000);
    for (const [name, request] of requests) {
      const res = await request;
      expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 400, body: TOO_DEEP });
    }
    expect(errorLines()).toEqual([]);
    // No user was created.
    expect(await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'deep@example.com'`)).toEqual([{ n: 0 }]);
  });

  it('lets through a body at the depth limit and refuses one level more', async () => {
    // Unknown keys are dropped by the binding: at the limit the order is created.
    await t.http().post('/api/orders').send({ order: nested(MAX_NESTING_DEPTH - 1) }).expect(201);
    const res = await t.http().post('/api/orders').send({ order: nested(MAX_NESTING_DEPTH) });
    expect([res.status, res.body]).toEqual([400, TOO_DEEP]);
  });

  it('refuses an object with too many keys and a list with too many items', async () => {
    const keys = Object.fromEntries(Array.from({ length: MAX_KEYS_PER_OBJECT + 1 }, (_, i) => [`k${i}`, '1']));
    const wide = await t.http().post('/api/orders').send({ order: keys });
    expect([wide.status, wide.body]).toEqual([400, { error: `The request body has an object with too many keys (at most ${MAX_KEYS_PER_OBJECT}).` }]);
    const ids = Array.from({ length: MAX_ARRAY_LENGTH + 1 }, (_, i) => i + 1);
    const tooLong = { error: `The request body has a list with too many items (at most ${MAX_ARRAY_LENGTH}).` };
    const long = await t.http().put(`/api/products/${(await createProduct(t.db)).id}`).set(admin.auth).send({ product: { taxon_ids: ids } });
    expect([long.status, long.body]).toEqual([400, tooLong]);
    // A list sent as a hash keyed "0", "1", … (as Rails reads nested attributes) is a list.
    const lineItems = Object.fromEntries(ids.map((id, i) => [String(i), { variant_id: id, quantity: 1 }]));
    const hashed = await t.http().post('/api/orders').send({ order: { line_items: lineItems } });
    expect([hashed.status, hashed.body]).toEqual([400, tooLong]);
  });

  it('applies the limits to the query string, which can carry parameter groups too', async () => {
    const query = Array.from({ length: MAX_ARRAY_LENGTH + 1 }, (_, i) => `ids[]=${i + 1}`).join('&');
    const res = await t.http().get(`/api/products?${query}`);
    expect([res.status, res.body]).toEqual([400, { error: `The query string has a list with too many items (at most ${MAX_ARRAY_LENGTH}).` }]);
  });

  it('refuses a form with more pairs than it reads instead of dropping the rest', async () => {
    const junk = Array.from({ length: MAX_PARAMETERS }, (_, i) => `x${i}=1`).join('&');
    const res = await t.http().post('/api/orders').type('form').send(`${junk}&order[email]=late@example.com`);
    expect([res.status, res.body]).toEqual([400, { error: `The request body has too many parameters (at most ${MAX_PARAMETERS}).` }]);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE email = 'late@example.com'`)).toEqual([{ n: 0 }]);
  });

  it('reads a form list of more than 20 items as a list, as JSON is read (qs would make it a hash)', async () => {
    const taxonomy = await createTaxonomy(t.db);
    const taxonIds: number[] = [];
    for (let i = 0; i < 25; i++) taxonIds.push(await createTaxon(t.db, taxonomy.rootId));
    const product = await createProduct(t.db);
    const form = taxonIds.map((id) => `product[taxon_ids][]=${id}`).join('&');
    const res = await t.http().put(`/api/products/${product.id}`).set(admin.auth).type('form').send(form);
    expect(res.status).toBe(201);
    expect([...res.body.taxon_ids].sort((a: number, b: number) => a - b)).toEqual(taxonIds);
  });
});
