import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { completeCheckout, createOrder, CreatedOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

// The back office's order list (Spree's admin orders index searches through the API's
// ransack: number, email, state, completed_at ranges, sort by completed_at), and the
// admin's cancel of a completed order: stock back on hand, card payment voided.
describe('orders: admin search and cancel', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let doc: OpenApiDocument;
  const domain = `search${process.pid}${Date.now()}.example.com`;
  /** Completed on 10 January, 15 February and 20 March 2024 (UTC), and a cart never completed. */
  let january: CreatedOrder;
  let february: CreatedOrder;
  let march: CreatedOrder;
  let cart: CreatedOrder;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    const product = await stockedProduct(t.db, { count: 100 });
    const place = async (name: string, completedAt: string | null) => {
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      if (completedAt === null) {
        await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { email: `${name}@${domain}` } }).expect(200);
        return order;
      }
      await completeCheckout(t, order, { email: `${name}@${domain}` });
      // The checkout stamps now; the search needs known dates.
      await t.db.query(`UPDATE orders SET completed_at = $2 WHERE id = $1`, [order.id, completedAt]);
      return order;
    };
    january = await place('jan', '2024-01-10T12:00:00Z');
    february = await place('feb', '2024-02-15T12:00:00Z');
    march = await place('mar', '2024-03-20T12:00:00Z');
    cart = await place('cart', null);
  });
  afterAll(() => t.close());

  /** GET /api/orders as the admin, within this file's orders; the numbers found, in order. */
  async function search(q: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string[]> {
    const res = await t.http().get('/api/orders').query({ q: { email_end: domain, ...q }, ...extra }).set(admin.auth);
    expect(res.status).toBe(200);
    expect(shapeProblems(doc, responseSchema(doc, '/api/orders', 'get', 200), res.body)).toEqual([]);
    return res.body.orders.map((o: { number: string }) => o.number);
  }
  const set = (...orders: CreatedOrder[]) => orders.map((o) => o.number).sort();

  describe('searching', () => {
    it('by number', async () => {
      expect(await search({ number_eq: february.number })).toEqual([february.number]);
      expect(await search({ number_cont: march.number.slice(2, 8) })).toEqual([march.number]);
      expect(await search({ number_eq: 'R000000000' })).toEqual([]);
    });

    it('by email', async () => {
      expect((await search({})).sort()).toEqual(set(january, february, march, cart));
      expect(await search({ email_cont: 'feb@' })).toEqual([february.number]);
      expect(await search({ email_eq: `jan@${domain}` })).toEqual([january.number]);
    });

    it('by state', async () => {
      expect((await search({ state_eq: 'complete' })).sort()).toEqual(set(january, february, march));
      expect(await search({ state_eq: 'cart' })).toEqual([cart.number]);
      expect(await search({ state_eq: 'canceled' })).toEqual([]);
      expect((await search({ completed_at_not_null: '1' })).sort()).toEqual(set(january, february, march));
      expect(await search({ completed_at_null: '1' })).toEqual([cart.number]);
    });

    it('by completed_at ranges, with ISO dates and date-times', async () => {
      expect((await search({ completed_at_gt: '2024-02-01' })).sort()).toEqual(set(february, march));
      expect(await search({ completed_at_lt: '2024-02-01' })).toEqual([january.number]);
      expect(await search({ completed_at_gt: '2024-02-01', completed_at_lt: '2024-03-01' })).toEqual([february.number]);
      // The bounds themselves: gteq and lteq include them, gt and lt do not.
      expect((await search({ completed_at_gteq: '2024-02-15T12:00:00Z' })).sort()).toEqual(set(february, march));
      expect((await search({ completed_at_gt: '2024-02-15T12:00:00Z' })).sort()).toEqual(set(march));
      expect((await search({ completed_at_lteq: '2024-02-15T12:00:00Z' })).sort()).toEqual(set(january, february));
      expect((await search({ completed_at_lt: '2024-02-15T12:00:00Z' })).sort()).toEqual(set(january));
      // An offset is honoured; a time without one is UTC, whatever the server's zone.
      expect(await search({ completed_at_gteq: '2024-02-15T14:00:00+02:00', completed_at_lteq: '2024-02-15T14:00:00+02:00' })).toEqual([february.number]);
      expect(await search({ completed_at_gteq: '2024-02-15T12:00:00', completed_at_lteq: '2024-02-15 12:00:00' })).toEqual([february.number]);
      // A range that holds nothing, and dates around the cart (never completed: outside every range).
      expect(await search({ completed_at_gt: '2025-01-01' })).toEqual([]);
      expect((await search({ completed_at_lt: '2100-01-01' })).sort()).toEqual(set(january, february, march));
    });

    it('sorts by completed_at desc (orders never completed last), and asc', async () => {
      expect(await search({ s: 'completed_at desc' })).toEqual([march.number, february.number, january.number, cart.number]);
      expect(await search({ s: 'completed_at asc', completed_at_not_null: '1' })).toEqual([january.number, february.number, march.number]);
      expect(await search({ s: 'completed_at desc' }, { per_page: 2, page: 2 })).toEqual([january.number, cart.number]);
    });

    it.each([
      ['not-a-date'],
      ['2024-13-45'],
      ['2024-02-30T25:61:00Z'],
      ['99999-01-01'],
      ['+275760-09-13T00:00:00Z'],
      ['-100000-01-01T00:00:00Z'],
      ['0000-01-01'],
      ['1e400'],
      ["2024-01-01'; DROP TABLE orders; --"],
    ])('ignores an unreadable time %s (200, the condition dropped, as Ransack does)', async (value) => {
      for (const predicate of ['completed_at_gt', 'completed_at_lt', 'completed_at_gteq', 'completed_at_lteq', 'completed_at_eq']) {
        expect((await search({ [predicate]: value })).sort()).toEqual(set(january, february, march, cart));
      }
    });

    it('ignores times given as arrays or objects, never a 500', async () => {
      const asArray = await t.http().get(`/api/orders?q[email_end]=${domain}&q[completed_at_gt][]=2024-01-01&q[completed_at_gt][]=x`).set(admin.auth).expect(200);
      expect(asArray.body.total_count).toBe(4);
      const asObject = await t.http().get(`/api/orders?q[email_end]=${domain}&q[completed_at_lt][a]=2024-01-01`).set(admin.auth).expect(200);
      expect(asObject.body.total_count).toBe(4);
      const inList = await t.http().get('/api/orders').query({ q: { email_end: domain, completed_at_in: 'nope,2024-02-15T12:00:00Z' } }).set(admin.auth).expect(200);
      expect(inList.body.orders.map((o: { number: string }) => o.number)).toEqual([february.number]);
    });

    it('is for admins only: others get 401', async () => {
      await t.http().get('/api/orders').query({ q: { email_end: domain } }).set(owner.auth).expect(401, UNAUTHORIZED);
      await t.http().get('/api/orders').query({ q: { email_end: domain } }).expect(401, UNAUTHORIZED);
    });
  });

  describe('cancel by an admin', () => {
    it('puts the stock of a completed order back on hand and voids its card payment', async () => {
      const product = await stockedProduct(t.db, { count: 10 });
      const countOnHand = async () => (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]))[0].count_on_hand;
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }], owner.auth);
      const completed = await completeCheckout(t, order, { pay: 'card' });
      expect(completed).toMatchObject({ state: 'complete', payment_state: 'balance_due' });
      expect(await countOnHand()).toBe(7);
      const [before] = await t.db.query(`SELECT id, state FROM payments WHERE order_id = $1`, [order.id]);
      expect(before.state).toBe('pending');

      const res = await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ number: order.number, state: 'canceled', payment_state: 'void', shipment_state: 'canceled' });
      expect(res.body.payments).toEqual([expect.objectContaining({ id: before.id, state: 'void' })]);
      expect(shapeProblems(doc, responseSchema(doc, '/api/orders/{number}/cancel', 'put', 200), res.body)).toEqual([]);

      expect(await countOnHand()).toBe(10);
      const movements = await t.db.query(
        `SELECT m.quantity, m.originator_type FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id WHERE si.variant_id = $1 ORDER BY m.id`,
        [product.masterVariantId],
      );
      expect(movements.slice(-2)).toEqual([
        { quantity: -3, originator_type: 'Spree::Shipment' },
        { quantity: 3, originator_type: 'Spree::Shipment' },
      ]);
      expect(await t.db.query(`SELECT state FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'void' }]);
      const [row] = cents(await t.db.query(`SELECT state, payment_state, shipment_state, payment_total::text, canceler_id, canceled_at FROM orders WHERE id = $1`, [order.id]));
      expect(row).toMatchObject({ state: 'canceled', payment_state: 'void', shipment_state: 'canceled', payment_total: '0.00', canceler_id: admin.id });
      expect(row.canceled_at).not.toBeNull();
      expect(await t.db.query(`SELECT state FROM shipments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'canceled' }]);
    });

    it('a canceled order shows in the search by state, and a missing order is a 404', async () => {
      const product = await stockedProduct(t.db, { count: 5 });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      await completeCheckout(t, order, { email: `canceled@${domain}` });
      await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
      expect(await search({ state_eq: 'canceled' })).toEqual([order.number]);
      await t.http().put('/api/orders/R000000000/cancel').set(admin.auth).expect(404, NOT_FOUND);
    });
  });
});
