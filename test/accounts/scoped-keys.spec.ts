import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { buildProbeWorld, passed, Probe, ProbeWorld, probes, send } from '../support/staff';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

const INVALID_KEY = { error: 'Invalid API key specified.' };

/*
 * Scoped API keys (issue 29): an admin makes a key with a name, scopes drawn
 * from the permissions and an optional expiry; it runs only operations whose
 * permission is among its scopes (401 outside them), as far as its user may;
 * it is listed without the key itself and revoked at once.
 */
describe('scoped API keys', () => {
  let t: TestApp;
  let admin: TestUser;
  let world: ProbeWorld;
  let all: Probe[];
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    world = await buildProbeWorld(t, admin, await createUser(t.db));
    all = probes(world);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  const createKey = (userId: number, body: Record<string, unknown>, auth = admin.auth) => t.http().post(`/api/users/${userId}/api_keys`).set(auth).send({ api_key: body });
  const keyFor = async (userId: number, scopes: string[], extra: Record<string, unknown> = {}) => {
    const res = await createKey(userId, { name: `key of ${scopes.length} scopes`, scopes, ...extra }).expect(201);
    return { id: res.body.id as number, auth: { Authorization: `Bearer ${res.body.api_key}` } };
  };

  it('is made for a user, shown once, listed with name, scopes, created, last use and expiry, never the key', async () => {
    const user = await createUser(t.db);
    const expires = new Date(Date.now() + 3600_000).toISOString();
    const res = await createKey(user.id, { name: 'warehouse', scopes: ['orders:read', 'catalog:read'], expires_at: expires }).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), api_key: expect.stringMatching(/^[0-9a-f]{40}$/), name: 'warehouse', scopes: ['catalog:read', 'orders:read'], created_at: expect.any(String), last_used_at: null, expires_at: expires });
    expect(shapeProblems(doc, responseSchema(doc, '/api/users/{id}/api_keys', 'post', 201), res.body)).toEqual([]);
    const [row] = await t.db.query('SELECT digest FROM api_keys WHERE id = $1', [res.body.id]);
    expect(row.digest).not.toContain(res.body.api_key);
    await t.http().get('/api/products').set({ Authorization: `Bearer ${res.body.api_key}` }).expect(200);
    const list = await t.http().get(`/api/users/${user.id}/api_keys`).set(admin.auth).expect(200);
    expect(shapeProblems(doc, responseSchema(doc, '/api/users/{id}/api_keys', 'get', 200), list.body)).toEqual([]);
    const listed = list.body.api_keys.find((k: { id: number }) => k.id === res.body.id);
    expect(listed).toEqual({ id: res.body.id, name: 'warehouse', scopes: ['catalog:read', 'orders:read'], created_at: expect.any(String), last_used_at: expect.any(String), expires_at: expires });
    expect(JSON.stringify(list.body)).not.toContain(res.body.api_key);
    // The user's sign-in key is listed too: no name, no scopes.
    expect(list.body.api_keys.some((k: { name: string | null; scopes: unknown }) => k.name === null && k.scopes === null)).toBe(true);
  });

  it('refuses bad keys with 422: no name, no scopes, unknown scopes, an expiry past', async () => {
    const user = await createUser(t.db);
    const res = await createKey(user.id, { name: 'x', scopes: [] }).expect(422);
    expect(res.body).toEqual({ error: INVALID, errors: { scopes: ["can't be blank"] } });
    const unnamed = await createKey(user.id, { scopes: ['orders:read'] }).expect(422);
    expect(unnamed.body.errors).toEqual({ name: ["can't be blank"] });
    const unknown = await createKey(user.id, { name: 'x', scopes: ['orders:read', 'orders:fly'] }).expect(422);
    expect(unknown.body.errors).toEqual({ scopes: ['has unknown permissions: orders:fly'] });
    const past = await createKey(user.id, { name: 'x', scopes: ['orders:read'], expires_at: '2001-01-01T00:00:00Z' }).expect(422);
    expect(past.body.errors).toEqual({ expires_at: ['must be in the future'] });
    await createKey(2147483000, { name: 'x', scopes: ['orders:read'] }).expect(404);
  });

  it('only full admins make, list and revoke keys (404 for others, a scoped admin key included)', async () => {
    const user = await createUser(t.db);
    const res = await createKey(admin.id, { name: 'x', scopes: ['orders:read'] }, user.auth).expect(404);
    expect(res.body).toEqual(NOT_FOUND);
    await t.http().get(`/api/users/${user.id}/api_keys`).set(user.auth).expect(404);
    const scopedAdmin = await keyFor(admin.id, ['users:read', 'users:write']);
    await createKey(user.id, { name: 'x', scopes: ['orders:read'] }, scopedAdmin.auth).expect(404);
  });

  describe.each(['orders:read', 'orders:write', 'payments:write', 'payments:refund', 'shipments:write', 'returns:read', 'returns:write', 'catalog:write', 'stock:read', 'stock:write', 'promotions:read', 'promotions:write', 'settings:read', 'settings:write', 'users:read', 'users:write', 'webhooks:read', 'webhooks:write'])('%s', (permission) => {
    const probe = () => all.find((p) => p.permission === permission)!;

    it("an admin's key scoped to it runs it; one scoped to everything else gets 401", async () => {
      const key = await keyFor(admin.id, [permission]);
      const res = await send(t, probe(), key.auth);
      expect({ status: res.status, passed: passed(res) }).toEqual({ status: res.status, passed: true });
      const others = await keyFor(admin.id, all.map((p) => p.permission).filter((p) => p !== permission));
      const refused = await send(t, probe(), others.auth);
      expect({ status: refused.status, body: refused.body }).toEqual({ status: 401, body: UNAUTHORIZED });
    });

    it('is refused once the key is revoked or past its expiry', async () => {
      const revoked = await keyFor(admin.id, [permission]);
      await t.http().delete(`/api/users/${admin.id}/api_keys/${revoked.id}`).set(admin.auth).expect(204);
      const res = await send(t, probe(), revoked.auth);
      expect({ status: res.status, body: res.body }).toEqual({ status: 401, body: INVALID_KEY });
      const expiring = await keyFor(admin.id, [permission], { expires_at: new Date(Date.now() + 3600_000).toISOString() });
      await t.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiring.id]);
      const expired = await send(t, probe(), expiring.auth);
      expect({ status: expired.status, body: expired.body }).toEqual({ status: 401, body: INVALID_KEY });
    });
  });

  it('a scope opens nothing its user may not do: a customer key scoped orders:read reads its own order, not the back-office list', async () => {
    const key = await keyFor(world.customer.id, ['orders:read']);
    await t.http().get(`/api/orders/${world.order}`).set(key.auth).expect(200);
    await t.http().get('/api/orders').set(key.auth).expect(401);
    // Outside its scopes: changing the cart, the catalog, signing out.
    await t.http().put(`/api/orders/${world.order}`).set(key.auth).send({ order: {} }).expect(401);
    await t.http().get('/api/products').set(key.auth).expect(401);
    await t.http().delete('/api/sessions').set(key.auth).expect(401);
  });

  it("a read-only catalog key reads the catalog and nothing else; a staff member's key adds its role's rights within its scopes", async () => {
    const catalog = await keyFor(admin.id, ['catalog:read']);
    await t.http().get('/api/products').set(catalog.auth).expect(200);
    await t.http().post('/api/products').set(catalog.auth).send({ product: { name: 'x' } }).expect(401);
    const staff = await createUser(t.db);
    const role = (await t.http().post('/api/roles').set(admin.auth).send({ role: { name: 'order desk', permissions: ['orders:read', 'orders:write'] } }).expect(201)).body;
    await t.http().put(`/api/users/${staff.id}/roles`).set(admin.auth).send({ user: { role_ids: [role.id] } }).expect(200);
    const readOnly = await keyFor(staff.id, ['orders:read']);
    await t.http().get('/api/orders').set(readOnly.auth).expect(200);
    await t.http().put(`/api/orders/${world.cart}`).set(readOnly.auth).send({ order: {} }).expect(401);
  });

  it('a key without scopes keeps its behaviour: a user\'s key as before, an admin\'s everywhere', async () => {
    for (const probe of all) {
      const res = await send(t, probe, admin.auth);
      expect({ permission: probe.permission, passed: passed(res) }).toEqual({ permission: probe.permission, passed: true });
    }
    await t.http().get(`/api/orders/${world.order}`).set(world.customer.auth).expect(200);
  });

  it('documents the permission of each operation (x-permission) and the new routes', () => {
    const paths = doc.paths as Record<string, Record<string, { 'x-permission'?: string; description?: string }>>;
    expect(paths['/api/orders'].get['x-permission']).toBe('orders:read');
    expect(paths['/api/orders/{number}/payments/{id}/void'].put['x-permission']).toBe('payments:refund');
    expect(paths['/api/orders/{number}/payments/{id}/void'].put.description).toContain('Permission: `payments:refund`');
    expect(paths['/api/sessions'].post['x-permission']).toBeUndefined();
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/api/roles', '/api/roles/{id}', '/api/users/{id}/roles', '/api/users/{id}/api_keys', '/api/users/{id}/api_keys/{key_id}']));
  });
});
