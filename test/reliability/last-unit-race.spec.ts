import request from 'supertest';
import { defaultStockLocationId } from '../support/catalog';
import { inBatches, POOL_SIZE, range, rowLock, throughGate, twoInstances, closeInstances } from '../support/concurrency';
import { COULD_NOT_TRANSITION as TRANSITION } from '../support/error-bodies';
import { CreatedOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

// Customers racing for the last units of a product that cannot be
// backordered: orders at the confirm step complete concurrently (Spree's
// `process_payments!`/`finalize!` under the order's lock, with the stock
// item's count_on_hand >= 0 rule). Exactly as many orders complete as there
// are units; the others answer the could-not-transition 422 and are left at
// confirm, untouched; stock never goes below zero and is taken once per unit.
// Also with two instances of the service on one database.
describe('racing for the last unit', () => {
  let t: TestApp;
  /** A second instance of the service on the same database. */
  let second: TestApp;
  let admin: TestUser;
  let locationId: number;

  beforeAll(async () => {
    [t, second] = await twoInstances();
    admin = await createAdmin(t.db);
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => closeInstances(t, second));

  /** `n` orders at confirm, prepared a few at a time over the instances. */
  const ordersAtConfirm = (instances: TestApp[], variantId: number, n: number) =>
    inBatches(range(n), 8, (i) => orderAtConfirm(instances[i % instances.length], [{ variant_id: variantId, quantity: 1 }], `racer${i}@example.com`));

  /** Completes every order at once behind the gate (order `i` through instance `i % instances`). */
  function completeAll(instances: TestApp[], orders: CreatedOrder[], gate: ReturnType<typeof rowLock>) {
    return throughGate(
      t.databaseUrl,
      gate,
      () => orders.map((o, i) => request(instances[i % instances.length].app.getHttpServer()).put(`/api/checkouts/${o.number}`).set(o.guest).then((res) => res)),
      { capacity: POOL_SIZE * instances.length },
    );
  }
  const stockGate = (variantId: number) => rowLock('stock_items', 'variant_id = $1', variantId);

  const stockItem = async (variantId: number) =>
    (await t.db.query(`SELECT id, count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2`, [locationId, variantId]))[0] as { id: number; count_on_hand: number };
  const movements = async (stockItemId: number) =>
    (await t.db.query(`SELECT quantity, originator_type, originator_id FROM stock_movements WHERE stock_item_id = $1 ORDER BY id`, [stockItemId])) as Array<{
      quantity: number;
      originator_type: string;
      originator_id: number;
    }>;

  /** Checks the losers: 422 transition body, order untouched at confirm. */
  async function expectLost(order: CreatedOrder, res: { status: number; body: any }, productName: string, variantId: number) {
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: TRANSITION, errors: { base: [`Selected quantity of "${productName}" is not available.`] } });
    const show = await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
    expect(show.body).toMatchObject({ state: 'confirm', completed_at: null, payment_state: null, shipment_state: null });
    expect(show.body.line_items.map((li: any) => [li.variant_id, li.quantity])).toEqual([[variantId, 1]]);
    expect(show.body.payments.map((p: any) => [p.state, p.response_code])).toEqual([['checkout', null]]);
    expect(show.body.shipments).toHaveLength(1);
    const [row] = await t.db.query(`SELECT state, completed_at FROM orders WHERE id = $1`, [order.id]);
    expect(row).toEqual({ state: 'confirm', completed_at: null });
    const units = await t.db.query(`SELECT pending FROM inventory_units WHERE order_id = $1`, [order.id]);
    expect(units).toEqual([{ pending: true }]);
    expect(await t.db.query(`SELECT id FROM state_changes WHERE stateful_id = $1 AND stateful_type = 'Spree::Order' AND next_state = 'complete'`, [order.id])).toEqual([]);
  }

  /** The rows of every loser at once: at confirm, its line item, checkout payment, pending unit and shipment as they were. */
  async function expectAllLost(losers: CreatedOrder[], variantId: number) {
    const ids = losers.map((o) => o.id);
    const rows = await t.db.query(
      `SELECT o.id, o.state, o.completed_at, o.payment_state, o.shipment_state,
              (SELECT array_agg(li.variant_id || 'x' || li.quantity) FROM line_items li WHERE li.order_id = o.id) AS items,
              (SELECT array_agg(p.state || ':' || COALESCE(p.response_code, '-')) FROM payments p WHERE p.order_id = o.id) AS payments,
              (SELECT array_agg(iu.pending) FROM inventory_units iu WHERE iu.order_id = o.id) AS units,
              (SELECT count(*)::int FROM shipments s WHERE s.order_id = o.id) AS shipments,
              (SELECT count(*)::int FROM state_changes sc WHERE sc.stateful_type = 'Spree::Order' AND sc.stateful_id = o.id AND sc.next_state = 'complete') AS completions
         FROM orders o WHERE o.id = ANY($1) ORDER BY o.id`,
      [ids],
    );
    const untouched = { state: 'confirm', completed_at: null, payment_state: null, shipment_state: null, items: [`${variantId}x1`], payments: ['checkout:-'], units: [true], shipments: 1, completions: 0 };
    expect(rows).toEqual([...ids].sort((a, b) => a - b).map((id) => ({ id, ...untouched })));
  }

  async function race(count: number, racers: number, instances: TestApp[] = [t]) {
    const product = await stockedProduct(t.db, { price: '19.99', count, backorderable: false });
    const orders = await ordersAtConfirm(instances, product.masterVariantId, racers);
    const responses = await completeAll(instances, orders, stockGate(product.masterVariantId));

    const winners = orders.filter((_, i) => responses[i].status === 200);
    const losers = orders.filter((_, i) => responses[i].status !== 200);
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(count).fill(200), ...Array(racers - count).fill(422)]);
    let shown = 0;
    for (const [i, order] of orders.entries()) {
      const res = responses[i];
      if (res.status === 200) {
        expect(res.body).toMatchObject({ number: order.number, state: 'complete', payment_state: 'balance_due', shipment_state: 'pending' });
        expect(res.body.completed_at).not.toBeNull();
        expect(res.body.payments.map((p: any) => [p.state, p.response_code])).toEqual([['pending', '12345']]);
      } else if (shown++ < 3) {
        // A few losers in full (through the API too); all of them in the rows just below.
        await expectLost(order, res, product.name, product.masterVariantId);
      } else {
        expect(res.body).toEqual({ error: TRANSITION, errors: { base: [`Selected quantity of "${product.name}" is not available.`] } });
      }
    }
    await expectAllLost(losers, product.masterVariantId);

    const item = await stockItem(product.masterVariantId);
    expect(item.count_on_hand).toBe(0);
    const moved = await movements(item.id);
    expect(moved).toHaveLength(count);
    expect(moved.every((m) => m.quantity === -1 && m.originator_type === 'Spree::Shipment')).toBe(true);
    // One movement per winning shipment.
    const winnerShipments = (await t.db.query(`SELECT id FROM shipments WHERE order_id = ANY($1) ORDER BY id`, [winners.map((o) => o.id)])).map((r: { id: number }) => r.id);
    expect(moved.map((m) => m.originator_id).sort((a, b) => a - b)).toEqual(winnerShipments);
    const completed = await t.db.query(`SELECT count(*)::int AS n FROM orders WHERE id = ANY($1) AND state = 'complete'`, [orders.map((o) => o.id)]);
    expect(completed[0].n).toBe(count);
    // Units taken from stock: exactly one per unit there was, all on the winners' orders.
    const [taken] = await t.db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE order_id = ANY($2))::int AS winners FROM inventory_units WHERE variant_id = $1 AND NOT pending`, [
      product.masterVariantId,
      winners.map((o) => o.id),
    ]);
    expect(taken).toEqual({ n: count, winners: count });
    return { product, winners, losers, item };
  }

  it('two customers, one unit: exactly one completes, the other gets a 422 and keeps its order at confirm', async () => {
    const { product, losers } = await race(1, 2);
    // Trying again later fails the same way and still takes nothing.
    const again = await t.http().put(`/api/checkouts/${losers[0].number}`).set(losers[0].guest);
    await expectLost(losers[0], again, product.name, product.masterVariantId);
    expect((await stockItem(product.masterVariantId)).count_on_hand).toBe(0);
  });

  it('eight customers, one unit: exactly one completes', async () => {
    const { losers } = await race(1, 8);
    expect(losers).toHaveLength(7);
  });

  it('five customers, three units: exactly three complete', async () => {
    const { winners, losers } = await race(3, 5);
    expect(winners).toHaveLength(3);
    expect(losers).toHaveLength(2);
  });

  it('fifty customers, ten units: exactly ten complete; the forty others keep their carts and can complete once stock is back', async () => {
    const { product, winners, losers, item } = await race(10, 50);
    expect(winners).toHaveLength(10);
    expect(losers).toHaveLength(40);

    // Stock comes back (an admin adds two units): two of the losers complete, the next one still cannot.
    const base = `/api/stock_locations/${locationId}/stock_items/${item.id}`;
    await t.http().put(base).set(admin.auth).send({ stock_item: { count_on_hand: 2 } }).expect(201);
    for (const order of losers.slice(0, 2)) {
      const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      expect(res.body).toMatchObject({ state: 'complete', payment_state: 'balance_due', shipment_state: 'pending' });
      expect(res.body.payments.map((p: any) => [p.state, p.response_code])).toEqual([['pending', '12345']]);
    }
    const third = await t.http().put(`/api/checkouts/${losers[2].number}`).set(losers[2].guest);
    await expectLost(losers[2], third, product.name, product.masterVariantId);
    expect((await stockItem(product.masterVariantId)).count_on_hand).toBe(0);
    expect((await movements(item.id)).map((m) => m.quantity)).toEqual([...Array(10).fill(-1), 2, -1, -1]);
  }, 120_000); // some 200 requests: seconds on a quiet machine, more on a busy one

  it('two instances of the service on one database, twelve customers, three units: exactly three complete', async () => {
    const { winners, losers } = await race(3, 12, [t, second]);
    expect(winners).toHaveLength(3);
    expect(losers).toHaveLength(9);
  });

  it('ten orders for two products, their line items in opposite orders, four units each, over two instances: four complete, no deadlock', async () => {
    const a = await stockedProduct(t.db, { price: '5.00', count: 4 });
    const b = await stockedProduct(t.db, { price: '6.00', count: 4 });
    const instances = [t, second];
    const orders = await inBatches(range(10), 8, (i) => {
      const lines = [
        { variant_id: a.masterVariantId, quantity: 1 },
        { variant_id: b.masterVariantId, quantity: 1 },
      ];
      return orderAtConfirm(instances[i % 2], i % 2 === 0 ? lines : lines.reverse(), `pair${i}@example.com`);
    });
    const gate = rowLock('stock_items', 'variant_id = ANY($1)', [a.masterVariantId, b.masterVariantId]);
    const responses = await completeAll(instances, orders, gate);
    // A deadlock would answer 409 (or worse); stock taken in one order everywhere means none.
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(4).fill(200), ...Array(6).fill(422)]);
    for (const res of responses.filter((r) => r.status === 422)) {
      expect(res.body).toEqual({ error: TRANSITION, errors: { base: [expect.stringMatching(/^Selected quantity of "Product .*" is not available\.$/)] } });
    }
    expect((await stockItem(a.masterVariantId)).count_on_hand).toBe(0);
    expect((await stockItem(b.masterVariantId)).count_on_hand).toBe(0);
    const winners = orders.filter((_, i) => responses[i].status === 200).map((o) => o.id);
    const [taken] = await t.db.query(`SELECT count(*)::int AS n FROM inventory_units WHERE order_id = ANY($1) AND NOT pending`, [orders.map((o) => o.id)]);
    expect(taken.n).toBe(8);
    expect(await t.db.query(`SELECT count(*)::int AS n FROM inventory_units WHERE order_id = ANY($1) AND NOT pending`, [winners])).toEqual([{ n: 8 }]);
  });

  it('the same order completed twice at once (double submit): completed once, stock taken once', async () => {
    const product = await stockedProduct(t.db, { price: '19.99', count: 1, backorderable: false });
    const [order] = await ordersAtConfirm([t], product.masterVariantId, 1);
    // Once on each instance.
    const responses = await completeAll([t, second], [order, order], rowLock('orders', 'id = $1', order.id));

    const statuses = responses.map((r) => r.status).sort();
    expect([
      [200, 200],
      [200, 422],
    ]).toContainEqual(statuses);
    for (const res of responses.filter((r) => r.status === 200)) {
      expect(res.body).toMatchObject({ number: order.number, state: 'complete', payment_state: 'balance_due' });
      expect(res.body.payments.map((p: any) => [p.state, p.response_code])).toEqual([['pending', '12345']]);
    }
    for (const res of responses.filter((r) => r.status === 422)) expect(res.body.error).toBe(TRANSITION);

    const item = await stockItem(product.masterVariantId);
    expect(item.count_on_hand).toBe(0);
    expect((await movements(item.id)).map((m) => m.quantity)).toEqual([-1]);
    expect(await t.db.query(`SELECT state FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'pending' }]);
    const transitions = await t.db.query(`SELECT previous_state FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1 AND next_state = 'complete'`, [order.id]);
    expect(transitions).toEqual([{ previous_state: 'confirm' }]);
    const [row] = await t.db.query(`SELECT state, completed_at FROM orders WHERE id = $1`, [order.id]);
    expect(row.state).toBe('complete');
    expect(row.completed_at).not.toBeNull();
  });
});
