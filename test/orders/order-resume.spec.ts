import { COULD_NOT_TRANSITION, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { placedOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Spree 2.2 back-office's order resume (Admin::OrdersController#resume, Order#resume!: canceled → resumed,
// Shipment#after_resume takes the units' stock again) and its state changes page, through the API:
// PUT /api/orders/:number/resume and GET /api/orders/:number/state_changes.

describe('order resume and state history', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
  });
  afterAll(() => t.close());

  const onHand = async (variantId: number) => (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [variantId]))[0].count_on_hand as number;
  const orderRow = async (number: string) => (await t.db.query(`SELECT state, payment_state, shipment_state, canceled_at FROM orders WHERE number = $1`, [number]))[0];
  const shipmentStates = async (orderId: number) => (await t.db.query(`SELECT state FROM shipments WHERE order_id = $1 ORDER BY id`, [orderId])).map((s: { state: string }) => s.state);

  /** A placed order of 3 units of a new product (10 on hand), paid by check, canceled by its owner. */
  async function canceledOrder(options: { backorderable?: boolean } = {}) {
    const product = await stockedProduct(t.db, { count: 10, backorderable: options.backorderable });
    const order = await placedOrder(t, { auth: owner.auth, product, quantity: 3, pay: 'check', email: 'buyer@example.com' });
    await t.http().put(`/api/orders/${order.number}/cancel`).set(owner.auth).expect(200);
    expect(await onHand(product.masterVariantId)).toBe(10);
    return { order, product };
  }

  describe('PUT /api/orders/:number/resume', () => {
    it('resumes a canceled order: resumed, its stock taken again, its shipments back, owing its total again', async () => {
      const { order, product } = await canceledOrder();
      const res = await t.http().put(`/api/orders/${order.number}/resume`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ number: order.number, state: 'resumed', payment_state: 'balance_due', shipment_state: 'pending' });
      expect(res.body.shipments.map((s: { state: string }) => s.state)).toEqual(['pending']);
      expect(await onHand(product.masterVariantId)).toBe(7);
      expect(await orderRow(order.number)).toMatchObject({ state: 'resumed', payment_state: 'balance_due', shipment_state: 'pending' });
      expect(await shipmentStates(order.id)).toEqual(['pending']);
      const movements = await t.db.query(
        `SELECT sm.quantity, sm.originator_type FROM stock_movements sm JOIN stock_items si ON si.id = sm.stock_item_id WHERE si.variant_id = $1 ORDER BY sm.id`,
        [product.masterVariantId],
      );
      // taken at completion, put back by the cancel, taken again by the resume
      expect(movements.slice(-3)).toEqual([
        { quantity: -3, originator_type: 'Spree::Shipment' },
        { quantity: 3, originator_type: 'Spree::Shipment' },
        { quantity: -3, originator_type: 'Spree::Shipment' },
      ]);
    });

    it('records the moves in the history the state changes endpoint serves, newest first, with who made them', async () => {
      const { order } = await canceledOrder();
      await t.http().put(`/api/orders/${order.number}/resume`).set(admin.auth).expect(200);
      const res = await t.http().get(`/api/orders/${order.number}/state_changes`).set(admin.auth).expect(200);
      const changes = res.body.state_changes as Array<Record<string, unknown>>;
      expect(res.body).toMatchObject({ count: changes.length, total_count: changes.length, current_page: 1, pages: 1 });
      expect(changes.slice(0, 2)).toEqual([
        { id: expect.any(Number), name: 'order', stateful_type: 'Spree::Order', stateful_id: order.id, previous_state: 'canceled', next_state: 'resumed', user_id: admin.id, created_at: expect.any(String) },
        { id: expect.any(Number), name: 'shipment', stateful_type: 'Spree::Shipment', stateful_id: order.shipment.id, previous_state: 'canceled', next_state: 'ready', user_id: admin.id, created_at: expect.any(String) },
      ]);
      const moves = changes.map((c) => `${c.name}:${c.previous_state}->${c.next_state}`);
      // the resume, the cancel by the owner, and the checkout before it
      expect(moves).toEqual([
        'order:canceled->resumed',
        'shipment:canceled->ready',
        'order:complete->canceled',
        'payment:pending->void',
        'shipment:pending->canceled',
        'order:payment->complete',
        'payment:checkout->pending',
        'order:delivery->payment',
        'order:address->delivery',
        'order:cart->address',
      ]);
      expect(changes.find((c) => c.next_state === 'canceled' && c.name === 'order')!.user_id).toBe(owner.id);
      // newest first
      const ids = changes.map((c) => c.id as number);
      expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    });

    it('a resumed order may be canceled again (its stock put back once more)', async () => {
      const { order, product } = await canceledOrder();
      await t.http().put(`/api/orders/${order.number}/resume`).set(admin.auth).expect(200);
      const res = await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
      expect(res.body.state).toBe('canceled');
      expect(await onHand(product.masterVariantId)).toBe(10);
    });

    it('refuses an order that is not canceled: 422, nothing changed', async () => {
      const product = await stockedProduct(t.db, { count: 10 });
      const order = await placedOrder(t, { auth: owner.auth, product, quantity: 1, pay: 'check', email: 'buyer@example.com' });
      const before = await orderRow(order.number);
      const res = await t.http().put(`/api/orders/${order.number}/resume`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: COULD_NOT_TRANSITION, errors: { state: ['cannot resume an order in state complete'] } });
      expect(await orderRow(order.number)).toEqual(before);
      expect(await onHand(product.masterVariantId)).toBe(9);
    });

    it('refuses when the stock went meanwhile and may not be back-ordered: 422 naming the product, still canceled, stock untouched', async () => {
      const { order, product } = await canceledOrder({ backorderable: false });
      await t.db.query(`UPDATE stock_items SET count_on_hand = 2 WHERE variant_id = $1`, [product.masterVariantId]);
      const historyBefore = (await t.http().get(`/api/orders/${order.number}/state_changes`).set(admin.auth).expect(200)).body.total_count;
      const res = await t.http().put(`/api/orders/${order.number}/resume`).set(admin.auth).expect(422);
      expect(res.body.error).toBe(COULD_NOT_TRANSITION);
      expect(res.body.errors.base).toEqual([expect.stringMatching(/^Selected quantity of ".+" is not available\.$/)]);
      expect(await orderRow(order.number)).toMatchObject({ state: 'canceled' });
      expect(await shipmentStates(order.id)).toEqual(['canceled']);
      expect(await onHand(product.masterVariantId)).toBe(2);
      expect((await t.http().get(`/api/orders/${order.number}/state_changes`).set(admin.auth).expect(200)).body.total_count).toBe(historyBefore);
    });

    it('is for admins: the order’s own customer is refused (401) and the order stays canceled', async () => {
      const { order, product } = await canceledOrder();
      await t.http().put(`/api/orders/${order.number}/resume`).set(owner.auth).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/orders/${order.number}/resume`).expect(401);
      expect(await orderRow(order.number)).toMatchObject({ state: 'canceled' });
      expect(await onHand(product.masterVariantId)).toBe(10);
    });

    it('404 for no such order', async () => {
      await t.http().put(`/api/orders/R000000000/resume`).set(admin.auth).expect(404, NOT_FOUND);
    });

    it("staff: orders:read reads the history but may not resume (401); orders:write resumes", async () => {
      const { order } = await canceledOrder();
      const staff = async (permissions: string[]) => {
        const role = await t.http().post('/api/roles').set(admin.auth).send({ role: { name: `Orders ${permissions.join(' ')} ${Date.now()}`, permissions } }).expect(201);
        const user = await createUser(t.db);
        await t.http().put(`/api/users/${user.id}/roles`).set(admin.auth).send({ user: { role_ids: [role.body.id] } }).expect(200);
        return user;
      };
      const reader = await staff(['orders:read']);
      await t.http().get(`/api/orders/${order.number}/state_changes`).set(reader.auth).expect(200);
      await t.http().put(`/api/orders/${order.number}/resume`).set(reader.auth).expect(401, UNAUTHORIZED);
      expect(await orderRow(order.number)).toMatchObject({ state: 'canceled' });
      const writer = await staff(['orders:write']);
      await t.http().get(`/api/orders/${order.number}/state_changes`).set(writer.auth).expect(401, UNAUTHORIZED);
      const res = await t.http().put(`/api/orders/${order.number}/resume`).set(writer.auth).expect(200);
      expect(res.body.state).toBe('resumed');
      const [latest] = (await t.http().get(`/api/orders/${order.number}/state_changes`).set(admin.auth).expect(200)).body.state_changes;
      expect(latest).toMatchObject({ name: 'order', next_state: 'resumed', user_id: writer.id });
    });
  });

  describe('GET /api/orders/:number/state_changes', () => {
    it('pages the history with page and per_page', async () => {
      const { order } = await canceledOrder();
      const all = (await t.http().get(`/api/orders/${order.number}/state_changes`).set(admin.auth).expect(200)).body;
      expect(all.total_count).toBeGreaterThan(2);
      const second = (await t.http().get(`/api/orders/${order.number}/state_changes`).query({ per_page: 1, page: 2 }).set(admin.auth).expect(200)).body;
      expect(second).toMatchObject({ count: 1, total_count: all.total_count, current_page: 2, per_page: 1, pages: all.total_count });
      expect(second.state_changes[0]).toEqual(all.state_changes[1]);
      const past = (await t.http().get(`/api/orders/${order.number}/state_changes`).query({ per_page: 10, page: 50 }).set(admin.auth).expect(200)).body;
      expect(past).toMatchObject({ state_changes: [], count: 0, total_count: all.total_count, current_page: 50 });
    });

    it('is for admins (401 for the order’s customer) and 404 for no such order', async () => {
      const { order } = await canceledOrder();
      await t.http().get(`/api/orders/${order.number}/state_changes`).set(owner.auth).expect(401, UNAUTHORIZED);
      await t.http().get(`/api/orders/R000000000/state_changes`).set(admin.auth).expect(404, NOT_FOUND);
    });
  });
});
