import { createProduct } from '../support/catalog';
import { checkoutToPayment, completeCheckout, createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import type { TestProduct } from '../support/catalog';
import { apiKeyDigest } from '../../src/common/auth/api-keys';
import { secretDigest } from '../../src/config/secret-box';
import { testSecretBox } from '../support/secrets';
import { cents } from '../support/database';

/*
 * OWASP API3 (broken object property level authorization: mass assignment).
 * Each request carries, beside what a client may set, the attributes only the
 * service may set (state, totals, owner, number, token, timestamps, roles,
 * keys), and the test reads the rows afterwards: they must be ignored.
 *
 * Follows Spree 2.2's permitted attributes (core/lib/spree/permitted_attributes.rb and
 * the API controllers): a line item's price is an admin's only (Api::BaseController#
 * permitted_line_item_attributes, "to import orders"); an order's user is an admin's only.
 */
const FORBIDDEN_ORDER_FIELDS = {
  state: 'complete',
  total: '0.01',
  item_total: '0.01',
  payment_total: '1000.00',
  adjustment_total: '-100.00',
  shipment_total: '0.00',
  promo_total: '-100.00',
  additional_tax_total: '0.00',
  included_tax_total: '0.00',
  item_count: 99,
  completed_at: '2020-01-01T00:00:00Z',
  canceled_at: '2020-01-01T00:00:00Z',
  number: 'R000000042',
  token: 'mallory-token',
  payment_state: 'paid',
  shipment_state: 'shipped',
  channel: 'mallory',
  // Not here: `currency` is the client's choice among SUPPORTED_CURRENCIES (test/orders/order-currencies.spec.ts).
  id: 987654,
  created_at: '2000-01-01T00:00:00Z',
};

describe('mass assignment (OWASP API3)', () => {
  let t: TestApp;
  let admin: TestUser;
  let victim: TestUser;
  let mallory: TestUser;
  let product: TestProduct;
  let victimOrder: CreatedOrder;

  /** The order's row; its token opened from the sealed column, and checked against its digest (the row keeps no token in clear). */
  const orderRow = async (number: string) => {
    const [row] = cents(
      await t.db.query(
        `SELECT id, number, token_digest, token_sealed, state, user_id, total, item_total, payment_total, adjustment_total, shipment_total, promo_total, item_count,
                completed_at, canceled_at, payment_state, shipment_state, channel, currency, created_at, email, bill_address_id
           FROM orders WHERE number = $1`,
        [number],
      ),
    );
    const token = testSecretBox.open('orders.token', row.token_sealed);
    expect(row.token_digest).toBe(secretDigest(token));
    return { ...row, token };
  };

  /** What must hold of a cart whatever the client sent. */
  function expectServiceOwned(row: Record<string, any>, userId: number | null) {
    expect(row.user_id).toBe(userId);
    expect(row.number).not.toBe('R000000042');
    expect(row.token).not.toBe('mallory-token');
    expect(row.id).not.toBe(987654);
    expect(['cart', 'address']).toContain(row.state);
    expect(row.completed_at).toBeNull();
    expect(row.canceled_at).toBeNull();
    expect(row.payment_state).toBeNull();
    expect(row.shipment_state).toBeNull();
    expect(row.payment_total).toBe('0.00');
    expect(row.adjustment_total).toBe('0.00');
    expect(row.promo_total).toBe('0.00');
    expect(row.channel).toBe('spree');
    expect(row.currency).toBe('USD');
    expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    victim = await createUser(t.db);
    mallory = await createUser(t.db);
    product = await stockedProduct(t.db, { price: '19.99', count: 100 });
    victimOrder = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], victim.auth);
    await checkoutToPayment(t, victimOrder, victim.email);
  });
  afterAll(() => t.close());

  describe('orders', () => {
    it('ignores service-owned attributes and line item prices on create, for a user and a guest', async () => {
      for (const auth of [mallory.auth, {}]) {
        const res = await t
          .http()
          .post('/api/orders')
          .set(auth)
          .send({ order: { ...FORBIDDEN_ORDER_FIELDS, user_id: victim.id, created_by_id: victim.id, line_items: [{ variant_id: product.masterVariantId, quantity: 2, price: '0.01' }] } });
        expect(res.status).toBe(201);
        const row = await orderRow(res.body.number);
        expectServiceOwned(row, 'Authorization' in auth ? mallory.id : null);
        expect(row.item_total).toBe('39.98');
        expect(row.total).toBe('39.98');
        expect(row.item_count).toBe(2);
        const [line] = cents(await t.db.query(`SELECT price, quantity FROM line_items WHERE order_id = $1`, [row.id]));
        expect(line).toEqual({ price: '19.99', quantity: 2 });
      }
    });

    it('ignores them on update and on checkout update', async () => {
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], mallory.auth);
      for (const path of [`/api/orders/${order.number}`, `/api/checkouts/${order.number}`]) {
        const res = await t
          .http()
          .put(path)
          .set(mallory.auth)
          .send({ order: { ...FORBIDDEN_ORDER_FIELDS, user_id: victim.id, line_items: [{ variant_id: product.masterVariantId, quantity: 1, price: '0.01' }] } });
        expect(res.status).toBeLessThan(500);
        const row = await orderRow(order.number);
        expectServiceOwned(row, mallory.id);
        const lines = cents(await t.db.query(`SELECT price FROM line_items WHERE order_id = $1`, [row.id]));
        for (const line of lines) expect(line.price).toBe('19.99');
        expect(row.token).toBe(order.token);
      }
    });

    it("cannot reach another order's line item or address through nested attributes", async () => {
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], mallory.auth);
      const [victimLine] = await t.db.query(`SELECT l.id, l.quantity, l.price FROM line_items l JOIN orders o ON o.id = l.order_id WHERE o.number = $1`, [victimOrder.number]);
      const victimAddressId = (await orderRow(victimOrder.number)).bill_address_id;
      const [victimAddress] = await t.db.query(`SELECT * FROM addresses WHERE id = $1`, [victimAddressId]);
      const address = { ...(await usAddress(t.db)), id: victimAddressId, firstname: 'Mallory' };
      for (const path of [`/api/orders/${order.number}`, `/api/checkouts/${order.number}`]) {
        // The address is taken as a new one for this order (200), never as the victim's row.
        await t.http().put(path).set(mallory.auth).send({ order: { bill_address_attributes: address, ship_address_attributes: address } }).expect(200);
        const res = await t.http().put(path).set(mallory.auth).send({ order: { line_items: [{ id: victimLine.id, quantity: 7 }] } });
        expect(res.status).toBeLessThan(500);
      }
      await t.http().put(`/api/users/${mallory.id}`).set(mallory.auth).send({ user: { bill_address_attributes: address, ship_address_attributes: address } });
      await t.http().put(`/api/orders/${order.number}/line_items/${victimLine.id}`).set(mallory.auth).send({ line_item: { quantity: 7 } });
      expect((await t.db.query(`SELECT id, quantity, price FROM line_items WHERE id = $1`, [victimLine.id]))[0]).toEqual(victimLine);
      expect((await t.db.query(`SELECT * FROM addresses WHERE id = $1`, [victimAddressId]))[0]).toEqual(victimAddress);
      const mine = await orderRow(order.number);
      expect(mine.bill_address_id).toEqual(expect.any(Number));
      expect(mine.bill_address_id).not.toBe(victimAddressId);
      const [copy] = await t.db.query(`SELECT firstname FROM addresses WHERE id = $1`, [mine.bill_address_id]);
      expect(copy.firstname).toBe('Mallory');
    });

    it('lets an admin set a line item price and the order user (Spree 2.2 order import), and nothing service-owned', async () => {
      const { completed_at: _completedAt, ...serviceOwned } = FORBIDDEN_ORDER_FIELDS;
      const res = await t
        .http()
        .post('/api/orders')
        .set(admin.auth)
        .send({ order: { ...serviceOwned, user_id: victim.id, line_items: [{ variant_id: product.masterVariantId, quantity: 1, price: '5.00' }] } });
      expect(res.status).toBe(201);
      const row = await orderRow(res.body.number);
      expect(row.user_id).toBe(victim.id);
      expect(row.item_total).toBe('5.00');
      expect(row.state).toBe('cart');
      expect(row.payment_total).toBe('0.00');
      expect(row.token).not.toBe('mallory-token');
      expect(row.completed_at).toBeNull();
    });

    it("an admin's import binds completed_at (Spree 2.2's importer), and still nothing service-owned: totals and states are computed", async () => {
      const address = await usAddress(t.db);
      const res = await t
        .http()
        .post('/api/orders')
        .set(admin.auth)
        .send({ order: { ...FORBIDDEN_ORDER_FIELDS, user_id: victim.id, ship_address_attributes: address, line_items: [{ variant_id: product.masterVariantId, quantity: 1, price: '5.00' }] } });
      expect(res.status).toBe(201);
      const row = await orderRow(res.body.number);
      expect(row).toMatchObject({ user_id: victim.id, state: 'complete', item_total: '5.00', item_count: 1, payment_total: '0.00', payment_state: 'balance_due', currency: 'USD' });
      expect(new Date(row.completed_at).toISOString()).toBe('2020-01-01T00:00:00.000Z');
      expect(row.total).toBe((5 + Number(row.shipment_total)).toFixed(2));
      expect(row.shipment_state).not.toBe('shipped');
      expect(row.number).not.toBe('R000000042');
      expect(row.token).not.toBe('mallory-token');
      expect(row.id).not.toBe(987654);
      expect(row.canceled_at).toBeNull();
      expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000);
    });
  });

  describe('line items', () => {
    it("ignores a non-admin's price and order on create and update", async () => {
      const order = await createOrder(t, [], mallory.auth);
      const victimId = (await orderRow(victimOrder.number)).id;
      const created = await t
        .http()
        .post(`/api/orders/${order.number}/line_items`)
        .set(mallory.auth)
        .send({ line_item: { variant_id: product.masterVariantId, quantity: 1, price: '0.01', order_id: victimId, id: 987654, adjustment_total: '-5.00' } })
        .expect(201);
      let [row] = cents(await t.db.query(`SELECT id, order_id, price, quantity FROM line_items WHERE id = $1`, [created.body.id]));
      expect(row).toEqual({ id: created.body.id, order_id: order.id, price: '19.99', quantity: 1 });
      await t.http().put(`/api/orders/${order.number}/line_items/${row.id}`).set(mallory.auth).send({ line_item: { quantity: 2, price: '0.01', order_id: victimId } }).expect(200);
      [row] = cents(await t.db.query(`SELECT id, order_id, price, quantity FROM line_items WHERE id = $1`, [created.body.id]));
      expect(row).toEqual({ id: created.body.id, order_id: order.id, price: '19.99', quantity: 2 });
      expect((await orderRow(order.number)).item_total).toBe('39.98');
    });
  });

  describe('users', () => {
    const privileged = { admin: true, roles: ['admin'], spree_role_ids: [1], role: 'admin', api_key: 'a'.repeat(40), spree_api_key: 'b'.repeat(40), id: 987654, created_at: '2000-01-01T00:00:00Z', encrypted_password: 'x' };

    it('ignores roles, keys and ids on sign-up', async () => {
      const res = await t.http().post('/api/users').send({ user: { email: 'newcomer@example.com', password: 'secret123', ...privileged } });
      expect(res.status).toBe(201);
      const [row] = await t.db.query(`SELECT id, admin, created_at, encrypted_password FROM users WHERE email = 'newcomer@example.com'`);
      expect(row.admin).toBe(false);
      expect(row.id).not.toBe(987654);
      expect(row.encrypted_password).not.toBe('x');
      expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000);
      const keys = await t.db.query(`SELECT 1 FROM api_keys WHERE digest = ANY($1)`, [[apiKeyDigest('a'.repeat(40)), apiKeyDigest('b'.repeat(40))]]);
      expect(keys).toEqual([]);
      await t.http().get('/api/orders').set({ Authorization: `Bearer ${'a'.repeat(40)}` }).expect(401);
    });

    it('ignores them on update, for the user itself', async () => {
      const res = await t.http().put(`/api/users/${mallory.id}`).set(mallory.auth).send({ user: privileged });
      expect(res.status).toBeLessThan(500);
      const [row] = await t.db.query(`SELECT admin FROM users WHERE id = $1`, [mallory.id]);
      expect(row.admin).toBe(false);
      const keys = await t.db.query(`SELECT digest FROM api_keys WHERE user_id = $1`, [mallory.id]);
      expect(keys).toEqual([{ digest: apiKeyDigest(mallory.apiKey) }]);
      await t.http().get('/api/orders').set(mallory.auth).expect(401);
    });
  });

  describe('payments', () => {
    it('ignores state, response fields and another order on create', async () => {
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], mallory.auth);
      const victimId = (await orderRow(victimOrder.number)).id;
      const res = await t
        .http()
        .post(`/api/orders/${order.number}/payments`)
        .set(mallory.auth)
        .send({ payment: { payment_method_id: await paymentMethodId(t.db, 'Check'), amount: '19.99', state: 'completed', order_id: victimId, response_code: 'X', avs_response: 'Y', id: 987654 } });
      expect(res.status).toBe(201);
      const [row] = await t.db.query(`SELECT id, order_id, state, response_code, avs_response FROM payments WHERE id = $1`, [res.body.id]);
      expect(row).toEqual({ id: res.body.id, order_id: order.id, state: 'checkout', response_code: null, avs_response: null });
      expect((await orderRow(order.number)).payment_total).toBe('0.00');
    });
  });

  describe("another order's records named in a checkout body", () => {
    it("cannot pay with another user's saved card (existing_card) nor pick another order's shipping rate", async () => {
      const victims = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], victim.auth);
      await completeCheckout(t, victims);
      const [card] = await t.db.query(`SELECT id FROM credit_cards WHERE user_id = $1`, [victim.id]);
      const [rate] = await t.db.query(`SELECT sr.id, sr.shipment_id FROM shipping_rates sr JOIN shipments s ON s.id = sr.shipment_id JOIN orders o ON o.id = s.order_id WHERE o.number = $1 AND NOT sr.selected LIMIT 1`, [victims.number]);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], mallory.auth);
      await checkoutToPayment(t, order, mallory.email);
      const [own] = await t.db.query(`SELECT s.id FROM shipments s JOIN orders o ON o.id = s.order_id WHERE o.number = $1`, [order.number]);
      const paid = await t.http().put(`/api/checkouts/${order.number}`).set(mallory.auth).send({ order: { existing_card: card.id } });
      expect(paid.status).toBe(422);
      expect(paid.body.error).toMatch(/Invalid credit card/);
      expect(await t.db.query(`SELECT 1 FROM payments p JOIN orders o ON o.id = p.order_id WHERE o.number = $1`, [order.number])).toEqual([]);
      for (const shipmentId of [rate.shipment_id, own.id]) {
        const res = await t.http().put(`/api/checkouts/${order.number}`).set(mallory.auth).send({ order: { shipments_attributes: [{ id: shipmentId, selected_shipping_rate_id: rate.id }] } });
        expect(res.status).toBe(422);
        expect(res.body.errors).toEqual({ 'shipments.selected_shipping_rate_id': ['is not a shipping rate of this shipment'] });
      }
      expect((await t.db.query(`SELECT selected FROM shipping_rates WHERE id = $1`, [rate.id]))[0].selected).toBe(false);
    });
  });

  describe('catalog, as an admin', () => {
    it('ignores ids and timestamps on products and variants', async () => {
      const res = await t.http().post('/api/products').set(admin.auth).send({ product: { name: 'Mug', price: '9.99', shipping_category_id: 1, id: 987654, created_at: '2000-01-01T00:00:00Z' } });
      expect(res.status).toBe(201);
      const [row] = await t.db.query(`SELECT id, created_at FROM products WHERE name = 'Mug'`);
      expect(row.id).not.toBe(987654);
      expect(new Date(row.created_at).getFullYear()).toBeGreaterThan(2000);
      const other = await createProduct(t.db);
      const variant = await t.http().post(`/api/products/${row.id}/variants`).set(admin.auth).send({ variant: { sku: 'MUG-1', price: '9.99', id: 987655, product_id: other.id, is_master: true } });
      expect(variant.status).toBe(201);
      const [v] = await t.db.query(`SELECT id, product_id, is_master FROM variants WHERE sku = 'MUG-1'`);
      expect(v).toEqual({ id: variant.body.id, product_id: row.id, is_master: false });
      expect(v.id).not.toBe(987655);
    });
  });
});
