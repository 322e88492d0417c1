import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// OWASP API2: a changed password ends the other sessions (API keys of other sign-ins), so whoever knew the old password keeps no key.
describe('changing a password', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const signIn = async (email: string, password: string) => (await t.http().post('/api/sessions').send({ email, password }).expect(201)).body.api_key as string;
  const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
  const keyCount = async (userId: number) => Number((await t.db.query(`SELECT count(*) AS n FROM api_keys WHERE user_id = $1`, [userId]))[0].n);

  it("by the user: revokes the user's other keys and keeps the one that made the change", async () => {
    const user = await createUser(t.db);
    const laptop = await signIn(user.email, user.password);
    const thief = await signIn(user.email, user.password);
    const other = await createUser(t.db);
    await t.http().put(`/api/users/${user.id}`).set(bearer(laptop)).send({ user: { current_password: user.password, password: 'brand-new-1', password_confirmation: 'brand-new-1' } }).expect(200);
    await t.http().get(`/api/users/${user.id}`).set(bearer(laptop)).expect(200);
    await t.http().get(`/api/users/${user.id}`).set(bearer(thief)).expect(401, { error: 'Invalid API key specified.' });
    await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(401);
    expect(await keyCount(user.id)).toBe(1);
    // Nobody else's keys are touched.
    await t.http().get(`/api/users/${other.id}`).set(other.auth).expect(200);
  });

  it('keeps every key when the password does not change', async () => {
    const user = await createUser(t.db);
    const second = await signIn(user.email, user.password);
    await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { current_password: user.password, email: `renamed-${user.id}@example.com` } }).expect(200);
    await t.http().get(`/api/users/${user.id}`).set(bearer(second)).expect(200);
    expect(await keyCount(user.id)).toBe(2);
  });

  it('keeps every key when the change is refused', async () => {
    const user = await createUser(t.db);
    await signIn(user.email, user.password);
    await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { password: 'brand-new-1', password_confirmation: 'other' } }).expect(422);
    expect(await keyCount(user.id)).toBe(2);
  });

  it("by an admin: revokes all of the user's keys, and none of the admin's", async () => {
    const user = await createUser(t.db);
    await signIn(user.email, user.password);
    await t.http().put(`/api/users/${user.id}`).set(admin.auth).send({ user: { password: 'reset-by-admin', password_confirmation: 'reset-by-admin' } }).expect(200);
    expect(await keyCount(user.id)).toBe(0);
    await t.http().get('/api/orders').set(admin.auth).expect(200);
    await signIn(user.email, 'reset-by-admin');
  });
});
