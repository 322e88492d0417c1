import type { Response } from 'supertest';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { checkoutToPayment, completeCheckout, createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

// Spree 2.2 api/spec/controllers/spree/api/promotion_application_spec.rb,
// ported, plus the rules of core's PromotionHandler::Coupon, Promotion,
// CreateAdjustment and the FlatRate / FlatPercentItemTotal calculators:
// the discount is an order adjustment the order's totals include, kept in
// step with the order until it completes.
const TEXT = {
  applied: 'The coupon code was successfully applied to your order.',
  notFound: "The coupon code you entered doesn't exist. Please try again.",
  expired: 'The coupon code is expired',
  maxUsage: 'Coupon code usage limit exceeded',
  alreadyApplied: 'The coupon code has already been applied to this order',
  notEligible: 'This coupon code is not eligible for this order',
  betterExists: 'The previously applied coupon code results in a better deal',
  unknownError: 'This coupon code could not be applied to the cart at this time.',
};
const APPLIED = { success: TEXT.applied, error: null, successful: true };
const refused = (error: string) => ({ success: null, error, successful: false });
const DAY = 86_400_000;

describe('PUT /api/orders/:number/apply_coupon_code', () => {
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

  /** A promotion made through the admin API; a fresh code unless one is given. */
  async function promotion(fields: Record<string, unknown>): Promise<{ id: number; code: string }> {
    const code = (fields.code as string | undefined) ?? `CODE${++codes}`;
    const res = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: `Promo ${code}`, ...fields, code } });
    expect(res.status).toBe(201);
    return { id: res.body.id, code };
  }
  const percentOff = (percent: string, extra: Record<string, unknown> = {}) => promotion({ discount_type: 'flat_percent_item_total', percent, ...extra });
  const flatOff = (amount: string, extra: Record<string, unknown> = {}) => promotion({ discount_type: 'flat_rate', amount, ...extra });

  const apply = (order: CreatedOrder, code: unknown, headers: Record<string, string> = order.guest) =>
    t.http().put(`/api/orders/${order.number}/apply_coupon_code`).set(headers).send({ coupon_code: code });
  const show = async (order: CreatedOrder) => (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
  const orderRow = async (order: CreatedOrder) =>
    cents(await t.db.query(`SELECT total, item_total, promo_total, adjustment_total, updated_at, state FROM orders WHERE id = $1`, [order.id]))[0];
  const promoAdjustments = (order: CreatedOrder) =>
    t.db.query(`SELECT source_id, amount, eligible, state, label FROM adjustments WHERE order_id = $1 AND source_type = 'Spree::PromotionAction' ORDER BY id`, [order.id]).then(cents);
  const cart = async (price: string, quantity = 1, auth: Record<string, string> = {}) => {
    const product = await stockedProduct(t.db, { price, count: 50 });
    return { order: await createOrder(t, [{ variant_id: product.masterVariantId, quantity }], auth), variantId: product.masterVariantId };
  };

  function expectShape(res: Pick<Response, 'body'>, schema: Parameters<typeof shapeProblems>[1]): void {
    expect(shapeProblems(doc, schema, res.body)).toEqual([]);
  }

  /** The refusal changed nothing: same totals, same updated_at, no adjustment added. */
  async function expectRefusedWithoutWrite(order: CreatedOrder, code: unknown, text: string, headers?: Record<string, string>) {
    const before = { row: await orderRow(order), adjustments: await promoAdjustments(order) };
    const res = await apply(order, code, headers);
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: refused(text) });
    expectShape(res, '#/components/schemas/CouponCodeResultJson');
    expect({ row: await orderRow(order), adjustments: await promoAdjustments(order) }).toEqual(before);
  }

  describe('with an available promotion (Spree)', () => {
    it('can apply a coupon code to the order', async () => {
      const { order } = await cart('10.00');
      await checkoutToPayment(t, order); // a 5.00 shipment, as Spree's order has one
      expect((await orderRow(order)).total).toBe('15.00');
      const { id } = await percentOff('10', { name: '10% off', code: '10off' });

      const res = await t.http().put(`/api/orders/${order.number}/apply_coupon_code`).query({ coupon_code: '10off', order_token: order.token });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: APPLIED });
      expectShape(res, responseSchema(doc, '/api/orders/{number}/apply_coupon_code', 'put', 200));
      expect(await orderRow(order)).toMatchObject({ total: '14.00', item_total: '10.00', promo_total: '-1.00', adjustment_total: '-1.00' });
      expect(await promoAdjustments(order)).toEqual([{ source_id: id, amount: '-1.00', eligible: true, state: 'open', label: 'Promotion (10% off)' }]);
    });

    it('fails to apply an expired promotion', async () => {
      const { order } = await cart('10.00');
      await percentOff('10', { starts_at: new Date(Date.now() - 14 * DAY).toISOString(), expires_at: new Date(Date.now() - 7 * DAY).toISOString(), code: '10offexpired' });
      await expectRefusedWithoutWrite(order, '10offexpired', TEXT.expired);
    });
  });

  describe('the discount', () => {
    it('is a percent of the item total, rounded half up to the cent, shown among the order adjustments', async () => {
      // 3 × 8.35 = 25.05; 10 % = 2.505 → 2.51 (a float would give 2.50).
      const { order } = await cart('8.35', 3);
      const { id, code } = await percentOff('10', { name: 'Tenth' });
      await apply(order, code).expect(200, APPLIED);

      const body = await show(order);
      expectShape({ body }, '#/components/schemas/OrderJson');
      expect(body).toMatchObject({ item_total: '25.05', adjustment_total: '-2.51', display_adjustment_total: '-$2.51', total: '22.54', display_total: '$22.54' });
      expect(body.adjustments).toEqual([
        {
          id: expect.any(Number),
          source_type: 'Spree::PromotionAction',
          source_id: id,
          adjustable_type: 'Spree::Order',
          adjustable_id: order.id,
          amount: '-2.51',
          display_amount: '-$2.51',
          label: 'Promotion (Tenth)',
          mandatory: false,
          eligible: true,
          included: false,
          state: 'open',
          created_at: expect.any(String),
          updated_at: expect.any(String),
        },
      ]);
      expect(body.line_items[0].adjustments).toEqual([]);
      expect((await orderRow(order)).promo_total).toBe('-2.51');
    });

    it('is a flat amount, never more than the item total (the shipping is not discounted)', async () => {
      const { order } = await cart('19.99');
      await apply(order, (await flatOff('5')).code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ total: '14.99', promo_total: '-5.00' });

      const big = await cart('9.99', 2);
      await checkoutToPayment(t, big.order);
      await apply(big.order, (await flatOff('50')).code).expect(200, APPLIED);
      expect(await orderRow(big.order)).toMatchObject({ item_total: '19.98', promo_total: '-19.98', total: '5.00' });
      const body = await show(big.order);
      expect(body).toMatchObject({ ship_total: '5.00', total: '5.00' });
      expect(body.payments).toEqual([]);
    });

    it('follows the line items: quantity changes, items added and removed', async () => {
      const { order, variantId } = await cart('19.99');
      await apply(order, (await percentOff('10')).code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ item_total: '19.99', promo_total: '-2.00', total: '17.99' }); // 1.999 → 2.00

      const [{ id: lineItemId }] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1 AND variant_id = $2`, [order.id, variantId]);
      await t.http().put(`/api/orders/${order.number}/line_items/${lineItemId}`).set(order.guest).send({ line_item: { quantity: 3 } }).expect(200);
      expect(await orderRow(order)).toMatchObject({ item_total: '59.97', promo_total: '-6.00', total: '53.97' }); // 5.997

      const cheap = await stockedProduct(t.db, { price: '0.05' });
      const added = await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).send({ line_item: { variant_id: cheap.masterVariantId, quantity: 1 } }).expect(201);
      expect(await orderRow(order)).toMatchObject({ item_total: '60.02', promo_total: '-6.00', total: '54.02' }); // 6.002

      await t.http().delete(`/api/orders/${order.number}/line_items/${added.body.id}`).set(order.guest).expect(204);
      await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { line_items: [{ id: lineItemId, quantity: 1 }] } }).expect(200);
      expect(await orderRow(order)).toMatchObject({ item_total: '19.99', promo_total: '-2.00', total: '17.99' });
      expect(await promoAdjustments(order)).toEqual([expect.objectContaining({ amount: '-2.00', eligible: true })]);
    });

    it('a flat discount capped at the item total grows back to its amount when the items do', async () => {
      const { order, variantId } = await cart('19.99');
      await apply(order, (await flatOff('30')).code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ promo_total: '-19.99', total: '0.00' });
      const [{ id }] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1 AND variant_id = $2`, [order.id, variantId]);
      await t.http().put(`/api/orders/${order.number}/line_items/${id}`).set(order.guest).send({ line_item: { quantity: 2 } }).expect(200);
      expect(await orderRow(order)).toMatchObject({ item_total: '39.98', promo_total: '-30.00', total: '9.98' });
    });

    it('is removed with everything else when the order is emptied', async () => {
      const { order } = await cart('19.99');
      await apply(order, (await flatOff('5')).code).expect(200, APPLIED);
      await t.http().put(`/api/orders/${order.number}/empty`).set(order.guest).expect(200);
      expect(await promoAdjustments(order)).toEqual([]);
      expect(await orderRow(order)).toMatchObject({ total: '0.00', promo_total: '0.00' });
    });
  });

  describe('refusals (422, Spree’s texts, nothing written)', () => {
    it('an unknown code, a blank one, or none', async () => {
      const { order } = await cart('19.99');
      await expectRefusedWithoutWrite(order, 'NO-SUCH-CODE', TEXT.notFound);
      await expectRefusedWithoutWrite(order, '   ', TEXT.notFound);
      await expectRefusedWithoutWrite(order, undefined, TEXT.notFound);
    });

    it('an expired code and one not started yet', async () => {
      const { order } = await cart('19.99');
      const past = await percentOff('10', { expires_at: new Date(Date.now() - DAY).toISOString() });
      const future = await percentOff('10', { starts_at: new Date(Date.now() + DAY).toISOString() });
      await expectRefusedWithoutWrite(order, past.code, TEXT.expired);
      await expectRefusedWithoutWrite(order, future.code, TEXT.expired);
    });

    it('a code applied already, in whatever case', async () => {
      const { order } = await cart('19.99');
      const { code } = await percentOff('10', { code: 'Summer' });
      await apply(order, ' summer ').expect(200, APPLIED);
      await expectRefusedWithoutWrite(order, 'SUMMER', TEXT.alreadyApplied);
      expect(await promoAdjustments(order)).toHaveLength(1);
      expect(code).toBe('Summer');
    });

    it('a code that would give nothing: an empty cart, a 0 % promotion', async () => {
      const empty = await t.http().post('/api/orders').send({}).expect(201);
      const emptyOrder: CreatedOrder = { number: empty.body.number, token: empty.body.token, id: empty.body.id, guest: { 'X-Spree-Order-Token': empty.body.token } };
      await expectRefusedWithoutWrite(emptyOrder, (await percentOff('10')).code, TEXT.unknownError);
      const { order } = await cart('19.99');
      await expectRefusedWithoutWrite(order, (await percentOff('0')).code, TEXT.unknownError);
    });

    it('a worse code than the one applied; a better one takes over, and the best follows the item total', async () => {
      const { order, variantId } = await cart('19.99');
      const tenth = await percentOff('10');
      await apply(order, tenth.code).expect(200, APPLIED); // 2.00
      await expectRefusedWithoutWrite(order, (await flatOff('1')).code, TEXT.betterExists);

      const five = await flatOff('5');
      await apply(order, five.code).expect(200, APPLIED);
      expect(await orderRow(order)).toMatchObject({ promo_total: '-5.00', adjustment_total: '-5.00', total: '14.99' });
      expect(await promoAdjustments(order)).toEqual([
        expect.objectContaining({ source_id: tenth.id, amount: '-2.00', eligible: false }),
        expect.objectContaining({ source_id: five.id, amount: '-5.00', eligible: true }),
      ]);

      // 3 × 19.99 = 59.97: 10 % (6.00) beats 5.00 now.
      const [{ id }] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1 AND variant_id = $2`, [order.id, variantId]);
      await t.http().put(`/api/orders/${order.number}/line_items/${id}`).set(order.guest).send({ line_item: { quantity: 3 } }).expect(200);
      expect(await orderRow(order)).toMatchObject({ promo_total: '-6.00', total: '53.97' });
      expect(await promoAdjustments(order)).toEqual([
        expect.objectContaining({ source_id: tenth.id, amount: '-6.00', eligible: true }),
        expect.objectContaining({ source_id: five.id, amount: '-5.00', eligible: false }),
      ]);
    });

    it('an order no longer in checkout', async () => {
      const { order } = await cart('19.99');
      await completeCheckout(t, order);
      await expectRefusedWithoutWrite(order, (await percentOff('10')).code, TEXT.notEligible);
    });

    it('a code that reached its usage limit (completed orders count, carts do not)', async () => {
      const limited = await flatOff('2', { usage_limit: 1 });
      const first = await cart('19.99');
      const second = await cart('19.99');
      await apply(first.order, limited.code).expect(200, APPLIED);
      await apply(second.order, limited.code).expect(200, APPLIED); // the first is still a cart
      await completeCheckout(t, first.order);

      const third = await cart('19.99');
      await expectRefusedWithoutWrite(third.order, limited.code, TEXT.maxUsage);
      const shown = await t.http().get(`/api/promotions/${limited.id}`).set(admin.auth).expect(200);
      expect(shown.body).toMatchObject({ usage_limit: 1, usage_count: 1 });
    });
  });

  describe('checking out with a coupon', () => {
    it('completes with the discounted total, paid in full by the payment; the discount is closed', async () => {
      const { order } = await cart('10.00', 2);
      const { id, code } = await percentOff('25');
      await apply(order, code).expect(200, APPLIED); // 20.00 − 5.00
      const done = await completeCheckout(t, order);
      expect(done).toMatchObject({ state: 'complete', item_total: '20.00', ship_total: '5.00', adjustment_total: '-5.00', total: '20.00', payment_state: 'balance_due' });
      expect(done.payments).toEqual([expect.objectContaining({ amount: '20.00', state: 'pending' })]);
      expect(done.adjustments).toEqual([expect.objectContaining({ source_id: id, amount: '-5.00', eligible: true, state: 'closed' })]);
      expect(await orderRow(order)).toMatchObject({ total: '20.00', promo_total: '-5.00' });
      const [{ amount }] = cents(await t.db.query(`SELECT amount FROM payments WHERE order_id = $1`, [order.id]));
      expect(amount).toBe('20.00');
    });

    it('a completed order keeps its discount when the promotion changes or goes; orders in checkout follow at once', async () => {
      const promo = await percentOff('10');
      const completed = await cart('20.00');
      await apply(completed.order, promo.code).expect(200, APPLIED);
      await completeCheckout(t, completed.order); // 20.00 − 2.00 + 5.00
      const open = await cart('20.00');
      await apply(open.order, promo.code).expect(200, APPLIED);

      await t.http().put(`/api/promotions/${promo.id}`).set(admin.auth).send({ promotion: { percent: '50', name: 'Half' } }).expect(200);
      expect(await orderRow(open.order)).toMatchObject({ promo_total: '-10.00', total: '10.00' });
      expect(await promoAdjustments(open.order)).toEqual([expect.objectContaining({ label: 'Promotion (Half)', amount: '-10.00' })]);
      expect(await orderRow(completed.order)).toMatchObject({ promo_total: '-2.00', total: '23.00' });

      // An expiry set now takes the discount off the cart, not off the completed order.
      await t.http().put(`/api/promotions/${promo.id}`).set(admin.auth).send({ promotion: { expires_at: new Date(Date.now() - 1000).toISOString() } }).expect(200);
      expect(await orderRow(open.order)).toMatchObject({ promo_total: '0.00', total: '20.00' });
      expect(await promoAdjustments(open.order)).toEqual([expect.objectContaining({ amount: '-10.00', eligible: false })]);

      await t.http().delete(`/api/promotions/${promo.id}`).set(admin.auth).expect(204);
      expect(await promoAdjustments(open.order)).toEqual([]);
      expect(await orderRow(open.order)).toMatchObject({ promo_total: '0.00', total: '20.00' });
      expect(await promoAdjustments(completed.order)).toEqual([expect.objectContaining({ source_id: null, amount: '-2.00', eligible: true, state: 'closed' })]);
      expect(await orderRow(completed.order)).toMatchObject({ promo_total: '-2.00', total: '23.00' });
    });

    it('refuses to complete an order whose discount another order used up before it completed, naming the coupon; without it, it completes at the full price', async () => {
      const limited = await flatOff('4', { usage_limit: 1 });
      const first = await cart('10.00');
      const second = await cart('10.00');
      await apply(first.order, limited.code).expect(200, APPLIED);
      await apply(second.order, limited.code).expect(200, APPLIED);

      // The second order reaches confirm with the discount (10.00 − 4.00 + 5.00), paying 11.00 …
      await checkoutToPayment(t, second.order);
      const method = await paymentMethodId(t.db, 'Credit Card');
      const atConfirm = await t.http().put(`/api/checkouts/${second.order.number}`).set(second.order.guest).send({ order: { payments_attributes: [{ payment_method_id: method }] }, payment_source: { [method]: VISA } }).expect(200);
      expect(atConfirm.body).toMatchObject({ state: 'confirm', total: '11.00' });
      expect(atConfirm.body.payments).toEqual([expect.objectContaining({ amount: '11.00' })]);

      // … then the first completes and takes the only use: the second is not charged more than it showed.
      await completeCheckout(t, first.order);
      const refusedCompletion = await t.http().put(`/api/checkouts/${second.order.number}/next`).set(second.order.guest);
      expect({ status: refusedCompletion.status, body: refusedCompletion.body }).toEqual({
        status: 422,
        body: { error: 'The order could not be transitioned. Please fix the errors and try again.', errors: { coupon_code: [`${TEXT.maxUsage}: ${limited.code}`] } },
      });
      expect(await orderRow(second.order)).toMatchObject({ state: 'confirm', total: '11.00' });

      await t.http().delete(`/api/orders/${second.order.number}/coupon_codes/${limited.code}`).set(second.order.guest).expect(200);
      const done = await t.http().put(`/api/checkouts/${second.order.number}/next`).set(second.order.guest).expect(200);
      expect(done.body).toMatchObject({ state: 'complete', adjustment_total: '0.00', total: '15.00' });
      expect(done.body.payments).toEqual([expect.objectContaining({ amount: '15.00', state: 'pending' })]);
      expect(await promoAdjustments(second.order)).toEqual([]);
      expect((await t.http().get(`/api/promotions/${limited.id}`).set(admin.auth).expect(200)).body.usage_count).toBe(1);
    });
  });

  describe('a free order whose discount drops out while it completes', () => {
    it('is not completed unpaid: the completion is refused and the checkout goes on to the payment step', async () => {
      // Free shipping, so that a discount of the whole item total makes the order free (no payment step).
      const methods: Array<{ id: number; calculator_amount: string }> = await t.db.query(`SELECT id, calculator_amount FROM shipping_methods`);
      await t.db.query(`UPDATE shipping_methods SET calculator_amount = 0`);
      try {
        const limited = await flatOff('10', { usage_limit: 1 });
        const free = await cart('10.00');
        const other = await cart('10.00');
        await apply(free.order, limited.code).expect(200, APPLIED);
        await apply(other.order, limited.code).expect(200, APPLIED);
        await t.http().put(`/api/checkouts/${free.order.number}/next`).set(free.order.guest).expect(200);
        const address = await usAddress(t.db);
        const atDelivery = await t.http()
          .put(`/api/checkouts/${free.order.number}`)
          .set(free.order.guest)
          .send({ order: { email: 'free@example.com', bill_address_attributes: address, ship_address_attributes: address } })
          .expect(200);
        expect(atDelivery.body).toMatchObject({ state: 'delivery', total: '0.00', checkout_steps: expect.not.arrayContaining(['payment']) });

        // The completion reads the order free, then waits for the promotion's lock, held here while the other
        // order completes and takes the promotion's only use.
        const gate = t.db.createQueryRunner();
        await gate.connect();
        try {
          await gate.startTransaction();
          await gate.query(`SELECT id FROM promotions WHERE id = $1 FOR UPDATE`, [limited.id]);
          const completing = t.http().put(`/api/checkouts/${free.order.number}/next`).set(free.order.guest).then((res) => res);
          for (let i = 0; i < 200; i++) {
            const [{ n }] = await gate.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
            if (n > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
          await gate.query(`UPDATE orders SET state = 'complete', completed_at = now() WHERE id = $1`, [other.order.id]);
          await gate.commitTransaction();
          const res = await completing;
          // Its discount went to the other order: it must not complete (neither free nor unpaid).
          expect({ status: res.status, error: res.body.error, errors: res.body.errors }).toEqual({
            status: 422,
            error: 'The order could not be transitioned. Please fix the errors and try again.',
            errors: { coupon_code: [`${TEXT.maxUsage}: ${limited.code}`] },
          });
        } finally {
          if (gate.isTransactionActive) await gate.rollbackTransaction();
          await gate.release();
        }
        expect(await orderRow(free.order)).toMatchObject({ state: 'delivery', total: '0.00' });
        // The next checkout update recomputes the totals first: the discount is gone and a payment is asked for.
        const next = await t.http().put(`/api/checkouts/${free.order.number}`).set(free.order.guest).expect(200);
        expect(next.body).toMatchObject({ state: 'payment', total: '10.00', adjustment_total: '0.00' });
      } finally {
        for (const m of methods) await t.db.query(`UPDATE shipping_methods SET calculator_amount = $2 WHERE id = $1`, [m.id, m.calculator_amount]);
      }
    });
  });

  describe('order[coupon_code] on a checkout update (Spree 2.2 CheckoutsController)', () => {
    it('applies the code with the other changes', async () => {
      const { order } = await cart('10.00', 2);
      const { code } = await percentOff('10');
      const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { email: 'coupon@example.com', coupon_code: code } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: 'coupon@example.com', item_total: '20.00', adjustment_total: '-2.00', total: '18.00' });
      expect(res.body.adjustments).toEqual([expect.objectContaining({ amount: '-2.00', label: `Promotion (Promo ${code})` })]);
    });

    it('a refused code answers 422 with its text and keeps nothing of the request', async () => {
      const { order } = await cart('10.00');
      const { code } = await percentOff('10', { expires_at: new Date(Date.now() - 60_000).toISOString(), starts_at: new Date(Date.now() - 120_000).toISOString() });
      const before = await orderRow(order);
      const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { email: 'kept@example.com', coupon_code: code } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'The coupon code is expired', errors: { coupon_code: ['The coupon code is expired'] } });
      expect(await orderRow(order)).toEqual(before);
      const [{ email }] = await t.db.query(`SELECT email FROM orders WHERE id = $1`, [order.id]);
      expect(email).not.toBe('kept@example.com');
    });
  });

  describe('who may apply a code', () => {
    it('the holder of the order token (header or order_token), the owner, an admin', async () => {
      const guest = await cart('19.99');
      await apply(guest.order, (await flatOff('1')).code).expect(200, APPLIED);
      await t.http().put(`/api/orders/${guest.order.number}/apply_coupon_code`).send({ coupon_code: (await flatOff('2')).code, order_token: guest.order.token }).expect(200, APPLIED);

      const owned = await cart('19.99', 1, owner.auth);
      await apply(owned.order, (await flatOff('1')).code, owner.auth).expect(200, APPLIED);
      await apply(owned.order, (await flatOff('3')).code, admin.auth).expect(200, APPLIED);
      expect(await orderRow(owned.order)).toMatchObject({ promo_total: '-3.00', total: '16.99' });
    });

    it('refuses anyone else with 401, and an unknown order with 404, writing nothing', async () => {
      const owned = await cart('19.99', 1, owner.auth);
      const { code } = await flatOff('1');
      const others: Array<Record<string, string>> = [stranger.auth, {}, { 'X-Spree-Order-Token': 'not-the-token' }, { ...stranger.auth, 'X-Spree-Order-Token': 'wrong' }];
      for (const headers of others) {
        const res = await apply(owned.order, code, headers);
        expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: UNAUTHORIZED });
      }
      expect(await promoAdjustments(owned.order)).toEqual([]);
      await t.http().put('/api/orders/R000000000/apply_coupon_code').set(admin.auth).send({ coupon_code: code }).expect(404, NOT_FOUND);
    });
  });

  describe('OpenAPI', () => {
    it('documents the 200 and both 422 bodies, and the order with its discount', async () => {
      const { order } = await cart('19.99');
      const { code } = await flatOff('1');
      const ok = await apply(order, code).expect(200);
      expectShape(ok, '#/components/schemas/CouponCodeResultJson');
      const documented = responseSchema(doc, '/api/orders/{number}/apply_coupon_code', 'put', 422);
      expect(documented.oneOf).toEqual([{ $ref: '#/components/schemas/CouponCodeResultJson' }, { $ref: '#/components/schemas/InvalidResourceResponse' }]);

      const unreadable = await apply(order, { a: 1 });
      expect({ status: unreadable.status, body: unreadable.body }).toEqual({
        status: 422,
        body: { error: 'Invalid resource. Please fix errors and try again.', errors: { coupon_code: ['is invalid'] } },
      });
      expectShape(unreadable, '#/components/schemas/InvalidResourceResponse');

      const orderJson = (await t.http().get(`/api/orders/${order.number}`).set(order.guest).expect(200)).body;
      expect(orderJson.adjustments).toHaveLength(1);
      expect(shapeProblems(doc, responseSchema(doc, '/api/orders/{number}', 'get', 200), orderJson)).toEqual([]);
    });
  });
});
