import { queryCounter, QueryCounter } from '../support/query-counter';
import { createTestApp, TestApp } from '../support/test-app';
import { paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';

/*
 * The SQL statements of each request of the benchmark's checkout journey
 * (bench/load.mjs), counted through TypeORM's query event as in
 * query-counts.spec.ts (transaction control included). A step that costs
 * more than its budget is a regression, or a deliberate change of budget.
 */

/**
 * Statements per step today, the API key lookup and transaction control
 * included (before the issue 6 work: 20, 27, 27, 30, 75, 69, 58, 89 = 395;
 * before the order JSON graph, one-read updater and set-based completion:
 * 16, 22, 22, 24, 52, 35, 34, 65 = 270; before variant details became one
 * statement: 5, 14, 14, 11, 24, 17, 16, 23 = 124; before the line items'
 * variant details joined the order's and the line item's statements: 103;
 * then 96; the completion's events (issue 18: order.completed and
 * payment.authorized, each with its resource's JSON read before the commit,
 * and their insert into the outbox) added 6: 102; marking the gateway charge
 * settled in the order's transaction added 1: 103; the events reusing the
 * order graph the completion's answer read, with its payments' JSON, when
 * nothing was written since (common/db/transaction-reads) took 5 away: now 98; 101 with the order access read each
 * request made before its transaction. Issue 27: the order access checked on the row the runner locks (7 fewer),
 * the shipment proposal's address, line items and stock read in one statement (2 fewer), the completion's shipment
 * count with its promotion lock (1) and no recompute before a confirm that sends nothing (1): 90, of which 16
 * are transaction control and 2 the completion's savepoint: 72 statements). Then the cart's INSERT prepared, drawing
 * its number again on a conflict instead of checking it first (1), and the address step's second removal of shipments
 * the transaction had just removed (1): 88, 70 statements, every one prepared.
 */
const BUDGET: Record<string, number> = {
  'create order': 4,
  'add line item 1': 9,
  'add line item 2': 9,
  'next (address)': 5,
  addresses: 16,
  'delivery (rate choice)': 12,
  'payment (card)': 12,
  // +1 for marking the gateway's charge settled inside the order's transaction (no charge without an order), +1 for the
  // completion's events written to the outbox (their order and payment JSON is the answer's graph, read once: common/db/transaction-reads),
  // +2 for the savepoint around the stock taking and the payments (SAVEPOINT, RELEASE): a payment waiting for 3-D Secure rolls the stock back.
  'confirm → complete': 20,
};

/** Transaction control, which is not a statement PostgreSQL plans. */
const CONTROL = /^\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE SAVEPOINT)\b/i;
/** Every step's statements run prepared (a named statement: `PreparedStatement`, `queryPrepared`). */
const ALL_PREPARED = Object.keys(BUDGET);

describe('query counts of the checkout journey', () => {
  let t: TestApp;
  let counter: QueryCounter;
  let variants: number[];
  let method: number;

  beforeAll(async () => {
    t = await createTestApp();
    counter = queryCounter(t.db);
    variants = [(await stockedProduct(t.db, { count: 100 })).masterVariantId, (await stockedProduct(t.db, { count: 100, price: '5.00' })).masterVariantId];
    method = await paymentMethodId(t.db, 'Credit Card');
  });
  afterAll(() => t.close());

  /** One guest checkout, as the benchmark drives it; the statements of each step. */
  const unprepared: Record<string, string[]> = {};

  async function journey(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    const step = async (name: string, work: () => Promise<{ body: any }>) => {
      const { result, statements } = await counter.during(work);
      counts[name] = statements.length;
      // A statement sent as text is planned at every execution; a prepared one is an object with a name.
      unprepared[name] = statements.filter((q: unknown) => typeof q === 'string' && !CONTROL.test(q)).map((q) => String(q).replace(/\s+/g, ' ').slice(0, 80));
      if (process.env.SHOW_QUERIES) console.log(`${name}: ${statements.length}\n${statements.map((q: any) => (typeof q === 'string' ? '  ' : 'P[' + q.name + '] ') + String(q).replace(/\s+/g, ' ').slice(0, 230)).join('\n')}`);
      return result.body;
    };
    const order = await step('create order', () => t.http().post('/api/orders').send({}).expect(201));
    const guest = { 'X-Spree-Order-Token': order.token };
    const path = `/api/checkouts/${order.number}`;
    await step('add line item 1', () => t.http().post(`/api/orders/${order.number}/line_items`).set(guest).send({ line_item: { variant_id: variants[0], quantity: 1 } }).expect(201));
    await step('add line item 2', () => t.http().post(`/api/orders/${order.number}/line_items`).set(guest).send({ line_item: { variant_id: variants[1], quantity: 2 } }).expect(201));
    expect((await step('next (address)', () => t.http().put(`${path}/next`).set(guest).expect(200))).state).toBe('address');
    const address = await usAddress(t.db);
    const atDelivery = await step('addresses', () =>
      t.http().put(path).set(guest).send({ order: { email: 'bench@example.com', bill_address_attributes: address, ship_address_attributes: address } }).expect(200),
    );
    expect(atDelivery.state).toBe('delivery');
    const shipments_attributes = atDelivery.shipments.map((s: any) => ({ id: s.id, selected_shipping_rate_id: s.shipping_rates[s.shipping_rates.length - 1].id }));
    expect((await step('delivery (rate choice)', () => t.http().put(path).set(guest).send({ order: { shipments_attributes } }).expect(200))).state).toBe('payment');
    const atConfirm = await step('payment (card)', () =>
      t.http().put(path).set(guest).send({ order: { payments_attributes: [{ payment_method_id: String(method) }] }, payment_source: { [method]: VISA } }).expect(200),
    );
    expect(atConfirm.state).toBe('confirm');
    expect((await step('confirm → complete', () => t.http().put(path).set(guest).expect(200))).state).toBe('complete');
    return counts;
  }

  it('every step stays within its statement budget', async () => {
    await journey(); // warm-up
    const counts = await journey();
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (process.env.SHOW_QUERY_COUNTS || process.env.SHOW_QUERIES) console.log({ ...counts, total });
    expect(Object.keys(counts)).toEqual(Object.keys(BUDGET));
    for (const [name, count] of Object.entries(counts)) expect([name, count]).toEqual([name, Math.min(count, BUDGET[name])]);
    // The counter sees the statements (a test that cannot fail proves nothing).
    expect(counts['confirm → complete']).toBeGreaterThan(5);
    // Every statement prepared, and the check sees one sent as text.
    for (const name of ALL_PREPARED) expect([name, unprepared[name]]).toEqual([name, []]);
    const { statements } = await counter.during(() => t.db.query('SELECT 1 AS sent_as_text'));
    expect(statements.filter((q: unknown) => typeof q === 'string')).toEqual(['SELECT 1 AS sent_as_text']);
  });
});
