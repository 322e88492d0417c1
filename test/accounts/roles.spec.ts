import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { buildProbeWorld, passed, Probe, ProbeWorld, probes, send } from '../support/staff';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/*
 * Staff roles (issue 29): a role's permissions open the admin-only operations
 * of their domain and action, enforced by the guards; a user without roles is
 * refused exactly as before; taking the role away (or its permission) refuses
 * again from the next request.
 */
describe('staff roles', () => {
  let t: TestApp;
  let admin: TestUser;
  let world: ProbeWorld;
  let all: Probe[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    world = await buildProbeWorld(t, admin, await createUser(t.db));
    all = probes(world);
  });
  afterAll(() => t.close());

  const createRole = async (name: string, permissions: string[]) =>
    (await t.http().post('/api/roles').set(admin.auth).send({ role: { name, permissions } }).expect(201)).body as { id: number; permissions: string[] };
  const assign = (user: TestUser, roleIds: number[]) => t.http().put(`/api/users/${user.id}/roles`).set(admin.auth).send({ user: { role_ids: roleIds } });
  let sequence = 0;
  const staffWith = async (permissions: string[]) => {
    const role = await createRole(`role ${++sequence}`, permissions);
    const user = await createUser(t.db);
    await assign(user, [role.id]).expect(200);
    return { user, role };
  };

  const expectRefused = async (probe: Probe, auth: Record<string, string>) => {
    const res = await send(t, probe, auth);
    expect([probe.permission, res.status]).toEqual([probe.permission, expect.any(Number)]);
    expect([401, 404]).toContain(res.status);
    expect(res.body).toEqual(res.status === 401 ? UNAUTHORIZED : NOT_FOUND);
  };
  const expectAllowed = async (probe: Probe, auth: Record<string, string>) => {
    const res = await send(t, probe, auth);
    expect({ permission: probe.permission, passed: passed(res), status: res.status }).toEqual({ permission: probe.permission, passed: true, status: res.status });
  };

  it('manages roles: create, show, list, update, delete, and refuses unknown permissions', async () => {
    const role = await createRole('Shipping clerk', ['shipments:write', 'orders:read']);
    expect(role).toMatchObject({ name: 'Shipping clerk', permissions: ['orders:read', 'shipments:write'] });
    await t.http().get(`/api/roles/${role.id}`).set(admin.auth).expect(200);
    const list = await t.http().get('/api/roles').set(admin.auth).expect(200);
    expect(list.body.roles.map((r: { id: number }) => r.id)).toContain(role.id);
    const bad = await t.http().post('/api/roles').set(admin.auth).send({ role: { name: 'x', permissions: ['orders:fly'] } }).expect(422);
    expect(bad.body.errors).toEqual({ permissions: ['has unknown permissions: orders:fly'] });
    const taken = await t.http().post('/api/roles').set(admin.auth).send({ role: { name: 'shipping CLERK' } }).expect(422);
    expect(taken.body.errors).toEqual({ name: ['has already been taken'] });
    const updated = await t.http().put(`/api/roles/${role.id}`).set(admin.auth).send({ role: { permissions: ['orders:read'] } }).expect(200);
    expect(updated.body.permissions).toEqual(['orders:read']);
    await t.http().delete(`/api/roles/${role.id}`).set(admin.auth).expect(204);
    await t.http().get(`/api/roles/${role.id}`).set(admin.auth).expect(404);
    const permissions = await t.http().get('/api/roles/permissions').set(admin.auth).expect(200);
    expect(permissions.body.permissions).toEqual(expect.arrayContaining(all.map((p) => p.permission)));
  });

  it('refuses a role unknown to PUT /api/users/:id/roles, and a user that does not exist', async () => {
    const user = await createUser(t.db);
    const res = await assign(user, [2147483000]).expect(422);
    expect(res.body.errors).toEqual({ role_ids: ['is invalid'] });
    await t.http().put('/api/users/2147483000/roles').set(admin.auth).send({ user: { role_ids: [] } }).expect(404);
  });

  it('a user without roles is refused every admin-only operation as before; an admin runs them all', async () => {
    const customer = await createUser(t.db);
    for (const probe of all) await expectRefused(probe, customer.auth);
    for (const probe of all.filter((p) => p.method === 'get')) await expectAllowed(probe, admin.auth);
  });

  describe.each(['orders:read', 'orders:write', 'payments:write', 'payments:refund', 'shipments:write', 'returns:read', 'returns:write', 'catalog:write', 'stock:read', 'stock:write', 'promotions:read', 'promotions:write', 'settings:read', 'settings:write', 'users:read', 'users:write', 'webhooks:read', 'webhooks:write'])('%s', (permission) => {
    const probe = () => all.find((p) => p.permission === permission)!;

    it('is allowed with a role giving it, refused with a role giving everything else', async () => {
      const { user } = await staffWith([permission]);
      await expectAllowed(probe(), user.auth);
      const others = await staffWith(all.map((p) => p.permission).filter((p) => p !== permission));
      await expectRefused(probe(), others.user.auth);
    });

    it('is refused once the role loses the permission, the user loses the role, or the role is deleted', async () => {
      const a = await staffWith([permission, 'catalog:read']);
      await t.http().put(`/api/roles/${a.role.id}`).set(admin.auth).send({ role: { permissions: ['catalog:read'] } }).expect(200);
      await expectRefused(probe(), a.user.auth);
      const b = await staffWith([permission]);
      await assign(b.user, []).expect(200);
      await expectRefused(probe(), b.user.auth);
      const c = await staffWith([permission]);
      await t.http().delete(`/api/roles/${c.role.id}`).set(admin.auth).expect(204);
      await expectRefused(probe(), c.user.auth);
    });
  });

  it('a clerk who may capture and ship but not refund is refused the refund (401)', async () => {
    const { user } = await staffWith(['orders:read', 'payments:write', 'shipments:write']);
    const refund = all.find((p) => p.permission === 'payments:refund')!;
    const res = await send(t, { ...refund, path: refund.path.replace(/credit$/, 'void') }, user.auth);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it('staff grant no rights: roles, API keys and admins\' accounts stay with full admins', async () => {
    const { user } = await staffWith(all.map((p) => p.permission));
    const other = await createUser(t.db);
    await t.http().get('/api/roles').set(user.auth).expect(401);
    await t.http().post('/api/roles').set(user.auth).send({ role: { name: 'mine', permissions: ['users:write'] } }).expect(401);
    await t.http().put(`/api/users/${user.id}/roles`).set(user.auth).send({ user: { role_ids: [] } }).expect(404);
    await t.http().post(`/api/users/${other.id}/api_keys`).set(user.auth).send({ api_key: { name: 'k', scopes: ['orders:read'] } }).expect(404);
    await t.http().put(`/api/users/${other.id}/generate_api_key`).set(user.auth).expect(404);
    // An admin's, or another staff member's, e-mail or password: taking it over would take its rights.
    const res = await t.http().put(`/api/users/${admin.id}`).set(user.auth).send({ user: { email: 'mine@example.com' } }).expect(404);
    expect(res.body).toEqual(NOT_FOUND);
    const colleague = await staffWith(['orders:read']);
    await t.http().put(`/api/users/${colleague.user.id}`).set(user.auth).send({ user: { password: 'takeover1', password_confirmation: 'takeover1' } }).expect(404);
    // A customer's account is what users:write is for.
    await t.http().put(`/api/users/${other.id}`).set(user.auth).send({ user: { email: `renamed-${other.id}@example.com` } }).expect(200);
  });
});
