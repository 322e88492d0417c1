import { createProduct, createStockItem, createStockLocation } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { NOT_FOUND } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/stock_movements_controller_spec.rb
const ATTRIBUTES = ['id', 'quantity', 'stock_item_id', 'action', 'stock_item'];

describe('stock movements', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let locationId: number;
  let stockItemId: number;
  let movementId: number;
  let base: string;

  /** Spree's `create(:stock_movement, stock_item:)`: the movement adjusts the item. */
  async function createMovement(itemId: number, quantity = 1, action = 'sold'): Promise<number> {
    const [{ id }] = await t.db.query('INSERT INTO stock_movements (stock_item_id, quantity, action) VALUES ($1, $2, $3) RETURNING id', [itemId, quantity, action]);
    await t.db.query('UPDATE stock_items SET count_on_hand = count_on_hand + $2 WHERE id = $1', [itemId, quantity]);
    return id;
  }
  const item = async (id: number) => (await t.db.query('SELECT * FROM stock_items WHERE id = $1', [id]))[0];
  const movementCount = async () => (await t.db.query('SELECT count(*)::int AS n FROM stock_movements'))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    locationId = await createStockLocation(t.db);
    const p1 = await createProduct(t.db);
    const p2 = await createProduct(t.db);
    stockItemId = await createStockItem(t.db, locationId, p1.masterVariantId, { countOnHand: 10 });
    await createStockItem(t.db, locationId, p2.masterVariantId, { countOnHand: 20 });
    movementId = await createMovement(stockItemId);
    base = `/api/stock_locations/${locationId}/stock_movements`;
  });
  afterAll(() => t.close());

  describe('as a user', () => {
    it('cannot see a list of stock movements', async () => {
      await t.http().get(base).set(user.auth).expect(404, NOT_FOUND);
      await t.http().get(base).expect(404, NOT_FOUND);
    });

    it('cannot see a stock movement', async () => {
      await t.http().get(`${base}/${movementId}`).set(user.auth).expect(404, NOT_FOUND);
    });

    it('cannot create a stock movement', async () => {
      const before = await movementCount();
      await t.http().post(base).set(user.auth).send({ stock_movement: { stock_item_id: stockItemId, quantity: 5 } }).expect(404, NOT_FOUND);
      expect(await movementCount()).toBe(before);
      expect((await item(stockItemId)).count_on_hand).toBe(11);
    });
  });

  describe('as an admin', () => {
    it('gets list of stock movements', async () => {
      const res = await t.http().get(base).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1 });
      const first = res.body.stock_movements[0];
      expect(Object.keys(first).sort()).toEqual([...ATTRIBUTES].sort());
      expect(first).toMatchObject({ id: movementId, quantity: 1, action: 'sold', stock_item_id: stockItemId });
      expect(first.stock_item.count_on_hand).toBe(11);
      expect(first.stock_item.variant.id).toBe(first.stock_item.variant_id);
    });

    // 'requires a stock_location_id to be passed as a parameter': the path always carries it.
    it('has no route without a stock location, and 404 for an unknown one', async () => {
      await t.http().get('/api/stock_movements').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get('/api/stock_locations/999999/stock_movements').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get(`/api/stock_locations/999999/stock_movements/${movementId}`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().post('/api/stock_locations/999999/stock_movements').set(admin.auth).send({ stock_movement: { stock_item_id: stockItemId } }).expect(404, NOT_FOUND);
    });

    it('can control the page size through a parameter', async () => {
      await createMovement(stockItemId);
      const res = await t.http().get(`${base}?per_page=1`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ count: 1, current_page: 1, pages: 2, per_page: 1, total_count: 2 });
    });

    it('can query the results through a parameter', async () => {
      await createMovement(stockItemId, 10, 'received');
      const res = await t.http().get(base).query({ q: { quantity_eq: '10' } }).set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.stock_movements[0]).toMatchObject({ quantity: 10, action: 'received' });
      const byAction = await t.http().get(`${base}?q[action_eq]=sold&q[s]=id desc`).set(admin.auth).expect(200);
      const ids = byAction.body.stock_movements.map((m: { id: number }) => m.id);
      expect(ids).toHaveLength(2);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
    });

    it('gets a stock movement', async () => {
      const res = await t.http().get(`${base}/${movementId}`).set(admin.auth).expect(200);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      expect(res.body.stock_item_id).toBe(stockItemId);
      expect(res.body.stock_item.id).toBe(stockItemId);
    });

    it('answers 404 for a movement that is missing or at another location', async () => {
      await t.http().get(`${base}/999999`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get(`${base}/abc`).set(admin.auth).expect(404, NOT_FOUND);
      const elsewhere = await createStockLocation(t.db);
      await t.http().get(`/api/stock_locations/${elsewhere}/stock_movements/${movementId}`).set(admin.auth).expect(404, NOT_FOUND);
      const list = await t.http().get(`/api/stock_locations/${elsewhere}/stock_movements`).set(admin.auth).expect(200);
      expect(list.body.stock_movements).toEqual([]);
    });

    it('can create a new stock movement', async () => {
      const before = await item(stockItemId);
      const res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: stockItemId } }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      expect(res.body).toMatchObject({ quantity: 0, stock_item_id: stockItemId, action: null });
      expect((await item(stockItemId)).count_on_hand).toBe(before.count_on_hand);
    });

    it('adjusts the stock item by the quantity, in the same transaction', async () => {
      const before = await item(stockItemId);
      const res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: String(stockItemId), quantity: '5', action: 'received' } }).expect(201);
      expect(res.body).toMatchObject({ quantity: 5, action: 'received' });
      expect(res.body.stock_item).toMatchObject({ id: stockItemId, count_on_hand: before.count_on_hand + 5, lock_version: before.lock_version + 1 });
      const out = await t.http().post(base).set(admin.auth).type('form').send(`stock_movement[stock_item_id]=${stockItemId}&stock_movement[quantity]=-3`).expect(201);
      expect(out.body.stock_item.count_on_hand).toBe(before.count_on_hand + 2);
      const [row] = await t.db.query('SELECT quantity, action FROM stock_movements WHERE id = $1', [res.body.id]);
      expect(row).toEqual({ quantity: 5, action: 'received' });
    });

    it('records but does not count a movement of a variant that does not track inventory', async () => {
      const product = await createProduct(t.db);
      await t.db.query('UPDATE variants SET track_inventory = false WHERE id = $1', [product.masterVariantId]);
      const id = await createStockItem(t.db, locationId, product.masterVariantId, { countOnHand: 2 });
      const res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: id, quantity: -5 } }).expect(201);
      expect(res.body).toMatchObject({ quantity: -5 });
      expect(res.body.stock_item.count_on_hand).toBe(2);
    });

    it('refuses a stock item of another location, a missing one, and bad numbers, writing nothing', async () => {
      const before = await movementCount();
      const itemBefore = await item(stockItemId);
      const elsewhere = await createStockLocation(t.db);
      const foreign = await createStockItem(t.db, elsewhere, itemBefore.variant_id, { countOnHand: 3 });
      let res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: foreign, quantity: 1 } }).expect(422);
      expect(res.body.errors).toEqual({ stock_item: ["can't be blank"] });
      res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: 999999, quantity: 1 } }).expect(422);
      expect(res.body.errors).toEqual({ stock_item: ["can't be blank"] });
      res = await t.http().post(base).set(admin.auth).send({ stock_movement: { quantity: 1 } }).expect(422);
      expect(res.body.errors).toEqual({ stock_item_id: ["can't be blank"] });
      res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: stockItemId, quantity: 'some' } }).expect(422);
      expect(res.body.errors).toEqual({ quantity: ['is not a number'] });
      res = await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: stockItemId, quantity: -(itemBefore.count_on_hand + 1) } }).expect(422);
      expect(res.body.errors).toEqual({ count_on_hand: ['must be greater than or equal to 0'] });
      const deleted = await createStockItem(t.db, locationId, (await createProduct(t.db)).masterVariantId);
      await t.db.query('UPDATE stock_items SET deleted_at = now() WHERE id = $1', [deleted]);
      await t.http().post(base).set(admin.auth).send({ stock_movement: { stock_item_id: deleted, quantity: 1 } }).expect(422);
      expect(await movementCount()).toBe(before);
      expect(await item(stockItemId)).toEqual(itemBefore);
      expect((await item(foreign)).count_on_hand).toBe(3);
    });

    it('loses no movement when many arrive at once', async () => {
      const id = await createStockItem(t.db, locationId, (await createProduct(t.db)).masterVariantId, { countOnHand: 0 });
      const statuses = await Promise.all(
        Array.from({ length: 20 }, () =>
          t
            .http()
            .post(base)
            .set(admin.auth)
            .send({ stock_movement: { stock_item_id: id, quantity: 2 } })
            .then((r) => r.status),
        ),
      );
      expect(statuses).toEqual(Array(20).fill(201));
      expect(await item(id)).toMatchObject({ count_on_hand: 40, lock_version: 20 });
    });

    it('is described in the OpenAPI document', async () => {
      const doc = await t.http().get('/api/openapi.json').expect(200);
      expect(Object.keys(doc.body.paths)).toEqual(
        expect.arrayContaining(['/api/stock_locations/{stock_location_id}/stock_movements', '/api/stock_locations/{stock_location_id}/stock_movements/{id}']),
      );
    });
  });
});
