import { COULD_NOT_TRANSITION, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { completeCheckout, createOrder, CreatedOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

// Coupons that can be undone: Solidus's DELETE /api/orders/:order_id/coupon_codes/:id, and a completion that
// refuses (naming the coupon) when another order took the coupon's last use, instead of charging more.
const REMOVED = { success: 'The coupon code was successfully removed from this order.', error: null, successful: true };
const APPLIED = { success: 'The coupon code was successfully applied to your order.', error: null, successful: true };

describe('coupon codes that can be undone', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let codes = 0;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    stranger = await createUser(t.db);
  });
  afterAll(() => t.close());

  async function flatOff(amount: string, extra: Record<string, unknown> = {}): Promise<{ id: number; code: string }> {
    const code = `UNDO${++codes}`;
    const res = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: `Promo ${code}`, discount_type: 'flat_rate', amount, code, ...extra } });
    expect(res.status).toBe(201);
    return { id: res.body.id, code };
  }
  const apply = (order: CreatedOrder, code: string, headers: Record<string, string> = order.guest) =>
    t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(headers).send({ coupon_code: code });
  const remove = (order: CreatedOrder, code: string, headers: Record<string, string> = order.guest) =>
    t.http().delete(`/api/orders/${order.number}/coupon_codes/${encodeURIComponent(code)}`).set(headers);
  const orderRow = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT state, total, item_total, promo_total, adjustment_total, payment_state, completed_at FROM orders WHERE id = $1`, [order.id]))[0];
  const promoAdjustments = (order: CreatedOrder) =>
    t.db.query(`SELECT source_id, amount, eligible, state FROM adjustments WHERE order_id = $1 AND source_type = 'Spree::PromotionAction' ORDER BY id`, [order.id]).then(cents);
  const cart = async (price: string, auth: Record<string, string> = {}) => {
    const product = await stockedProduct(t.db, { price, count: 50 });
    return createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], auth);
  };
  const expectShape = (body: unknown, path: string, method: string, status: number) =>
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), body)).toEqual([]);

  describe('DELETE /api/orders/:number/coupon_codes/:code', () => {
    it('takes the discount off and recomputes the totals; the answer is the coupon handler body', async () => {
      const order = await cart('20.00');
      const promo = await flatOff('5');
      await apply(order, promo.code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ item_total: '20.00', promo_total: '-5.00', adjustment_total: '-5.00', total: '15.00' });

      // Any case, like applying.
      const res = await remove(order, promo.code.toLowerCase());
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: REMOVED });
      expectShape(res.body, '/api/orders/{number}/coupon_codes/{code}', 'delete', 200);
      expect(await orderRow(order)).toMatchObject({ item_total: '20.00', promo_total: '0.00', adjustment_total: '0.00', total: '20.00' });
      expect(await promoAdjustments(order)).toEqual([]);
      const shown = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
      expect(shown).toMatchObject({ total: '20.00', adjustment_total: '0.00', adjustments: [] });

      // The code may be applied again afterwards.
      await apply(order, promo.code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ total: '15.00' });
    });

    it('leaves the other discounts on the order: the next best counts again', async () => {
      const order = await cart('20.00');
      const small = await flatOff('2');
      const big = await flatOff('6');
      await apply(order, small.code).expect(200, APPLIED);
      await apply(order, big.code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ promo_total: '-6.00', total: '14.00' });
      await remove(order, big.code).expect(200, REMOVED);
      expect(await orderRow(order)).toMatchObject({ promo_total: '-2.00', total: '18.00' });
      expect(await promoAdjustments(order)).toEqual([expect.objectContaining({ source_id: small.id, amount: '-2.00', eligible: true })]);
    });

    it('404 for a code not applied to this order (or no such code, or no such order), writing nothing', async () => {
      const order = await cart('20.00');
      const applied = await flatOff('5');
      const other = await flatOff('3');
      await apply(order, applied.code).expect(200, APPLIED);
      const before = { row: await orderRow(order), adjustments: await promoAdjustments(order) };
      for (const code of [other.code, 'NO-SUCH-CODE', ' ']) {
        const res = await remove(order, code);
        expect({ code, status: res.status, body: res.body }).toEqual({ code, status: 404, body: NOT_FOUND });
      }
      await t.http().delete(`/api/orders/R000000000/coupon_codes/${applied.code}`).set(admin.auth).expect(404, NOT_FOUND);
      expect({ row: await orderRow(order), adjustments: await promoAdjustments(order) }).toEqual(before);
    });

    it('for the owner, the token holder and an admin; 401 for anyone else', async () => {
      const owned = await cart('20.00', owner.auth);
      const promo = await flatOff('5');
      await apply(owned, promo.code, owner.auth).expect(200, APPLIED);
      for (const headers of [stranger.auth, {}, { 'X-Spree-Order-Token': 'wrong' }] as Array<Record<string, string>>) {
        const res = await remove(owned, promo.code, headers);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(headers === stranger.auth ? UNAUTHORIZED : expect.objectContaining({ error: expect.any(String) }));
      }
      expect(await promoAdjustments(owned)).toHaveLength(1);
      await remove(owned, promo.code, owner.auth).expect(200, REMOVED);
      await apply(owned, promo.code, admin.auth).expect(200, APPLIED);
      await remove(owned, promo.code, admin.auth).expect(200, REMOVED);
      await apply(owned, promo.code, owned.guest).expect(200, APPLIED);
      await remove(owned, promo.code, owned.guest).expect(200, REMOVED);
    });

    it('422 once the order is complete: its discount stays', async () => {
      const product = await stockedProduct(t.db, { price: '20.00', count: 5 });
      const promo = await flatOff('5');
      const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'done@example.com', (o) => apply(o, promo.code).expect(200));
      await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
      const before = { row: await orderRow(order), adjustments: await promoAdjustments(order) };
      expect(before.row).toMatchObject({ state: 'complete', promo_total: '-5.00' });
      const res = await remove(order, promo.code);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ coupon_code: ['cannot be removed from an order that is no longer in checkout'] });
      expect({ row: await orderRow(order), adjustments: await promoAdjustments(order) }).toEqual(before);
    });
  });

  describe("a coupon's last use taken by another order before this one completes", () => {
    const counts = async (orderId: number, variantId: number) => {
      const [row] = await t.db.query(
        `SELECT (SELECT count_on_hand FROM stock_items WHERE variant_id = $2 AND deleted_at IS NULL) AS on_hand,
                (SELECT count(*)::int FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id WHERE si.variant_id = $2) AS movements,
                (SELECT array_agg(state || ':' || amount ORDER BY id) FROM payments WHERE order_id = $1) AS payments,
                (SELECT count(*)::int FROM state_changes WHERE stateful_id = $1 AND stateful_type = 'Spree::Order') AS order_history,
                (SELECT array_agg(pending ORDER BY id) FROM inventory_units WHERE order_id = $1) AS units_pending`,
        [orderId, variantId],
      );
      return row;
    };

    it('the second of two orders completing at once answers 422 naming the coupon and keeps nothing; without the coupon it completes at the full price', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 20 });
      const promo = await flatOff('4', { usage_limit: 1 });
      const line = [{ variant_id: product.masterVariantId, quantity: 1 }];
      const withCoupon = (o: CreatedOrder) => apply(o, promo.code).expect(200, APPLIED);
      const first = await orderAtConfirm(t, line, 'first@example.com', withCoupon);
      const second = await orderAtConfirm(t, line, 'second@example.com', withCoupon);
      // Both show the discount at confirm (10.00 − 4.00 + 5.00 shipping).
      for (const o of [first, second]) expect(await orderRow(o)).toMatchObject({ state: 'confirm', total: '11.00', promo_total: '-4.00' });
      const before = { first: await counts(first.id, product.masterVariantId), second: await counts(second.id, product.masterVariantId) };

      const results = await Promise.all([first, second].map((o) => t.http().put(`/api/checkouts/${o.number}/next`).set(o.guest)));
      const won = results.findIndex((r) => r.status === 200);
      expect(won).toBeGreaterThanOrEqual(0);
      const [winner, loser] = won === 0 ? [first, second] : [second, first];
      const lost = results[1 - won];
      expect({ status: lost.status, body: lost.body }).toEqual({
        status: 422,
        body: { error: COULD_NOT_TRANSITION, errors: { coupon_code: [`Coupon code usage limit exceeded: ${promo.code}`] } },
      });
      expect(results[won].body).toMatchObject({ state: 'complete', total: '11.00', adjustment_total: '-4.00' });

      // The loser kept nothing: still at confirm with the same totals, payment, units and stock as before its attempt.
      expect(await orderRow(loser)).toMatchObject({ state: 'confirm', total: '11.00', completed_at: null });
      const loserBefore = loser === first ? before.first : before.second;
      const afterLoss = await counts(loser.id, product.masterVariantId);
      expect({ ...afterLoss, on_hand: undefined, movements: undefined }).toEqual({ ...loserBefore, on_hand: undefined, movements: undefined });
      // Stock moved once, for the winner only.
      expect(afterLoss.on_hand).toBe(loserBefore.on_hand - 1);
      expect(afterLoss.movements).toBe(loserBefore.movements + 1);
      expect((await t.http().get(`/api/promotions/${promo.id}`).set(admin.auth).expect(200)).body.usage_count).toBe(1);
      expect(await orderRow(winner)).toMatchObject({ state: 'complete', promo_total: '-4.00' });

      // Asking again gives the same answer: the coupon must go first.
      const again = await t.http().put(`/api/checkouts/${loser.number}/next`).set(loser.guest);
      expect(again.status).toBe(422);
      expect(again.body.errors).toEqual({ coupon_code: [`Coupon code usage limit exceeded: ${promo.code}`] });

      await remove(loser, promo.code).expect(200, REMOVED);
      expect(await orderRow(loser)).toMatchObject({ state: 'confirm', total: '15.00', promo_total: '0.00' });
      const done = await t.http().put(`/api/checkouts/${loser.number}/next`).set(loser.guest).expect(200);
      expect(done.body).toMatchObject({ state: 'complete', total: '15.00', adjustment_total: '0.00' });
      expect(done.body.payments).toEqual([expect.objectContaining({ amount: '15.00', state: 'pending' })]);
      expect((await counts(loser.id, product.masterVariantId)).on_hand).toBe(loserBefore.on_hand - 2);
    });

    it('an order whose discount was already dropped (a step back priced it again) is refused too, until the coupon is removed', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 20 });
      const promo = await flatOff('4', { usage_limit: 1 });
      const a = await cart('10.00');
      await apply(a, promo.code).expect(200, APPLIED);
      const b = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'b@example.com', (o) => apply(o, promo.code).expect(200));
      await completeCheckout(t, a);
      // At confirm an update keeps the discount as the confirm step showed it (11.00) …
      const updated = await t.http().put(`/api/orders/${b.number}`).set(b.guest).send({ order: { special_instructions: 'leave at door' } }).expect(200);
      expect(updated.body).toMatchObject({ state: 'confirm', total: '11.00' });
      // … going back a step recomputes the totals: the discount is no longer eligible and the total shows the full price …
      const back = await t.http().put(`/api/checkouts/${b.number}`).set(b.guest).send({ state: 'payment' }).expect(200);
      expect(back.body).toMatchObject({ state: 'confirm', total: '15.00' });
      // … but completing is still refused while the coupon is on the order: the shopper chooses.
      const res = await t.http().put(`/api/checkouts/${b.number}/next`).set(b.guest);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ coupon_code: [`Coupon code usage limit exceeded: ${promo.code}`] });
      await remove(b, promo.code).expect(200, REMOVED);
      await t.http().put(`/api/checkouts/${b.number}/next`).set(b.guest).expect(200);
      expect(await orderRow(b)).toMatchObject({ state: 'complete', total: '15.00' });
    });

    it('a lapsed coupon still on the order does not stop an order whose counting discount is another', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 20 });
      const limited = await flatOff('2', { usage_limit: 1 });
      const better = await flatOff('3');
      const other = await cart('10.00');
      await apply(other, limited.code).expect(200, APPLIED);
      const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'c@example.com', async (o) => {
        await apply(o, limited.code).expect(200);
        await apply(o, better.code).expect(200);
      });
      await completeCheckout(t, other);
      const done = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
      expect(done.body).toMatchObject({ state: 'complete', total: '12.00' });
    });
  });
});
