import { INVALID, NOT_FOUND } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { completeCheckout, createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// The rest of Spree 2-2-stable api/spec/controllers/spree/api/users_controller_spec.rb
// (users.spec.ts holds the first part): an admin manages any user, nobody else does,
// roles are never mass-assigned, and a user with completed orders is not deleted.
describe('users (administration)', () => {
  let t: TestApp;
  let admin: TestUser;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  const userRow = async (id: number) => (await t.db.query('SELECT id, email, unconfirmed_email, admin, encrypted_password FROM users WHERE id = $1', [id]))[0];
  const signIn = (email: string, password: string) => t.http().post('/api/sessions').send({ email, password });

  describe('as an admin', () => {
    it('shows any user', async () => {
      const user = await createUser(t.db);
      const res = await t.http().get(`/api/users/${user.id}`).set(admin.auth).expect(200);
      expect(res.body).toEqual({
        id: user.id,
        email: user.email,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        bill_address: null,
        ship_address: null,
        unconfirmed_email: null,
        email_verified_at: expect.any(String),
      });
      expect(shapeProblems(doc, responseSchema(doc, '/api/users/{id}', 'get', 200), res.body)).toEqual([]);
    });

    it('updates any user: email and password', async () => {
      const user = await createUser(t.db);
      const res = await t.http().put(`/api/users/${user.id}`).set(admin.auth).send({ user: { email: `renamed-${user.id}@example.com`, password: 'newsecret1', password_confirmation: 'newsecret1' } }).expect(200);
      expect(res.body).toMatchObject({ id: user.id, email: `renamed-${user.id}@example.com` });
      expect((await userRow(user.id)).email).toBe(`renamed-${user.id}@example.com`);
      await signIn(`renamed-${user.id}@example.com`, 'newsecret1').expect(201);
      await signIn(`renamed-${user.id}@example.com`, user.password).expect(401);
    });

    it('gets 422 when giving a user a taken or invalid email, and nothing changes', async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      const taken = await t.http().put(`/api/users/${user.id}`).set(admin.auth).send({ user: { email: other.email.toUpperCase() } }).expect(422);
      expect(taken.body).toEqual({ error: INVALID, errors: { email: ['has already been taken'] } });
      const invalid = await t.http().put(`/api/users/${user.id}`).set(admin.auth).send({ user: { email: 'nope' } }).expect(422);
      expect(invalid.body).toEqual({ error: INVALID, errors: { email: ['is invalid'] } });
      expect((await userRow(user.id)).email).toBe(user.email);
    });

    it('can create a user, which is never an admin (mass assignment ignored)', async () => {
      const res = await t.http().post('/api/users').set(admin.auth).send({ user: { email: 'made-by-admin@example.com', password: 'spree123', password_confirmation: 'spree123', admin: true } }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual(['bill_address', 'created_at', 'email', 'email_verified_at', 'id', 'ship_address', 'unconfirmed_email', 'updated_at']);
      expect(shapeProblems(doc, responseSchema(doc, '/api/users', 'post', 201), res.body)).toEqual([]);
      expect((await userRow(res.body.id)).admin).toBe(false);
    });

    it('cannot grant or revoke the admin role through an update either', async () => {
      const user = await createUser(t.db);
      await t.http().put(`/api/users/${user.id}`).set(admin.auth).send({ user: { admin: true } }).expect(200);
      expect((await userRow(user.id)).admin).toBe(false);
      const other = await createAdmin(t.db);
      await t.http().put(`/api/users/${other.id}`).set(admin.auth).send({ user: { admin: 'false' } }).expect(200);
      expect((await userRow(other.id)).admin).toBe(true);
    });

    it('can destroy a user without orders; the user’s keys stop working', async () => {
      const user = await createUser(t.db);
      await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(204);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).toEqual([]);
      expect(await t.db.query('SELECT 1 FROM api_keys WHERE user_id = $1', [user.id])).toEqual([]);
      await t.http().get('/api/orders/mine').set(user.auth).expect(401, { error: 'Invalid API key specified.' });
      await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(404, NOT_FOUND);
    });

    it('can destroy a user whose orders are only carts; the carts lose their user', async () => {
      const user = await createUser(t.db);
      const product = await stockedProduct(t.db);
      const cart = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
      await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(204);
      const [order] = await t.db.query('SELECT user_id FROM orders WHERE id = $1', [cart.id]);
      expect(order.user_id).toBeNull();
    });

    it('cannot destroy a user with an order in progress (422), nor can that user (the rest: test/privacy/account-data.spec.ts)', async () => {
      const user = await createUser(t.db);
      const product = await stockedProduct(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
      await completeCheckout(t, order, { email: user.email });
      const res = await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { base: [`Cannot delete a user with orders in progress (${order.number}): cancel them, or delete once they are shipped`] } });
      expect(shapeProblems(doc, responseSchema(doc, '/api/users/{id}', 'delete', 422), res.body)).toEqual([]);
      await t.http().delete(`/api/users/${user.id}`).set(user.auth).expect(422);
      expect(await userRow(user.id)).toBeDefined();
      const [row] = await t.db.query('SELECT user_id FROM orders WHERE id = $1', [order.id]);
      expect(row.user_id).toBe(user.id);
    });

    it('pages through users, and sorts and searches them', async () => {
      const tag = `page${Date.now()}`;
      const created = [];
      for (const name of ['carol', 'alice', 'bob']) created.push(await createUser(t.db, { email: `${name}-${tag}@example.com` }));
      const q = { email_cont: tag, s: 'email asc' };
      const first = await t.http().get('/api/users').query({ q, per_page: 2 }).set(admin.auth).expect(200);
      expect(first.body).toMatchObject({ count: 2, total_count: 3, current_page: 1, per_page: 2, pages: 2 });
      expect(first.body.users.map((u: { email: string }) => u.email)).toEqual([`alice-${tag}@example.com`, `bob-${tag}@example.com`]);
      const second = await t.http().get('/api/users').query({ q, per_page: 2, page: 2 }).set(admin.auth).expect(200);
      expect(second.body).toMatchObject({ count: 1, total_count: 3, current_page: 2, pages: 2 });
      expect(second.body.users.map((u: { email: string }) => u.email)).toEqual([`carol-${tag}@example.com`]);
      const desc = await t.http().get('/api/users').query({ q: { email_cont: tag, s: 'email desc' } }).set(admin.auth).expect(200);
      expect(desc.body.users.map((u: { id: number }) => u.id)).toEqual([created[0].id, created[2].id, created[1].id]);
      const byEmail = await t.http().get('/api/users').query({ q: { email_eq: `bob-${tag}@example.com` } }).set(admin.auth).expect(200);
      expect(byEmail.body.users.map((u: { id: number }) => u.id)).toEqual([created[2].id]);
      expect(shapeProblems(doc, responseSchema(doc, '/api/users', 'get', 200), first.body)).toEqual([]);
    });

    it('searches non-text attributes as text (present, blank, cont) although `user` is a reserved word in SQL', async () => {
      const user = await createUser(t.db);
      const blank = await t.http().get('/api/users').query({ q: { updated_at_blank: '1' } }).set(admin.auth).expect(200);
      expect(blank.body.total_count).toBe(0);
      const present = await t.http().get('/api/users').query({ q: { updated_at_present: '1', id_eq: user.id } }).set(admin.auth).expect(200);
      expect(present.body.users.map((u: { id: number }) => u.id)).toEqual([user.id]);
      const byId = await t.http().get('/api/users').query({ q: { id_cont: String(user.id), email_eq: user.email } }).set(admin.auth).expect(200);
      expect(byId.body.users.map((u: { id: number }) => u.id)).toEqual([user.id]);
    });
  });

  describe('as a normal user', () => {
    it('cannot make itself an admin, whatever the encoding', async () => {
      const user = await createUser(t.db);
      await t.http().put(`/api/users/${user.id}`).type('form').set(user.auth).send(`user[admin]=1&user[current_password]=${user.password}&user[email]=` + encodeURIComponent(`form-${user.id}@example.com`)).expect(200);
      await t.http().put(`/api/users/${user.id}?user[admin]=true`).set(user.auth).expect(200);
      expect(await userRow(user.id)).toMatchObject({ admin: false, unconfirmed_email: `form-${user.id}@example.com` });
      // Still no admin rights: the admin-only order index refuses it.
      await t.http().get('/api/orders').set(user.auth).expect(401);
    });

    it('cannot change another user’s password; the other can still sign in', async () => {
      const user = await createUser(t.db);
      const stranger = await createUser(t.db);
      await t.http().put(`/api/users/${stranger.id}`).set(user.auth).send({ user: { password: 'hijacked1' } }).expect(404, NOT_FOUND);
      await signIn(stranger.email, stranger.password).expect(201);
      await signIn(stranger.email, 'hijacked1').expect(401);
    });

    it('cannot page past itself on the index', async () => {
      const user = await createUser(t.db);
      await createUser(t.db);
      const res = await t.http().get('/api/users').query({ q: { email_cont: '@' }, per_page: 1, page: 2 }).set(user.auth).expect(200);
      expect(res.body).toMatchObject({ users: [], count: 0, total_count: 1, current_page: 2 });
    });
  });

  describe('anonymous', () => {
    it('cannot update or delete a user: 404 and nothing changes', async () => {
      const user = await createUser(t.db);
      await t.http().put(`/api/users/${user.id}`).send({ user: { email: 'anon@example.com' } }).expect(404, NOT_FOUND);
      await t.http().delete(`/api/users/${user.id}`).expect(404, NOT_FOUND);
      expect((await userRow(user.id)).email).toBe(user.email);
    });
  });
});
