import { createProduct, createVariant } from '../support/catalog';
import { createOrder, CreatedOrder, placedOrder, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { cents } from '../support/database';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/line_items_controller_spec.rb,
// plus the line item rules of the contract (quantities, purchasable variants, prices,
// totals, shipments, completed orders, access, /api/checkouts paths, malformed groups).
const ATTRIBUTES = ['id', 'quantity', 'price', 'variant', 'total', 'display_amount', 'single_display_amount'];

describe('line items', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.db);
    stranger = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  /**
   * Spree's order_with_line_items: five line items of 10.00 each, quantity 1. The products here have stock for
   * the largest quantity a test sets (10,000): a line item is checked against the stock (line-item-availability.spec.ts).
   */
  const STOCK = 10_000;
  const orderWithLineItems = async (auth: Record<string, string> = {}): Promise<CreatedOrder & { lineItemIds: number[] }> => {
    const items = [];
    for (let i = 0; i < 5; i++) items.push({ variant_id: (await stockedProduct(t.db, { price: '10.00', count: STOCK })).masterVariantId, quantity: 1 });
    const order = await createOrder(t, items, auth);
    const rows = await t.db.query('SELECT id FROM line_items WHERE order_id = $1 ORDER BY id', [order.id]);
    return { ...order, lineItemIds: rows.map((r: { id: number }) => r.id) };
  };
  const lineItems = async (orderId: number) =>
    cents(await t.db.query('SELECT id, variant_id, quantity, price::text AS price FROM line_items WHERE order_id = $1 ORDER BY id', [orderId])) as Array<{
      id: number;
      variant_id: number;
      quantity: number;
      price: string;
    }>;
  const lineItem = async (id: number) => cents(await t.db.query('SELECT id, quantity, price::text AS price FROM line_items WHERE id = $1', [id]))[0];
  const orderRow = async (id: number) => cents(await t.db.query('SELECT state, item_total::text AS item_total, total::text AS total FROM orders WHERE id = $1', [id]))[0];
  const shipmentCount = async (orderId: number) => (await t.db.query('SELECT count(*)::int AS n FROM shipments WHERE order_id = $1', [orderId]))[0].n;
  const orderJson = async (order: CreatedOrder) => (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
  const newVariant = async (price = '19.99') => (await stockedProduct(t.db, { price, count: STOCK })).masterVariantId;

  /** A guest order taken through the address step into delivery (shipments proposed). */
  const orderInDelivery = async (auth: Record<string, string> = {}) => {
    const order = await createOrder(t, [{ variant_id: await newVariant('10.00'), quantity: 1 }], auth);
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const address = await usAddress(t.db);
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } })
      .expect(200);
    expect(res.body.state).toBe('delivery');
    expect(res.body.shipments).toHaveLength(1);
    const [li] = await lineItems(order.id);
    return { ...order, lineItemId: li.id };
  };

  it('can learn how to create a new line item', async () => {
    const order = await orderWithLineItems();
    for (const prefix of ['orders', 'checkouts']) {
      const res = await t.http().get(`/api/${prefix}/${order.number}/line_items/new`).set(order.guest).expect(200);
      expect(res.body.attributes).toEqual(['quantity', 'price', 'variant_id']);
      expect(res.body.required_attributes).toEqual(expect.arrayContaining(['quantity', 'variant_id']));
    }
  });

  describe('authenticating with a token', () => {
    it('can add a new line item to an existing order (order_token parameter)', async () => {
      const order = await orderWithLineItems();
      const variantId = await newVariant();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).send({ line_item: { variant_id: variantId, quantity: 1 }, order_token: order.token }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body.variant.name).toEqual(expect.stringMatching(/\S/));
      expect(res.body).toMatchObject({ quantity: 1, price: '19.99', variant_id: variantId, total: '19.99', display_amount: '$19.99', single_display_amount: '$19.99' });
      expect((await lineItems(order.id)).map((li) => li.variant_id)).toContain(variantId);
    });

    it('accepts order_token in the query string', async () => {
      const order = await orderWithLineItems();
      const variantId = await newVariant();
      await t.http().post(`/api/orders/${order.number}/line_items?order_token=${order.token}`).send({ line_item: { variant_id: variantId, quantity: 2 } }).expect(201);
      expect((await lineItems(order.id)).find((li) => li.variant_id === variantId)?.quantity).toBe(2);
    });

    it('can add a new line item to an existing order with token in header', async () => {
      const order = await orderWithLineItems();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body.variant.name).toEqual(expect.stringMatching(/\S/));
    });

    it('refuses a wrong token, and no credentials at all', async () => {
      const order = await orderWithLineItems();
      const [first] = order.lineItemIds;
      const base = `/api/orders/${order.number}/line_items`;
      const body = { line_item: { variant_id: await newVariant(), quantity: 1 } };
      await t.http().post(base).set({ 'X-Spree-Order-Token': 'not-the-token' }).send(body).expect(401, UNAUTHORIZED);
      await t.http().post(base).send({ ...body, order_token: 'not-the-token' }).expect(401, UNAUTHORIZED);
      await t.http().post(base).send(body).expect(401, UNAUTHORIZED);
      await t.http().put(`${base}/${first}`).set({ 'X-Spree-Order-Token': 'nope' }).send({ line_item: { quantity: 7 } }).expect(401, UNAUTHORIZED);
      await t.http().put(`${base}/${first}`).send({ line_item: { quantity: 7 } }).expect(401, UNAUTHORIZED);
      await t.http().delete(`${base}/${first}`).set({ 'X-Spree-Order-Token': 'nope' }).expect(401, UNAUTHORIZED);
      await t.http().delete(`${base}/${first}`).expect(401, UNAUTHORIZED);
      expect(await lineItems(order.id)).toHaveLength(5);
      expect((await lineItem(first)).quantity).toBe(1);
    });
  });

  describe('as the order owner', () => {
    it('can add a new line item to an existing order', async () => {
      const order = await orderWithLineItems(owner.auth);
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(owner.auth).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body.variant.name).toEqual(expect.stringMatching(/\S/));
      expect(await lineItems(order.id)).toHaveLength(6);
    });

    it("increases a line item's quantity if it exists already", async () => {
      const order = await orderWithLineItems(owner.auth);
      const variantId = await newVariant();
      const base = `/api/orders/${order.number}/line_items`;
      const first = await t.http().post(base).set(owner.auth).send({ line_item: { variant_id: variantId, quantity: 10 } }).expect(201);
      const res = await t.http().post(base).set(owner.auth).send({ line_item: { variant_id: variantId, quantity: 1 } }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body.id).toBe(first.body.id);
      expect(res.body.quantity).toBe(11);
      expect(res.body.total).toBe('219.89');
      const rows = await lineItems(order.id);
      expect(rows).toHaveLength(6); // 5 from the factory + 1 in this test
      expect(rows.filter((li) => li.variant_id === variantId)).toEqual([expect.objectContaining({ quantity: 11 })]);
    });

    it('can update a line item on the order', async () => {
      const order = await orderWithLineItems(owner.auth);
      const res = await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemIds[0]}`).set(owner.auth).send({ line_item: { quantity: 101 } }).expect(200);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body.quantity).toBe(101);
      expect(res.body.total).toBe('1010.00');
      expect((await orderRow(order.id)).total).toBe('1050.00'); // 50 from the factory + 1000 in this test
    });

    it('can delete a line item on the order', async () => {
      const order = await orderWithLineItems(owner.auth);
      const res = await t.http().delete(`/api/orders/${order.number}/line_items/${order.lineItemIds[0]}`).set(owner.auth).expect(204);
      expect(res.text).toBe('');
      const rows = await lineItems(order.id);
      expect(rows).toHaveLength(4); // 5 from the factory - 1 in this test
      expect(await lineItem(order.lineItemIds[0])).toBeUndefined();
    });

    describe('order contents changed after shipments were created', () => {
      it('clears out shipments on create, and goes back to the address step', async () => {
        const order = await orderInDelivery(owner.auth);
        expect(await shipmentCount(order.id)).toBe(1);
        await t.http().post(`/api/orders/${order.number}/line_items`).set(owner.auth).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(201);
        expect(await shipmentCount(order.id)).toBe(0);
        const json = await orderJson(order);
        expect(json.state).toBe('address');
        expect(json.shipments).toEqual([]);
        expect(json.ship_total).toBe('0.00');
      });

      it('clears out shipments on update', async () => {
        const order = await orderInDelivery(owner.auth);
        expect(await shipmentCount(order.id)).toBe(1);
        await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(owner.auth).send({ line_item: { quantity: 1000 } }).expect(200);
        expect(await shipmentCount(order.id)).toBe(0);
        expect((await orderRow(order.id)).state).toBe('address');
      });

      it('clears out shipments on delete', async () => {
        const order = await orderInDelivery(owner.auth);
        expect(await shipmentCount(order.id)).toBe(1);
        await t.http().delete(`/api/orders/${order.number}/line_items/${order.lineItemId}`).set(owner.auth).expect(204);
        expect(await shipmentCount(order.id)).toBe(0);
        expect((await orderRow(order.id)).state).toBe('address');
      });

      describe('order is completed', () => {
        it("doesn't destroy shipments or restart checkout flow, and changes nothing", async () => {
          const order = await placedOrder(t, { price: '10.00', onHand: STOCK, pay: 'check' });
          const before = { row: await orderRow(order.id), items: await lineItems(order.id), shipments: await shipmentCount(order.id) };
          expect(before.shipments).toBe(1);
          const base = `/api/orders/${order.number}/line_items`;

          let res = await t.http().post(base).set(order.guest).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(422);
          expect(res.body.error).toBe(INVALID);
          expect(res.body.errors).toEqual(expect.any(Object));
          res = await t.http().post(base).set(order.guest).send({ line_item: { variant_id: before.items[0].variant_id, quantity: 1 } }).expect(422);
          expect(res.body.error).toBe(INVALID);
          res = await t.http().put(`${base}/${order.lineItemId}`).set(order.guest).send({ line_item: { quantity: 3 } }).expect(422);
          expect(res.body.error).toBe(INVALID);
          res = await t.http().delete(`${base}/${order.lineItemId}`).set(order.guest).expect(422);
          expect(res.body.error).toBe(INVALID);

          expect(await orderRow(order.id)).toEqual({ ...before.row, state: 'complete' });
          expect(await lineItems(order.id)).toEqual(before.items);
          expect(await shipmentCount(order.id)).toBe(1);
        });
      });
    });
  });

  describe('as just another user', () => {
    it('cannot add a new line item to the order', async () => {
      const order = await orderWithLineItems(owner.auth);
      await t.http().post(`/api/orders/${order.number}/line_items`).set(stranger.auth).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(401, UNAUTHORIZED);
      expect(await lineItems(order.id)).toHaveLength(5);
    });

    it('cannot update a line item on the order', async () => {
      const order = await orderWithLineItems(owner.auth);
      await t.http().put(`/api/orders/${order.number}/line_items/${order.lineItemIds[0]}`).set(stranger.auth).send({ line_item: { quantity: 1000 } }).expect(401, UNAUTHORIZED);
      expect((await lineItem(order.lineItemIds[0])).quantity).toBe(1);
    });

    it('cannot delete a line item on the order', async () => {
      const order = await orderWithLineItems(owner.auth);
      await t.http().delete(`/api/orders/${order.number}/line_items/${order.lineItemIds[0]}`).set(stranger.auth).expect(401, UNAUTHORIZED);
      expect(await lineItem(order.lineItemIds[0])).toBeDefined();
    });

    it("cannot reach a guest order's line items with a key alone", async () => {
      const order = await orderWithLineItems();
      await t.http().post(`/api/orders/${order.number}/line_items`).set(owner.auth).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(401, UNAUTHORIZED);
      expect(await lineItems(order.id)).toHaveLength(5);
    });
  });

  describe('lookups', () => {
    it('answers 404 for an unknown order', async () => {
      const variantId = await newVariant();
      await t.http().post('/api/orders/R000000000/line_items').set(admin.auth).send({ line_item: { variant_id: variantId, quantity: 1 } }).expect(404, NOT_FOUND);
      await t.http().post('/api/orders/R000000000/line_items').send({ line_item: { variant_id: variantId, quantity: 1 } }).expect(404, NOT_FOUND);
      await t.http().put('/api/orders/R000000000/line_items/1').set(admin.auth).send({ line_item: { quantity: 2 } }).expect(404, NOT_FOUND);
      await t.http().delete('/api/orders/R000000000/line_items/1').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get('/api/orders/R000000000/line_items/new').expect(404, NOT_FOUND);
    });

    it('answers 404 for an unknown line item id', async () => {
      const order = await orderWithLineItems();
      const base = `/api/orders/${order.number}/line_items`;
      await t.http().put(`${base}/999999999`).set(order.guest).send({ line_item: { quantity: 2 } }).expect(404, NOT_FOUND);
      await t.http().delete(`${base}/999999999`).set(order.guest).expect(404, NOT_FOUND);
      await t.http().put(`${base}/not-a-number`).set(order.guest).send({ line_item: { quantity: 2 } }).expect(404, NOT_FOUND);
    });

    it('answers 404 for a line item of another order, and leaves it alone', async () => {
      const mine = await orderWithLineItems();
      const theirs = await orderWithLineItems();
      const victim = theirs.lineItemIds[0];
      const base = `/api/orders/${mine.number}/line_items`;
      await t.http().put(`${base}/${victim}`).set(mine.guest).send({ line_item: { quantity: 9 } }).expect(404, NOT_FOUND);
      await t.http().delete(`${base}/${victim}`).set(mine.guest).expect(404, NOT_FOUND);
      expect((await lineItem(victim)).quantity).toBe(1);
      expect(await lineItems(theirs.id)).toHaveLength(5);
      expect(await lineItems(mine.id)).toHaveLength(5);
    });
  });

  describe('under /api/checkouts/:number/line_items', () => {
    it('adds, updates and removes line items', async () => {
      const order = await orderWithLineItems();
      const base = `/api/checkouts/${order.number}/line_items`;
      const variantId = await newVariant('2.50');
      const created = await t.http().post(base).set(order.guest).send({ line_item: { variant_id: variantId, quantity: 2 } }).expect(201);
      expect(created.body).toMatchObject({ variant_id: variantId, quantity: 2, total: '5.00' });
      const updated = await t.http().put(`${base}/${created.body.id}`).set(order.guest).send({ line_item: { quantity: 4 } }).expect(200);
      expect(updated.body).toMatchObject({ id: created.body.id, quantity: 4, total: '10.00' });
      expect((await orderRow(order.id)).item_total).toBe('60.00');
      await t.http().delete(`${base}/${created.body.id}`).set(order.guest).expect(204);
      expect(await lineItem(created.body.id)).toBeUndefined();
      expect((await orderRow(order.id)).item_total).toBe('50.00');
    });

    it('applies the same access rules', async () => {
      const order = await orderWithLineItems(owner.auth);
      const base = `/api/checkouts/${order.number}/line_items`;
      await t.http().post(base).set(stranger.auth).send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(401, UNAUTHORIZED);
      await t.http().put(`${base}/${order.lineItemIds[0]}`).send({ line_item: { quantity: 5 } }).expect(401, UNAUTHORIZED);
      await t.http().post('/api/checkouts/R000000000/line_items').send({ line_item: { variant_id: await newVariant(), quantity: 1 } }).expect(404, NOT_FOUND);
      expect(await lineItems(order.id)).toHaveLength(5);
      expect((await lineItem(order.lineItemIds[0])).quantity).toBe(1);
    });
  });

  describe('quantity', () => {
    it.each([
      ['0', 0],
      ['-1', -1],
      ['"many"', 'many'],
      ['10001', 10001],
      ['1.5', 1.5],
    ])('refuses %s on create with a 422 naming quantity', async (_label, quantity) => {
      const order = await orderWithLineItems();
      const variantId = await newVariant();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: variantId, quantity } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors.quantity).toEqual([expect.any(String)]);
      expect((await lineItems(order.id)).map((li) => li.variant_id)).not.toContain(variantId);
      expect((await orderRow(order.id)).item_total).toBe('50.00');
    });

    it.each([
      ['0', 0],
      ['-1', -1],
      ['"many"', 'many'],
      ['10001', 10001],
    ])('refuses %s on update with a 422 naming quantity, and keeps the line item', async (_label, quantity) => {
      const order = await orderWithLineItems();
      const id = order.lineItemIds[0];
      const res = await t.http().put(`/api/orders/${order.number}/line_items/${id}`).set(order.guest).send({ line_item: { quantity } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors.quantity).toEqual([expect.any(String)]);
      expect((await lineItem(id)).quantity).toBe(1);
      expect((await orderRow(order.id)).item_total).toBe('50.00');
    });

    it('accepts 10000, and refuses adding more of the same variant beyond it (nothing written)', async () => {
      const order = await orderWithLineItems();
      const variantId = await newVariant('1.00');
      const base = `/api/orders/${order.number}/line_items`;
      await t.http().post(base).set(order.guest).send({ line_item: { variant_id: variantId, quantity: 10000 } }).expect(201);
      const res = await t.http().post(base).set(order.guest).send({ line_item: { variant_id: variantId, quantity: 1 } }).expect(422);
      expect(res.body.errors.quantity).toEqual([expect.any(String)]);
      expect((await lineItems(order.id)).find((li) => li.variant_id === variantId)?.quantity).toBe(10000);
      expect((await orderRow(order.id)).item_total).toBe('10050.00');
    });

    it('defaults to 1 when not given, and reads numbers sent as strings or form fields', async () => {
      const order = await orderWithLineItems();
      const base = `/api/orders/${order.number}/line_items`;
      const noQuantity = await t.http().post(base).set(order.guest).send({ line_item: { variant_id: await newVariant() } }).expect(201);
      expect(noQuantity.body.quantity).toBe(1);
      const variantId = await newVariant();
      const form = await t.http().post(base).set(order.guest).type('form').send(`line_item[variant_id]=${variantId}&line_item[quantity]=3`).expect(201);
      expect(form.body).toMatchObject({ variant_id: variantId, quantity: 3 });
      const asString = await t.http().put(`${base}/${form.body.id}`).set(order.guest).send({ line_item: { quantity: '4' } }).expect(200);
      expect(asString.body.quantity).toBe(4);
    });

    it('refuses a missing variant_id with a 422 naming variant_id', async () => {
      const order = await orderWithLineItems();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { quantity: 1 } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors.variant_id).toEqual([expect.any(String)]);
      expect(await lineItems(order.id)).toHaveLength(5);
    });
  });

  describe('variants that cannot be bought', () => {
    const refuses = async (variantId: number) => {
      const order = await orderWithLineItems();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: variantId, quantity: 1 } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors.variant_id).toEqual([expect.any(String)]);
      expect(await lineItems(order.id)).toHaveLength(5);
      expect((await orderRow(order.id)).total).toBe('50.00');
    };

    it('refuses an unknown variant', async () => {
      await refuses(999999999);
    });

    it('refuses a deleted variant', async () => {
      await refuses((await createProduct(t.db, { deletedAt: new Date(Date.now() - 60_000) })).masterVariantId);
    });

    it('refuses a deleted variant of a product still on sale', async () => {
      const product = await createProduct(t.db);
      const variantId = await createVariant(t.db, product.id);
      await t.db.query('UPDATE variants SET deleted_at = now() WHERE id = $1', [variantId]);
      await refuses(variantId);
    });

    it('refuses a variant whose product is deleted', async () => {
      const product = await createProduct(t.db);
      await t.db.query('UPDATE products SET deleted_at = now() WHERE id = $1', [product.id]);
      await refuses(product.masterVariantId);
    });

    it('refuses a variant not yet available', async () => {
      await refuses((await createProduct(t.db, { availableOn: new Date(Date.now() + 7 * 86_400_000) })).masterVariantId);
      await refuses((await createProduct(t.db, { availableOn: null })).masterVariantId);
    });

    it('refuses a variant without a price in the order currency', async () => {
      await refuses((await createProduct(t.db, { currency: 'EUR' })).masterVariantId);
    });

    it('refuses an admin-given price for an unknown variant too', async () => {
      const order = await orderWithLineItems();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: 999999999, quantity: 1, price: '1.00' } }).expect(422);
      expect(res.body.errors.variant_id).toEqual([expect.any(String)]);
    });
  });

  describe('price', () => {
    it("ignores a non-admin's price on create and update", async () => {
      const order = await orderWithLineItems(owner.auth);
      const base = `/api/orders/${order.number}/line_items`;
      const created = await t.http().post(base).set(owner.auth).send({ line_item: { variant_id: await newVariant('19.99'), quantity: 2, price: '0.01' } }).expect(201);
      expect(created.body).toMatchObject({ price: '19.99', total: '39.98' });
      const updated = await t.http().put(`${base}/${created.body.id}`).set(owner.auth).send({ line_item: { quantity: 2, price: '0.01' } }).expect(200);
      expect(updated.body).toMatchObject({ price: '19.99', total: '39.98' });
      expect((await lineItem(created.body.id)).price).toBe('19.99');
      expect((await orderRow(order.id)).item_total).toBe('89.98');
    });

    it("ignores a guest's price", async () => {
      const order = await orderWithLineItems();
      const created = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: await newVariant('5.55'), quantity: 1, price: '0.00' } }).expect(201);
      expect(created.body.price).toBe('5.55');
    });

    it("honours an admin's price on create and update, in the totals too", async () => {
      const order = await orderWithLineItems(owner.auth);
      const base = `/api/orders/${order.number}/line_items`;
      const created = await t.http().post(base).set(admin.auth).send({ line_item: { variant_id: await newVariant('19.99'), quantity: 3, price: '7.33' } }).expect(201);
      expect(created.body).toMatchObject({ price: '7.33', total: '21.99', single_display_amount: '$7.33' });
      expect((await orderRow(order.id)).item_total).toBe('71.99');
      const updated = await t.http().put(`${base}/${order.lineItemIds[0]}`).set(admin.auth).send({ line_item: { price: '12.50' } }).expect(200);
      expect(updated.body).toMatchObject({ price: '12.50', quantity: 1, total: '12.50' });
      expect((await lineItem(order.lineItemIds[0])).price).toBe('12.50');
      expect((await orderRow(order.id)).item_total).toBe('74.49');
    });

    it('refuses an unreadable admin price with a 422 naming price', async () => {
      const order = await orderWithLineItems();
      const res = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).send({ line_item: { variant_id: await newVariant(), quantity: 1, price: { amount: 1 } } }).expect(422);
      expect(res.body.errors.price).toEqual([expect.any(String)]);
      expect(await lineItems(order.id)).toHaveLength(5);
    });
  });

  describe('totals', () => {
    it('keeps item_total, total and total_quantity right to the cent after create, update and delete', async () => {
      const a = await newVariant('19.99');
      const b = await newVariant('0.07');
      const order = await createOrder(t, [{ variant_id: a, quantity: 3 }]);
      let json = await orderJson(order);
      expect(json).toMatchObject({ item_total: '59.97', total: '59.97', total_quantity: 3, display_item_total: '$59.97' });

      const created = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: b, quantity: 13 } }).expect(201);
      expect(created.body.total).toBe('0.91');
      json = await orderJson(order);
      expect(json).toMatchObject({ item_total: '60.88', total: '60.88', total_quantity: 16 });
      expect(await orderRow(order.id)).toMatchObject({ item_total: '60.88', total: '60.88' });

      const aId = json.line_items.find((li: { variant_id: number }) => li.variant_id === a).id;
      await t.http().put(`/api/orders/${order.number}/line_items/${aId}`).set(order.guest).send({ line_item: { quantity: 7 } }).expect(200);
      json = await orderJson(order);
      expect(json).toMatchObject({ item_total: '140.84', total: '140.84', total_quantity: 20 });

      await t.http().delete(`/api/orders/${order.number}/line_items/${created.body.id}`).set(order.guest).expect(204);
      json = await orderJson(order);
      expect(json).toMatchObject({ item_total: '139.93', total: '139.93', total_quantity: 7 });
      expect(json.line_items).toHaveLength(1);

      await t.http().delete(`/api/orders/${order.number}/line_items/${aId}`).set(order.guest).expect(204);
      json = await orderJson(order);
      expect(json).toMatchObject({ item_total: '0.00', total: '0.00', total_quantity: 0, line_items: [] });
    });
  });

  describe('malformed parameters', () => {
    it('answers 400 when line_item is not an object', async () => {
      const order = await orderWithLineItems();
      const base = `/api/orders/${order.number}/line_items`;
      let res = await t.http().post(base).set(order.guest).send({ line_item: 'many' }).expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      res = await t.http().post(base).set(order.guest).type('form').send('line_item=oops').expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      res = await t.http().put(`${base}/${order.lineItemIds[0]}`).set(order.guest).send({ line_item: [1, 2] }).expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      res = await t.http().post(base).set(order.guest).set('Content-Type', 'application/json').send('{"line_item": {').expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
      expect(await lineItems(order.id)).toHaveLength(5);
      expect((await lineItem(order.lineItemIds[0])).quantity).toBe(1);
    });
  });
});
