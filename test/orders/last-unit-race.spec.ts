import { Client } from 'pg';
import { defaultStockLocationId } from '../support/catalog';
import { checkoutToPayment, createOrder, CreatedOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { COULD_NOT_TRANSITION as TRANSITION } from '../support/error-bodies';

// Customers racing for the last units of a product that cannot be
// backordered: orders at the confirm step complete concurrently (Spree's
// `process_payments!`/`finalize!` under the order's lock, with the stock
// item's count_on_hand >= 0 rule). Exactly as many orders complete as there
// are units; the others answer the could-not-transition 422 and are left at
// confirm, untouched; stock never goes below zero and is taken once per unit.
// The same holds when the racers are served by two instances of the service
// sharing the database (scaling out: WEB_CONCURRENCY or several hosts).
describe('racing for the last unit', () => {
  let t: TestApp;
  /** A second instance of the service on the same database. */
  let t2: TestApp;
  let creditCardId: number;
  let locationId: number;


  beforeAll(async () => {
    t = await createTestApp();
    // One bound server for every request (supertest would otherwise listen and close around each one).
    t2 = await createTestApp({}, { databaseUrl: t.databaseUrl });
    for (const instance of [t, t2]) {
      const server = instance.app.getHttpServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    }
    creditCardId = await paymentMethodId(t.db, 'Credit Card');
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  /** A guest order for one unit of the variant, taken through the API to confirm with an approved card. */
  async function orderAtConfirm(variantId: number, i: number): Promise<CreatedOrder> {
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
    const atPayment = await checkoutToPayment(t, order, `racer${i}@example.com`);
    expect(atPayment.state).toBe('payment');
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: creditCardId }] }, payment_source: { [creditCardId]: VISA } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('confirm');
    return order;
  }

  async function ordersAtConfirm(variantId: number, n: number): Promise<CreatedOrder[]> {
    const orders: CreatedOrder[] = [];
    for (let i = 0; i < n; i++) orders.push(await orderAtConfirm(variantId, i));
    return orders;
  }

  /**
   * Fires every completion at once, behind a gate: a separate connection
   * holds a row lock (`gateSql`) until every request is waiting on a lock in
   * the database (or has already answered), then lets them all go. So the
   * requests really overlap at the contested row, on every run, without
   * relying on timing.
   */
  async function completeAll(orders: CreatedOrder[], gateSql: string, gateParams: readonly unknown[], instances: TestApp[] = [t]) {
    const gate = new Client({ connectionString: (t.db.options as { url: string }).url });
    await gate.connect();
    let settled = 0;
    try {
      await gate.query('BEGIN');
      await gate.query(gateSql, [...gateParams]);
      const requests = orders.map((o, i) =>
        instances[i % instances.length]
          .http()
          .put(`/api/checkouts/${o.number}`)
          .set(o.guest)
          .then((res) => res)
          .finally(() => settled++),
      );
      for (;;) {
        // Inside a transaction pg_stat_activity is a snapshot taken once: clear it to see backends as they are now.
        await gate.query('SELECT pg_stat_clear_snapshot()');
        const { rows } = await gate.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        if (rows[0].n + settled >= orders.length) break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await gate.query('COMMIT');
      return await Promise.all(requests);
    } finally {
      await gate.end();
    }
  }
  const stockGate = (variantId: number) => [`SELECT 1 FROM stock_items WHERE variant_id = $1 FOR UPDATE`, [variantId]] as const;

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

  async function race(count: number, racers: number, instances: TestApp[] = [t]) {
    const product = await stockedProduct(t.db, { price: '19.99', count, backorderable: false });
    const orders = await ordersAtConfirm(product.masterVariantId, racers);
    const responses = await completeAll(orders, ...stockGate(product.masterVariantId), instances);

    const winners = orders.filter((_, i) => responses[i].status === 200);
    const losers = orders.filter((_, i) => responses[i].status !== 200);
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(count).fill(200), ...Array(racers - count).fill(422)]);
    for (const [i, order] of orders.entries()) {
      const res = responses[i];
      if (res.status === 200) {
        expect(res.body).toMatchObject({ number: order.number, state: 'complete', payment_state: 'balance_due', shipment_state: 'pending' });
        expect(res.body.completed_at).not.toBeNull();
        expect(res.body.payments.map((p: any) => [p.state, p.response_code])).toEqual([['pending', '12345']]);
      } else {
        await expectLost(order, res, product.name, product.masterVariantId);
      }
    }

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
    return { product, winners, losers };
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

  it('two instances of the service, eight customers spread over them, two units: exactly two complete', async () => {
    const { winners, losers } = await race(2, 8, [t, t2]);
    expect(winners).toHaveLength(2);
    expect(losers).toHaveLength(6);
  });

  it.each([
    ['one instance', 1],
    ['two instances', 2],
  ])('the same order completed twice at once (double submit, %s): completed once, stock taken once', async (_, instanceCount) => {
    const product = await stockedProduct(t.db, { price: '19.99', count: 1, backorderable: false });
    const [order] = await ordersAtConfirm(product.masterVariantId, 1);
    const responses = await completeAll([order, order], `SELECT 1 FROM orders WHERE id = $1 FOR UPDATE`, [order.id], [t, t2].slice(0, instanceCount));

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
