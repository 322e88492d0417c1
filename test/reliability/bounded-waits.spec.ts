import { Client } from 'pg';
import { defaultStockLocationId } from '../support/catalog';
import { checkoutToPayment, createOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';

// Every wait on the database is bounded, so a request answers instead of
// hanging: with the pool's connections busy, another request gets no connection
// within DATABASE_CONNECT_TIMEOUT_MS; a statement stuck on a lock is cancelled
// at DATABASE_STATEMENT_TIMEOUT_MS. Both answer 503 and change nothing.

const UNAVAILABLE = { error: 'Service unavailable' };
const SETTINGS = { DATABASE_POOL_SIZE: '2', DATABASE_CONNECT_TIMEOUT_MS: '1500', DATABASE_STATEMENT_TIMEOUT_MS: '5000' };

describe('bounded waits on the database', () => {
  let t: TestApp;

  beforeAll(async () => {
    // The pool settings come through AppConfig (config.database: src/database/data-source-options.ts).
    t = await createTestApp(SETTINGS);
  });
  afterAll(() => t?.close());

  it('no free connection within the connect timeout, and a statement past the statement timeout, answer 503 and change nothing', async () => {
    const product = await stockedProduct(t.db, { count: 5 });
    const card = await paymentMethodId(t.db, 'Credit Card');
    const orders = [];
    for (const email of ['first@example.com', 'second@example.com']) {
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
      await checkoutToPayment(t, order, email);
      const confirm = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: card }] }, payment_source: { [card]: VISA } });
      expect(confirm.body.state).toBe('confirm');
      orders.push(order);
    }
    const locationId = await defaultStockLocationId(t.db);

    const gate = new Client({ connectionString: t.databaseUrl });
    await gate.connect();
    const waitingOnLocks = async () => {
      await gate.query('SELECT pg_stat_clear_snapshot()');
      return (await gate.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)).rows[0].n as number;
    };
    try {
      await gate.query('BEGIN');
      await gate.query(`SELECT 1 FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 FOR UPDATE`, [locationId, product.masterVariantId]);
      // Both completions take the app's two connections and wait on the lock…
      const completing = orders.map((o) => t.http().put(`/api/checkouts/${o.number}`).set(o.guest).then((r) => r));
      for (let i = 0; i < 1500 && (await waitingOnLocks()) < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await waitingOnLocks()).toBe(2);
      // …so another request finds no connection to have.
      const starved = await t.http().get('/api/products');
      expect({ status: starved.status, body: starved.body, retryAfter: starved.headers['retry-after'] }).toEqual({ status: 503, body: UNAVAILABLE, retryAfter: '5' });
      // The completions' statements are cancelled at their time limit, while the lock is still held.
      for (const res of await Promise.all(completing)) expect({ status: res.status, body: res.body }).toEqual({ status: 503, body: UNAVAILABLE });
      expect(await waitingOnLocks()).toBe(0);
    } finally {
      await gate.end();
    }

    for (const order of orders) {
      const [row] = await t.db.query(`SELECT state, completed_at FROM orders WHERE id = $1`, [order.id]);
      expect(row).toEqual({ state: 'confirm', completed_at: null });
      expect(await t.db.query(`SELECT state FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'checkout' }]);
    }
    const [{ count_on_hand }] = await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]);
    expect(count_on_hand).toBe(5);
    // Served again once the lock is gone.
    expect((await t.http().put(`/api/checkouts/${orders[0].number}`).set(orders[0].guest)).body.state).toBe('complete');
  });
});
