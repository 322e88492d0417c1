import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/** GET /api/sessions/current: who a key signs in as and the permissions it may use (the back-office disables the rest). */
describe('GET /api/sessions/current', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  it('an admin holds every permission', async () => {
    const res = await t.http().get('/api/sessions/current').set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ user: { id: admin.id }, admin: true });
    expect(res.body.permissions).toEqual(expect.arrayContaining(['orders:read', 'payments:refund', 'users:write']));
  });

  it("a clerk holds its roles' permissions, and follows a change of role at once", async () => {
    const role = (await t.http().post('/api/roles').set(admin.auth).send({ role: { name: 'Clerk', permissions: ['orders:read', 'shipments:write'] } }).expect(201)).body;
    const clerk = await createUser(t.db);
    await t.http().put(`/api/users/${clerk.id}/roles`).set(admin.auth).send({ user: { role_ids: [role.id] } }).expect(200);
    const res = await t.http().get('/api/sessions/current').set(clerk.auth).expect(200);
    expect(res.body).toMatchObject({ user: { id: clerk.id }, admin: false, permissions: ['orders:read', 'shipments:write'] });
    await t.http().put(`/api/roles/${role.id}`).set(admin.auth).send({ role: { permissions: ['orders:read', 'payments:write'] } }).expect(200);
    expect((await t.http().get('/api/sessions/current').set(clerk.auth).expect(200)).body.permissions).toEqual(['orders:read', 'payments:write']);
  });

  it('a customer holds none; no key or an unknown key is 401', async () => {
    const customer = await createUser(t.db);
    expect((await t.http().get('/api/sessions/current').set(customer.auth).expect(200)).body).toMatchObject({ admin: false, permissions: [] });
    await t.http().get('/api/sessions/current').expect(401);
    await t.http().get('/api/sessions/current').set('Authorization', 'Bearer nope').expect(401);
  });

  it('works with the key a sign-in returns', async () => {
    const res = await t.http().post('/api/sessions').send({ email: admin.email, password: admin.password }).expect(201);
    await t.http().get('/api/sessions/current').set('Authorization', `Bearer ${res.body.api_key}`).expect(200);
  });
});
