import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { hashPassword } from '../../src/accounts/users/passwords';
import { INVALID } from '../support/error-bodies';
import { OpenApiDocument, resolveSchema, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { CapturingLogger } from '../support/capturing-logger';

/*
 * OWASP API2 (broken authentication): an API key alone must not take over its
 * account. Changing the password or the e-mail needs `user[current_password]`
 * (as Devise's update_with_password), except when an admin changes another
 * user; each try counts against the sign-in rate limits of the account, so a
 * key holder cannot guess the password through this route faster than by
 * signing in.
 */
const TOO_MANY = { error: 'Too many requests. Please try again later.' };
const blank = { error: INVALID, errors: { current_password: ["can't be blank"] } };
const invalid = { error: INVALID, errors: { current_password: ['is invalid'] } };

describe('changing the password or the e-mail needs the current password', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const put = (user: TestUser, id: number, params: Record<string, unknown>) => t.http().put(`/api/users/${id}`).set(user.auth).send({ user: params });
  const signIn = (email: string, password: string) => t.http().post('/api/sessions').send({ email, password });
  const row = async (id: number) => (await t.db.query(`SELECT email, encrypted_password, updated_at FROM users WHERE id = $1`, [id]))[0];
  const keyCount = async (id: number) => (await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1`, [id]))[0].n as number;
  /** A user with a second key from a sign-in (another session, which a password change would end). */
  const userWithTwoKeys = async (db = t) => {
    const user = await createUser(db.db);
    const second = (await db.http().post('/api/sessions').send({ email: user.email, password: user.password }).expect(201)).body.api_key as string;
    return { user, second };
  };

  describe('with the key alone', () => {
    it('cannot change the password: 422, the password unchanged, no key revoked', async () => {
      const { user, second } = await userWithTwoKeys();
      const before = await row(user.id);
      const res = await put(user, user.id, { password: 'taken-over-1', password_confirmation: 'taken-over-1' }).expect(422);
      expect(res.body).toEqual(blank);
      expect(await row(user.id)).toEqual(before);
      expect(await keyCount(user.id)).toBe(2);
      await t.http().get(`/api/users/${user.id}`).set('Authorization', `Bearer ${second}`).expect(200);
      await signIn(user.email, 'taken-over-1').expect(401);
      await signIn(user.email, user.password).expect(201);
    });

    it('cannot change the e-mail: 422, the e-mail unchanged', async () => {
      const user = await createUser(t.db);
      const before = await row(user.id);
      const res = await put(user, user.id, { email: `thief-${user.id}@example.com` }).expect(422);
      expect(res.body).toEqual(blank);
      expect(await row(user.id)).toEqual(before);
    });

    it('refuses both at once, with the other faults of the request, and writes nothing (addresses included)', async () => {
      const user = await createUser(t.db);
      const before = await row(user.id);
      const [us] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
      const address = { firstname: 'Jane', lastname: 'Doe', address1: '1 Main St', city: 'New York', zipcode: '10001', phone: '555-0100', country_id: us.id, state_name: 'NY' };
      const res = await put(user, user.id, { email: 'nope', password: 'taken-over-1', bill_address_attributes: address }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { current_password: ["can't be blank"], email: ['is invalid'] } });
      expect(await row(user.id)).toEqual(before);
      expect((await t.db.query(`SELECT bill_address_id FROM users WHERE id = $1`, [user.id]))[0].bill_address_id).toBeNull();
    });

    it('still changes the addresses, and an unchanged e-mail sent along is no change', async () => {
      const user = await createUser(t.db);
      const [us] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
      const address = { firstname: 'Jane', lastname: 'Doe', address1: '1 Main St', city: 'New York', zipcode: '10001', phone: '555-0100', country_id: us.id, state_name: 'NY' };
      const res = await put(user, user.id, { email: user.email, ship_address_attributes: address }).expect(200);
      expect(res.body.ship_address).toMatchObject({ firstname: 'Jane', address1: '1 Main St' });
      expect(res.body.email).toBe(user.email);
    });

    it('ignores a current password sent with changes that need none', async () => {
      const user = await createUser(t.db);
      const [us] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
      const address = { firstname: 'Jane', lastname: 'Doe', address1: '1 Main St', city: 'New York', zipcode: '10001', phone: '555-0100', country_id: us.id, state_name: 'NY' };
      await put(user, user.id, { current_password: 'not-the-password', bill_address_attributes: address }).expect(200);
    });
  });

  describe('with a wrong current password', () => {
    it('refuses the change: 422 "is invalid", nothing changed, no key revoked', async () => {
      const { user, second } = await userWithTwoKeys();
      const before = await row(user.id);
      const res = await put(user, user.id, { current_password: 'not-the-password', email: `thief-${user.id}@example.com`, password: 'taken-over-1', password_confirmation: 'taken-over-1' }).expect(422);
      expect(res.body).toEqual(invalid);
      expect(await row(user.id)).toEqual(before);
      expect(await keyCount(user.id)).toBe(2);
      await t.http().get(`/api/users/${user.id}`).set('Authorization', `Bearer ${second}`).expect(200);
    });
  });

  describe('with the right current password', () => {
    it("changes the password, and revokes the user's other keys", async () => {
      const { user, second } = await userWithTwoKeys();
      await put(user, user.id, { current_password: user.password, password: 'brand-new-1', password_confirmation: 'brand-new-1' }).expect(200);
      await signIn(user.email, 'brand-new-1').expect(201);
      await signIn(user.email, user.password).expect(401);
      await t.http().get(`/api/users/${user.id}`).set('Authorization', `Bearer ${second}`).expect(401);
      await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
    });

    it('changes the e-mail (waiting for the new address to confirm it: test/accounts/email-confirmation.spec.ts), also sent as form parameters', async () => {
      const user = await createUser(t.db);
      const res = await put(user, user.id, { current_password: user.password, email: `moved-${user.id}@example.com` }).expect(200);
      expect(res.body).toMatchObject({ email: user.email, unconfirmed_email: `moved-${user.id}@example.com` });
      const form = `user[current_password]=${encodeURIComponent(user.password)}&user[email]=${encodeURIComponent(`again-${user.id}@example.com`)}`;
      await t.http().put(`/api/users/${user.id}`).type('form').set(user.auth).send(form).expect(200);
      expect((await t.db.query(`SELECT unconfirmed_email FROM users WHERE id = $1`, [user.id]))[0].unconfirmed_email).toBe(`again-${user.id}@example.com`);
    });

    it('still refuses an invalid new password, and changes nothing', async () => {
      const user = await createUser(t.db);
      const before = await row(user.id);
      const res = await put(user, user.id, { current_password: user.password, password: 'short', email: `x-${user.id}@example.com` }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { password: ['is too short (minimum is 6 characters)'] } });
      expect(await row(user.id)).toEqual(before);
    });

    it('is refused when the password changed after it was checked (the proof is stale)', async () => {
      const user = await createUser(t.db);
      const lock = new Client({ connectionString: t.databaseUrl });
      await lock.connect();
      try {
        await lock.query('BEGIN');
        await lock.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]);
        const pending = put(user, user.id, { current_password: user.password, password: 'brand-new-1' }).then((r) => r);
        // Once the request waits for the row (its current password already checked), the password changes elsewhere.
        for (;;) {
          await lock.query('SELECT pg_stat_clear_snapshot()');
          const { rows } = await lock.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
          if (rows[0].n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        await lock.query('UPDATE users SET encrypted_password = $2 WHERE id = $1', [user.id, await hashPassword('changed-elsewhere', t.config.passwordHashCost)]);
        await lock.query('COMMIT');
        const res = await pending;
        expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: invalid });
        await signIn(user.email, 'changed-elsewhere').expect(201);
      } finally {
        await lock.end();
      }
    });
  });

  describe('as an admin', () => {
    it('changes another user’s password and e-mail without one', async () => {
      const user = await createUser(t.db);
      await put(admin, user.id, { email: `by-admin-${user.id}@example.com`, password: 'reset-by-admin', password_confirmation: 'reset-by-admin' }).expect(200);
      await signIn(`by-admin-${user.id}@example.com`, 'reset-by-admin').expect(201);
    });

    it('needs its own current password to change its own password or e-mail', async () => {
      const self = await createAdmin(t.db);
      const before = await row(self.id);
      expect((await put(self, self.id, { password: 'admin-new-1' }).expect(422)).body).toEqual(blank);
      expect((await put(self, self.id, { email: `admin-${self.id}@example.com` }).expect(422)).body).toEqual(blank);
      expect((await put(self, self.id, { current_password: 'wrong-one', email: `admin-${self.id}@example.com` }).expect(422)).body).toEqual(invalid);
      expect(await row(self.id)).toEqual(before);
      const changed = await put(self, self.id, { current_password: self.password, email: `admin-${self.id}@example.com`, password: 'admin-new-1' }).expect(200);
      // Its own new e-mail waits for confirmation, as anyone's.
      expect(changed.body.unconfirmed_email).toBe(`admin-${self.id}@example.com`);
      await signIn(self.email, 'admin-new-1').expect(201);
    });
  });

  it('documents user[current_password] and the 429 of the route', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body as OpenApiDocument;
    const body = resolveSchema(doc, doc.paths['/api/users/{id}'].put.requestBody.content['application/json'].schema.properties.user);
    expect(body.properties.current_password).toMatchObject({ type: 'string' });
    expect(body.properties.current_password.description).toMatch(/password/i);
    expect(shapeProblems(doc, responseSchema(doc, '/api/users/{id}', 'put', 422), invalid)).toEqual([]);
    expect(shapeProblems(doc, responseSchema(doc, '/api/users/{id}', 'put', 429), TOO_MANY)).toEqual([]);
    expect(doc.paths['/api/users/{id}'].put.responses['429'].headers['Retry-After']).toBeDefined();
  });

  describe('counts against the sign-in rate limits (3 per account, 5 per address per minute)', () => {
    let small: TestApp;
    let ipSequence = 0;
    const nextIp = () => `10.9.${(++ipSequence >> 8) & 255}.${ipSequence & 255}`;
    const bucket = (kind: string, value: string) => `sign_in:${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 40)}`;
    const hitsOf = async (name: string) => (await small.db.query(`SELECT sum(hits)::int AS hits FROM rate_limit_counters WHERE bucket = $1`, [name]))[0].hits ?? undefined;
    const putFrom = (user: TestUser, ip: string, params: Record<string, unknown>, caller = user) =>
      small.http().put(`/api/users/${user.id}`).set(caller.auth).set('X-Forwarded-For', ip).send({ user: params });
    const signInFrom = (email: string, password: string, ip: string) => small.http().post('/api/sessions').set('X-Forwarded-For', ip).send({ email, password });

    beforeAll(async () => {
      small = await createTestApp({ TRUST_PROXY: 'loopback', SIGN_IN_RATE_LIMIT: '3/60', SIGN_IN_IP_RATE_LIMIT: '5/60' });
    });
    afterAll(() => small?.close());

    it('refuses, after 3 wrong tries, the right current password (429, Retry-After) and sign-in too; nothing changes', async () => {
      const user = await createUser(small.db);
      for (let i = 0; i < 3; i++) await putFrom(user, nextIp(), { current_password: `guess-${i}-pw`, password: 'taken-over-1' }).expect(422, invalid);
      expect(await hitsOf(bucket('account', user.email.toLowerCase()))).toBe(3);
      const refused = await putFrom(user, nextIp(), { current_password: user.password, password: 'taken-over-1' }).expect(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
      await signInFrom(user.email, user.password, nextIp()).expect(429);
      await signInFrom(user.email, 'taken-over-1', nextIp()).expect(429);
      // The window over, the old password still works.
      await small.db.query(`UPDATE rate_limit_counters SET window_start = window_start - interval '60 seconds', expires_at = expires_at - interval '60 seconds'`);
      await signInFrom(user.email, user.password, nextIp()).expect(201);
    });

    it('shares the count with failed sign-ins', async () => {
      const user = await createUser(small.db);
      for (let i = 0; i < 3; i++) await signInFrom(user.email, `guess-${i}-pw`, nextIp()).expect(401);
      await putFrom(user, nextIp(), { current_password: user.password, email: `moved-${user.id}@example.com` }).expect(429, TOO_MANY);
      expect((await small.db.query(`SELECT email FROM users WHERE id = $1`, [user.id]))[0].email).toBe(user.email);
    });

    it('counts per client address too, across accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) {
        const user = await createUser(small.db);
        await putFrom(user, ip, { current_password: `guess-${i}-pw`, password: 'taken-over-1' }).expect(422);
      }
      const user = await createUser(small.db);
      await putFrom(user, ip, { current_password: user.password, password: 'brand-new-1' }).expect(429, TOO_MANY);
      expect(await hitsOf(bucket('ip', ip))).toBe(6);
    });

    it('forgets the account count once the right password is given, as a sign-in does', async () => {
      const user = await createUser(small.db);
      await putFrom(user, nextIp(), { current_password: 'guess-1-pw', password: 'brand-new-1' }).expect(422);
      await putFrom(user, nextIp(), { current_password: user.password, password: 'brand-new-1' }).expect(200);
      expect(await hitsOf(bucket('account', user.email.toLowerCase()))).toBeUndefined();
    });

    it('counts nothing when no current password is checked', async () => {
      const user = await createUser(small.db);
      const ip = nextIp();
      await putFrom(user, ip, { password: 'taken-over-1' }).expect(422, blank);
      await putFrom(user, ip, { current_password: 'whatever-pw', ship_address_attributes: { firstname: 'Jane' } }).expect(422);
      // An admin changing another user needs none: one sent along is not checked.
      await putFrom(user, ip, { current_password: 'whatever-pw', password: 'reset-by-admin' }, await createAdmin(small.db)).expect(200);
      expect(await hitsOf(bucket('account', user.email.toLowerCase()))).toBeUndefined();
      expect(await hitsOf(bucket('ip', ip))).toBeUndefined();
    });
  });
});

describe('the current password is never logged nor echoed', () => {
  const RIGHT = 'Cur-rent-pa55-9Zq';
  const WRONG = 'Wr0ng-guess-of-it-4Kx';
  let t: TestApp;
  const accessLog: string[] = [];
  const appLog = new CapturingLogger();

  beforeAll(async () => {
    t = await createTestApp({}, { logLevel: 'debug', logDestination: { write: (line: string) => void accessLog.push(line) }, logger: appLog });
  });
  afterAll(() => t.close());

  it('in JSON, form or query string, right or wrong, refused or not', async () => {
    const user = await createUser(t.db);
    await t.db.query(`UPDATE users SET encrypted_password = $2 WHERE id = $1`, [user.id, await hashPassword(RIGHT, t.config.passwordHashCost)]);
    const url = `/api/users/${user.id}`;
    const answers = [
      await t.http().put(url).set(user.auth).send({ user: { current_password: WRONG, email: 'nope' } }).expect(422),
      await t.http().put(url).set(user.auth).send({ user: { current_password: WRONG, password: 'next-pass-1' } }).expect(422),
      await t.http().put(url).set(user.auth).type('form').send(`user[current_password]=${WRONG}&user[password]=x`).expect(422),
      await t.http().put(`${url}?user[current_password]=${WRONG}&user[password]=next-pass-1`).set(user.auth).expect(422),
      await t.http().put(`${url}?user%5Bcurrent_password%5D=${WRONG}&user%5Bemail%5D=a%40example.com`).set(user.auth).expect(422),
      await t.http().put(`${url}?user[current_password]=${RIGHT}&user[email]=logged-${user.id}@example.com`).set(user.auth).expect(200),
      await t.http().put(url).set(user.auth).send({ user: { current_password: RIGHT, password: 'next-pass-1', password_confirmation: 'next-pass-1' } }).expect(200),
    ];
    expect(answers.map((r) => r.status)).toEqual([422, 422, 422, 422, 422, 200, 200]);
    expect(accessLog.length).toBeGreaterThanOrEqual(answers.length); // the capture works
    expect(accessLog.join('')).toContain('current_password]=[REDACTED]');
    const leaks = [
      ...answers.flatMap((r, i) => [RIGHT, WRONG].filter((secret) => r.text.includes(secret) || JSON.stringify(r.headers).includes(secret)).map(() => `answer ${i}`)),
      ...[RIGHT, WRONG].filter((secret) => accessLog.join('').includes(secret)).map(() => 'access log'),
      ...[RIGHT, WRONG].filter((secret) => appLog.joined().includes(secret)).map(() => 'application log'),
    ];
    expect(leaks).toEqual([]);
    const rows: { row: string }[] = await t.db.query(`SELECT r::text AS row FROM users r`);
    expect(rows.some((r) => r.row.includes(RIGHT) || r.row.includes(WRONG))).toBe(false);
  });
});
