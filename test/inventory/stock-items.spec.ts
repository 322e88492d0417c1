import { createOptionType, createProduct, createStockItem, createStockLocation, createVariant, defaultStockLocationId } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { INVALID, NOT_FOUND } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/stock_items_controller_spec.rb
const ATTRIBUTES = ['id', 'count_on_hand', 'backorderable', 'lock_version', 'stock_location_id', 'variant_id'];

describe('stock items', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let locationId: number;
  let stockItemId: number;
  let otherItemId: number;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    // Spree's stock_location_with_items: two products whose masters hold 10 and 20.
    locationId = await createStockLocation(t.db, { name: 'NY Warehouse' });
    const p1 = await createProduct(t.db, { sku: 'ABC' });
    const p2 = await createProduct(t.db);
    stockItemId = await createStockItem(t.db, locationId, p1.masterVariantId, { countOnHand: 10 });
    otherItemId = await createStockItem(t.db, locationId, p2.masterVariantId, { countOnHand: 20 });
    base = `/api/stock_locations/${locationId}/stock_items`;
  });
  afterAll(() => t.close());

  const item = async (id: number) => (await t.db.query('SELECT * FROM stock_items WHERE id = $1', [id]))[0];
  const movements = async (id: number) => (await t.db.query('SELECT quantity, action FROM stock_movements WHERE stock_item_id = $1 ORDER BY id', [id])) as Array<{ quantity: number }>;
  const newVariant = async () => (await createProduct(t.db)).masterVariantId;

  describe('as a normal user', () => {
    it('cannot list stock items for a stock location', async () => {
      await t.http().get(base).set(user.auth).expect(404, NOT_FOUND);
      await t.http().get(base).expect(404, NOT_FOUND);
    });

    it('cannot see a stock item', async () => {
      await t.http().get(`${base}/${stockItemId}`).set(user.auth).expect(404, NOT_FOUND);
    });

    it('cannot create a stock item', async () => {
      const variantId = await newVariant();
      await t.http().post(base).set(user.auth).send({ stock_item: { variant_id: variantId, count_on_hand: '20' } }).expect(404, NOT_FOUND);
      expect(await t.db.query('SELECT id FROM stock_items WHERE variant_id = $1', [variantId])).toEqual([]);
    });

    it('cannot update a stock item', async () => {
      await t.http().put(`${base}/${stockItemId}`).set(user.auth).send({ stock_item: { count_on_hand: 5 } }).expect(404, NOT_FOUND);
      expect((await item(stockItemId)).count_on_hand).toBe(10);
    });

    it('cannot destroy a stock item', async () => {
      await t.http().delete(`${base}/${stockItemId}`).set(user.auth).expect(404, NOT_FOUND);
      expect((await item(stockItemId)).deleted_at).toBeNull();
    });
  });

  describe('as an admin', () => {
    it('lists stock items with their variants', async () => {
      const res = await t.http().get(base).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ count: 2, total_count: 2, current_page: 1, per_page: 25, pages: 1 });
      const first = res.body.stock_items[0];
      expect(Object.keys(first).sort()).toEqual([...ATTRIBUTES, 'variant'].sort());
      expect(first).toMatchObject({ id: stockItemId, count_on_hand: 10, backorderable: false, lock_version: 0, stock_location_id: locationId });
      expect(first.variant).toMatchObject({ id: first.variant_id, sku: 'ABC', price: '19.99', display_price: '$19.99', is_master: true, in_stock: true, option_values: [], images: [] });
    });

    it('shows the option values of a variant', async () => {
      const product = await createProduct(t.db);
      const variantId = await createVariant(t.db, product.id);
      const typeName = `size-${Date.now()}`;
      const size = await createOptionType(t.db, typeName, ['S']);
      await t.db.query('INSERT INTO option_values_variants (variant_id, option_value_id) VALUES ($1, $2)', [variantId, size.valueIds[0]]);
      const [{ id }] = await t.db.query('SELECT id FROM stock_items WHERE variant_id = $1', [variantId]);
      const res = await t.http().get(`/api/stock_locations/${await defaultStockLocationId(t.db)}/stock_items/${id}`).set(admin.auth).expect(200);
      expect(res.body.variant.options_text).toBe(`${typeName.toUpperCase()}: S`);
      expect(res.body.variant.option_values[0]).toMatchObject({ id: size.valueIds[0], name: 's', presentation: 'S', option_type_id: size.id });
    });

    it('answers 404 for an unknown stock location', async () => {
      await t.http().get('/api/stock_locations/999999/stock_items').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get('/api/stock_locations/abc/stock_items').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().post('/api/stock_locations/999999/stock_items').set(admin.auth).send({ stock_item: { variant_id: 1 } }).expect(404, NOT_FOUND);
      await t.http().put(`/api/stock_locations/999999/stock_items/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 1 } }).expect(404, NOT_FOUND);
      await t.http().delete(`/api/stock_locations/999999/stock_items/${stockItemId}`).set(admin.auth).expect(404, NOT_FOUND);
    });

    // 'requires a stock_location_id to be passed as a parameter': our routes always carry it in the path;
    // without a location there is no route at all.
    it('has no route without a stock location', async () => {
      await t.http().get('/api/stock_items').set(admin.auth).expect(404, NOT_FOUND);
    });

    it('can control the page size through a parameter', async () => {
      const res = await t.http().get(`${base}?per_page=1`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ count: 1, current_page: 1, per_page: 1, pages: 2, total_count: 2 });
      const page2 = await t.http().get(`${base}.json?per_page=1&page=2`).set(admin.auth).expect(200);
      expect(page2.body.stock_items[0].id).toBe(otherItemId);
    });

    it('can query the results through a parameter', async () => {
      await t.db.query('UPDATE stock_items SET count_on_hand = 30 WHERE id = $1', [otherItemId]);
      const res = await t.http().get(base).query({ q: { count_on_hand_eq: '30' } }).set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.stock_items[0].count_on_hand).toBe(30);
      const variantId = (await item(stockItemId)).variant_id;
      const byVariant = await t.http().get(`${base}?q[variant_id_eq]=${variantId}`).set(admin.auth).expect(200);
      expect(byVariant.body.stock_items.map((i: { id: number }) => i.id)).toEqual([stockItemId]);
      const sorted = await t.http().get(`${base}?q[s]=count_on_hand desc`).set(admin.auth).expect(200);
      expect(sorted.body.stock_items.map((i: { id: number }) => i.id)).toEqual([otherItemId, stockItemId]);
      const bySku = await t.http().get(`${base}?q[variant_sku_eq]=ABC&q[api_key_cont]=x`).set(admin.auth).expect(200);
      expect(bySku.body.stock_items.map((i: { id: number }) => i.id)).toEqual([stockItemId]);
      await t.db.query('UPDATE stock_items SET count_on_hand = 20 WHERE id = $1', [otherItemId]);
    });

    it('gets a stock item', async () => {
      const res = await t.http().get(`${base}/${stockItemId}`).set(admin.auth).expect(200);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES, 'variant'].sort());
      expect(res.body.count_on_hand).toBe(10);
    });

    it('answers 404 for a stock item that is missing or at another location', async () => {
      await t.http().get(`${base}/999999`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get(`${base}/abc`).set(admin.auth).expect(404, NOT_FOUND);
      const elsewhere = await createStockLocation(t.db);
      await t.http().get(`/api/stock_locations/${elsewhere}/stock_items/${stockItemId}`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put(`/api/stock_locations/${elsewhere}/stock_items/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 1 } }).expect(404, NOT_FOUND);
      await t.http().delete(`/api/stock_locations/${elsewhere}/stock_items/${stockItemId}`).set(admin.auth).expect(404, NOT_FOUND);
      expect(await item(stockItemId)).toMatchObject({ count_on_hand: 10, deleted_at: null });
    });

    it('can create a new stock item, booking the count as a movement', async () => {
      const variantId = await newVariant();
      const res = await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: variantId, count_on_hand: '20' } }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES, 'variant'].sort());
      expect(res.body).toMatchObject({ variant_id: variantId, count_on_hand: 20, backorderable: false, stock_location_id: locationId });
      expect(await movements(res.body.id)).toEqual([{ quantity: 20, action: null }]);
    });

    it('creates from form parameters, backorderable and without a count', async () => {
      const variantId = await newVariant();
      const res = await t.http().post(base).set(admin.auth).type('form').send(`stock_item[variant_id]=${variantId}&stock_item[backorderable]=true`).expect(201);
      expect(res.body).toMatchObject({ variant_id: variantId, count_on_hand: 0, backorderable: true, lock_version: 0 });
      expect(await movements(res.body.id)).toEqual([]);
    });

    it('refuses a variant that already has a stock item here, and writes nothing', async () => {
      const variantId = (await item(stockItemId)).variant_id;
      const before = await t.db.query('SELECT count(*)::int AS n FROM stock_items');
      const res = await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: variantId, count_on_hand: 5 } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { variant_id: ['has already been taken'] } });
      expect(await t.db.query('SELECT count(*)::int AS n FROM stock_items')).toEqual(before);
      expect((await item(stockItemId)).count_on_hand).toBe(10);
    });

    it('refuses an unknown, deleted or missing variant and a count that is not an integer', async () => {
      const before = await t.db.query('SELECT (SELECT count(*)::int FROM stock_items) AS i, (SELECT count(*)::int FROM stock_movements) AS m');
      let res = await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: 999999, count_on_hand: 5 } }).expect(422);
      expect(res.body.errors).toEqual({ variant: ["can't be blank"] });
      const deleted = await createProduct(t.db, { deletedAt: new Date() });
      res = await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: deleted.masterVariantId } }).expect(422);
      expect(res.body.errors).toEqual({ variant: ["can't be blank"] });
      res = await t.http().post(base).set(admin.auth).send({ stock_item: { count_on_hand: 5 } }).expect(422);
      expect(res.body.errors).toEqual({ variant_id: ["can't be blank"] });
      const variantId = await newVariant();
      res = await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: variantId, count_on_hand: 'lots', backorderable: 'perhaps' } }).expect(422);
      expect(res.body.errors).toEqual({ count_on_hand: ['is not a number'], backorderable: ['is not a boolean'] });
      res = await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: variantId, count_on_hand: 1.5 } }).expect(422);
      expect(res.body.errors).toEqual({ count_on_hand: ['is not a number'] });
      await t.http().post(base).set(admin.auth).send({ stock_item: [1] }).expect(400);
      expect(await t.db.query('SELECT (SELECT count(*)::int FROM stock_items) AS i, (SELECT count(*)::int FROM stock_movements) AS m')).toEqual(before);
    });

    it('can update a stock item to add new inventory', async () => {
      const res = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 40 } }).expect(201);
      expect(res.body).toMatchObject({ id: stockItemId, count_on_hand: 50, lock_version: 1 });
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES, 'variant'].sort());
      const less = await t.http().put(`${base}/${stockItemId}?stock_item[count_on_hand]=-15`).set(admin.auth).expect(201);
      expect(less.body).toMatchObject({ count_on_hand: 35, lock_version: 2 });
      expect((await movements(stockItemId)).map((m) => m.quantity)).toEqual([40, -15]);
    });

    it('can set a stock item to modify the current inventory', async () => {
      await t.db.query('UPDATE stock_items SET count_on_hand = 10 WHERE id = $1', [otherItemId]);
      const res = await t.http().put(`${base}/${otherItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 40, force: true } }).expect(201);
      expect(res.body.count_on_hand).toBe(40);
      const down = await t.http().put(`${base}/${otherItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: '4', force: 'true' } }).expect(201);
      expect(down.body.count_on_hand).toBe(4);
      // The difference is what moved.
      expect((await movements(otherItemId)).map((m) => m.quantity)).toEqual([30, -36]);
    });

    it('changes backorderable and bumps lock_version on every change only', async () => {
      const before = await item(otherItemId);
      const res = await t.http().put(`${base}/${otherItemId}`).set(admin.auth).send({ stock_item: { backorderable: true } }).expect(201);
      expect(res.body).toMatchObject({ backorderable: true, count_on_hand: before.count_on_hand, lock_version: before.lock_version + 1 });
      const same = await t.http().put(`${base}/${otherItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 0 } }).expect(201);
      expect(same.body.lock_version).toBe(before.lock_version + 1);
      // Backorderable: may go below zero.
      const negative = await t.http().put(`${base}/${otherItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: -100 } }).expect(201);
      expect(negative.body.count_on_hand).toBe(before.count_on_hand - 100);
      await t.http().put(`${base}/${otherItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 100, backorderable: false } }).expect(201);
    });

    it('refuses to take a stock item that is not backorderable below zero, and writes nothing', async () => {
      const before = await item(stockItemId);
      const moved = (await movements(stockItemId)).length;
      const res = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: -(before.count_on_hand + 1) } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { count_on_hand: ['must be greater than or equal to 0'] } });
      await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: -1, force: true } }).expect(422);
      expect(await item(stockItemId)).toEqual(before);
      expect(await movements(stockItemId)).toHaveLength(moved);
    });

    it('refuses a stale lock_version and accepts the current one', async () => {
      const before = await item(stockItemId);
      const stale = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 1, lock_version: before.lock_version - 1 } }).expect(422);
      expect(stale.body.error).toBe(INVALID);
      expect(Object.keys(stale.body.errors)).toEqual(['lock_version']);
      await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 7, force: true, lock_version: before.lock_version + 5 } }).expect(422);
      expect(await item(stockItemId)).toEqual(before);
      const ok = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 1, lock_version: before.lock_version } }).expect(201);
      expect(ok.body).toMatchObject({ count_on_hand: before.count_on_hand + 1, lock_version: before.lock_version + 1 });
    });

    it('names a count_on_hand that is not an integer, and writes nothing', async () => {
      const before = await item(stockItemId);
      for (const bad of ['ten', '1.5', { n: 1 }, [1, 2], '']) {
        const res = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: bad } }).expect(422);
        expect(res.body).toEqual({ error: INVALID, errors: { count_on_hand: ['is not a number'] } });
      }
      const res = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 1, lock_version: 'x', force: 'sure' } }).expect(422);
      expect(res.body.errors).toEqual({ lock_version: ['is not a number'], force: ['is not a boolean'] });
      const huge = await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 99999999999 } }).expect(422);
      expect(Object.keys(huge.body.errors)).toEqual(['count_on_hand']);
      await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 2147483000 } }).expect(201);
      await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: 2147483000 } }).expect(422);
      await t.http().put(`${base}/${stockItemId}`).set(admin.auth).send({ stock_item: { count_on_hand: before.count_on_hand, force: true } }).expect(201);
      expect((await item(stockItemId)).count_on_hand).toBe(before.count_on_hand);
    });

    it('loses no update when many adds arrive at once', async () => {
      const variantId = await newVariant();
      const id = await createStockItem(t.db, locationId, variantId, { countOnHand: 100 });
      const requests = Array.from({ length: 20 }, (_, i) =>
        t
          .http()
          .put(`${base}/${id}`)
          .set(admin.auth)
          .send({ stock_item: { count_on_hand: i % 2 === 0 ? 3 : -1 } })
          .then((res) => res.status),
      );
      expect(await Promise.all(requests)).toEqual(Array(20).fill(201));
      const after = await item(id);
      expect(after.count_on_hand).toBe(100 + 10 * 3 - 10 * 1);
      expect(after.lock_version).toBe(20);
      const moved = await movements(id);
      expect(moved).toHaveLength(20);
      expect(moved.reduce((sum, m) => sum + m.quantity, 0)).toBe(20);
    });

    it('can delete a stock item (soft delete)', async () => {
      const variantId = await newVariant();
      const id = await createStockItem(t.db, locationId, variantId, { countOnHand: 4 });
      const res = await t.http().delete(`${base}/${id}`).set(admin.auth).expect(204);
      expect(res.text).toBe('');
      expect((await item(id)).deleted_at).not.toBeNull();
      await t.http().get(`${base}/${id}`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put(`${base}/${id}`).set(admin.auth).send({ stock_item: { count_on_hand: 1 } }).expect(404, NOT_FOUND);
      await t.http().delete(`${base}/${id}`).set(admin.auth).expect(404, NOT_FOUND);
      const list = await t.http().get(`${base}?per_page=100`).set(admin.auth).expect(200);
      expect(list.body.stock_items.map((i: { id: number }) => i.id)).not.toContain(id);
      // The variant may be stocked here again.
      await t.http().post(base).set(admin.auth).send({ stock_item: { variant_id: variantId } }).expect(201);
    });

    it('is described in the OpenAPI document', async () => {
      const doc = await t.http().get('/api/openapi.json').expect(200);
      const path = doc.body.paths['/api/stock_locations/{stock_location_id}/stock_items/{id}'];
      expect(path.put.responses['201']).toBeDefined();
      expect(doc.body.components.schemas.StockItemJson.properties.lock_version).toBeDefined();
    });
  });
});

describe('StockLedger (used by checkout to take stock)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('moves stock of a variant at a location, creating its stock item when missing, with the originator', async () => {
    const { StockLedger } = await import('../../src/inventory/stock-items/stock-ledger.service');
    const ledger = t.app.get(StockLedger);
    const locationId = await createStockLocation(t.db, { backorderableDefault: true });
    const variantId = (await createProduct(t.db)).masterVariantId;
    const first = await t.db.transaction((em) => ledger.moveVariant(em, { stockLocationId: locationId, variantId, quantity: 5, action: 'received' }));
    expect(first.stockItem).toMatchObject({ stockLocationId: locationId, variantId, countOnHand: 5, backorderable: true, lockVersion: 1 });
    const taken = await t.db.transaction((em) => ledger.moveVariant(em, { stockLocationId: locationId, variantId, quantity: -7, originatorType: 'Spree::Shipment', originatorId: 42 }));
    expect(taken.stockItem).toMatchObject({ id: first.stockItem.id, countOnHand: -2 });
    expect(taken.movement).toMatchObject({ quantity: -7, originatorType: 'Spree::Shipment', originatorId: 42 });
    // Not backorderable: refused, and the transaction writes nothing.
    await t.db.query('UPDATE stock_items SET backorderable = false, count_on_hand = 1 WHERE id = $1', [first.stockItem.id]);
    await expect(t.db.transaction((em) => ledger.moveVariant(em, { stockLocationId: locationId, variantId, quantity: -2 }))).rejects.toMatchObject({ status: 422 });
    const [row] = await t.db.query('SELECT count_on_hand, (SELECT count(*)::int FROM stock_movements WHERE stock_item_id = $1) AS moves FROM stock_items WHERE id = $1', [first.stockItem.id]);
    expect(row).toEqual({ count_on_hand: 1, moves: 2 });
  });
});
