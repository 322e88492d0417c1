import type { Response } from 'supertest';
import { createProduct, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { PlacedOrder, placedOrder, shippedOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/return_authorizations_controller_spec.rb,
// plus the rules of core/app/models/spree/return_authorization.rb (units, receive, cancel) and our own
// (amount at most what was paid, admin-only refusals of contract §3, OpenAPI conformance).
const ATTRIBUTES = ['id', 'number', 'state', 'amount', 'order_id', 'reason', 'created_at', 'updated_at'];

describe('return authorizations', () => {
  let t: TestApp;
  let admin: TestUser;
  let owner: TestUser;
  let stranger: TestUser;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    owner = await createUser(t.db);
    stranger = await createUser(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  /** The order's return authorizations (their API's base path). */
  const returnsOf = (order: { number: string }) => `/api/orders/${order.number}/return_authorizations`;

  let sequence = 0;
  /** Spree's `return_authorization` factory (through the API): amount 0 unless told, reason "no particular reason". */
  async function createReturn(order: PlacedOrder, fields: Record<string, unknown> = {}): Promise<Record<string, any>> {
    const res = await t
      .http()
      .post(returnsOf(order))
      .set(admin.auth)
      .send({ return_authorization: { reason: `no particular reason ${++sequence}`, ...fields } });
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 201 });
    return res.body;
  }

  const row = async (id: number) => cents(await t.db.query(`SELECT * FROM return_authorizations WHERE id = $1`, [id]))[0];
  const orderRow = async (id: number) => cents(await t.db.query(`SELECT * FROM orders WHERE id = $1`, [id]))[0];
  const returnCount = async (orderId: number) => (await t.db.query(`SELECT count(*)::int AS n FROM return_authorizations WHERE order_id = $1`, [orderId]))[0].n as number;
  const unitsOf = async (raId: number) =>
    (await t.db.query(`SELECT id, variant_id, state FROM inventory_units WHERE return_authorization_id = $1 ORDER BY id`, [raId])) as Array<{ id: number; variant_id: number; state: string }>;
  const countOnHand = async (locationId: number, variantId: number) =>
    (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL`, [locationId, variantId]))[0]?.count_on_hand as
      | number
      | undefined;
  const stateChanges = async (orderId: number): Promise<string[]> =>
    (
      (await t.db.query(`SELECT previous_state, next_state FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1 AND name = 'order' ORDER BY id`, [orderId])) as Array<{
        previous_state: string;
        next_state: string;
      }>
    ).map((r) => `${r.previous_state}→${r.next_state}`);

  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    const problems = shapeProblems(doc, responseSchema(doc, path, method, status), res.body);
    expect({ operation: `${method.toUpperCase()} ${path} ${status}`, problems }).toEqual({ operation: `${method.toUpperCase()} ${path} ${status}`, problems: [] });
  }

  describe('Spree: as the order owner', () => {
    let order: PlacedOrder;
    let raId: number;

    beforeAll(async () => {
      const product = await stockedProduct(t.db);
      order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }], auth: owner.auth });
      raId = (await createReturn(order, { amount: '5.00' })).id;
    });

    it('cannot see any return authorizations', async () => {
      await t.http().get(returnsOf(order)).set(owner.auth).expect(401, UNAUTHORIZED);
    });

    it('cannot see a single return authorization (404: contract §3; Spree answers 401)', async () => {
      await t.http().get(`${returnsOf(order)}/${raId}`).set(owner.auth).expect(404, NOT_FOUND);
      await t.http().get(`${returnsOf(order)}/1`).set(owner.auth).expect(404, NOT_FOUND);
    });

    it('cannot learn how to create a new return authorization', async () => {
      await t.http().get(`${returnsOf(order)}/new`).set(owner.auth).expect(401, UNAUTHORIZED);
    });

    it('cannot create a new return authorization', async () => {
      const before = await returnCount(order.id);
      await t.http().post(returnsOf(order)).set(owner.auth).send({ return_authorization: { amount: '1.00' } }).expect(401, UNAUTHORIZED);
      expect(await returnCount(order.id)).toBe(before);
    });

    it('cannot update a return authorization', async () => {
      await t.http().put(`${returnsOf(order)}/${raId}`).set(owner.auth).send({ return_authorization: { amount: '1.00' } }).expect(404, NOT_FOUND);
      expect((await row(raId)).amount).toBe('5.00');
    });

    it('cannot delete a return authorization', async () => {
      await t.http().delete(`${returnsOf(order)}/${raId}`).set(owner.auth).expect(404, NOT_FOUND);
      expect(await row(raId)).toBeDefined();
    });

    it('cannot add units to, receive or cancel a return authorization', async () => {
      const [unit] = await t.db.query(`SELECT variant_id FROM inventory_units WHERE order_id = $1`, [order.id]);
      await t.http().put(`${returnsOf(order)}/${raId}/add`).set(owner.auth).send({ variant_id: unit.variant_id, quantity: 1 }).expect(404, NOT_FOUND);
      await t.http().put(`${returnsOf(order)}/${raId}/receive`).set(owner.auth).expect(404, NOT_FOUND);
      await t.http().put(`${returnsOf(order)}/${raId}/cancel`).set(owner.auth).expect(404, NOT_FOUND);
      expect(await unitsOf(raId)).toEqual([]);
      expect((await row(raId)).state).toBe('authorized');
      expect((await orderRow(order.id)).state).toBe('complete');
    });

    it('an anonymous caller (even with the order token) is refused alike', async () => {
      await t.http().get(returnsOf(order)).set(order.guest).expect(401, UNAUTHORIZED);
      await t.http().post(returnsOf(order)).send({ return_authorization: { amount: '1.00' } }).expect(401, UNAUTHORIZED);
      await t.http().get(`${returnsOf(order)}/${raId}`).set(order.guest).expect(404, NOT_FOUND);
      await t.http().put(`${returnsOf(order)}/${raId}/cancel`).expect(404, NOT_FOUND);
      expect((await row(raId)).state).toBe('authorized');
    });
  });

  describe('Spree: as an admin', () => {
    let product: { masterVariantId: number };
    let order: PlacedOrder;

    beforeAll(async () => {
      product = await stockedProduct(t.db, { price: '19.99', count: 100 });
    });
    beforeEach(async () => {
      order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 2 }] });
    });

    it('can show return authorization', async () => {
      const created = await createReturn(order);
      const res = await t.http().get(`${returnsOf(order)}/${created.id}`).set(admin.auth).expect(200);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      expect(res.body).toEqual({ ...created, state: 'authorized' });
      expect(res.body.state).not.toBe('');
      expect(res.body.order_id).toBe(order.id);
      expect(res.body.number).toMatch(/^RMA\d{9}$/);
    });

    it('can get a list of return authorizations', async () => {
      const a = await createReturn(order);
      const b = await createReturn(order);
      const res = await t.http().get(returnsOf(order)).set(admin.auth).expect(200);
      const list = res.body.return_authorizations;
      expect(list.map((r: { id: number }) => r.id)).toEqual([a.id, b.id]);
      expect(Object.keys(list[0]).sort()).toEqual([...ATTRIBUTES].sort());
      expect(list[0]).not.toEqual(list[1]);
      expect(res.body).toMatchObject({ count: 2, total_count: 2, current_page: 1, pages: 1, per_page: 25 });
    });

    it('can control the page size through a parameter', async () => {
      await createReturn(order);
      await createReturn(order);
      const res = await t.http().get(returnsOf(order)).query({ per_page: 1 }).set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.current_page).toBe(1);
      expect(res.body.pages).toBe(2);
      const second = await t.http().get(returnsOf(order)).query({ per_page: 1, page: 2 }).set(admin.auth).expect(200);
      expect(second.body.current_page).toBe(2);
      expect(second.body.return_authorizations[0].id).not.toBe(res.body.return_authorizations[0].id);
    });

    it('can query the results through a parameter', async () => {
      await createReturn(order);
      const expected = await createReturn(order, { reason: 'damaged' });
      // Another order's damaged return is not this order's.
      const other = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      await createReturn(other, { reason: 'damaged too' });
      const res = await t.http().get(returnsOf(order)).query({ q: { reason_cont: 'damage' } }).set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.return_authorizations[0].reason).toBe(expected.reason);
      expect(res.body.return_authorizations[0].id).toBe(expected.id);
    });

    it('sorts through q[s] (amount asc and desc)', async () => {
      const big = await createReturn(order, { amount: '12.00' });
      const small = await createReturn(order, { amount: '3.50' });
      const mid = await createReturn(order, { amount: '7.25' });
      const asc = await t.http().get(returnsOf(order)).query({ q: { s: 'amount asc' } }).set(admin.auth).expect(200);
      expect(asc.body.return_authorizations.map((r: { id: number }) => r.id)).toEqual([small.id, mid.id, big.id]);
      expect(asc.body.return_authorizations.map((r: { amount: number }) => r.amount)).toEqual([3.5, 7.25, 12]);
      const desc = await t.http().get(returnsOf(order)).query({ q: { s: 'amount desc' } }).set(admin.auth).expect(200);
      expect(desc.body.return_authorizations.map((r: { id: number }) => r.id)).toEqual([big.id, mid.id, small.id]);
    });

    it('can learn how to create a new return authorization', async () => {
      const res = await t.http().get(`${returnsOf(order)}/new`).set(admin.auth).expect(200);
      expect(res.body.attributes).toEqual(['id', 'number', 'state', 'amount', 'order_id', 'reason', 'created_at', 'updated_at']);
      expect(res.body.required_attributes).toContain('order');
    });

    it('can update a return authorization on the order', async () => {
      const created = await createReturn(order);
      const res = await t.http().put(`${returnsOf(order)}/${created.id}`).set(admin.auth).send({ return_authorization: { amount: 19.99 } }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      expect(res.body.amount).toBe(19.99);
      expect((await row(created.id)).amount).toBe('19.99');
      // Only what is sent changes.
      expect(res.body.reason).toBe(created.reason);
    });

    it('can add an inventory unit to a return authorization on the order', async () => {
      const created = await createReturn(order);
      expect(await unitsOf(created.id)).toEqual([]);
      const res = await t.http().put(`${returnsOf(order)}/${created.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      const units = await unitsOf(created.id);
      expect(units).toHaveLength(1);
      expect(units[0]).toMatchObject({ variant_id: product.masterVariantId, state: 'shipped' });
    });

    it('can mark a return authorization as received on the order with an inventory unit', async () => {
      const locationId = await defaultStockLocationId(t.db);
      const created = await createReturn(order, { stock_location_id: locationId });
      expect(created.state).toBe('authorized');
      expect(await unitsOf(created.id)).toEqual([]);
      await t.http().put(`${returnsOf(order)}/${created.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);

      const res = await t.http().put(`${returnsOf(order)}/${created.id}/receive`).set(admin.auth).expect(200);
      expect(res.body.state).toBe('received');
      expect((await row(created.id)).state).toBe('received');
    });

    it('cannot mark a return authorization as received on the order with no inventory units', async () => {
      const created = await createReturn(order);
      const res = await t.http().put(`${returnsOf(order)}/${created.id}/receive`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot transition via "receive"'] } });
      expect((await row(created.id)).state).toBe('authorized');
      expect(await t.db.query(`SELECT id FROM adjustments WHERE order_id = $1 AND source_type = 'Spree::ReturnAuthorization'`, [order.id])).toEqual([]);
    });

    it('can cancel a return authorization on the order', async () => {
      const created = await createReturn(order);
      const res = await t.http().put(`${returnsOf(order)}/${created.id}/cancel`).set(admin.auth).expect(200);
      expect(res.body.state).toBe('canceled');
      expect((await row(created.id)).state).toBe('canceled');
    });

    it('can delete a return authorization on the order', async () => {
      const created = await createReturn(order);
      await t.http().delete(`${returnsOf(order)}/${created.id}`).set(admin.auth).expect(204);
      expect(await row(created.id)).toBeUndefined();
      await t.http().get(`${returnsOf(order)}/${created.id}`).set(admin.auth).expect(404, NOT_FOUND);
    });

    it('can add a new return authorization to an existing order', async () => {
      const res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: 14.22, reason: 'Defective' } }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES].sort());
      expect(res.body).toMatchObject({ state: 'authorized', amount: 14.22, reason: 'Defective', order_id: order.id });
      expect(res.body.number).toMatch(/^RMA\d{9}$/);
      const stored = await row(res.body.id);
      expect(stored).toMatchObject({ number: res.body.number, state: 'authorized', amount: '14.22', reason: 'Defective', order_id: order.id, stock_location_id: null });
    });
  });

  describe('Spree: as just another user', () => {
    let order: PlacedOrder;
    let raId: number;

    beforeAll(async () => {
      const product = await stockedProduct(t.db);
      order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }], auth: owner.auth });
      raId = (await createReturn(order, { amount: '5.00' })).id;
    });

    it('cannot add a return authorization to the order', async () => {
      const before = await returnCount(order.id);
      await t.http().post(returnsOf(order)).set(stranger.auth).send({ return_authorization: { amount: 14.22, reason: 'Defective' } }).expect(401, UNAUTHORIZED);
      expect(await returnCount(order.id)).toBe(before);
    });

    it('cannot update a return authorization on the order (404: contract §3; Spree answers 401)', async () => {
      await t.http().put(`${returnsOf(order)}/${raId}`).set(stranger.auth).send({ return_authorization: { amount: 19.99 } }).expect(404, NOT_FOUND);
      expect((await row(raId)).amount).not.toBe('19.99');
    });

    it('cannot delete a return authorization on the order', async () => {
      await t.http().delete(`${returnsOf(order)}/${raId}`).set(stranger.auth).expect(404, NOT_FOUND);
      expect(await row(raId)).toBeDefined();
    });
  });

  describe('creating and changing', () => {
    let product: { masterVariantId: number };
    beforeAll(async () => {
      product = await stockedProduct(t.db, { price: '10.00', count: 100 });
    });

    it('needs shipped units on the order (Spree: must_have_shipped_units), and writes nothing otherwise', async () => {
      const unshipped = await placedOrder(t, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }], capturedBy: admin.auth });
      const res = await t.http().post(returnsOf(unshipped)).set(admin.auth).send({ return_authorization: { amount: '1.00', reason: 'x' } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { order: ['has no shipped units'] } });
      expect(await returnCount(unshipped.id)).toBe(0);
    });

    it('makes a negative amount positive, defaults it to 0, and refuses one with more than cents (never rounded)', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      expect((await createReturn(order, { amount: '-4.5' })).amount).toBe(4.5);
      expect((await createReturn(order)).amount).toBe(0);
      const before = await returnCount(order.id);
      const res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '1.005' } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { amount: ['must have at most 2 decimal places'] } });
      expect(await returnCount(order.id)).toBe(before);
    });

    it('refuses an amount that is not a number, naming it', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      for (const amount of ['lots', { a: 1 }, '']) {
        const res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount } }).expect(422);
        expect(res.body).toEqual({ error: INVALID, errors: { amount: ['is not a number'] } });
      }
      expect(await returnCount(order.id)).toBe(0);
    });

    it('refuses an amount above what was paid less the other return authorizations that are not canceled, with no write', async () => {
      // 1 × 10.00 + 5.00 shipping, paid in full: 15.00.
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      expect((await orderRow(order.id)).payment_total).toBe('15.00');

      let res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '15.01', reason: 'too much' } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { amount: [expect.stringMatching(/^must be less than or equal to 15\.00/)] } });
      expect(await returnCount(order.id)).toBe(0);

      const first = await createReturn(order, { amount: '10.00' });
      res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '5.01' } }).expect(422);
      expect(res.body.errors).toEqual({ amount: [expect.stringMatching(/^must be less than or equal to 5\.00/)] });
      expect(await returnCount(order.id)).toBe(1);
      const second = await createReturn(order, { amount: '5.00' });

      // Raising the first beyond what is left is refused and changes nothing.
      res = await t.http().put(`${returnsOf(order)}/${first.id}`).set(admin.auth).send({ return_authorization: { amount: '10.01', reason: 'changed' } }).expect(422);
      expect(res.body.errors).toEqual({ amount: [expect.stringMatching(/^must be less than or equal to 10\.00/)] });
      expect(await row(first.id)).toMatchObject({ amount: '10.00', reason: first.reason });
      // Its own amount does not count against it.
      await t.http().put(`${returnsOf(order)}/${first.id}`).set(admin.auth).send({ return_authorization: { amount: '10.00' } }).expect(200);

      // A canceled one no longer counts.
      await t.http().put(`${returnsOf(order)}/${second.id}/cancel`).set(admin.auth).expect(200);
      expect((await createReturn(order, { amount: '5.00' })).amount).toBe(5);
    });

    it('refuses any amount above 0 on an order with nothing paid', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      // Nothing paid on it any more: its whole payment credited back.
      await t.http().put(`/api/orders/${order.number}/payments/${order.paymentId}/credit`).set(admin.auth).send({ amount: order.total }).expect(200);
      const res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '0.01' } }).expect(422);
      expect(res.body.errors).toEqual({ amount: [expect.stringMatching(/^must be less than or equal to 0\.00/)] });
      expect((await createReturn(order, { amount: '0' })).amount).toBe(0);
    });

    it('takes a stock location and a number, and checks them', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const locationId = await defaultStockLocationId(t.db);
      const created = await createReturn(order, { stock_location_id: locationId, number: 'RMA000000042' });
      expect(created.number).toBe('RMA000000042');
      expect((await row(created.id)).stock_location_id).toBe(locationId);

      let res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { number: 'RMA000000042' } }).expect(422);
      expect(res.body.errors).toEqual({ number: ['has already been taken'] });
      res = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { number: 'R12', stock_location_id: 999999 } }).expect(422);
      expect(res.body.errors).toEqual({ number: [expect.stringMatching(/^is invalid/)], stock_location_id: ['does not exist'] });
      res = await t.http().put(`${returnsOf(order)}/${created.id}`).set(admin.auth).send({ return_authorization: { stock_location_id: 'here' } }).expect(422);
      expect(res.body.errors).toEqual({ stock_location_id: ['is not a number'] });
      expect(await returnCount(order.id)).toBe(1);

      await t.http().put(`${returnsOf(order)}/${created.id}`).set(admin.auth).send({ return_authorization: { stock_location_id: null } }).expect(200);
      expect((await row(created.id)).stock_location_id).toBeNull();
    });

    it('answers 404 for an unknown order, an unknown id, or a return authorization of another order', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const other = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const theirs = await createReturn(other);
      await t.http().get('/api/orders/R000000000/return_authorizations').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().post('/api/orders/R000000000/return_authorizations').set(admin.auth).send({ return_authorization: {} }).expect(404, NOT_FOUND);
      await t.http().get(`${returnsOf(order)}/${theirs.id}`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get(`${returnsOf(order)}/abc`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put(`${returnsOf(order)}/${theirs.id}/cancel`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().delete(`${returnsOf(order)}/${theirs.id}`).set(admin.auth).expect(404, NOT_FOUND);
      expect((await row(theirs.id)).state).toBe('authorized');
      // The .json suffix works too.
      await t.http().get(`${returnsOf(other)}/${theirs.id}.json`).set(admin.auth).expect(200);
    });
  });

  describe('adding and reducing units (Spree: add_variant)', () => {
    let product: { masterVariantId: number };
    let order: PlacedOrder;
    beforeAll(async () => {
      product = await stockedProduct(t.db, { price: '10.00', count: 100 });
    });
    beforeEach(async () => {
      order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 3 }] });
    });

    const add = (raId: number, variantId: number, quantity: unknown) => t.http().put(`${returnsOf(order)}/${raId}/add`).set(admin.auth).send({ variant_id: variantId, quantity });

    it('attaches units up to the quantity, reduces to a lower one, and 0 removes the variant', async () => {
      const ra = await createReturn(order);
      await add(ra.id, product.masterVariantId, 2).expect(200);
      expect(await unitsOf(ra.id)).toHaveLength(2);
      // Asking again for what it holds changes nothing.
      await add(ra.id, product.masterVariantId, '2').expect(200);
      expect(await unitsOf(ra.id)).toHaveLength(2);
      await add(ra.id, product.masterVariantId, 1).expect(200);
      const held = await unitsOf(ra.id);
      expect(held).toHaveLength(1);
      await add(ra.id, product.masterVariantId, 3).expect(200);
      expect(await unitsOf(ra.id)).toHaveLength(3);
      await add(ra.id, product.masterVariantId, 0).expect(200);
      expect(await unitsOf(ra.id)).toEqual([]);
      // The units are untouched otherwise.
      expect(await t.db.query(`SELECT DISTINCT state FROM inventory_units WHERE order_id = $1`, [order.id])).toEqual([{ state: 'shipped' }]);
    });

    it('moves the order from complete to awaiting_return with its first units, recording who did it', async () => {
      const ra = await createReturn(order);
      expect((await orderRow(order.id)).state).toBe('complete');
      await add(ra.id, product.masterVariantId, 1).expect(200);
      expect((await orderRow(order.id)).state).toBe('awaiting_return');
      const [change] = await t.db.query(`SELECT previous_state, next_state, user_id FROM state_changes WHERE stateful_id = $1 AND next_state = 'awaiting_return'`, [order.id]);
      expect(change).toEqual({ previous_state: 'complete', next_state: 'awaiting_return', user_id: admin.id });
      await add(ra.id, product.masterVariantId, 2).expect(200);
      // Recorded once: the order already awaits the return.
      expect((await stateChanges(order.id)).filter((s) => s.endsWith('→awaiting_return'))).toEqual(['complete→awaiting_return']);
      const shown = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
      expect(shown.body.state).toBe('awaiting_return');
    });

    it('never gives one unit to two return authorizations', async () => {
      const first = await createReturn(order);
      const second = await createReturn(order);
      await add(first.id, product.masterVariantId, 2).expect(200);
      const res = await add(second.id, product.masterVariantId, 2).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { quantity: [expect.stringMatching(/^must be less than or equal to 1 /)] } });
      expect(await unitsOf(second.id)).toEqual([]);
      await add(second.id, product.masterVariantId, 1).expect(200);
      const a = (await unitsOf(first.id)).map((u) => u.id);
      const b = (await unitsOf(second.id)).map((u) => u.id);
      expect(a).toHaveLength(2);
      expect(b).toHaveLength(1);
      expect(a.filter((id) => b.includes(id))).toEqual([]);
    });

    it('refuses more units than were shipped, a variant not shipped on the order, and unreadable parameters, with no write', async () => {
      const ra = await createReturn(order);
      let res = await add(ra.id, product.masterVariantId, 4).expect(422);
      expect(res.body.errors).toEqual({ quantity: [expect.stringMatching(/^must be less than or equal to 3 /)] });
      const elsewhere = await createProduct(t.db);
      res = await add(ra.id, elsewhere.masterVariantId, 1).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { variant_id: ['is not among the shipped units of this order'] } });
      res = await add(ra.id, product.masterVariantId, -1).expect(422);
      expect(res.body.errors).toEqual({ quantity: ['must be greater than or equal to 0'] });
      res = await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ quantity: 'one' }).expect(422);
      expect(res.body.errors).toEqual({ variant_id: ["can't be blank"], quantity: ['is not a number'] });
      expect(await unitsOf(ra.id)).toEqual([]);
      expect((await orderRow(order.id)).state).toBe('complete');
    });

    it('needs shipped units: an order whose shipments have not gone out has none to add', async () => {
      const unshipped = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      // Authorized while a shipment was out, which then (in this test) is back to ready.
      const ra = await createReturn(unshipped);
      await t.db.query(`UPDATE shipments SET state = 'ready' WHERE order_id = $1`, [unshipped.id]);
      const res = await t.http().put(`${returnsOf(unshipped)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { order: ['has no shipped units'] } });
    });
  });

  describe('receiving', () => {
    let product: { masterVariantId: number };
    let locationId: number;
    beforeAll(async () => {
      product = await stockedProduct(t.db, { price: '19.99', count: 100 });
      locationId = await defaultStockLocationId(t.db);
    });

    it('returns the units to stock with a movement, credits the order, which owes credit to the cent and is returned', async () => {
      // 2 × 19.99 + 5.00 shipping = 44.98, paid in full.
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 2 }] });
      expect(order.total).toBe('44.98');
      const stockBefore = await countOnHand(locationId, product.masterVariantId);
      const ra = await createReturn(order, { amount: '19.99', reason: 'Defective' });
      await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      const [unit] = await unitsOf(ra.id);

      const res = await t.http().put(`${returnsOf(order)}/${ra.id}/receive`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ id: ra.id, state: 'received', amount: 19.99 });

      // The unit is returned; the other one stays shipped.
      expect(await t.db.query(`SELECT id, state FROM inventory_units WHERE order_id = $1 ORDER BY id`, [order.id])).toEqual(
        expect.arrayContaining([{ id: unit.id, state: 'returned' }, { id: expect.any(Number), state: 'shipped' }]),
      );
      // Back in stock, with its movement.
      expect(await countOnHand(locationId, product.masterVariantId)).toBe(stockBefore! + 1);
      const movements = await t.db.query(
        `SELECT m.quantity, m.originator_type, m.originator_id, si.stock_location_id, si.variant_id
           FROM stock_movements m JOIN stock_items si ON si.id = m.stock_item_id WHERE m.originator_type = 'Spree::ReturnAuthorization' AND m.originator_id = $1`,
        [ra.id],
      );
      expect(movements).toEqual([{ quantity: 1, originator_type: 'Spree::ReturnAuthorization', originator_id: ra.id, stock_location_id: locationId, variant_id: product.masterVariantId }]);
      // The credit.
      const adjustments = cents(await t.db.query(
        `SELECT adjustable_type, adjustable_id, source_type, source_id, amount, label, eligible FROM adjustments WHERE order_id = $1 AND source_type = 'Spree::ReturnAuthorization'`,
        [order.id],
      ));
      expect(adjustments).toEqual([
        { adjustable_type: 'Spree::Order', adjustable_id: order.id, source_type: 'Spree::ReturnAuthorization', source_id: ra.id, amount: '-19.99', label: 'RMA Credit', eligible: true },
      ]);
      // The order, to the cent.
      expect(await orderRow(order.id)).toMatchObject({
        state: 'returned',
        item_total: '39.98',
        shipment_total: '5.00',
        adjustment_total: '-19.99',
        total: '24.99',
        payment_total: '44.98',
        payment_state: 'credit_owed',
        shipment_state: 'shipped',
      });
      expect(await stateChanges(order.id)).toEqual(expect.arrayContaining(['complete→awaiting_return', 'awaiting_return→returned']));
      const shown = await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200);
      expect(shown.body).toMatchObject({ state: 'returned', total: '24.99', adjustment_total: '-19.99', payment_state: 'credit_owed', display_total: '$24.99' });
      expect(shown.body.adjustments).toEqual([expect.objectContaining({ label: 'RMA Credit', amount: '-19.99', source_type: 'Spree::ReturnAuthorization', source_id: ra.id })]);
    });

    it('without a stock location, puts each unit back where it shipped from; with one, there (creating its stock item)', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 2 }] });
      const warehouse = await createStockLocation(t.db, { propagateAllVariants: false });
      const toShipper = await createReturn(order, { amount: '1.00' });
      const toWarehouse = await createReturn(order, { amount: '1.00', stock_location_id: warehouse });
      await t.http().put(`${returnsOf(order)}/${toShipper.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      await t.http().put(`${returnsOf(order)}/${toWarehouse.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      expect(await countOnHand(warehouse, product.masterVariantId)).toBeUndefined();
      const before = await countOnHand(locationId, product.masterVariantId);

      await t.http().put(`${returnsOf(order)}/${toWarehouse.id}/receive`).set(admin.auth).expect(200);
      expect(await countOnHand(warehouse, product.masterVariantId)).toBe(1);
      expect(await countOnHand(locationId, product.masterVariantId)).toBe(before);
      // Another authorization is still awaited: the order waits too.
      expect((await orderRow(order.id)).state).toBe('awaiting_return');

      await t.http().put(`${returnsOf(order)}/${toShipper.id}/receive`).set(admin.auth).expect(200);
      expect(await countOnHand(locationId, product.masterVariantId)).toBe(before! + 1);
      expect(await orderRow(order.id)).toMatchObject({ state: 'returned', adjustment_total: '-2.00', total: '42.98', payment_state: 'credit_owed' });
    });

    it('cannot be received twice, nor changed, given units or deleted once received; no second credit', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const ra = await createReturn(order, { amount: '3.00' });
      await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      await t.http().put(`${returnsOf(order)}/${ra.id}/receive`).set(admin.auth).expect(200);
      const stock = await countOnHand(locationId, product.masterVariantId);
      const orderBefore = await orderRow(order.id);

      let res = await t.http().put(`${returnsOf(order)}/${ra.id}/receive`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot transition via "receive"'] } });
      res = await t.http().put(`${returnsOf(order)}/${ra.id}/cancel`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot transition via "cancel"'] } });
      res = await t.http().put(`${returnsOf(order)}/${ra.id}`).set(admin.auth).send({ return_authorization: { amount: '1.00' } }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot be changed once received'] } });
      res = await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 0 }).expect(422);
      expect(res.body.errors).toEqual({ state: ['cannot be changed once received'] });
      res = await t.http().delete(`${returnsOf(order)}/${ra.id}`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { state: ['cannot be deleted once received'] } });

      expect(await row(ra.id)).toMatchObject({ state: 'received', amount: '3.00' });
      expect(await unitsOf(ra.id)).toEqual([expect.objectContaining({ state: 'returned' })]);
      expect(await countOnHand(locationId, product.masterVariantId)).toBe(stock);
      expect(await t.db.query(`SELECT count(*)::int AS n FROM adjustments WHERE source_type = 'Spree::ReturnAuthorization' AND source_id = $1`, [ra.id])).toEqual([{ n: 1 }]);
      expect(await orderRow(order.id)).toMatchObject({ state: orderBefore.state, total: orderBefore.total, payment_state: orderBefore.payment_state });
    });
  });

  describe('canceling', () => {
    let product: { masterVariantId: number };
    beforeAll(async () => {
      product = await stockedProduct(t.db, { price: '10.00', count: 100 });
    });

    it('moves authorized to canceled only; a canceled one cannot be received, changed, given units or deleted', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const ra = await createReturn(order, { amount: '2.00' });
      await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      const res = await t.http().put(`${returnsOf(order)}/${ra.id}/cancel`).set(admin.auth).expect(200);
      expect(res.body.state).toBe('canceled');

      const again = await t.http().put(`${returnsOf(order)}/${ra.id}/cancel`).set(admin.auth).expect(422);
      expect(again.body).toEqual({ error: INVALID, errors: { state: ['cannot transition via "cancel"'] } });
      const receive = await t.http().put(`${returnsOf(order)}/${ra.id}/receive`).set(admin.auth).expect(422);
      expect(receive.body).toEqual({ error: INVALID, errors: { state: ['cannot transition via "receive"'] } });
      await t.http().put(`${returnsOf(order)}/${ra.id}`).set(admin.auth).send({ return_authorization: { reason: 'x' } }).expect(422);
      await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 0 }).expect(422);
      await t.http().delete(`${returnsOf(order)}/${ra.id}`).set(admin.auth).expect(422);

      expect((await row(ra.id)).state).toBe('canceled');
      expect(await unitsOf(ra.id)).toEqual([expect.objectContaining({ state: 'shipped' })]);
      expect(await t.db.query(`SELECT id FROM adjustments WHERE source_type = 'Spree::ReturnAuthorization' AND source_id = $1`, [ra.id])).toEqual([]);
    });

    it('deleting an authorized one releases its units for another', async () => {
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const ra = await createReturn(order);
      await t.http().put(`${returnsOf(order)}/${ra.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      const [unit] = await unitsOf(ra.id);
      await t.http().delete(`${returnsOf(order)}/${ra.id}`).set(admin.auth).expect(204);
      expect((await t.db.query(`SELECT return_authorization_id FROM inventory_units WHERE id = $1`, [unit.id]))[0].return_authorization_id).toBeNull();
      const next = await createReturn(order);
      await t.http().put(`${returnsOf(order)}/${next.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
      expect((await unitsOf(next.id)).map((u) => u.id)).toEqual([unit.id]);
    });
  });

  describe("under the order's checkout (Spree's order_routes)", () => {
    it('serves every route there too, with the same guards', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 5 });
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 2 }], auth: owner.auth });
      const other = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 1 }] });
      const base = `/api/checkouts/${order.number}/return_authorizations`;
      const path = '/api/checkouts/{number}/return_authorizations';

      // Non-admins, even the order's owner: 401 on index, new and create, 404 on one; nothing written.
      expectDocumented(await t.http().get(base).set(owner.auth), 'get', path, 401);
      expectDocumented(await t.http().get(`${base}/new`).set(owner.auth), 'get', `${path}/new`, 401);
      expectDocumented(await t.http().post(base).set(owner.auth).send({ return_authorization: { amount: '1.00' } }), 'post', path, 401);
      expect(await returnCount(order.id)).toBe(0);

      const created = await t.http().post(base).set(admin.auth).send({ return_authorization: { amount: '4.00', reason: 'Defective' } });
      expectDocumented(created, 'post', path, 201);
      const id = created.body.id;
      expectDocumented(await t.http().get(`${base}/${id}`).set(owner.auth), 'get', `${path}/{id}`, 404);
      expectDocumented(await t.http().get(base).set(admin.auth), 'get', path, 200);
      expectDocumented(await t.http().get(`${base}/new`).set(admin.auth), 'get', `${path}/new`, 200);
      expectDocumented(await t.http().get(`${base}/${id}`).set(admin.auth), 'get', `${path}/{id}`, 200);
      expectDocumented(await t.http().put(`${base}/${id}`).set(admin.auth).send({ return_authorization: { amount: '5.00' } }), 'put', `${path}/{id}`, 200);
      expectDocumented(await t.http().put(`${base}/${id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }), 'put', `${path}/{id}/add`, 200);
      expectDocumented(await t.http().put(`${base}/${id}/receive`).set(admin.auth), 'put', `${path}/{id}/receive`, 200);
      expect((await row(id)).state).toBe('received');
      // Another order's return authorization is not under this checkout.
      const foreign = await createReturn(other);
      expectDocumented(await t.http().put(`${base}/${foreign.id}/cancel`).set(admin.auth), 'put', `${path}/{id}/cancel`, 404);
      expect((await row(foreign.id)).state).toBe('authorized');
      const doomed = await t.http().post(base).set(admin.auth).send({ return_authorization: {} }).expect(201);
      await t.http().delete(`${base}/${doomed.body.id}`).set(admin.auth).expect(204);
      expect(await row(doomed.body.id)).toBeUndefined();
    });
  });

  describe('OpenAPI conformance', () => {
    it('documents every return authorization response as sent', async () => {
      const product = await stockedProduct(t.db, { price: '10.00', count: 5 });
      const order = await shippedOrder(t, admin.auth, { lines: [{ variant_id: product.masterVariantId, quantity: 2 }] });
      const path = '/api/orders/{number}/return_authorizations';

      const created = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '4.00', reason: 'Defective' } });
      expectDocumented(created, 'post', path, 201);
      const noReason = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '1.00' } });
      expectDocumented(noReason, 'post', path, 201);
      expect(noReason.body.reason).toBeNull();
      const id = created.body.id;

      expectDocumented(await t.http().get(returnsOf(order)).set(admin.auth), 'get', path, 200);
      expectDocumented(await t.http().get(`${returnsOf(order)}/new`).set(admin.auth), 'get', `${path}/new`, 200);
      expectDocumented(await t.http().get(`${returnsOf(order)}/${id}`).set(admin.auth), 'get', `${path}/{id}`, 200);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}`).set(admin.auth).send({ return_authorization: { amount: '5.00' } }), 'put', `${path}/{id}`, 200);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }), 'put', `${path}/{id}/add`, 200);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}/receive`).set(admin.auth), 'put', `${path}/{id}/receive`, 200);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${noReason.body.id}/cancel`).set(admin.auth), 'put', `${path}/{id}/cancel`, 200);

      // Refusals.
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}/receive`).set(admin.auth), 'put', `${path}/{id}/receive`, 422);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}/cancel`).set(admin.auth), 'put', `${path}/{id}/cancel`, 422);
      expectDocumented(await t.http().delete(`${returnsOf(order)}/${id}`).set(admin.auth), 'delete', `${path}/{id}`, 422);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}/add`).set(admin.auth).send({}), 'put', `${path}/{id}/add`, 422);
      expectDocumented(await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: { amount: '999' } }), 'post', path, 422);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}`).set(admin.auth).send({ return_authorization: { amount: 'x' } }), 'put', `${path}/{id}`, 422);
      expectDocumented(await t.http().get(returnsOf(order)).set(owner.auth), 'get', path, 401);
      expectDocumented(await t.http().post(returnsOf(order)).set(owner.auth), 'post', path, 401);
      expectDocumented(await t.http().get(`${returnsOf(order)}/new`).set(owner.auth), 'get', `${path}/new`, 401);
      expectDocumented(await t.http().get(`${returnsOf(order)}/${id}`).set(owner.auth), 'get', `${path}/{id}`, 404);
      expectDocumented(await t.http().put(`${returnsOf(order)}/${id}/receive`).set(owner.auth), 'put', `${path}/{id}/receive`, 404);
      expectDocumented(await t.http().get(`/api/orders/R000000000/return_authorizations`).set(admin.auth), 'get', path, 404);

      // The delete of an authorized one answers 204 with no body.
      const doomed = await t.http().post(returnsOf(order)).set(admin.auth).send({ return_authorization: {} }).expect(201);
      const deleted = await t.http().delete(`${returnsOf(order)}/${doomed.body.id}`).set(admin.auth).expect(204);
      expect(deleted.text).toBe('');
      expect(doc.paths[`${path}/{id}`].delete.responses['204']).toBeDefined();
      // amount is documented as a JSON number.
      expect(doc.components?.schemas?.ReturnAuthorizationJson.properties.amount.type).toBe('number');
    });
  });
});
