import { createProduct, createStockItem, defaultStockLocationId } from '../support/catalog';
import { POOL_SIZE, range, roundRobin, rowLock, throughGate, twoInstances, closeInstances } from '../support/concurrency';
import { checkoutToPayment, createOrder, CreatedOrder } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { cents } from '../support/database';

// A shopper's cart changed by many requests at the same moment (several
// tabs, a double click, a retrying client), on one instance and on two
// sharing the database: every add counts once, a variant has one line item,
// and the order's totals are those of its line items as they end up (what a
// fresh recompute gives).
describe('concurrent line item changes on one order', () => {
  let t: TestApp;
  let second: TestApp;
  let locationId: number;

  beforeAll(async () => {
    [t, second] = await twoInstances();
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => closeInstances(t, second));

  async function variant(price: string): Promise<number> {
    const product = await createProduct(t.db, { price });
    await createStockItem(t.db, locationId, product.masterVariantId, { countOnHand: 1000 });
    return product.masterVariantId;
  }

  const TOTALS = `item_total, item_count, shipment_total, adjustment_total, additional_tax_total, promo_total, total, state`;
  const orderRow = async (order: CreatedOrder) => cents(await t.db.query(`SELECT ${TOTALS} FROM orders WHERE id = $1`, [order.id]))[0];
  const lineItems = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT variant_id, quantity, price FROM line_items WHERE order_id = $1 ORDER BY variant_id`, [order.id])) as Array<{
      variant_id: number;
      quantity: number;
      price: string;
    }>;

  /** The totals as stored must be what recomputing them gives now (a request that recomputes: an empty order update). */
  async function expectTotalsUpToDate(order: CreatedOrder) {
    const stored = await orderRow(order);
    await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: {} }).expect(200);
    expect(await orderRow(order)).toEqual(stored);
    return stored;
  }

  /** `n` requests on the order at once, behind a lock on its row, spread over the instances. */
  function concurrently(order: CreatedOrder, n: number, instances: TestApp[], send: (http: ReturnType<ReturnType<typeof roundRobin>>, i: number) => PromiseLike<{ status: number; body: any }>) {
    const http = roundRobin(instances);
    return throughGate(t.databaseUrl, rowLock('orders', 'id = $1', order.id), () => range(n).map((i) => send(http(i), i).then((res) => res)), {
      capacity: POOL_SIZE * instances.length,
    });
  }
  const addItem = (order: CreatedOrder, variantId: number, quantity = 1) => (http: ReturnType<ReturnType<typeof roundRobin>>) =>
    http.post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: variantId, quantity } });

  it('20 adds of the same variant at once: one line item of quantity 20, totals of 20 units', async () => {
    const v = await variant('10.00');
    const order = await createOrder(t, []);
    const responses = await concurrently(order, 20, [t], addItem(order, v));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    // Each add saw the one before it: the answers count 1..20, once each, on the same line item.
    expect(responses.map((r) => r.body.quantity).sort((a, b) => a - b)).toEqual(range(20).map((i) => i + 1));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    expect(await lineItems(order)).toEqual([{ variant_id: v, quantity: 20, price: '10.00' }]);
    expect(await expectTotalsUpToDate(order)).toMatchObject({ item_total: '200.00', item_count: 20, shipment_total: '0.00', adjustment_total: '0.00', total: '200.00', state: 'cart' });
  });

  it('20 adds of 20 different variants at once: 20 line items, totals of all of them', async () => {
    const variants = await Promise.all(range(20).map((i) => variant(`${i + 1}.50`)));
    const order = await createOrder(t, []);
    const responses = await concurrently(order, 20, [t], (http, i) => addItem(order, variants[i], 2)(http));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const items = await lineItems(order);
    expect(items.map((li) => [li.variant_id, li.quantity])).toEqual(variants.map((v) => [v, 2]).sort((a, b) => a[0] - b[0]));
    // 2 × (1.50 + 2.50 + … + 20.50) = 2 × 220.00
    expect(await expectTotalsUpToDate(order)).toMatchObject({ item_total: '440.00', item_count: 40, total: '440.00' });
  });

  it('10 quantity changes of one line item at once: the last applied wins, and the totals are its totals', async () => {
    const v = await variant('3.00');
    const order = await createOrder(t, [{ variant_id: v, quantity: 1 }]);
    const [item] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);
    const responses = await concurrently(order, 10, [t, second], (http, i) =>
      http.put(`/api/orders/${order.number}/line_items/${item.id}`).set(order.guest).send({ line_item: { quantity: i + 2 } }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const [li] = await lineItems(order);
    expect(range(10).map((i) => i + 2)).toContain(li.quantity);
    const totals = await expectTotalsUpToDate(order);
    expect(totals).toMatchObject({ item_count: li.quantity, item_total: (3 * li.quantity).toFixed(2), total: (3 * li.quantity).toFixed(2) });
  });

  it('adds and quantity changes mixed, on an order at the payment step: shipments dropped once, checkout back at address, totals right', async () => {
    const a = await variant('7.00');
    const b = await variant('4.00');
    const order = await createOrder(t, [{ variant_id: a, quantity: 1 }]);
    const atPayment = await checkoutToPayment(t, order, 'mixed@example.com');
    expect(atPayment.state).toBe('payment');
    expect(Number(atPayment.ship_total)).toBeGreaterThan(0);
    const [item] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);

    // 8 adds of b (+1 each), 4 changes of a's quantity to 3.
    const responses = await concurrently(order, 12, [t, second], (http, i) =>
      i < 8 ? addItem(order, b)(http) : http.put(`/api/orders/${order.number}/line_items/${item.id}`).set(order.guest).send({ line_item: { quantity: 3 } }),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(4).fill(200), ...Array(8).fill(201)]);
    expect((await lineItems(order)).map((li) => [li.variant_id, li.quantity])).toEqual([
      [a, 3],
      [b, 8],
    ]);
    expect(await t.db.query(`SELECT id FROM shipments WHERE order_id = $1`, [order.id])).toEqual([]);
    expect(await t.db.query(`SELECT id FROM inventory_units WHERE order_id = $1`, [order.id])).toEqual([]);
    // 3 × 7.00 + 8 × 4.00; no shipping any more.
    expect(await expectTotalsUpToDate(order)).toMatchObject({ state: 'address', item_total: '53.00', item_count: 11, shipment_total: '0.00' });
  });

  it('with two instances of the service on one database: 10 adds of one variant and 10 of ten others, half through each', async () => {
    const same = await variant('2.00');
    const others = await Promise.all(range(10).map(() => variant('1.00')));
    const order = await createOrder(t, []);
    const responses = await concurrently(order, 20, [t, second], (http, i) => (i % 2 === 0 ? addItem(order, same)(http) : addItem(order, others[(i - 1) / 2], 3)(http)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    const items = await lineItems(order);
    expect(items).toHaveLength(11);
    expect(items.find((li) => li.variant_id === same)?.quantity).toBe(10);
    expect(items.filter((li) => li.variant_id !== same).every((li) => li.quantity === 3)).toBe(true);
    // 10 × 2.00 + 10 × 3 × 1.00
    expect(await expectTotalsUpToDate(order)).toMatchObject({ item_total: '50.00', item_count: 40, total: '50.00' });
  });
});
