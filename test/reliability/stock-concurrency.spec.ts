import { createProduct, createStockItem, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { closedGate, POOL_SIZE, range, roundRobin, rowLock, throughGate, twoInstances, closeInstances } from '../support/concurrency';
import { completeCheckout, createOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import { COULD_NOT_TRANSITION, INVALID } from '../support/error-bodies';
import type { TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

// Store staff changing one stock item at the same moment (PUT stock_items
// adds, POST stock_movements), on one instance and on two sharing the
// database: every change counts once (no lost update), lock_version rises
// once per change, each change leaves one movement, a non-backorderable item
// never goes below zero, and of requests sent with the same lock_version only
// the first is applied.
describe('concurrent stock changes', () => {
  let t: TestApp;
  let second: TestApp;
  let admin: TestUser;
  let locationId: number;

  beforeAll(async () => {
    [t, second] = await twoInstances();
    admin = await createAdmin(t.db);
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => closeInstances(t, second));

  async function stockItem(count: number, backorderable = false): Promise<number> {
    const product = await createProduct(t.db);
    return createStockItem(t.db, locationId, product.masterVariantId, { countOnHand: count, backorderable });
  }
  const row = async (id: number) =>
    (await t.db.query(`SELECT count_on_hand, lock_version FROM stock_items WHERE id = $1`, [id]))[0] as { count_on_hand: number; lock_version: number };
  const movements = async (id: number): Promise<number[]> => (await t.db.query(`SELECT quantity FROM stock_movements WHERE stock_item_id = $1 ORDER BY id`, [id])).map((m: { quantity: number }) => m.quantity);

  /** `n` requests at once behind a lock on the stock item, spread over the instances. */
  function concurrently(id: number, n: number, instances: TestApp[], send: (http: ReturnType<ReturnType<typeof roundRobin>>, i: number) => PromiseLike<{ status: number; body: any }>) {
    const http = roundRobin(instances);
    return throughGate(t.databaseUrl, rowLock('stock_items', 'id = $1', id), () => range(n).map((i) => send(http(i), i).then((res) => res)), {
      capacity: POOL_SIZE * instances.length,
    });
  }
  const putItem = (id: number, body: Record<string, unknown>) => (http: ReturnType<ReturnType<typeof roundRobin>>) =>
    http.put(`/api/stock_locations/${locationId}/stock_items/${id}`).set(admin.auth).send({ stock_item: body });

  it('20 concurrent adds of +1 (PUT stock_items, no force): count_on_hand +20, lock_version +20, 20 movements', async () => {
    const id = await stockItem(5);
    const before = await row(id);
    const responses = await concurrently(id, 20, [t], putItem(id, { count_on_hand: 1 }));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    // Each answer shows its own change: the counts 6..25 and lock versions +1..+20, once each.
    expect(responses.map((r) => r.body.count_on_hand).sort((a, b) => a - b)).toEqual(range(20).map((i) => 6 + i));
    expect(responses.map((r) => r.body.lock_version).sort((a, b) => a - b)).toEqual(range(20).map((i) => before.lock_version + 1 + i));
    expect(await row(id)).toEqual({ count_on_hand: 25, lock_version: before.lock_version + 20 });
    expect(await movements(id)).toEqual(Array(20).fill(1));
  });

  it('the same with two instances of the service on one database (30 adds: +1 and +2 alternately)', async () => {
    const id = await stockItem(0);
    const before = await row(id);
    const responses = await concurrently(id, 30, [t, second], (http, i) => putItem(id, { count_on_hand: i % 2 === 0 ? 1 : 2 })(http));
    expect(responses.map((r) => r.status)).toEqual(Array(30).fill(201));
    expect(await row(id)).toEqual({ count_on_hand: 15 * 1 + 15 * 2, lock_version: before.lock_version + 30 });
    expect((await movements(id)).sort()).toEqual([...Array(15).fill(1), ...Array(15).fill(2)]);
  });

  it('12 concurrent takes of -1 from 5 units (not backorderable): 5 are applied, 7 refused with 422, never below zero', async () => {
    const id = await stockItem(5);
    const before = await row(id);
    const responses = await concurrently(id, 12, [t, second], putItem(id, { count_on_hand: -1 }));
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(5).fill(201), ...Array(7).fill(422)]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: INVALID, errors: { count_on_hand: ['must be greater than or equal to 0'] } });
    }
    expect(await row(id)).toEqual({ count_on_hand: 0, lock_version: before.lock_version + 5 });
    expect(await movements(id)).toEqual(Array(5).fill(-1));
  });

  it('10 concurrent changes sent with the same (current) lock_version: one is applied, the 9 others are refused as stale and change nothing', async () => {
    const id = await stockItem(10);
    const before = await row(id);
    const responses = await concurrently(id, 10, [t, second], putItem(id, { count_on_hand: 3, lock_version: before.lock_version }));
    expect(responses.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(422)]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: INVALID, errors: { lock_version: ['is stale: the stock item was changed by another request, reload it and try again'] } });
    }
    expect(await row(id)).toEqual({ count_on_hand: 13, lock_version: before.lock_version + 1 });
    expect(await movements(id)).toEqual([3]);
  });

  it('concurrent forced counts (force=true) each record the difference from the count they replaced: the movements add up to the final count', async () => {
    const id = await stockItem(4);
    const before = await row(id);
    const targets = [7, 2, 9, 0, 5, 5, 12, 1];
    const responses = await concurrently(id, targets.length, [t, second], (http, i) => putItem(id, { count_on_hand: targets[i], force: true })(http));
    expect(responses.map((r) => r.status)).toEqual(Array(targets.length).fill(201));
    const after = await row(id);
    expect(targets).toContain(after.count_on_hand);
    // A lost update would leave movements that do not add up to the change in count.
    const moved = await movements(id);
    expect(moved.reduce((sum, q) => sum + q, 0)).toBe(after.count_on_hand - 4);
    expect(after.lock_version - before.lock_version).toBe(moved.length);
  });

  it('20 concurrent stock movements (POST stock_movements, +1 each, over two instances): count_on_hand +20, 20 movements', async () => {
    const id = await stockItem(3);
    const before = await row(id);
    const responses = await concurrently(id, 20, [t, second], (http) =>
      http.post(`/api/stock_locations/${locationId}/stock_movements`).set(admin.auth).send({ stock_movement: { stock_item_id: id, quantity: 1, action: 'received' } }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(20);
    expect(await row(id)).toEqual({ count_on_hand: 23, lock_version: before.lock_version + 20 });
    expect(await movements(id)).toEqual(Array(20).fill(1));
  });

  describe('a stock item deleted while an order takes or puts back its units', () => {
    /**
     * The delete is made to go first: both wait behind the gate, the delete
     * queued before the order's request, so the order finds the row it chose
     * deleted under it.
     */
    async function deleteFirst(itemId: number, then: () => PromiseLike<{ status: number; body: any }>) {
      const gate = await closedGate(t.databaseUrl, rowLock('stock_items', 'id = $1', itemId));
      try {
        const deleted = t.http().delete(`/api/stock_locations/${locationId}/stock_items/${itemId}`).set(admin.auth).then((res) => res);
        await gate.waitFor(1);
        const answer = then();
        await gate.waitFor(2);
        await gate.open();
        return { deleted: await deleted, answer: await answer };
      } finally {
        await gate.open();
      }
    }

    it('completing an order: refused with the could-not-transition 422 (not a 404), nothing taken, the order still at confirm', async () => {
      const product = await stockedProduct(t.db, { count: 3 });
      const [item] = await t.db.query(`SELECT id FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]);
      const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'deleted@example.com');
      const { deleted, answer } = await deleteFirst(item.id, () => second.http().put(`/api/checkouts/${order.number}`).set(order.guest).then((res) => res));
      expect(deleted.status).toBe(204);
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 422,
        body: { error: COULD_NOT_TRANSITION, errors: { base: [`Selected quantity of "${product.name}" is not available.`] } },
      });
      expect((await t.db.query(`SELECT state FROM orders WHERE id = $1`, [order.id]))[0].state).toBe('confirm');
      expect(await t.db.query(`SELECT quantity FROM stock_movements WHERE stock_item_id = $1 ORDER BY id`, [item.id])).toEqual([]);
    });

    it('canceling an order: the units go back to a new stock item of the variant at the location', async () => {
      const product = await stockedProduct(t.db, { count: 3 });
      const [item] = await t.db.query(`SELECT id FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }]);
      await completeCheckout(t, order);
      const { deleted, answer } = await deleteFirst(item.id, () => second.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).then((res) => res));
      expect(deleted.status).toBe(204);
      expect(answer.status).toBe(200);
      expect(answer.body.state).toBe('canceled');
      const items = await t.db.query(`SELECT id, count_on_hand, deleted_at IS NOT NULL AS deleted FROM stock_items WHERE variant_id = $1 ORDER BY id`, [product.masterVariantId]);
      expect(items).toEqual([
        { id: item.id, count_on_hand: 1, deleted: true },
        { id: expect.any(Number), count_on_hand: 2, deleted: false },
      ]);
    });
  });

  it('two shipments moved at once between two stock locations in opposite directions: both moved, stock right, no deadlock', async () => {
    const product = await stockedProduct(t.db, { count: 10 });
    const v = product.masterVariantId;
    const other = await createStockLocation(t.db, { propagateAllVariants: false });
    await createStockItem(t.db, other, v, { countOnHand: 10 });
    const shipmentOf = async (orderId: number) => (await t.db.query(`SELECT number, stock_location_id FROM shipments WHERE order_id = $1`, [orderId]))[0];
    const move = (http: ReturnType<ReturnType<typeof roundRobin>>, number: string, to: number) =>
      http.put(`/api/shipments/${number}`).set(admin.auth).send({ shipment: { stock_location_id: to } });
    // Two completed orders of 2 units each; one shipment at each location.
    const x = await createOrder(t, [{ variant_id: v, quantity: 2 }]);
    await completeCheckout(t, x);
    const y = await createOrder(t, [{ variant_id: v, quantity: 2 }]);
    await completeCheckout(t, y);
    const [sx, sy] = [await shipmentOf(x.id), await shipmentOf(y.id)];
    const [here, there] = [sx.stock_location_id, sx.stock_location_id === other ? locationId : other];
    if (sy.stock_location_id === here) await move(t.http(), sy.number, there).expect(200);
    const count = async (location: number) => (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL`, [location, v]))[0].count_on_hand;
    const before = { [here]: await count(here), [there]: await count(there) };

    // Each move puts stock back at one location and takes it at the other: behind the gate, each holds the row the other wants next.
    const gate = rowLock('stock_items', 'variant_id = $1', v);
    const http = roundRobin([t, second]);
    const responses = await throughGate(t.databaseUrl, gate, () => [move(http(0), sx.number, there).then((r) => r), move(http(1), sy.number, here).then((r) => r)], { capacity: POOL_SIZE * 2 });
    expect(responses.map((r) => [r.status, r.body.error])).toEqual([
      [200, undefined],
      [200, undefined],
    ]);
    expect((await shipmentOf(x.id)).stock_location_id).toBe(there);
    expect((await shipmentOf(y.id)).stock_location_id).toBe(here);
    expect({ [here]: await count(here), [there]: await count(there) }).toEqual(before);
  });
});
