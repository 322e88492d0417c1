import type { Response } from 'supertest';
import { apiKeyDigest } from '../../src/common/auth/api-keys';
import { NOT_FOUND } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

const INVALID_KEY = { error: 'Invalid API key specified.' };
const NO_KEY = { error: 'You must specify an API key.' };

/** Issue 16: keys staff can manage — sign-out, an admin's generate_api_key / clear_api_key, and API_KEY_TTL. */
describe('API keys', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ SIGN_IN_RATE_LIMIT: 'off', SIGN_IN_IP_RATE_LIMIT: 'off' });
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const signIn = async (user: TestUser) => (await t.http().post('/api/sessions').send({ email: user.email, password: user.password }).expect(201)).body;
  const me = (user: TestUser, key: string) => t.http().get(`/api/users/${user.id}`).set(bearer(key));
  const keyCount = async (userId: number) => (await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1`, [userId]))[0].n as number;

  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    if (status === 204) {
      expect(res.text).toBe('');
      expect(doc.paths[path][method].responses['204']).toBeDefined();
      return;
    }
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), res.body)).toEqual([]);
  }

  describe('signing out (DELETE /api/sessions)', () => {
    it('revokes the key it is made with, and only that one', async () => {
      const user = await createUser(t.db);
      const phone = (await signIn(user)).api_key as string;
      const laptop = (await signIn(user)).api_key as string;
      expectDocumented(await t.http().delete('/api/sessions').set(bearer(phone)), 'delete', '/api/sessions', 204);
      await me(user, phone).expect(401, INVALID_KEY);
      await me(user, laptop).expect(200);
      await me(user, user.apiKey).expect(200);
      expect(await keyCount(user.id)).toBe(2);
      // Signed out already: the key is no key at all.
      expectDocumented(await t.http().delete('/api/sessions').set(bearer(phone)), 'delete', '/api/sessions', 401);
      // Every way of sending a key signs out with it.
      await t.http().delete('/api/sessions').set('X-Spree-Token', laptop).expect(204);
      await t.http().delete('/api/sessions').query({ token: user.apiKey }).expect(204);
      expect(await keyCount(user.id)).toBe(0);
    });

    it('refuses a request without a key (401, nothing revoked)', async () => {
      const user = await createUser(t.db);
      const res = await t.http().delete('/api/sessions');
      expectDocumented(res, 'delete', '/api/sessions', 401);
      expect(res.body).toEqual(NO_KEY);
      expect(await keyCount(user.id)).toBe(1);
    });
  });

  describe("an admin's generate_api_key", () => {
    it("replaces the user's keys with one new key, answered once and kept only as a digest", async () => {
      const user = await createUser(t.db);
      const session = (await signIn(user)).api_key as string;
      const res = await t.http().put(`/api/users/${user.id}/generate_api_key`).set(admin.auth);
      expectDocumented(res, 'put', '/api/users/{id}/generate_api_key', 200);
      expect(res.body).toEqual({ api_key: expect.stringMatching(/^[0-9a-f]{40}$/), expires_at: null, user: expect.objectContaining({ id: user.id, email: user.email }) });
      const key = res.body.api_key as string;
      await me(user, key).expect(200);
      await me(user, session).expect(401, INVALID_KEY);
      await me(user, user.apiKey).expect(401, INVALID_KEY);
      expect(await t.db.query(`SELECT digest FROM api_keys WHERE user_id = $1`, [user.id])).toEqual([{ digest: apiKeyDigest(key) }]);
      // Never shown again: the user's JSON holds no key.
      expect(JSON.stringify((await me(user, key).expect(200)).body)).not.toContain(key);
      // The admin's own keys are untouched.
      await t.http().get('/api/users').set(admin.auth).expect(200);
    });

    it('answers the same to an admin for themselves (their current key goes too)', async () => {
      const other = await createAdmin(t.db);
      const res = await t.http().put(`/api/users/${other.id}/generate_api_key`).set(other.auth).expect(200);
      await t.http().get('/api/users').set(other.auth).expect(401, INVALID_KEY);
      await t.http().get('/api/users').set(bearer(res.body.api_key)).expect(200);
    });

    it('is refused to non-admins (404, themselves included) without touching any key', async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      expectDocumented(await t.http().put(`/api/users/${user.id}/generate_api_key`).set(user.auth), 'put', '/api/users/{id}/generate_api_key', 404);
      expect((await t.http().put(`/api/users/${user.id}/generate_api_key`).set(user.auth)).body).toEqual(NOT_FOUND);
      expectDocumented(await t.http().put(`/api/users/${other.id}/generate_api_key`).set(user.auth), 'put', '/api/users/{id}/generate_api_key', 404);
      await t.http().put(`/api/users/${other.id}/generate_api_key`).expect(404, NOT_FOUND);
      expect([await keyCount(user.id), await keyCount(other.id)]).toEqual([1, 1]);
      await me(user, user.apiKey).expect(200);
    });

    it('answers 404 for an unknown user', async () => {
      await t.http().put('/api/users/99999999/generate_api_key').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put('/api/users/abc/generate_api_key').set(admin.auth).expect(404, NOT_FOUND);
    });
  });

  describe("an admin's clear_api_key", () => {
    it('revokes every key of the user; signing in makes a new one', async () => {
      const user = await createUser(t.db);
      const session = (await signIn(user)).api_key as string;
      const res = await t.http().put(`/api/users/${user.id}/clear_api_key`).set(admin.auth);
      expectDocumented(res, 'put', '/api/users/{id}/clear_api_key', 200);
      expect(res.body).toEqual(expect.objectContaining({ id: user.id, email: user.email }));
      expect(res.body).not.toHaveProperty('api_key');
      await me(user, session).expect(401, INVALID_KEY);
      await me(user, user.apiKey).expect(401, INVALID_KEY);
      expect(await keyCount(user.id)).toBe(0);
      await me(user, (await signIn(user)).api_key).expect(200);
    });

    it('is refused to non-admins (404, themselves included) without touching any key', async () => {
      const user = await createUser(t.db);
      const other = await createUser(t.db);
      expectDocumented(await t.http().put(`/api/users/${user.id}/clear_api_key`).set(user.auth), 'put', '/api/users/{id}/clear_api_key', 404);
      expectDocumented(await t.http().put(`/api/users/${other.id}/clear_api_key`).set(user.auth), 'put', '/api/users/{id}/clear_api_key', 404);
      await t.http().put(`/api/users/${other.id}/clear_api_key`).expect(404, NOT_FOUND);
      expect([await keyCount(user.id), await keyCount(other.id)]).toEqual([1, 1]);
    });
  });

  it('sign-in answers expires_at null when no API_KEY_TTL is set', async () => {
    const user = await createUser(t.db);
    const res = await t.http().post('/api/sessions').send({ email: user.email, password: user.password });
    expectDocumented(res, 'post', '/api/sessions', 201);
    expect(res.body.expires_at).toBeNull();
    expect((await t.db.query(`SELECT expires_at FROM api_keys WHERE user_id = $1 AND expires_at IS NOT NULL`, [user.id])).length).toBe(0);
  });
});

describe('API_KEY_TTL', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ API_KEY_TTL: '2h' });
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const expiresAt = async (key: string) => (await t.db.query(`SELECT expires_at FROM api_keys WHERE digest = $1`, [apiKeyDigest(key)]))[0]?.expires_at as Date | undefined;
  /** The key's end moved into the past, as if its lifetime had run out. */
  const age = (key: string) => t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE digest = $1`, [apiKeyDigest(key)]);

  it('a key from sign-in works for that long, then answers 401 as an invalid key', async () => {
    const user = await createUser(t.db);
    const before = Date.now();
    const res = await t.http().post('/api/sessions').send({ email: user.email, password: user.password }).expect(201);
    const key = res.body.api_key as string;
    const end = Date.parse(res.body.expires_at);
    // Two hours from now, by the database's clock (which may differ slightly from this process's).
    expect(Math.abs(end - (before + 2 * 3600_000))).toBeLessThan(60_000);
    expect((await expiresAt(key))!.toISOString()).toBe(res.body.expires_at);
    await t.http().get(`/api/users/${user.id}`).set(bearer(key)).expect(200);
    await age(key);
    await t.http().get(`/api/users/${user.id}`).set(bearer(key)).expect(401, INVALID_KEY);
    await t.http().get('/api/products').set(bearer(key)).expect(401, INVALID_KEY);
    await t.http().delete('/api/sessions').set(bearer(key)).expect(401, INVALID_KEY);
    // A key without an end (made before the setting, or ADMIN_API_KEY) keeps working.
    await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
  });

  it("a new key clears the user's ended ones away", async () => {
    const user = await createUser(t.db);
    const old = (await t.http().post('/api/sessions').send({ email: user.email, password: user.password }).expect(201)).body.api_key as string;
    await age(old);
    await t.http().post('/api/sessions').send({ email: user.email, password: user.password }).expect(201);
    expect(await expiresAt(old)).toBeUndefined();
    expect((await t.db.query(`SELECT count(*)::int AS n FROM api_keys WHERE user_id = $1`, [user.id]))[0].n).toBe(2);
  });

  it("an admin's generate_api_key gives a key that ends too", async () => {
    const user = await createUser(t.db);
    const res = await t.http().put(`/api/users/${user.id}/generate_api_key`).set(admin.auth).expect(200);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 3600_000);
    await age(res.body.api_key);
    await t.http().get(`/api/users/${user.id}`).set(bearer(res.body.api_key)).expect(401, INVALID_KEY);
  });
});
