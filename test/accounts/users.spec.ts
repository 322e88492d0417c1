import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/users_controller_spec.rb,
// plus sign-up, sign-in and addresses from contract section 3.
describe('users', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  describe('as a normal user', () => {
    let user: TestUser;
    let stranger: TestUser;
    beforeEach(async () => {
      user = await createUser(t.db);
      stranger = await createUser(t.db);
    });

    it('can get own details', async () => {
      const res = await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
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
    });

    it('cannot get other users details', async () => {
      await t.http().get(`/api/users/${stranger.id}`).set(user.auth).expect(404, { error: 'The resource you were looking for could not be found.' });
    });

    it('can learn how to create a new user', async () => {
      const res = await t.http().get('/api/users/new').set(user.auth).expect(200);
      expect(res.body.attributes).toEqual(['id', 'email', 'created_at', 'updated_at']);
    });

    it('can create a new user', async () => {
      const res = await t.http().post('/api/users').set(user.auth).send({ user: { email: 'new-by-user@example.com', password: 'spree123', password_confirmation: 'spree123' } }).expect(201);
      expect(res.body.email).toBe('new-by-user@example.com');
    });

    it('can update own details', async () => {
      const res = await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { current_password: user.password, email: `mine-${user.id}@example.com` } }).expect(200);
      expect(res.body.unconfirmed_email).toBe(`mine-${user.id}@example.com`);
    });

    it('cannot update other users details', async () => {
      await t.http().put(`/api/users/${stranger.id}`).set(user.auth).send({ user: { email: 'mine@example.com' } }).expect(404);
      const [row] = await t.db.query('SELECT email FROM users WHERE id = $1', [stranger.id]);
      expect(row.email).toBe(stranger.email);
    });

    it('can delete itself', async () => {
      await t.http().delete(`/api/users/${user.id}`).set(user.auth).expect(204);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).toHaveLength(0);
    });

    it('cannot delete other user', async () => {
      await t.http().delete(`/api/users/${stranger.id}`).set(user.auth).expect(404);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [stranger.id])).toHaveLength(1);
    });

    it('should only get own details on index', async () => {
      const res = await t.http().get('/api/users').set(user.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.users).toHaveLength(1);
      expect(res.body.users[0].id).toBe(user.id);
    });

    it('cannot make itself an admin (mass assignment)', async () => {
      await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { admin: true, current_password: user.password, email: `still-${user.id}@example.com` } }).expect(200);
      const [row] = await t.db.query('SELECT admin FROM users WHERE id = $1', [user.id]);
      expect(row.admin).toBe(false);
    });

    it('sets its bill and ship addresses, with Spree address rules', async () => {
      const [us] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
      const [ny] = await t.db.query(`SELECT id FROM states WHERE abbr = 'NY' AND country_id = $1`, [us.id]);
      const address = { firstname: 'Jane', lastname: 'Doe', address1: '1 Main St', city: 'New York', zipcode: '10001', phone: '555-0100', country_id: us.id, state_id: ny.id };
      const res = await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { bill_address_attributes: address, ship_address_attributes: { ...address, state_id: undefined, state_name: 'ny' } } }).expect(200);
      expect(res.body.bill_address).toMatchObject({ firstname: 'Jane', full_name: 'Jane Doe', state_id: ny.id, state_text: 'NY', country: { iso: 'US' }, state: { abbr: 'NY' } });
      expect(res.body.ship_address).toMatchObject({ state_id: ny.id, state_name: null });
    });

    it('refuses an address with missing fields or a state of another country, and writes nothing', async () => {
      const [us] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
      const [on] = await t.db.query(`SELECT s.id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.iso = 'CA' AND s.abbr = 'ON'`);
      const res = await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { current_password: user.password, email: `changed-${user.id}@example.com`, bill_address_attributes: { firstname: 'Jane', country_id: us.id, state_id: on.id } } }).expect(422);
      expect(res.body.error).toBe('Invalid resource. Please fix errors and try again.');
      expect(res.body.errors).toMatchObject({ 'bill_address.lastname': ["can't be blank"], 'bill_address.state': ['is invalid'] });
      const [row] = await t.db.query('SELECT email, bill_address_id FROM users WHERE id = $1', [user.id]);
      expect(row).toEqual({ email: user.email, bill_address_id: null });
    });
  });

  describe('as an admin', () => {
    let admin: TestUser;
    beforeAll(async () => (admin = await createAdmin(t.db)));

    it('gets all users', async () => {
      await createUser(t.db);
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM users');
      const res = await t.http().get('/api/users?per_page=100').set(admin.auth).expect(200);
      expect(res.body.total_count).toBe(count);
      expect(res.body.users).toHaveLength(count);
    });

    it('can control the page size through a parameter', async () => {
      await createUser(t.db);
      const res = await t.http().get('/api/users?per_page=1').set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.current_page).toBe(1);
      expect(res.body.pages).toBe(res.body.total_count);
    });

    it('can query the results through a parameter', async () => {
      await createUser(t.db, { email: 'brian@spreecommerce.com' });
      const res = await t.http().get('/api/users').query({ q: { email_cont: 'brian' } }).set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.users[0].email).toBe('brian@spreecommerce.com');
    });

    it('cannot filter on secret columns', async () => {
      const res = await t.http().get('/api/users').query({ q: { encrypted_password_start: '$2', api_keys_digest_start: 'a' } }).set(admin.auth).expect(200);
      const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM users');
      expect(res.body.total_count).toBe(count);
    });

    it('can create', async () => {
      const res = await t.http().post('/api/users').set(admin.auth).send({ user: { email: 'admin-made@example.com', password: 'spree123', password_confirmation: 'spree123' } }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['id', 'email', 'created_at', 'updated_at']));
    });

    it('can destroy a user', async () => {
      const user = await createUser(t.db);
      await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(204);
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [user.id])).toHaveLength(0);
    });

    it('answers 404 for a missing user', async () => {
      await t.http().get('/api/users/999999').set(admin.auth).expect(404);
      await t.http().put('/api/users/abc').set(admin.auth).send({ user: { email: 'x@example.com' } }).expect(404);
    });
  });

  describe('anonymous', () => {
    it('cannot list or read users', async () => {
      const user = await createUser(t.db);
      const res = await t.http().get('/api/users').expect(200);
      expect(res.body.users).toEqual([]);
      await t.http().get(`/api/users/${user.id}`).expect(404);
    });
  });

  describe('sign-up', () => {
    it('validates email and password', async () => {
      const res = await t.http().post('/api/users').send({ user: { email: 'not-an-email', password: '123', password_confirmation: '456' } }).expect(422);
      expect(res.body.errors).toEqual({
        email: ['is invalid'],
        password: ['is too short (minimum is 6 characters)'],
        password_confirmation: ["doesn't match Password"],
      });
    });

    it('needs the user parameters', async () => {
      const res = await t.http().post('/api/users').send({}).expect(422);
      expect(res.body.errors).toMatchObject({ email: ["can't be blank"], password: ["can't be blank"] });
    });

    it('refuses a taken email, whatever its case', async () => {
      await t.http().post('/api/users').send({ user: { email: 'Taken@Example.com', password: 'secret123' } }).expect(201);
      const res = await t.http().post('/api/users').send({ user: { email: 'taken@example.com', password: 'secret123' } }).expect(422);
      expect(res.body.errors).toEqual({ email: ['has already been taken'] });
    });

    it('refuses a user group of the wrong shape', async () => {
      const res = await t.http().post('/api/users').send({ user: 'admin' }).expect(400);
      expect(res.body.error).toMatch(/user/);
    });

    it('reads form-encoded bracket parameters', async () => {
      const res = await t.http().post('/api/users').type('form').send('user[email]=form@example.com&user[password]=secret123').expect(201);
      expect(res.body.email).toBe('form@example.com');
    });

    it('never returns the password or a key', async () => {
      const res = await t.http().post('/api/users').send({ user: { email: 'quiet@example.com', password: 'secret123' } }).expect(201);
      expect(JSON.stringify(res.body)).not.toMatch(/secret123|password|api_key/);
    });
  });

  describe('sign-in', () => {
    it('issues a working API key per sign-in, without revoking earlier ones', async () => {
      await t.http().post('/api/users').send({ user: { email: 'signin@example.com', password: 'secret123' } }).expect(201);
      const first = await t.http().post('/api/sessions').send({ email: 'signin@example.com', password: 'secret123' }).expect(201);
      const second = await t.http().post('/api/sessions').send({ email: 'SIGNIN@example.com', password: 'secret123' }).expect(201);
      expect(first.body.api_key).toMatch(/^[0-9a-f]{40}$/);
      expect(second.body.api_key).not.toBe(first.body.api_key);
      expect(first.body.user.email).toBe('signin@example.com');
      for (const key of [first.body.api_key, second.body.api_key]) {
        await t.http().get(`/api/users/${first.body.user.id}`).set('Authorization', `Bearer ${key}`).expect(200);
      }
    });

    it('refuses a wrong password or unknown email with the same answer', async () => {
      await t.http().post('/api/users').send({ user: { email: 'wrongpw@example.com', password: 'secret123' } }).expect(201);
      const wrong = await t.http().post('/api/sessions').send({ email: 'wrongpw@example.com', password: 'nope12345' }).expect(401);
      const unknown = await t.http().post('/api/sessions').send({ email: 'nobody@example.com', password: 'nope12345' }).expect(401);
      expect(wrong.body).toEqual({ error: 'Invalid email or password.' });
      expect(unknown.body).toEqual(wrong.body);
    });
  });
});
