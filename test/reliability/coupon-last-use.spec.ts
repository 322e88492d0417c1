import { inBatches, POOL_SIZE, range, roundRobin, rowLock, throughGate, twoInstances, closeInstances } from '../support/concurrency';
import { orderAtConfirm, stockedProduct } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { cents } from '../support/database';

// Shoppers racing for the last uses of a coupon (a promotion with a usage
// limit), on two instances of the service sharing the database: their orders,
// all at confirm with the discount, complete at once. Only as many complete
// with the discount as the promotion has uses left; the others are refused
// (422 naming the coupon) and keep nothing, never charged more than they were
// shown (the promotion's row lock at completion makes them wait for the
// orders before them). Without the coupon they complete at the full total.
describe('racing for the last uses of a coupon', () => {
  let t: TestApp;
  let second: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    [t, second] = await twoInstances();
    admin = await createAdmin(t.db);
  });
  afterAll(() => closeInstances(t, second));

  it('eight orders with a coupon of two uses complete at once: two with the discount, six refused naming the coupon and kept as they were, the usage count is 2', async () => {
    const promotion = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: 'Four off', code: 'LASTTWO', discount_type: 'flat_rate', amount: '4', usage_limit: 2 } }).expect(201);
    const product = await stockedProduct(t.db, { price: '10.00', count: 50 });
    const orders = await inBatches(range(8), 4, (i) =>
      orderAtConfirm([t, second][i % 2], [{ variant_id: product.masterVariantId, quantity: 1 }], `coupon${i}@example.com`, (order) =>
        t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(order.guest).send({ coupon_code: 'LASTTWO' }).expect(200),
      ),
    );
    // All at confirm with the discount: 10.00 − 4.00 + 5.00 shipping.
    const totals = cents(await t.db.query(`SELECT total FROM orders WHERE id = ANY($1)`, [orders.map((o) => o.id)]));
    expect(totals.map((r: { total: string }) => r.total)).toEqual(Array(8).fill('11.00'));

    const http = roundRobin([t, second]);
    const responses = await throughGate(t.databaseUrl, rowLock('promotions', 'id = $1', promotion.body.id), () => orders.map((o, i) => http(i).put(`/api/checkouts/${o.number}`).set(o.guest).then((res) => res)), {
      capacity: POOL_SIZE * 2,
    });
    expect(responses.map((r) => r.status).sort()).toEqual([...Array(2).fill(200), ...Array(6).fill(422)]);
    for (const r of responses) {
      if (r.status === 200) {
        expect(r.body).toMatchObject({ state: 'complete', total: '11.00' });
        expect(r.body.payments.map((p: any) => [p.amount, p.state])).toEqual([['11.00', 'pending']]);
      } else {
        expect(r.body).toEqual({ error: expect.any(String), errors: { coupon_code: ['Coupon code usage limit exceeded: LASTTWO'] } });
      }
    }

    const rows = await t.db.query(
      `SELECT o.state, o.total, o.promo_total, (SELECT array_agg(p.state || ':' || p.amount) FROM payments p WHERE p.order_id = o.id) AS payments
         FROM orders o WHERE o.id = ANY($1) ORDER BY o.state, o.id`,
      [orders.map((o) => o.id)],
    );
    const payments = (r: { payments: string[] }) => r.payments.map((p) => p.replace(/[-\d.]+$/, (amount) => cents(amount)));
    expect(cents(rows).map((r: any) => [r.state, r.total, r.promo_total, payments(r)])).toEqual([
      ...Array(2).fill(['complete', '11.00', '-4.00', ['pending:11.00']]),
      ...Array(6).fill(['confirm', '11.00', '-4.00', ['checkout:11.00']]),
    ]);
    // Stock went to the two that completed only.
    const [{ count_on_hand }] = await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]);
    expect(count_on_hand).toBe(48);
    expect((await t.http().get(`/api/promotions/${promotion.body.id}`).set(admin.auth).expect(200)).body.usage_count).toBe(2);

    // Without the coupon, the others complete at the full total.
    const refused = orders.filter((_, i) => responses[i].status === 422);
    for (const o of refused) {
      await t.http().delete(`/api/orders/${o.number}/coupon_codes/LASTTWO`).set(o.guest).expect(200);
      const done = await t.http().put(`/api/checkouts/${o.number}/next`).set(o.guest).expect(200);
      expect(done.body).toMatchObject({ state: 'complete', total: '15.00' });
      expect(done.body.payments.map((p: any) => [p.amount, p.state])).toEqual([['15.00', 'pending']]);
    }
    expect((await t.http().get(`/api/promotions/${promotion.body.id}`).set(admin.auth).expect(200)).body.usage_count).toBe(2);
  }, 60_000);
});
