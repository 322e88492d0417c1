import { createHash } from 'node:crypto';
import { loadConfig, parseRateLimit } from '../../src/config/configuration';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createUser, TestUser } from '../support/users';
import { createTestApp, TestApp } from '../support/test-app';

// Sign-in and sign-up attempts are limited per account (the e-mail sent) and
// per client address, counted in PostgreSQL so that every instance of the
// service counts the same hits. Client addresses are simulated with
// X-Forwarded-For behind TRUST_PROXY=loopback (supertest connects from 127.0.0.1).
const TOO_MANY = { error: 'Too many requests. Please try again later.' };

let ipSequence = 0;
/** A client address no other request of this file uses. */
const nextIp = () => {
  ipSequence++;
  return `10.${(ipSequence >> 16) & 255}.${(ipSequence >> 8) & 255}.${ipSequence & 255}`;
};

const bucket = (action: string, kind: string, value: string) => `${action}:${kind}:${createHash('sha256').update(value).digest('hex').slice(0, 40)}`;

describe('rate limits on sign-in and sign-up', () => {
  /** The real defaults (10 per account / 100 per address per 5 minutes for sign-in; 5 per e-mail / 20 per address per hour for sign-up). */
  let t: TestApp;
  /** Small limits, and a second instance on the same database. */
  let small: TestApp;
  let smallTwin: TestApp;
  const SMALL = { TRUST_PROXY: 'loopback', SIGN_IN_RATE_LIMIT: '3/60', SIGN_IN_IP_RATE_LIMIT: '5/60', SIGN_UP_RATE_LIMIT: '2/60', SIGN_UP_IP_RATE_LIMIT: '4/60' };

  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'loopback' });
    small = await createTestApp(SMALL);
    smallTwin = await createTestApp(SMALL, { databaseUrl: small.databaseUrl });
  });
  afterAll(async () => {
    await smallTwin?.close();
    await small?.close();
    await t?.close();
  });

  const signIn = (app: TestApp, email: string, password: string, ip: string) => app.http().post('/api/sessions').set('X-Forwarded-For', ip).send({ email, password });
  const signUp = (app: TestApp, email: string, ip: string) => app.http().post('/api/users').set('X-Forwarded-For', ip).send({ user: { email, password: 'secret123' } });
  const hitsOf = async (app: TestApp, name: string): Promise<number | undefined> =>
    (await app.db.query(`SELECT sum(hits)::int AS hits FROM rate_limit_counters WHERE bucket = $1`, [name]))[0].hits ?? undefined;
  /** Moves every counter `seconds` back in time, as if that much time had passed. */
  const backdate = (app: TestApp, seconds: number) =>
    app.db.query(`UPDATE rate_limit_counters SET window_start = window_start - make_interval(secs => $1), expires_at = expires_at - make_interval(secs => $1)`, [seconds]);

  describe('the defaults', () => {
    it('are 10 sign-ins per account and 100 per address per 5 minutes, 5 sign-ups per e-mail and 20 per address per hour', () => {
      const config = loadConfig({});
      expect(config.rateLimits).toEqual({
        signInAccount: { limit: 10, windowSeconds: 300 },
        signInIp: { limit: 100, windowSeconds: 300 },
        signUpAccount: { limit: 5, windowSeconds: 3600 },
        signUpIp: { limit: 20, windowSeconds: 3600 },
        accountMailAccount: { limit: 5, windowSeconds: 3600 },
        accountMailIp: { limit: 20, windowSeconds: 3600 },
      });
      expect(config.trustProxy).toBe(false);
    });

    it('refuse the 11th sign-in attempt on an account, from any address, even with the right password', async () => {
      const user = await createUser(t.db);
      for (let i = 0; i < 10; i++) await signIn(t, user.email, 'wrong-password', nextIp()).expect(401);
      expect(await hitsOf(t, bucket('sign_in', 'account', user.email))).toBe(10);

      const refused = await signIn(t, user.email.toUpperCase(), user.password, nextIp()).expect(429);
      expect(refused.body).toEqual(TOO_MANY);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(300);
      // No key was issued for the refused (correct) attempt.
      expect((await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1`, [user.id]))[0].n).toBe(1);
      // Another account is not affected.
      const other = await createUser(t.db);
      await signIn(t, other.email, other.password, nextIp()).expect(201);
    });

    it('refuse the 101st sign-in attempt from one address, whatever the accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < 100; i++) await signIn(t, `nobody${i}@example.com`, 'wrong-password', ip).expect(401);
      const user = await createUser(t.db);
      const refused = await signIn(t, user.email, user.password, ip).expect(429);
      expect(refused.body).toEqual(TOO_MANY);
      await signIn(t, user.email, user.password, nextIp()).expect(201);
    });

    it('refuse the 21st sign-up from one address and the 6th with one e-mail', async () => {
      const ip = nextIp();
      for (let i = 0; i < 20; i++) await signUp(t, `signup${i}@example.com`, ip).expect(201);
      const refused = await signUp(t, 'signup-late@example.com', ip).expect(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
      expect((await t.db.query(`SELECT count(*)::int AS n FROM users WHERE email = 'signup-late@example.com'`))[0].n).toBe(0);

      await signUp(t, 'taken@example.com', nextIp()).expect(201);
      for (let i = 0; i < 4; i++) await signUp(t, 'Taken@example.com', nextIp()).expect(422);
      await signUp(t, 'TAKEN@example.com ', nextIp()).expect(429);
      await signUp(t, 'free@example.com', nextIp()).expect(201);
    });
  });

  describe('with small limits (3 per account, 5 per address per minute for sign-in)', () => {
    let user: TestUser;
    beforeEach(async () => {
      user = await createUser(small.db);
    });

    it('count attempts per account across addresses and answer 429 with Retry-After until the window ends', async () => {
      for (let i = 0; i < 3; i++) await signIn(small, user.email, 'wrong-password', nextIp()).expect(401);
      const refused = await signIn(small, user.email, user.password, nextIp()).expect(429);
      expect(refused.body).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

      // A minute later (the counters moved back a minute), the account may try again.
      await backdate(small, 60);
      const ok = await signIn(small, user.email, user.password, nextIp()).expect(201);
      expect(ok.body.api_key).toMatch(/^[0-9a-f]{40}$/);
    });

    it('forget the account count after a successful sign-in, but not the address count', async () => {
      const ip = nextIp();
      await signIn(small, user.email, 'wrong-password', ip).expect(401);
      await signIn(small, user.email, 'wrong-password', ip).expect(401);
      await signIn(small, user.email, user.password, ip).expect(201);
      expect(await hitsOf(small, bucket('sign_in', 'account', user.email))).toBeUndefined();
      expect(await hitsOf(small, bucket('sign_in', 'ip', ip))).toBe(3);
      // A fresh allowance of 3 for the account (from other addresses).
      for (let i = 0; i < 3; i++) await signIn(small, user.email, 'wrong-password', nextIp()).expect(401);
      await signIn(small, user.email, 'wrong-password', nextIp()).expect(429);
    });

    it('count attempts per address across accounts', async () => {
      const ip = nextIp();
      for (let i = 0; i < 5; i++) await signIn(small, `stuffed${i}-${ip}@example.com`, 'wrong-password', ip).expect(401);
      await signIn(small, user.email, user.password, ip).expect(429);
      await signIn(small, user.email, user.password, nextIp()).expect(201);
    });

    it('are shared by two instances of the service on one database', async () => {
      await signIn(small, user.email, 'wrong-password', nextIp()).expect(401);
      await signIn(smallTwin, user.email, 'wrong-password', nextIp()).expect(401);
      await signIn(small, user.email, 'wrong-password', nextIp()).expect(401);
      await signIn(smallTwin, user.email, user.password, nextIp()).expect(429);
      await signIn(small, user.email, user.password, nextIp()).expect(429);
      expect(await hitsOf(small, bucket('sign_in', 'account', user.email))).toBe(5);
    });

    it('count concurrent attempts exactly (one atomic upsert per attempt)', async () => {
      const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => signIn(i % 2 ? small : smallTwin, user.email, 'wrong-password', nextIp())));
      expect(answers.filter((r) => r.status === 401)).toHaveLength(3);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
      expect(await hitsOf(small, bucket('sign_in', 'account', user.email))).toBe(8);
    });

    it('sweep expired counters', async () => {
      await signIn(small, user.email, 'wrong-password', nextIp()).expect(401);
      await backdate(small, 3600);
      expect((await small.db.query(`SELECT count(*)::int AS n FROM rate_limit_counters WHERE expires_at <= now()`))[0].n).toBeGreaterThan(0);
      await signIn(small, user.email, 'wrong-password', nextIp()).expect(401);
      expect((await small.db.query(`SELECT count(*)::int AS n FROM rate_limit_counters WHERE expires_at <= now()`))[0].n).toBe(0);
      expect(await hitsOf(small, bucket('sign_in', 'account', user.email))).toBe(1);
    });

    it('limit sign-ups per address and per e-mail; a refused sign-up creates nothing', async () => {
      const ip = nextIp();
      for (let i = 0; i < 4; i++) await signUp(small, `new${i}-${ip}@example.com`, ip).expect(201);
      await signUp(small, `late-${ip}@example.com`, ip).expect(429);
      expect((await small.db.query(`SELECT count(*)::int AS n FROM users WHERE email = $1`, [`late-${ip}@example.com`]))[0].n).toBe(0);

      const email = `twice-${ip}@example.com`;
      await signUp(small, email, nextIp()).expect(201);
      await signUp(small, email, nextIp()).expect(422);
      await signUp(small, email, nextIp()).expect(429);
    });
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the peer address is the client', async () => {
    const plain = await createTestApp({ SIGN_IN_IP_RATE_LIMIT: '2/60' });
    try {
      await signIn(plain, 'a@example.com', 'wrong-password', '203.0.113.1').expect(401);
      await signIn(plain, 'b@example.com', 'wrong-password', '203.0.113.2').expect(401);
      await signIn(plain, 'c@example.com', 'wrong-password', '203.0.113.3').expect(429);
    } finally {
      await plain.close();
    }
  });

  it('documents the 429 and its Retry-After header on both routes', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body as OpenApiDocument;
    for (const path of ['/api/sessions', '/api/users']) {
      expect(shapeProblems(doc, responseSchema(doc, path, 'post', 429), TOO_MANY)).toEqual([]);
      expect(doc.paths[path].post.responses['429'].headers['Retry-After']).toBeDefined();
    }
  });

  describe('settings', () => {
    it('read <requests>/<seconds>, minutes and hours, and off', () => {
      expect(parseRateLimit('X', '10/60', '1/1')).toEqual({ limit: 10, windowSeconds: 60 });
      expect(parseRateLimit('X', '10/5m', '1/1')).toEqual({ limit: 10, windowSeconds: 300 });
      expect(parseRateLimit('X', ' 100 / 1h ', '1/1')).toEqual({ limit: 100, windowSeconds: 3600 });
      expect(parseRateLimit('X', 'off', '1/1')).toBeNull();
      expect(parseRateLimit('X', undefined, '3/60')).toEqual({ limit: 3, windowSeconds: 60 });
    });

    it('refuse a limit that cannot be read, naming the setting', () => {
      expect(() => loadConfig({ SIGN_IN_RATE_LIMIT: 'ten per minute' })).toThrow(/SIGN_IN_RATE_LIMIT/);
      expect(() => loadConfig({ SIGN_UP_IP_RATE_LIMIT: '5/0' })).toThrow(/SIGN_UP_IP_RATE_LIMIT/);
    });

    it('read TRUST_PROXY as off, on, a hop count or trusted addresses', () => {
      expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
      expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
      expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
      expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    });

    it('a limit turned off counts nothing', async () => {
      const open = await createTestApp({ TRUST_PROXY: 'loopback', SIGN_IN_RATE_LIMIT: 'off', SIGN_IN_IP_RATE_LIMIT: 'off' });
      try {
        for (let i = 0; i < 12; i++) await signIn(open, 'someone@example.com', 'wrong-password', '192.0.2.1').expect(401);
        expect((await open.db.query(`SELECT count(*)::int AS n FROM rate_limit_counters`))[0].n).toBe(0);
      } finally {
        await open.close();
      }
    });
  });
});
