import type { Response } from 'supertest';
import { BogusGateway } from '../../src/payments/payment/gateways/bogus.gateway';
import type { GatewayResponse } from '../../src/payments/payment/gateways/gateway';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { checkoutToPayment, createOrder, CreatedOrder, paymentMethodId, PlacedOrder, placedOrder, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * The payments endpoints of an order. First a port of every example of Spree
 * 2-2-stable's api/spec/controllers/spree/api/payments_controller_spec.rb
 * (Spree's `payment` factory, 45.75 in state checkout with response code
 * 12345 and a card, is made here through the API on a completed order, and
 * the code set as the factory does), then our own cases: what capture, void
 * and credit do to the order, credit limits, gateway refusals that keep
 * nothing, refusals by role, bad input, and the OpenAPI document.
 */
describe('payments', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let owner: TestUser;
  let other: TestUser;
  let cardMethod: number;
  let checkMethod: number;

  // Spree's payment_attributes (the spec's `attributes`).
  const ATTRIBUTES = ['id', 'source_type', 'source_id', 'amount', 'display_amount', 'payment_method_id', 'state', 'avs_response', 'created_at', 'updated_at'];
  const gatewayError = (text: string) => ({ error: `There was a problem with the payment gateway: ${text}` });
  const overLimit = (limit: string) => ({ error: `This payment can only be credited up to ${limit}. Please specify an amount less than or equal to this number.` });
  const refused = (message: string): GatewayResponse => ({ success: false, message, authorization: null, avsResult: null });
  const bogus = () => BogusGateway.prototype;

  const base = (order: CreatedOrder) => `/api/orders/${order.number}/payments`;
  const paymentRow = async (id: number) => cents(await t.db.query(`SELECT * FROM payments WHERE id = $1`, [id]))[0];
  const orderRow = async (order: CreatedOrder) => cents(await t.db.query(`SELECT * FROM orders WHERE id = $1`, [order.id]))[0];

  /** Every row a payment request may touch, to prove a refused one touched none. */
  async function snapshot(order: CreatedOrder) {
    const q = (sql: string) => t.db.query(sql, [order.id]);
    return {
      order: await q(`SELECT * FROM orders WHERE id = $1`),
      payments: await q(`SELECT * FROM payments WHERE order_id = $1 ORDER BY id`),
      shipments: await q(`SELECT * FROM shipments WHERE order_id = $1 ORDER BY id`),
      stateChanges: await q(`SELECT * FROM state_changes WHERE (stateful_type = 'Spree::Order' AND stateful_id = $1) OR (stateful_type = 'Spree::Payment' AND stateful_id IN (SELECT id FROM payments WHERE order_id = $1)) ORDER BY id`),
      cards: await t.db.query(`SELECT * FROM credit_cards ORDER BY id`),
    };
  }

  /**
   * Spree's `payment` factory: 45.75, checkout, a valid card, response code 12345. More than our orders cost, so
   * recorded as the admin's explicit overpayment (ours: the order's open payments are otherwise bounded by its total).
   */
  async function spreePayment(order: CreatedOrder): Promise<number> {
    const res = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount: '45.75', source_attributes: VISA, allow_overpayment: true } }).expect(201);
    await t.db.query(`UPDATE payments SET response_code = '12345' WHERE id = $1`, [res.body.id]);
    return res.body.id;
  }

  /** Asserts the status, then that the body matches the schema documented for that operation and status. */
  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    const operation = `${method.toUpperCase()} ${path} ${status}`;
    expect({ operation, problems: shapeProblems(doc, responseSchema(doc, path, method, status), res.body) }).toEqual({ operation, problems: [] });
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    other = await createUser(t.db);
    cardMethod = await paymentMethodId(t.db, 'Credit Card');
    checkMethod = await paymentMethodId(t.db, 'Check');
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  // =============================================================================== Spree's spec
  describe("Spree's payments_controller_spec", () => {
    let order: PlacedOrder;
    let payment: number;

    beforeEach(async () => {
      order = await placedOrder(t, { auth: owner.auth });
      payment = await spreePayment(order);
    });

    describe('as a user', () => {
      describe('when the order belongs to the user', () => {
        it('can view the payments for their order', async () => {
          const res = await t.http().get(base(order)).set(owner.auth).expect(200);
          expect(Object.keys(res.body.payments[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
        });

        it('can learn how to create a new payment', async () => {
          const res = await t.http().get(`${base(order)}/new`).set(owner.auth).expect(200);
          expect(res.body.attributes).toEqual(ATTRIBUTES);
          expect(res.body.payment_methods.length).toBeGreaterThan(0);
          expect(Object.keys(res.body.payment_methods[0]).sort()).toEqual(['description', 'id', 'name']);
          // Spree routes it under the order's checkout too (order_routes).
          expect((await t.http().get(`/api/checkouts/${order.number}/payments/new`).set(owner.auth).expect(200)).body).toEqual(res.body);
        });

        it('can create a new payment', async () => {
          // Ours: the order's open payments may not add up to more than its total, so the order's two are voided first
          // and the shopper pays what it costs (Spree's 50 on this order is refused, naming the amount).
          for (const id of [order.paymentId, payment]) await t.http().put(`${base(order)}/${id}/void`).set(admin.auth).expect(200);
          const tooMuch = await t.http().post(base(order)).set(owner.auth).send({ payment: { payment_method_id: checkMethod, amount: 50 } }).expect(422);
          expect(Object.keys(tooMuch.body.errors)).toEqual(['amount']);
          const res = await t.http().post(base(order)).set(owner.auth).send({ payment: { payment_method_id: checkMethod, amount: order.total } }).expect(201);
          expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
          expect(res.body).toMatchObject({ amount: order.total, state: 'checkout', payment_method_id: checkMethod, source_type: null, source_id: null });
          expect(await paymentRow(res.body.id)).toMatchObject({ order_id: order.id, amount: order.total, state: 'checkout' });
        });

        it("can view a pre-existing payment's details", async () => {
          const res = await t.http().get(`${base(order)}/${payment}`).set(owner.auth).expect(200);
          expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
          expect(res.body).toMatchObject({ id: payment, amount: '45.75', state: 'checkout', source_type: 'Spree::CreditCard' });
        });

        it('cannot update a payment', async () => {
          await t.http().put(`${base(order)}/${payment}`).set(owner.auth).send({ payment: { amount: 2.01 } }).expect(401, UNAUTHORIZED);
          expect((await paymentRow(payment)).amount).toBe('45.75');
        });

        it('cannot authorize a payment', async () => {
          await t.http().put(`${base(order)}/${payment}/authorize`).set(owner.auth).expect(401, UNAUTHORIZED);
          expect((await paymentRow(payment)).state).toBe('checkout');
        });
      });

      describe('when the order does not belong to the user', () => {
        it("cannot view payments for somebody else's order", async () => {
          await t.http().get(base(order)).set(other.auth).expect(401, UNAUTHORIZED);
        });

        it('can view the payments for an order given the order token', async () => {
          const res = await t.http().get(base(order)).set(other.auth).query({ order_token: order.token }).expect(200);
          expect(Object.keys(res.body.payments[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
        });
      });
    });

    describe('as an admin', () => {
      it('can view the payments on any order', async () => {
        const res = await t.http().get(base(order)).set(admin.auth).expect(200);
        expect(Object.keys(res.body.payments[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
      });

      describe('multiple payments', () => {
        // Spree adds a second payment to an order that has one; ours already has its checkout payment and the factory's.
        it('can view all payments on an order', async () => {
          const res = await t.http().get(base(order)).set(admin.auth).expect(200);
          expect(res.body.count).toBe(2);
          expect(res.body.payments.map((p: { id: number }) => p.id)).toEqual([order.paymentId, payment]);
        });

        it('can control the page size through a parameter', async () => {
          const res = await t.http().get(base(order)).query({ per_page: 1 }).set(admin.auth).expect(200);
          expect(res.body).toMatchObject({ count: 1, current_page: 1, pages: 2, total_count: 2, per_page: 1 });
        });
      });

      describe('for a given payment', () => {
        describe('updating', () => {
          it('can update', async () => {
            await t.db.query(`UPDATE payments SET state = 'pending' WHERE id = $1`, [payment]);
            const res = await t.http().put(`${base(order)}/${payment}`).set(admin.auth).send({ payment: { amount: 2.01 } }).expect(200);
            expect(res.body.amount).toBe('2.01');
            expect((await paymentRow(payment)).amount).toBe('2.01');
          });

          it('returns a 422 status when the amount is invalid', async () => {
            await t.db.query(`UPDATE payments SET state = 'pending' WHERE id = $1`, [payment]);
            const res = await t.http().put(`${base(order)}/${payment}`).set(admin.auth).send({ payment: { amount: 'invalid' } }).expect(422);
            expect(res.body).toEqual({ error: INVALID, errors: { amount: ['is not a number'] } });
            expect((await paymentRow(payment)).amount).toBe('45.75');
          });

          it('returns a 403 status when the payment is not pending', async () => {
            await t.db.query(`UPDATE payments SET state = 'completed' WHERE id = $1`, [payment]);
            const res = await t.http().put(`${base(order)}/${payment}`).set(admin.auth).send({ payment: { amount: 2.01 } }).expect(403);
            expect(res.body).toEqual({ error: 'This payment cannot be updated because it is completed.' });
            expect((await paymentRow(payment)).amount).toBe('45.75');
          });
        });

        describe('authorizing', () => {
          it('can authorize', async () => {
            await t.http().put(`${base(order)}/${payment}/authorize`).set(admin.auth).expect(200);
            expect((await paymentRow(payment)).state).toBe('pending');
          });

          it('authorization fails: a 422 status, and (ours) the payment is left as it was', async () => {
            jest.spyOn(bogus(), 'authorize').mockResolvedValueOnce(refused('Could not authorize card'));
            const res = await t.http().put(`${base(order)}/${payment}/authorize`).set(admin.auth).expect(422);
            expect(res.body).toEqual(gatewayError('Could not authorize card'));
            // Spree marks it failed (its example is skipped); here a refused request keeps nothing.
            expect((await paymentRow(payment)).state).toBe('checkout');
          });
        });

        describe('capturing', () => {
          it('can capture', async () => {
            await t.http().put(`${base(order)}/${payment}/capture`).set(admin.auth).expect(200);
            expect((await paymentRow(payment)).state).toBe('completed');
          });

          it('capturing fails: a 422 status', async () => {
            jest.spyOn(bogus(), 'capture').mockResolvedValueOnce(refused('Insufficient funds'));
            const res = await t.http().put(`${base(order)}/${payment}/capture`).set(admin.auth).expect(422);
            expect(res.body).toEqual(gatewayError('Insufficient funds'));
            expect((await paymentRow(payment)).state).toBe('checkout');
          });
        });

        describe('purchasing', () => {
          it('can purchase', async () => {
            await t.http().put(`${base(order)}/${payment}/purchase`).set(admin.auth).expect(200);
            expect((await paymentRow(payment)).state).toBe('completed');
          });

          it('purchasing fails: a 422 status', async () => {
            jest.spyOn(bogus(), 'purchase').mockResolvedValueOnce(refused('Insufficient funds'));
            const res = await t.http().put(`${base(order)}/${payment}/purchase`).set(admin.auth).expect(422);
            expect(res.body).toEqual(gatewayError('Insufficient funds'));
            expect((await paymentRow(payment)).state).toBe('checkout');
          });
        });

        describe('voiding', () => {
          it('can void', async () => {
            await t.http().put(`${base(order)}/${payment}/void`).set(admin.auth).expect(200);
            expect((await paymentRow(payment)).state).toBe('void');
          });

          it('voiding fails: a 422 status, the payment still in checkout', async () => {
            jest.spyOn(bogus(), 'void').mockResolvedValueOnce(refused('NO REFUNDS'));
            const res = await t.http().put(`${base(order)}/${payment}/void`).set(admin.auth).expect(422);
            expect(res.body).toEqual(gatewayError('NO REFUNDS'));
            expect((await paymentRow(payment)).state).toBe('checkout');
          });
        });

        describe('crediting', () => {
          // Spree's order has nothing to pay, so its purchased payment is owed back in full. Ours owes its total:
          // its own payment is captured first, so the factory's purchased 45.75 is what is owed back.
          beforeEach(async () => {
            await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
            await t.http().put(`${base(order)}/${payment}/purchase`).set(admin.auth).expect(200);
            expect(await orderRow(order)).toMatchObject({ payment_state: 'credit_owed' });
          });

          it('can credit', async () => {
            await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).expect(200);
            expect((await paymentRow(payment)).state).toBe('completed');
            // A credit payment was made, of the right amount.
            const credits = cents(await t.db.query(`SELECT * FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1 ORDER BY id`, [payment]));
            expect(credits).toHaveLength(1);
            expect(credits[0].amount).toBe('-45.75');
          });

          it('crediting fails: a 422 status', async () => {
            jest.spyOn(bogus(), 'credit').mockResolvedValueOnce(refused('NO CREDIT FOR YOU'));
            const res = await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).expect(422);
            expect(res.body).toEqual(gatewayError('NO CREDIT FOR YOU'));
            expect(await t.db.query(`SELECT id FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1`, [payment])).toEqual([]);
          });

          it('cannot credit over credit_allowed limit', async () => {
            const res = await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).send({ amount: 1000000 }).expect(422);
            expect(res.body).toEqual(overLimit('45.75'));
          });
        });
      });
    });
  });

  // =============================================================================== ours
  describe('what the actions do to the order', () => {
    it('capture: the payment completed, the order paid in full, its shipments ready', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      expect(await orderRow(order)).toMatchObject({ payment_state: 'balance_due', shipment_state: 'pending', payment_total: '0.00' });
      const res = await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ id: order.paymentId, state: 'completed', amount: order.total, response_code: '12345' });
      expect(await orderRow(order)).toMatchObject({ payment_state: 'paid', shipment_state: 'ready', payment_total: order.total });
      const shipments = await t.db.query(`SELECT state FROM shipments WHERE order_id = $1`, [order.id]);
      expect(shipments.map((s: { state: string }) => s.state)).toEqual(['ready']);
      // The order JSON agrees.
      const shown = await t.http().get(`/api/orders/${order.number}`).set(owner.auth).expect(200);
      expect(shown.body).toMatchObject({ payment_state: 'paid', shipment_state: 'ready', payment_total: order.total });
      expect(shown.body.shipments[0].state).toBe('ready');
      // Spree's state changes of the payment: through processing.
      const changes = await t.db.query(`SELECT previous_state, next_state FROM state_changes WHERE stateful_type = 'Spree::Payment' AND stateful_id = $1 AND name = 'payment' ORDER BY id`, [order.paymentId]);
      expect(changes.slice(-2)).toEqual([
        { previous_state: 'pending', next_state: 'processing' },
        { previous_state: 'processing', next_state: 'completed' },
      ]);
    });

    it('capturing a completed payment again changes nothing and calls no gateway', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      const before = await snapshot(order);
      const spy = jest.spyOn(bogus(), 'capture');
      const res = await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      expect(res.body.state).toBe('completed');
      expect(spy).not.toHaveBeenCalled();
      expect(await snapshot(order)).toEqual(before);
    });

    it('void of a pending payment: void, the order still owes its total (Spree: a void payment still counts)', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const res = await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ state: 'void', response_code: '12345' });
      expect(await orderRow(order)).toMatchObject({ payment_state: 'balance_due', shipment_state: 'pending', payment_total: '0.00' });
      // Voiding again: nothing to do.
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
      // A void payment cannot be captured.
      const capture = await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(422);
      expect(capture.body).toEqual({ error: INVALID, errors: { state: ['cannot capture a void payment'] } });
    });

    it('void of a completed payment: the money is given back, the order owes again, shipments back to pending', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
      expect(await orderRow(order)).toMatchObject({ payment_state: 'balance_due', shipment_state: 'pending', payment_total: '0.00' });
    });

    it('purchase of a new payment on a paid order: credit owed', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      // Paid in full already: only an overpayment the admin records explicitly is taken.
      await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '5.00' } }).expect(422);
      const extra = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '5.00', allow_overpayment: true } }).expect(201);
      await t.http().put(`${base(order)}/${extra.body.id}/purchase`).set(admin.auth).expect(200);
      const total = (Number(order.total) + 5).toFixed(2);
      expect(await orderRow(order)).toMatchObject({ payment_state: 'credit_owed', payment_total: total });
    });

    it('a check: authorize makes it pending, capture completes it, void voids it', async () => {
      const order = await placedOrder(t, { auth: owner.auth, pay: 'check' });
      expect((await paymentRow(order.paymentId)).state).toBe('pending');
      const again = await t.http().put(`${base(order)}/${order.paymentId}/authorize`).set(admin.auth).expect(422);
      expect(again.body.errors).toEqual({ state: ['cannot authorize a pending payment'] });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      expect(await orderRow(order)).toMatchObject({ payment_state: 'paid', shipment_state: 'ready' });
      const extra = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '1.00', allow_overpayment: true } }).expect(201);
      const authorized = await t.http().put(`${base(order)}/${extra.body.id}/authorize`).set(admin.auth).expect(200);
      expect(authorized.body).toMatchObject({ state: 'pending', response_code: null });
      await t.http().put(`${base(order)}/${extra.body.id}/void`).set(admin.auth).expect(200);
      expect((await paymentRow(extra.body.id)).state).toBe('void');
    });

    it('authorize and purchase only from checkout (no second charge of a pending or completed payment)', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const spy = jest.spyOn(bogus(), 'purchase');
      const res = await t.http().put(`${base(order)}/${order.paymentId}/purchase`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot purchase a pending payment'] } });
      expect(spy).not.toHaveBeenCalled();
    });
  });

  describe('credit', () => {
    /** A completed order whose payment is captured (paid), plus a purchased 45.75 owed back. */
    async function owedBack() {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      const payment = await spreePayment(order);
      await t.http().put(`${base(order)}/${payment}/purchase`).set(admin.auth).expect(200);
      return { order, payment };
    }

    it('makes a negative completed payment whose source is the payment; the order follows', async () => {
      const { order, payment } = await owedBack();
      const res = await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).send({ amount: '10.50' }).expect(200);
      expect(res.body).toMatchObject({ id: payment, state: 'completed', amount: '45.75' });
      const [credit] = cents(await t.db.query(`SELECT * FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1`, [payment]));
      expect(credit).toMatchObject({ order_id: order.id, amount: '-10.50', state: 'completed', payment_method_id: cardMethod, response_code: '12345' });
      const paid = (Number(order.total) + 45.75 - 10.5).toFixed(2);
      expect(await orderRow(order)).toMatchObject({ payment_state: 'credit_owed', payment_total: paid });

      const shown = await t.http().get(`${base(order)}/${credit.id}`).set(admin.auth).expect(200);
      expect(shown.body).toMatchObject({ amount: '-10.50', display_amount: '-$10.50', source_type: 'Spree::Payment', source_id: payment, source: null, state: 'completed' });
      expectDocumented(shown, 'get', '/api/orders/{number}/payments/{id}', 200);
      // The order's JSON shows the credit without mistaking its source for a card.
      const o = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
      expect(o.body.payments.find((p: { id: number }) => p.id === credit.id).source).toBeNull();
    });

    it('is capped at what is left to credit (Spree formats the limit as Ruby shows a decimal)', async () => {
      const { order, payment } = await owedBack();
      await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).send({ amount: '0.75' }).expect(200);
      const over = await t.http().put(`${base(order)}/${payment}/credit`).query({ amount: '45.01' }).set(admin.auth).expect(422);
      expect(over.body).toEqual(overLimit('45.0'));
      expectDocumented(over, 'put', '/api/orders/{number}/payments/{id}/credit', 422);
      await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).send({ amount: '45' }).expect(200);
      const none = await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).send({ amount: '0.01' }).expect(422);
      expect(none.body).toEqual(overLimit('0.0'));
      const credits = cents(await t.db.query(`SELECT amount FROM payments WHERE source_id = $1 AND source_type = 'Spree::Payment' ORDER BY id`, [payment]));
      expect(credits.map((c: { amount: string }) => c.amount)).toEqual(['-0.75', '-45.00']);
    });

    it('without an amount credits what the order owes back; when nothing is owed, 422', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      const before = await snapshot(order);
      const res = await t.http().put(`${base(order)}/${order.paymentId}/credit`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { amount: ["can't be blank when the order owes the customer nothing"] } });
      expect(await snapshot(order)).toEqual(before);
    });

    it('bad amounts are 422 and keep nothing', async () => {
      const { order, payment } = await owedBack();
      const before = await snapshot(order);
      for (const [amount, message] of [
        ['abc', 'is not a number'],
        ['-5', 'must be greater than 0'],
        ['0', 'must be greater than 0'],
        ['0.001', 'must be greater than 0'],
        [{ a: 1 }, 'is not a number'],
      ] as const) {
        const res = await t.http().put(`${base(order)}/${payment}/credit`).set(admin.auth).send({ amount });
        expect({ amount, status: res.status, body: res.body }).toEqual({ amount, status: 422, body: { error: INVALID, errors: { amount: [message] } } });
      }
      expect(await snapshot(order)).toEqual(before);
    });

    it('only a completed payment can be credited', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const res = await t.http().put(`${base(order)}/${order.paymentId}/credit`).set(admin.auth).send({ amount: '1.00' }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot credit a pending payment'] } });
      expectDocumented(res, 'put', '/api/orders/{number}/payments/{id}/credit', 422);
    });
  });

  describe('gateway refusals keep nothing', () => {
    it('capture of a payment never authorized: the bogus gateway refuses (no authorization code)', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const created = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount: '3.00', source_attributes: VISA, allow_overpayment: true } }).expect(201);
      expect(created.body.response_code).toBeNull();
      const before = await snapshot(order);
      const res = await t.http().put(`${base(order)}/${created.body.id}/capture`).set(admin.auth).expect(422);
      expect(res.body).toEqual(gatewayError('Bogus Gateway: Forced failure'));
      expectDocumented(res, 'put', '/api/orders/{number}/payments/{id}/capture', 422);
      expect(await snapshot(order)).toEqual(before);
    });

    it('authorize with a card whose gateway profile is not the bogus gateway’s', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const created = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount: '3.00', source_attributes: VISA, allow_overpayment: true } }).expect(201);
      await t.db.query(`UPDATE credit_cards SET gateway_customer_profile_id = 'FAIL-123456' WHERE id = $1`, [created.body.source_id]);
      const before = await snapshot(order);
      for (const action of ['authorize', 'purchase']) {
        const res = await t.http().put(`${base(order)}/${created.body.id}/${action}`).set(admin.auth).expect(422);
        expect(res.body).toEqual(gatewayError('Bogus Gateway: Forced failure'));
      }
      expect(await snapshot(order)).toEqual(before);
    });

    it('a failing void or credit keeps the order as it was', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth).expect(200);
      const before = await snapshot(order);
      jest.spyOn(bogus(), 'void').mockResolvedValueOnce(refused('NO REFUNDS'));
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(422, gatewayError('NO REFUNDS'));
      jest.spyOn(bogus(), 'credit').mockResolvedValueOnce(refused('NO CREDIT FOR YOU'));
      await t.http().put(`${base(order)}/${order.paymentId}/credit`).set(admin.auth).send({ amount: '1.00' }).expect(422, gatewayError('NO CREDIT FOR YOU'));
      expect(await snapshot(order)).toEqual(before);
    });

    it('a declined card at creation: 422 with the gateway text, no payment and no card stored', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const before = await snapshot(order);
      const res = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount: '3.00', source_attributes: { ...VISA, number: '4000000000000002' }, allow_overpayment: true } }).expect(422);
      expect(res.body).toEqual(gatewayError('Bogus Gateway: Forced failure'));
      expectDocumented(res, 'post', '/api/orders/{number}/payments', 422);
      expect(await snapshot(order)).toEqual(before);
    });
  });

  describe('creating', () => {
    it('a card payment keeps only what may be shown of the card; the number never comes back', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      // Its authorization voided, the order owes its total again.
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
      const res = await t.http().post(base(order)).set(owner.auth).send({ payment: { payment_method_id: cardMethod, amount: '7.5', source_attributes: VISA } }).expect(201);
      expect(res.body).toMatchObject({ amount: '7.50', state: 'checkout', source_type: 'Spree::CreditCard', payment_method: { id: cardMethod, name: 'Credit Card' } });
      expect(res.body.source).toMatchObject({ last_digits: '1111', month: VISA.month, year: VISA.year, cc_type: 'visa', name: VISA.name });
      expect(JSON.stringify(res.body)).not.toContain(VISA.number);
      const [card] = await t.db.query(`SELECT * FROM credit_cards WHERE id = $1`, [res.body.source_id]);
      expect(card.user_id).toBe(owner.id);
      expect(JSON.stringify(card)).not.toContain(VISA.number);
      expect(JSON.stringify(card)).not.toContain(`"${VISA.verification_value}"`);
    });

    it('without an amount a payment is for what the order still owes; earlier checkout payments become invalid', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      // Its authorization (pending) holds the whole total: nothing more is owed.
      const none = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod } }).expect(422);
      expect(none.body).toEqual({ error: INVALID, errors: { amount: ["can't be blank when the order owes nothing"] } });
      await t.http().put(`${base(order)}/${order.paymentId}`).set(admin.auth).send({ payment: { amount: '4.99' } }).expect(200);
      const first = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod } }).expect(201);
      expect(first.body.amount).toBe((Number(order.total) - 4.99).toFixed(2));
      const second = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '1.00' } }).expect(201);
      expect((await paymentRow(first.body.id)).state).toBe('invalid');
      expect((await paymentRow(second.body.id)).state).toBe('checkout');
      expect((await paymentRow(order.paymentId)).state).toBe('pending');
    });

    it('bad input is 422 naming the field, and keeps nothing', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
      const before = await snapshot(order);
      const cases: Array<[unknown, Record<string, string[]>]> = [
        [{ amount: '5' }, { payment_method_id: ["can't be blank"] }],
        [{ payment_method_id: 999999 }, { payment_method_id: ['is not an available payment method'] }],
        [{ payment_method_id: 'card' }, { payment_method_id: ['is not a number'] }],
        [{ payment_method_id: checkMethod, amount: 'lots' }, { amount: ['is not a number'] }],
        [{ payment_method_id: checkMethod, amount: '-1' }, { amount: ['must be greater than 0'] }],
        [{ payment_method_id: checkMethod, amount: '100000000' }, { amount: ['must be less than or equal to 99999999.99'] }],
        [{ payment_method_id: cardMethod }, { source_attributes: ["Number can't be blank", 'Month is not a number', 'Year is not a number', "Verification Value can't be blank", "Name can't be blank"] }],
        [{ payment_method_id: cardMethod, source_attributes: { ...VISA, month: '13' } }, { source_attributes: ['Month must be between 1 and 12'] }],
      ];
      for (const [payment, errors] of cases) {
        const res = await t.http().post(base(order)).set(admin.auth).send({ payment });
        expect({ payment, status: res.status, body: res.body }).toEqual({ payment, status: 422, body: { error: INVALID, errors } });
      }
      // A card that is not an object (the shared NestedField also adds class-validator's own message).
      const notObject = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, source_attributes: 'card' } }).expect(422);
      expect(notObject.body.errors.source_attributes).toContain('is invalid');
      const documented = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: 'x' } });
      expectDocumented(documented, 'post', '/api/orders/{number}/payments', 422);
      expect(await snapshot(order)).toEqual(before);
    });

    it('a payment group of the wrong shape is a 400', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const res = await t.http().post(base(order)).set(admin.auth).send({ payment: 'check' }).expect(400);
      expect(res.body.error).toMatch(/payment/);
      expectDocumented(res, 'post', '/api/orders/{number}/payments', 400);
    });

    it('a guest pays through the payments endpoint at the payment step, then completes the checkout', async () => {
      const product = await stockedProduct(t.db, { price: '10.00' });
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }]);
      const atPayment = await checkoutToPayment(t, order);
      expect(atPayment.state).toBe('payment');
      // While the order is in checkout its checkout payment pays the whole total, whatever amount was asked.
      const res = await t.http().post(`/api/checkouts/${order.number}/payments`).set(order.guest).send({ payment: { payment_method_id: cardMethod, amount: '1.00', source_attributes: VISA } }).expect(201);
      expect(res.body).toMatchObject({ state: 'checkout', amount: atPayment.total });
      let step = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
      expect(step.body.state).toBe('confirm');
      step = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
      expect(step.body).toMatchObject({ state: 'complete', payment_state: 'balance_due' });
      expect((await paymentRow(res.body.id)).state).toBe('pending');
      // On an empty cart nothing is owed, so an amount is needed.
      const cart = await createOrder(t, []);
      const empty = await t.http().post(base(cart)).set(cart.guest).send({ payment: { payment_method_id: checkMethod } }).expect(422);
      expect(empty.body).toEqual({ error: INVALID, errors: { amount: ["can't be blank when the order owes nothing"] } });
    });
  });

  describe('updating (admin)', () => {
    it('a pending payment’s amount; a checkout one’s method; a method of another kind is refused', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const res = await t.http().put(`${base(order)}/${order.paymentId}`).set(admin.auth).send({ payment: { amount: '3.33' } }).expect(200);
      expect(res.body).toMatchObject({ amount: '3.33', state: 'pending' });
      expectDocumented(res, 'put', '/api/orders/{number}/payments/{id}', 200);

      const wrongKind = await t.http().put(`${base(order)}/${order.paymentId}`).set(admin.auth).send({ payment: { payment_method_id: checkMethod } }).expect(422);
      expect(wrongKind.body).toEqual({ error: INVALID, errors: { payment_method_id: ["does not take this payment's source"] } });
      expectDocumented(wrongKind, 'put', '/api/orders/{number}/payments/{id}', 422);

      const [{ id: otherCheck }] = await t.db.query(
        `INSERT INTO payment_methods (type, name, active, environment, display_on, preferences) VALUES ('Spree::PaymentMethod::Check', 'Money order', true, 'development', 'back_end', '{}') RETURNING id`,
      );
      const check = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '2.00' } }).expect(201);
      const moved = await t.http().put(`${base(order)}/${check.body.id}`).set(admin.auth).send({ payment: { payment_method_id: otherCheck } }).expect(200);
      expect(moved.body).toMatchObject({ payment_method_id: otherCheck, payment_method: { id: otherCheck, name: 'Money order' } });
      // A back-office method is not the storefront's: the owner is not offered it.
      const offered = await t.http().get(`${base(order)}/new`).set(owner.auth).expect(200);
      expect(offered.body.payment_methods.map((m: { id: number }) => m.id)).not.toContain(otherCheck);
      const adminOffered = await t.http().get(`${base(order)}/new`).set(admin.auth).expect(200);
      expect(adminOffered.body.payment_methods.map((m: { id: number }) => m.id)).toContain(otherCheck);
      await t.db.query(`UPDATE payment_methods SET active = false WHERE id = $1`, [otherCheck]);
    });

    it('403 for a completed, void or invalid payment, with its state', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
      const res = await t.http().put(`${base(order)}/${order.paymentId}`).set(admin.auth).send({ payment: { amount: '1.00' } }).expect(403);
      expect(res.body).toEqual({ error: 'This payment cannot be updated because it is void.' });
      expectDocumented(res, 'put', '/api/orders/{number}/payments/{id}', 403);
    });
  });

  describe('who may do what', () => {
    let order: PlacedOrder;
    beforeAll(async () => {
      order = await placedOrder(t, { auth: owner.auth });
      // Owing its total again, so that the owner may pay part of it.
      await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth).expect(200);
    });

    const reads = (o: () => CreatedOrder & { paymentId: number }) =>
      [
        ['GET index', () => t.http().get(base(o()))],
        ['GET new', () => t.http().get(`${base(o())}/new`)],
        ['GET show', () => t.http().get(`${base(o())}/${o().paymentId}`)],
        ['POST create', () => t.http().post(base(o())).send({ payment: { payment_method_id: checkMethod, amount: '1.00' } })],
      ] as const;
    const changes = (o: () => CreatedOrder & { paymentId: number }) =>
      [
        ['PUT update', () => t.http().put(`${base(o())}/${o().paymentId}`).send({ payment: { amount: '1.00' } })],
        ...(['authorize', 'capture', 'purchase', 'void', 'credit'] as const).map((a) => [`PUT ${a}`, () => t.http().put(`${base(o())}/${o().paymentId}/${a}`)] as const),
      ] as const;

    it('another user and an anonymous caller get 401 on everything, and nothing changes', async () => {
      const before = await snapshot(order);
      for (const [name, call] of [...reads(() => order), ...changes(() => order)]) {
        for (const headers of [other.auth, {}]) {
          const res = await call().set(headers);
          expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: UNAUTHORIZED });
        }
      }
      expectDocumented(await t.http().get(base(order)).set(other.auth), 'get', '/api/orders/{number}/payments', 401);
      expect(await snapshot(order)).toEqual(before);
    });

    it('the owner and the token holder may read and create, but get 401 on changes and actions', async () => {
      const guest = { 'X-Spree-Order-Token': order.token };
      for (const headers of [owner.auth, guest]) {
        for (const [name, call] of reads(() => order)) {
          const res = await call().set(headers);
          expect({ name, status: res.status }).toEqual({ name, status: name === 'POST create' ? 201 : 200 });
        }
        const before = await snapshot(order);
        for (const [name, call] of changes(() => order)) {
          const res = await call().set(headers);
          expect({ name, status: res.status, body: res.body }).toEqual({ name, status: 401, body: UNAUTHORIZED });
          expectDocumented(res, 'put', `/api/orders/{number}/payments/{id}${name === 'PUT update' ? '' : `/${name.slice(4)}`}`, 401);
        }
        expect(await snapshot(order)).toEqual(before);
      }
    });

    it('an unknown order is 404; an unknown payment, one of another order or a malformed id is 404', async () => {
      await t.http().get('/api/orders/R000000000/payments').set(admin.auth).expect(404, NOT_FOUND);
      const another = await placedOrder(t, { auth: owner.auth });
      for (const id of ['999999', String(another.paymentId), 'abc', '0', '99999999999']) {
        for (const path of [`${base(order)}/${id}`, `${base(order)}/${id}/capture`]) {
          const res = path.endsWith('capture') ? await t.http().put(path).set(admin.auth) : await t.http().get(path).set(admin.auth);
          expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: NOT_FOUND });
        }
      }
      expectDocumented(await t.http().get(`${base(order)}/999999`).set(admin.auth), 'get', '/api/orders/{number}/payments/{id}', 404);
      expect((await paymentRow(another.paymentId)).state).toBe('pending');
    });
  });

  describe('listing', () => {
    it('searches and sorts on allowed attributes, through /api/checkouts too', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      // The authorization lowered, so that the order leaves something to pay.
      await t.http().put(`${base(order)}/${order.paymentId}`).set(admin.auth).send({ payment: { amount: '3.00' } }).expect(200);
      // The shopper's payment is invalidated by the admin's (an admin's payments of given amounts would both stand: split payments).
      await t.http().post(base(order)).set(owner.auth).send({ payment: { payment_method_id: checkMethod, amount: '1.00' } }).expect(201);
      await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: checkMethod, amount: '2.00' } }).expect(201);

      const pending = await t.http().get(base(order)).query({ 'q[state_eq]': 'pending' }).set(admin.auth).expect(200);
      expect(pending.body.payments.map((p: { id: number }) => p.id)).toEqual([order.paymentId]);
      const sorted = await t.http().get(base(order)).query({ 'q[s]': 'amount asc' }).set(admin.auth).expect(200);
      expect(sorted.body.payments.map((p: { amount: string }) => p.amount)).toEqual(['1.00', '2.00', '3.00']);
      const byMethod = await t.http().get(base(order)).query({ 'q[payment_method_name_eq]': 'Check' }).set(admin.auth).expect(200);
      expect(byMethod.body.payments.map((p: { state: string }) => p.state)).toEqual(['invalid', 'checkout']);
      // Not on the allow-list: ignored.
      const ignored = await t.http().get(base(order)).query({ 'q[identifier_eq]': 'x' }).set(admin.auth).expect(200);
      expect(ignored.body.count).toBe(3);

      const viaCheckout = await t.http().get(`/api/checkouts/${order.number}/payments.json`).set(owner.auth).expect(200);
      expect(viaCheckout.body.total_count).toBe(3);
    });
  });

  describe('OpenAPI', () => {
    it('documents every payments response as it is sent', async () => {
      const order = await placedOrder(t, { auth: owner.auth });
      const p = '/api/orders/{number}/payments';
      expectDocumented(await t.http().get(base(order)).set(admin.auth), 'get', p, 200);
      expectDocumented(await t.http().get(`${base(order)}/new`).set(owner.auth), 'get', `${p}/new`, 200);
      const created = await t.http().post(base(order)).set(admin.auth).send({ payment: { payment_method_id: cardMethod, amount: '45.75', source_attributes: VISA, allow_overpayment: true } });
      expectDocumented(created, 'post', p, 201);
      await t.db.query(`UPDATE payments SET response_code = '12345' WHERE id = $1`, [created.body.id]);
      const id = created.body.id;
      expectDocumented(await t.http().get(`${base(order)}/${id}`).set(admin.auth), 'get', `${p}/{id}`, 200);
      expectDocumented(await t.http().put(`${base(order)}/${id}`).set(admin.auth).send({ payment: { amount: 'x' } }), 'put', `${p}/{id}`, 422);
      expectDocumented(await t.http().put(`${base(order)}/${id}/authorize`).set(admin.auth), 'put', `${p}/{id}/authorize`, 200);
      expectDocumented(await t.http().put(`${base(order)}/${id}/capture`).set(admin.auth), 'put', `${p}/{id}/capture`, 200);
      expectDocumented(await t.http().put(`${base(order)}/${id}/purchase`).set(admin.auth), 'put', `${p}/{id}/purchase`, 422);
      expectDocumented(await t.http().put(`${base(order)}/${order.paymentId}/capture`).set(admin.auth), 'put', `${p}/{id}/capture`, 200);
      expectDocumented(await t.http().put(`${base(order)}/${id}/credit`).set(admin.auth), 'put', `${p}/{id}/credit`, 200);
      expectDocumented(await t.http().put(`${base(order)}/${id}/credit`).set(admin.auth).send({ amount: 100 }), 'put', `${p}/{id}/credit`, 422);
      // Credited: never voided as well.
      expectDocumented(await t.http().put(`${base(order)}/${id}/void`).set(admin.auth), 'put', `${p}/{id}/void`, 422);
      jest.spyOn(bogus(), 'void').mockResolvedValueOnce(refused('NO REFUNDS'));
      expectDocumented(await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth), 'put', `${p}/{id}/void`, 422);
      expectDocumented(await t.http().put(`${base(order)}/${order.paymentId}/void`).set(admin.auth), 'put', `${p}/{id}/void`, 200);
      expect(doc.paths['/api/checkouts/{number}/payments/{id}/credit']).toBeDefined();
    });
  });
});
