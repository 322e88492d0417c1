import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { Response } from 'supertest';
import type { GatewayResponse } from '../../src/payments/payment/gateways/gateway';
import { BogusGateway } from '../../src/payments/payment/gateways/bogus.gateway';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createOrder, paymentMethodId, orderAtPayment, placedOrder, stockedProduct, VISA } from '../support/orders';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createTestApp, TestApp } from '../support/test-app';
import { secretDigest } from '../../src/config/secret-box';
import { isUnguessableKey } from '../../src/common/http/idempotency/idempotency.interceptor';
import { testSecretBox } from '../support/secrets';
import { cents } from '../support/database';

// Stripe-style Idempotency-Key: a retry with the same key and the same
// request gets the first answer again and does nothing twice; the same key
// with another request is a 422; a retry while the first still runs is a 409.
// Keys belong to their caller. Guests' addresses are simulated with
// X-Forwarded-For behind TRUST_PROXY=loopback.
const MISMATCH = { error: 'This Idempotency-Key was used with a different request.', errors: { idempotency_key: ['was used with a different request'] } };
const IN_FLIGHT = { error: 'A request with this Idempotency-Key is still being processed. Please try again later.' };
const BAD_KEY = { error: 'The Idempotency-Key header must be 1 to 255 characters long.' };
const GUESSABLE = {
  error: 'Without an API key, the Idempotency-Key must be unguessable: a random UUID (version 4), or at least 32 random hex digits or 22 random base64url characters.',
  errors: { idempotency_key: ['is too easy to guess'] },
};

let keySequence = 0;
/** A key a client with an API key or an order token may send: any string. */
const newKey = () => `key-${++keySequence}-${Date.now()}`;
/** A key a guest creating an order must send: unguessable. */
const guestKey = () => randomUUID();
/** Keys are stored as their SHA-256 digests. */
const stored = (key: string) => secretDigest(key);
/** A stored answer, opened with the test runs' SECRET_KEY. */
const answer = (row: { response_body: string }) => JSON.parse(testSecretBox.open('idempotency_keys.response_body', row.response_body));

describe('Idempotency-Key', () => {
  let t: TestApp;
  let admin: TestUser;
  let shopper: TestUser;
  let variantId: number;
  let cardMethod: number;
  const bogus = () => BogusGateway.prototype;
  const count = async (sql: string, params: unknown[] = []) => (await t.db.query(sql, params))[0].n as number;

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    admin = await createAdmin(t.db);
    shopper = await createUser(t.db);
    variantId = (await stockedProduct(t.db, { count: 1000 })).masterVariantId;
    cardMethod = await paymentMethodId(t.db, 'Credit Card');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  const expectReplay = (first: Response, retry: Response) => {
    expect(retry.status).toBe(first.status);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
  };

  describe('order creation', () => {
    const body = () => ({ order: { line_items: [{ variant_id: variantId, quantity: 2 }] } });

    it('retried by a signed-in shopper: one order, the same answer', async () => {
      const key = newKey();
      const before = await count(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [shopper.id]);
      const first = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      const retry = await t.http().post('/api/orders.json').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      expectReplay(first, retry);
      expect(await count(`SELECT count(*)::int AS n FROM orders WHERE user_id = $1`, [shopper.id])).toBe(before + 1);
    });

    it('retried by a guest from the same address: one order, the same token', async () => {
      const key = guestKey();
      const send = () => t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.10').set('Idempotency-Key', key).send(body());
      const first = await send().expect(201);
      const retry = await send().expect(201);
      expectReplay(first, retry);
      expect(retry.body.token).toBe(first.body.token);
      expect(await count(`SELECT count(*)::int AS n FROM orders WHERE number = $1`, [first.body.number])).toBe(1);
    });

    it('without a key, each request makes an order (nothing is kept)', async () => {
      const before = await count(`SELECT count(*)::int AS n FROM idempotency_keys`);
      const a = await t.http().post('/api/orders').set(shopper.auth).send(body()).expect(201);
      const b = await t.http().post('/api/orders').set(shopper.auth).send(body()).expect(201);
      expect(a.body.number).not.toBe(b.body.number);
      expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys`)).toBe(before);
    });

    it('the same key with another body, or on another route, is a 422 that does nothing', async () => {
      const key = newKey();
      const first = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      const orders = await count(`SELECT count(*)::int AS n FROM orders`);
      const otherBody = await t
        .http()
        .post('/api/orders')
        .set(shopper.auth)
        .set('Idempotency-Key', key)
        .send({ order: { line_items: [{ variant_id: variantId, quantity: 3 }] } })
        .expect(422);
      expect(otherBody.body).toEqual(MISMATCH);
      const otherRoute = await t.http().post('/api/checkouts').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(422);
      expect(otherRoute.body).toEqual(MISMATCH);
      expect(await count(`SELECT count(*)::int AS n FROM orders`)).toBe(orders);
      // The first answer is still there for a true retry.
      expectReplay(first, await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201));
    });

    it('keys are per caller: another user, a guest, or a guest elsewhere with the same key and body gets an order of its own', async () => {
      const key = guestKey();
      const other = await createUser(t.db);
      const mine = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      const theirs = await t.http().post('/api/orders').set(other.auth).set('Idempotency-Key', key).send(body()).expect(201);
      const guest = await t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.20').set('Idempotency-Key', key).send(body()).expect(201);
      const guestElsewhere = await t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.21').set('Idempotency-Key', key).send(body()).expect(201);
      for (const res of [theirs, guest, guestElsewhere]) expect(res.headers['idempotent-replayed']).toBeUndefined();
      const numbers = [mine, theirs, guest, guestElsewhere].map((r) => r.body.number);
      expect(new Set(numbers).size).toBe(4);
      const tokens = [mine, theirs, guest, guestElsewhere].map((r) => r.body.token);
      expect(new Set(tokens).size).toBe(4);
      const owners = await t.db.query(`SELECT number, user_id FROM orders WHERE number = ANY($1) ORDER BY number`, [numbers]);
      expect(Object.fromEntries(owners.map((o: { number: string; user_id: number | null }) => [o.number, o.user_id]))).toEqual({
        [mine.body.number]: shopper.id,
        [theirs.body.number]: other.id,
        [guest.body.number]: null,
        [guestElsewhere.body.number]: null,
      });
    });

    it('an expired key (over 24 hours) is forgotten: the request runs again, and expired keys are swept', async () => {
      const key = newKey();
      const stale = newKey();
      await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', stale).send(body()).expect(201);
      const first = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      await t.db.query(`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key = ANY($1)`, [[stored(key), stored(stale)]]);
      const again = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      expect(again.headers['idempotent-replayed']).toBeUndefined();
      expect(again.body.number).not.toBe(first.body.number);
      // The other expired key is gone; this one is a fresh record of the new answer.
      expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [stored(stale)])).toBe(0);
      const [row] = await t.db.query(`SELECT response_status, response_body, created_at > now() - interval '1 minute' AS fresh FROM idempotency_keys WHERE key = $1`, [stored(key)]);
      expect(row).toMatchObject({ response_status: 201, fresh: true });
      expect(answer(row).number).toBe(again.body.number);
    });

    it('refuses a key longer than 255 characters, or an empty one, with a 400 and does nothing', async () => {
      const orders = await count(`SELECT count(*)::int AS n FROM orders`);
      const long = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', 'k'.repeat(256)).send(body()).expect(400);
      expect(long.body).toEqual(BAD_KEY);
      const blank = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', ' ').send(body()).expect(400);
      expect(blank.body).toEqual(BAD_KEY);
      expect(await count(`SELECT count(*)::int AS n FROM orders`)).toBe(orders);
      await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', 'k'.repeat(255)).send(body()).expect(201);
    });
  });

  // A replay hands out the first answer, and the answer to an order creation holds the new order's token:
  // it must reach only the client that made the first request.
  describe('a replay reaches only the client that made the first request', () => {
    const body = () => ({ order: { line_items: [{ variant_id: variantId, quantity: 1 }] } });
    const orderCount = () => count(`SELECT count(*)::int AS n FROM orders`);

    it("a second guest behind the same address (NAT, a proxy without TRUST_PROXY) sending a guessable key gets neither the first guest's order nor its token", async () => {
      const send = () => t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.30').set('Idempotency-Key', 'order-1').send(body());
      const before = await orderCount();
      const first = await send();
      const second = await send();
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      if (first.body.token !== undefined) expect(JSON.stringify(second.body)).not.toContain(first.body.token);
      // Such a key is refused from the start, so the first guest learns to send a random one; nothing is created.
      expect([first.status, first.body]).toEqual([422, GUESSABLE]);
      expect([second.status, second.body]).toEqual([422, GUESSABLE]);
      expect(await orderCount()).toBe(before);
    });

    it('an order token sent along with order creation does not make a guessable key safe (nothing checks the token there)', async () => {
      // The token of a cart both clients know (say, a shared cart link).
      const shared = await createOrder(t, []);
      const send = () => t.http().post('/api/orders').set(shared.guest).set('Idempotency-Key', 'new-cart').send(body());
      const first = await send();
      const second = await send();
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      if (first.body.token !== undefined) expect(JSON.stringify(second.body)).not.toContain(first.body.token);
      expect([first.status, first.body]).toEqual([422, GUESSABLE]);
    });

    it("with an unguessable key, a guest's retry still gets its order and token back; another key from the same address gets its own order", async () => {
      const key = guestKey();
      const send = (k: string) => t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.31').set('Idempotency-Key', k).send(body());
      const first = await send(key).expect(201);
      expectReplay(first, await send(key).expect(201));
      const other = await send(guestKey()).expect(201);
      expect(other.headers['idempotent-replayed']).toBeUndefined();
      expect([other.body.number, other.body.token]).not.toEqual(expect.arrayContaining([first.body.number, first.body.token]));
      for (const unguessable of [randomBytes(16).toString('hex'), randomBytes(16).toString('base64url'), randomBytes(32).toString('base64url')]) {
        await send(unguessable).expect(201);
      }
    });

    it("a signed-in user's keys are its API key's: the same user signed in elsewhere (another key) gets an order of its own", async () => {
      const key = newKey();
      const session = await t.http().post('/api/sessions').send({ email: shopper.email, password: shopper.password }).expect(201);
      const elsewhere = { Authorization: `Bearer ${session.body.api_key}` };
      const first = await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201);
      const second = await t.http().post('/api/orders').set(elsewhere).set('Idempotency-Key', key).send(body()).expect(201);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(second.body.number).not.toBe(first.body.number);
      expect(second.body.token).not.toBe(first.body.token);
      // A signed-in caller may send any key: the API key is what tells clients apart.
      expectReplay(first, await t.http().post('/api/orders').set(shopper.auth).set('Idempotency-Key', key).send(body()).expect(201));
    });

    it('tells unguessable keys by their shape: UUID v4, 32+ hex digits, 22+ base64url characters', () => {
      for (const key of [randomUUID(), randomUUID().toUpperCase(), randomBytes(16).toString('hex'), randomBytes(16).toString('base64url'), 'Zm9vYmFyYmF6cXV1eDEyMzQ1Ng']) {
        expect({ key, unguessable: isUnguessableKey(key) }).toEqual({ key, unguessable: true });
      }
      const guessable = [
        'order-1',
        `${Date.now()}`,
        'c232ab00-9414-11ec-b3c8-9f6bdeced846', // UUID v1: a timestamp and a MAC address
        '00000000-0000-4000-8000-000000000000',
        'a'.repeat(40),
        'abababababababababababab',
        randomBytes(15).toString('hex'), // 120 bits
        randomBytes(15).toString('base64url').slice(0, 21),
        `${randomBytes(16).toString('base64')}+/`, // not base64url
      ];
      for (const key of guessable) expect({ key, unguessable: isUnguessableKey(key) }).toEqual({ key, unguessable: false });
    });
  });

  describe('line items', () => {
    it('an add retried adds the quantity once (on both paths)', async () => {
      const order = await createOrder(t, []);
      const key = newKey();
      const add = () => t.http().post(`/api/checkouts/${order.number}/line_items`).set(order.guest).set('Idempotency-Key', key).send({ line_item: { variant_id: variantId, quantity: 2 } });
      const first = await add().expect(201);
      expectReplay(first, await add().expect(201));
      const rows = await t.db.query(`SELECT quantity FROM line_items WHERE order_id = $1`, [order.id]);
      expect(rows).toEqual([{ quantity: 2 }]);
      // Another key adds again.
      await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).set('Idempotency-Key', newKey()).send({ line_item: { variant_id: variantId, quantity: 2 } }).expect(201);
      expect(await t.db.query(`SELECT quantity FROM line_items WHERE order_id = $1`, [order.id])).toEqual([{ quantity: 4 }]);
    });

    it('a refused add (422) is kept and answered again, as Stripe does', async () => {
      const order = await createOrder(t, []);
      const key = newKey();
      const add = () => t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).set('Idempotency-Key', key).send({ line_item: { variant_id: 999999, quantity: 1 } });
      const first = await add().expect(422);
      expectReplay(first, await add().expect(422));
    });

    it('a server failure (5xx) is not kept: the retry runs again', async () => {
      const order = await createOrder(t, []);
      const key = newKey();
      const add = () => t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).set('Idempotency-Key', key).send({ line_item: { variant_id: variantId, quantity: 1 } });
      // A trigger makes inserting the line item fail as an unexpected database error would.
      await t.db.query(`CREATE FUNCTION fail_line_item() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$`);
      await t.db.query(`CREATE TRIGGER fail_line_item BEFORE INSERT ON line_items FOR EACH ROW EXECUTE FUNCTION fail_line_item()`);
      try {
        const failed = await add().expect(500);
        expect(failed.body).toEqual({ error: 'Internal server error' });
        expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = $1`, [stored(key)])).toBe(0);
      } finally {
        await t.db.query(`DROP TRIGGER fail_line_item ON line_items`);
        await t.db.query(`DROP FUNCTION fail_line_item()`);
      }
      const ok = await add().expect(201);
      expect(ok.headers['idempotent-replayed']).toBeUndefined();
      expect(await t.db.query(`SELECT quantity FROM line_items WHERE order_id = $1`, [order.id])).toEqual([{ quantity: 1 }]);
    });

    it('keys of a guest (its order token) and of an admin on the same order are separate', async () => {
      const order = await createOrder(t, []);
      const key = newKey();
      const body = { line_item: { variant_id: variantId, quantity: 1 } };
      await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).set('Idempotency-Key', key).send(body).expect(201);
      const byAdmin = await t.http().post(`/api/orders/${order.number}/line_items`).set(admin.auth).set('Idempotency-Key', key).send(body).expect(201);
      expect(byAdmin.headers['idempotent-replayed']).toBeUndefined();
      expect(await t.db.query(`SELECT quantity FROM line_items WHERE order_id = $1`, [order.id])).toEqual([{ quantity: 2 }]);
    });

    it('a caller who may not touch the order is refused before any key is looked at', async () => {
      const order = await createOrder(t, []);
      const key = newKey();
      const body = { line_item: { variant_id: variantId, quantity: 1 } };
      await t.http().post(`/api/orders/${order.number}/line_items`).set(order.guest).set('Idempotency-Key', key).send(body).expect(201);
      await t.http().post(`/api/orders/${order.number}/line_items`).set('X-Spree-Order-Token', 'not-the-token').set('Idempotency-Key', key).send(body).expect(401);
      await t.http().post(`/api/orders/${order.number}/line_items`).set(shopper.auth).set('Idempotency-Key', key).send(body).expect(401);
    });
  });

  describe('checkout', () => {
    it('next retried moves the order one step only', async () => {
      const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
      const key = newKey();
      const next = () => t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).set('Idempotency-Key', key);
      const first = await next().expect(200);
      expect(first.body.state).toBe('address');
      // Run again, `next` would fail at the address step (no address yet); replayed, it answers as the first did.
      expectReplay(first, await next().expect(200));
      expect((await t.db.query(`SELECT state FROM orders WHERE id = $1`, [order.id]))[0].state).toBe('address');
      expect(await count(`SELECT count(*)::int AS n FROM state_changes WHERE stateful_type = 'Spree::Order' AND stateful_id = $1`, [order.id])).toBe(1);
    });

    it('advance and update retried run once', async () => {
      const order = await orderAtPayment(t, { product: { masterVariantId: variantId } });
      const key = newKey();
      const pay = () =>
        t
          .http()
          .put(`/api/checkouts/${order.number}`)
          .set(order.guest)
          .set('Idempotency-Key', key)
          .send({ order: { payments_attributes: [{ payment_method_id: cardMethod }] }, payment_source: { [cardMethod]: VISA } });
      const authorize = jest.spyOn(bogus(), 'authorize');
      const first = await pay().expect(200);
      const retry = await pay().expect(200);
      expectReplay(first, retry);
      expect(await count(`SELECT count(*)::int AS n FROM payments WHERE order_id = $1`, [order.id])).toBe(1);
      // Neither the payment's card nor its number was kept with the key: only a digest of the request.
      const [row] = await t.db.query(`SELECT * FROM idempotency_keys WHERE key = $1`, [stored(key)]);
      const text = JSON.stringify({ ...row, response_body: answer(row) });
      expect(text).not.toContain(VISA.number);
      expect(text).not.toContain('verification_value');
      expect(row.request_hash).toMatch(/^[0-9a-f]{64}$/);

      const advanceKey = newKey();
      const advance = () => t.http().put(`/api/checkouts/${order.number}/advance`).set(order.guest).set('Idempotency-Key', advanceKey);
      expectReplay(await advance().expect(200), await advance().expect(200));
      expect(authorize.mock.calls.length).toBeLessThanOrEqual(1);
    });

    it('a retry while the first request still runs answers 409, then the first answer once it is done', async () => {
      const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
      const key = newKey();
      const next = () => t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).set('Idempotency-Key', key);
      const gate = new Client({ connectionString: t.databaseUrl });
      await gate.connect();
      try {
        // Hold the order's row so the first request waits inside its transaction, its key claimed.
        await gate.query('BEGIN');
        await gate.query(`SELECT id FROM orders WHERE id = $1 FOR UPDATE`, [order.id]);
        const first = next().then((res) => res);
        for (;;) {
          await gate.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await gate.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          if (rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        const claimed = await gate.query(`SELECT response_status FROM idempotency_keys WHERE key = $1`, [stored(key)]);
        expect(claimed.rows).toEqual([{ response_status: null }]);

        const conflict = await next().expect(409);
        expect(conflict.body).toEqual(IN_FLIGHT);
        expect(conflict.headers['retry-after']).toBe('1');

        await gate.query('COMMIT');
        const done = await first;
        expect(done.status).toBe(200);
        expect(done.body.state).toBe('address');
        expectReplay(done, await next().expect(200));
      } finally {
        await gate.end();
      }
    });
  });

  describe('payments', () => {
    it('a payment created twice with one key is one payment, its card number kept nowhere', async () => {
      const order = await orderAtPayment(t, { product: { masterVariantId: variantId }, auth: shopper.auth });
      const key = newKey();
      const create = () =>
        t.http().post(`/api/orders/${order.number}/payments`).set(shopper.auth).set('Idempotency-Key', key).send({ payment: { payment_method_id: cardMethod, source_attributes: VISA } });
      const first = await create().expect(201);
      expectReplay(first, await create().expect(201));
      expect(await count(`SELECT count(*)::int AS n FROM payments WHERE order_id = $1`, [order.id])).toBe(1);
      const [row] = await t.db.query(`SELECT * FROM idempotency_keys WHERE key = $1`, [stored(key)]);
      expect(row.response_status).toBe(201);
      expect(JSON.stringify({ ...row, response_body: answer(row) })).not.toContain(VISA.number);
      expect(answer(row).source).toMatchObject({ last_digits: '1111' });
      expect(answer(row).source).not.toHaveProperty('number');
      expect(answer(row).source).not.toHaveProperty('verification_value');
    });

    it('a capture retried reaches the gateway once', async () => {
      const order = await placedOrder(t, { product: { masterVariantId: variantId }, auth: shopper.auth });
      const key = newKey();
      const capture = jest.spyOn(bogus(), 'capture');
      const send = () => t.http().put(`/api/orders/${order.number}/payments/${order.paymentId}/capture`).set(admin.auth).set('Idempotency-Key', key);
      const first = await send().expect(200);
      expect(first.body.state).toBe('completed');
      expectReplay(first, await send().expect(200));
      expect(capture).toHaveBeenCalledTimes(1);
      expect(await t.db.query(`SELECT state FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'completed' }]);
    });

    it('a refused capture retried is answered again without charging again', async () => {
      const order = await placedOrder(t, { product: { masterVariantId: variantId }, auth: shopper.auth });
      const key = newKey();
      const capture = jest.spyOn(bogus(), 'capture').mockResolvedValueOnce({ success: false, message: 'Insufficient funds', authorization: null, avsResult: null } as GatewayResponse);
      const send = () => t.http().put(`/api/checkouts/${order.number}/payments/${order.paymentId}/capture`).set(admin.auth).set('Idempotency-Key', key);
      const first = await send().expect(422);
      expect(first.body.error).toMatch(/Insufficient funds/);
      expectReplay(first, await send().expect(422));
      expect(capture).toHaveBeenCalledTimes(1);
      expect(await t.db.query(`SELECT state FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'pending' }]);
    });

    it('a purchase retried is one purchase; a credit retried is one credit', async () => {
      const order = await orderAtPayment(t, { product: { masterVariantId: variantId }, auth: shopper.auth });
      const payment = (
        await t.http().post(`/api/orders/${order.number}/payments`).set(admin.auth).send({ payment: { payment_method_id: cardMethod, source_attributes: VISA } }).expect(201)
      ).body.id;
      const purchase = jest.spyOn(bogus(), 'purchase');
      const purchaseKey = newKey();
      const buy = () => t.http().put(`/api/orders/${order.number}/payments/${payment}/purchase`).set(admin.auth).set('Idempotency-Key', purchaseKey);
      expectReplay(await buy().expect(200), await buy().expect(200));
      expect(purchase).toHaveBeenCalledTimes(1);

      const creditKey = newKey();
      const credit = () => t.http().put(`/api/orders/${order.number}/payments/${payment}/credit`).set(admin.auth).set('Idempotency-Key', creditKey).send({ amount: '5.00' });
      expectReplay(await credit().expect(200), await credit().expect(200));
      const credits = cents(await t.db.query(`SELECT amount FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1`, [payment]));
      expect(credits).toEqual([{ amount: '-5.00' }]);
      // The same key for another amount is refused, crediting nothing.
      await t.http().put(`/api/orders/${order.number}/payments/${payment}/credit`).set(admin.auth).set('Idempotency-Key', creditKey).send({ amount: '6.00' }).expect(422);
      expect(await count(`SELECT count(*)::int AS n FROM payments WHERE source_type = 'Spree::Payment' AND source_id = $1`, [payment])).toBe(1);
    });
  });

  describe('OpenAPI', () => {
    const ROUTES: Array<[string, string]> = [
      ['post', '/api/orders'],
      ['post', '/api/checkouts'],
      ['post', '/api/orders/{number}/line_items'],
      ['post', '/api/checkouts/{number}/line_items'],
      ['put', '/api/checkouts/{number}/next'],
      ['put', '/api/checkouts/{number}/advance'],
      ['put', '/api/checkouts/{number}'],
      ['post', '/api/orders/{number}/payments'],
      ['put', '/api/orders/{number}/payments/{id}'],
      ['put', '/api/orders/{number}/payments/{id}/authorize'],
      ['put', '/api/orders/{number}/payments/{id}/capture'],
      ['put', '/api/orders/{number}/payments/{id}/purchase'],
      ['put', '/api/orders/{number}/payments/{id}/void'],
      ['put', '/api/checkouts/{number}/payments/{id}/credit'],
    ];

    it('documents the header and the 400, 409 and 422 answers on every route that takes it, their bodies as sent', async () => {
      const doc = (await t.http().get('/api/openapi.json').expect(200)).body as OpenApiDocument;
      for (const [method, path] of ROUTES) {
        const operation = doc.paths[path]?.[method];
        const where = `${method.toUpperCase()} ${path}`;
        // Declared once under components.parameters, referenced by each route.
        expect({ where, header: operation?.parameters?.some((p: { $ref?: string }) => p.$ref === '#/components/parameters/IdempotencyKey') }).toEqual({ where, header: true });
        const problems = [
          ...shapeProblems(doc, responseSchema(doc, path, method, 400), BAD_KEY),
          ...shapeProblems(doc, responseSchema(doc, path, method, 409), IN_FLIGHT),
          ...shapeProblems(doc, responseSchema(doc, path, method, 422), MISMATCH),
          ...shapeProblems(doc, responseSchema(doc, path, method, 422), GUESSABLE),
        ];
        expect({ where, problems }).toEqual({ where, problems: [] });
      }
      // A route's own 422 schema and description stay (here the checkout's could-not-transition body).
      const next = doc.paths['/api/checkouts/{number}/next'].put.responses['422'];
      expect(next.description).toMatch(/could not be transitioned/);
      expect(next.description).toMatch(/Idempotency-Key was used with a different request/);
      expect(doc.paths['/api/orders/{number}/line_items/{id}'].put.parameters.some((p: { name: string }) => p.name === 'Idempotency-Key')).toBe(false);
      // Whose keys they are, and what a guest's key must be, is documented with the header and its 422.
      const create = doc.paths['/api/orders'].post;
      expect(create.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
      const header = doc.components!.parameters!.IdempotencyKey;
      expect(header).toMatchObject({ in: 'header', name: 'Idempotency-Key' });
      expect(header.description).toMatch(/API key/);
      expect(header.description).toMatch(/unguessable \(a UUID v4/);
      expect(create.responses['422'].description).toMatch(/too easy to guess/);
    });
  });
});
