import { inBatches, POOL_SIZE, range, roundRobin, rowLock, throughGate, twoInstances, closeInstances } from '../support/concurrency';
import { orderAtConfirm, stockedProduct } from '../support/orders';
import type { TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

// Shoppers racing for the last uses of a coupon (a promotion with a usage
// limit), on two instances of the service sharing the database: their orders,
// all at confirm with the discount, complete at once. Only as many keep the
// discount as the promotion has uses left; the others complete at the full
// total, their payments following it (the promotion's row lock at completion
// makes them wait for the orders before them).
describe('racing for the last uses of a coupon', () => {
  let t: TestApp;
  let second: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    [t, second] = await twoInstances();
    admin = await createAdmin(t.db);
  });
  afterAll(() => closeInstances(t, second));

  it('eight orders with a coupon of two uses complete at once: two with the discount, six at the full total, the usage count is 2', async () => {
    const promotion = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: 'Four off', code: 'LASTTWO', discount_type: 'flat_rate', amount: '4', usage_limit: 2 } }).expect(201);
    const product = await stockedProduct(t.db, { price: '10.00', count: 50 });
    const orders = await inBatches(range(8), 4, (i) =>
      orderAtConfirm([t, second][i % 2], [{ variant_id: product.masterVariantId, quantity: 1 }], `coupon${i}@example.com`, (order) =>
        t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(order.guest).send({ coupon_code: 'LASTTWO' }).expect(200),
      ),
    );
    // All at confirm with the discount: 10.00 − 4.00 + 5.00 shipping.
    const totals = await t.db.query(`SELECT total FROM orders WHERE id = ANY($1)`, [orders.map((o) => o.id)]);
    expect(totals.map((r: { total: string }) => r.total)).toEqual(Array(8).fill('11.00'));

    const http = roundRobin([t, second]);
    const responses = await throughGate(t.databaseUrl, rowLock('promotions', 'id = $1', promotion.body.id), () => orders.map((o, i) => http(i).put(`/api/checkouts/${o.number}`).set(o.guest).then((res) => res)), {
      capacity: POOL_SIZE * 2,
    });
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(responses.every((r) => r.body.state === 'complete')).toBe(true);
    const outcomes = responses.map((r) => [r.body.total, r.body.payments.map((p: any) => [p.amount, p.state])]).sort();
    expect(outcomes).toEqual([...Array(2).fill(['11.00', [['11.00', 'pending']]]), ...Array(6).fill(['15.00', [['15.00', 'pending']]])]);

    const rows = await t.db.query(
      `SELECT o.total, o.promo_total, bool_or(a.eligible) AS discounted FROM orders o JOIN adjustments a ON a.order_id = o.id AND a.source_type = 'Spree::PromotionAction'
        WHERE o.id = ANY($1) GROUP BY o.id ORDER BY o.total`,
      [orders.map((o) => o.id)],
    );
    expect(rows).toEqual([...Array(2).fill({ total: '11.00', promo_total: '-4.00', discounted: true }), ...Array(6).fill({ total: '15.00', promo_total: '0.00', discounted: false })]);
    expect((await t.http().get(`/api/promotions/${promotion.body.id}`).set(admin.auth).expect(200)).body.usage_count).toBe(2);
  }, 60_000);
});
