import { COULD_NOT_TRANSITION } from '../support/error-bodies';
import { gatewayLog, GatewayLog } from '../support/gateway-log';
import { CreatedOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * Never charge more than shown (issue 24, finding 2): an order at confirm
 * shows its discount; should the coupon's promotion expire, be deactivated,
 * deleted, used up or lessened before the shopper completes, completion is
 * refused with 422 naming the coupon and nothing is charged (the bogus
 * gateway's log stays empty). The shopper removes the coupon, or goes back a
 * step, sees the new total, and then pays it. A better discount meanwhile is
 * simply given.
 */
describe('never charged more than the confirm step showed', () => {
  let t: TestApp;
  let log: GatewayLog;
  let admin: TestUser;
  let next = 0;

  beforeAll(async () => {
    log = gatewayLog();
    t = await createTestApp(log.env);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const orderRow = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT state, total, promo_total, payment_total FROM orders WHERE id = $1`, [order.id]))[0] as { state: string; total: string; promo_total: string; payment_total: string };
  const payments = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT amount, state FROM payments WHERE order_id = $1 ORDER BY id`, [order.id])).map((p: { amount: string; state: string }) => `${p.state}:${p.amount}`);
  const operations = (mark: number) => log.since(mark).map((o) => `${o.operation}:${o.amountCents}`);
  const complete = (order: CreatedOrder) => t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest);
  const refusal = (text: string) => ({ error: COULD_NOT_TRANSITION, errors: { coupon_code: [text] } });
  const changePromotion = (id: number, promotion: Record<string, unknown>) => t.http().put(`/api/promotions/${id}`).set(admin.auth).send({ promotion }).expect(200);

  /** A 45.00 order (40.00 + 5.00 shipping) at confirm with a coupon of 10.00 off: shown 35.00, its card payment 35.00. */
  async function confirmedWithCoupon(extra: Record<string, unknown> = {}): Promise<{ order: CreatedOrder; promotion: { id: number; code: string } }> {
    const code = `SHOWN${++next}`;
    const created = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: `Ten off ${next}`, code, discount_type: 'flat_rate', amount: '10', ...extra } }).expect(201);
    const product = await stockedProduct(t.db, { price: '40.00', count: 10 });
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], `shown${next}@example.com`, (o) =>
      t.http().put(`/api/orders/${o.number}/apply_coupon_code`).set(o.guest).send({ coupon_code: code }).expect(200),
    );
    expect(await orderRow(order)).toMatchObject({ state: 'confirm', total: '35.00', promo_total: '-10.00' });
    expect(await payments(order)).toEqual(['checkout:35.00']);
    return { order, promotion: { id: created.body.id, code } };
  }

  /** The refused completion kept nothing: still at confirm as shown, its payment in checkout, nothing asked of the gateway. */
  async function expectRefused(order: CreatedOrder, text: string, mark: number): Promise<void> {
    const res = await complete(order);
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: refusal(text) });
    expect(operations(mark)).toEqual([]);
    expect(await orderRow(order)).toMatchObject({ state: 'confirm', total: '35.00', payment_total: '0.00' });
    expect(await payments(order)).toEqual(['checkout:35.00']);
  }

  /** Completes and expects the card authorized for `cents`, the order's total. */
  async function expectCompletedAt(order: CreatedOrder, total: string, mark: number): Promise<void> {
    let res = await complete(order).expect(200);
    if (res.body.state === 'confirm') res = await complete(order).expect(200);
    expect(res.body).toMatchObject({ state: 'complete', total });
    expect(operations(mark)).toEqual([`authorize:${Math.round(Number(total) * 100)}`]);
    expect(await payments(order)).toEqual([`pending:${total}`]);
    expect(await orderRow(order)).toMatchObject({ state: 'complete', total, payment_total: '0.00' });
  }

  it('a coupon that expires between confirm and completion (time passing): 422 naming it, nothing charged; without it, the full price', async () => {
    const { order, promotion } = await confirmedWithCoupon();
    // The clock passes its end (no request recomputes the order meanwhile).
    await t.db.query(`UPDATE promotions SET expires_at = now() - interval '1 second' WHERE id = $1`, [promotion.id]);
    const mark = log.mark();
    await expectRefused(order, `The coupon code is expired: ${promotion.code}`, mark);
    // The shopper removes the coupon and sees the full price before paying it.
    const removed = await t.http().delete(`/api/orders/${order.number}/coupon_codes/${promotion.code}`).set(order.guest).expect(200);
    expect(removed.body.successful).toBe(true);
    expect(await orderRow(order)).toMatchObject({ state: 'confirm', total: '45.00', promo_total: '0.00' });
    await expectCompletedAt(order, '45.00', mark);
  });

  it('an admin ends the promotion, or moves its start to the future, while the order is at confirm: the order still shows 35.00, completion is refused', async () => {
    for (const change of [{ expires_at: new Date(Date.now() - 1000).toISOString() }, { starts_at: new Date(Date.now() + 86_400_000).toISOString() }]) {
      const { order, promotion } = await confirmedWithCoupon();
      await changePromotion(promotion.id, change);
      // What the confirm step showed stays what the order shows.
      const shown = await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200);
      expect(shown.body).toMatchObject({ state: 'confirm', total: '35.00' });
      const mark = log.mark();
      await expectRefused(order, `The coupon code is expired: ${promotion.code}`, mark);
      // Going back a step shows the new total; then it completes at that total.
      const back = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ state: 'payment' }).expect(200);
      expect(back.body).toMatchObject({ state: 'confirm', total: '45.00' });
      await expectCompletedAt(order, '45.00', mark);
    }
  });

  it('a promotion deleted between confirm and completion: 422 naming its coupon, nothing charged; the coupon can still be removed by its code', async () => {
    const { order, promotion } = await confirmedWithCoupon();
    await t.http().delete(`/api/promotions/${promotion.id}`).set(admin.auth).expect(204);
    const mark = log.mark();
    await expectRefused(order, `The coupon code is no longer available: ${promotion.code}`, mark);
    await t.http().delete(`/api/orders/${order.number}/coupon_codes/${promotion.code.toLowerCase()}`).set(order.guest).expect(200);
    expect(await orderRow(order)).toMatchObject({ state: 'confirm', total: '45.00' });
    await expectCompletedAt(order, '45.00', mark);
  });

  it('a coupon used up by another order meanwhile: refused the same way', async () => {
    const { order, promotion } = await confirmedWithCoupon({ usage_limit: 1 });
    const product = await stockedProduct(t.db, { price: '20.00', count: 10 });
    const other = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'other@example.com', (o) =>
      t.http().put(`/api/orders/${o.number}/apply_coupon_code`).set(o.guest).send({ coupon_code: promotion.code }).expect(200),
    );
    await complete(other).expect(200);
    const mark = log.mark();
    await expectRefused(order, `Coupon code usage limit exceeded: ${promotion.code}`, mark);
  });

  it('a discount lessened meanwhile: refused naming the coupon; going back a step shows the new price, which is then charged', async () => {
    const { order, promotion } = await confirmedWithCoupon();
    await changePromotion(promotion.id, { amount: '5' });
    expect(await orderRow(order)).toMatchObject({ total: '35.00' });
    const mark = log.mark();
    await expectRefused(order, `The coupon code now gives a smaller discount than the order showed: ${promotion.code}`, mark);
    const back = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ state: 'payment' }).expect(200);
    expect(back.body).toMatchObject({ state: 'confirm', total: '40.00' });
    await expectCompletedAt(order, '40.00', mark);
  });

  it('a discount raised meanwhile is given: the order completes at the lower price', async () => {
    const { order, promotion } = await confirmedWithCoupon();
    await changePromotion(promotion.id, { amount: '15' });
    const mark = log.mark();
    await expectCompletedAt(order, '30.00', mark);
  });

  it('another coupon on the order that gives as much keeps the price: the order completes', async () => {
    const { order, promotion } = await confirmedWithCoupon();
    const other = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: 'Also ten', code: `ALSO${next}`, discount_type: 'flat_rate', amount: '10' } }).expect(201);
    // Applied at confirm, the newer of two equal discounts counts; the price stays 35.00, and the first coupon's expiry then changes nothing.
    await t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(order.guest).send({ coupon_code: other.body.code }).expect(200);
    expect(await orderRow(order)).toMatchObject({ state: 'confirm', total: '35.00' });
    await changePromotion(promotion.id, { expires_at: new Date(Date.now() - 1000).toISOString() });
    const mark = log.mark();
    await expectCompletedAt(order, '35.00', mark);
  });
});
