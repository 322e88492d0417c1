import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// No Spree 2.2 API spec exists for tax categories (contract section 6 adds the
// endpoint): CRUD, Spree's TaxCategory rules (name unique among live
// categories, one default), soft delete, authorization and bad input.
describe('tax categories', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let defaultId: number;

  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };
  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM tax_categories`))[0].n);
  const defaults = async () => (await t.db.query(`SELECT id FROM tax_categories WHERE is_default ORDER BY id`)).map((r: { id: number }) => r.id);
  const create = (body: unknown) => t.http().post('/api/tax_categories').set(admin.auth).send({ tax_category: body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    [{ id: defaultId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
  });
  afterAll(() => t.close());

  it('lists tax categories for admins', async () => {
    const res = await t.http().get('/api/tax_categories').set(admin.auth).expect(200);
    expect(res.body).toEqual({
      tax_categories: [{ id: defaultId, name: 'Default', description: 'Default tax category', is_default: true, tax_code: null }],
      count: 1,
      total_count: 1,
      current_page: 1,
      per_page: 25,
      pages: 1,
    });
  });

  it('shows a tax category', async () => {
    const res = await t.http().get(`/api/tax_categories/${defaultId}.json`).set(admin.auth).expect(200);
    expect(res.body).toEqual({ id: defaultId, name: 'Default', description: 'Default tax category', is_default: true, tax_code: null });
  });

  it('creates a tax category', async () => {
    const res = await create({ name: 'Clothing', description: 'Clothes and shoes', tax_code: 'PC040100' }).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Clothing', description: 'Clothes and shoes', is_default: false, tax_code: 'PC040100' });
    await t.http().get(`/api/tax_categories/${res.body.id}`).set(admin.auth).expect(200, res.body);
    const search = await t.http().get('/api/tax_categories?q[tax_code_eq]=PC040100').set(admin.auth).expect(200);
    expect(search.body.tax_categories.map((c: { id: number }) => c.id)).toEqual([res.body.id]);
  });

  it('keeps a single default: a new default unsets the old one', async () => {
    const res = await create({ name: 'Food', is_default: 'true' }).expect(201);
    expect(res.body.is_default).toBe(true);
    expect(await defaults()).toEqual([res.body.id]);
    // and back, through an update
    const back = await t.http().put(`/api/tax_categories/${defaultId}`).set(admin.auth).send({ tax_category: { is_default: true } }).expect(200);
    expect(back.body.is_default).toBe(true);
    expect(await defaults()).toEqual([defaultId]);
    const food = await t.http().get(`/api/tax_categories/${res.body.id}`).set(admin.auth).expect(200);
    expect(food.body.is_default).toBe(false);
  });

  it('updates a tax category', async () => {
    const { body: created } = await create({ name: 'Books', description: 'Printed' }).expect(201);
    const res = await t.http().put(`/api/tax_categories/${created.id}`).set(admin.auth).send({ tax_category: { name: 'E-books', description: null } }).expect(200);
    expect(res.body).toEqual({ ...created, name: 'E-books', description: null });
  });

  it('soft-deletes a tax category with its tax rates, and frees its name', async () => {
    const { body: created } = await create({ name: 'Doomed' }).expect(201);
    const [{ id: zoneId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    const [{ id: rateId }] = await t.db.query(`INSERT INTO tax_rates (amount, zone_id, tax_category_id) VALUES (0.1, $1, $2) RETURNING id`, [zoneId, created.id]);
    await t.http().delete(`/api/tax_categories/${created.id}`).set(admin.auth).expect(204);
    expect((await t.db.query(`SELECT deleted_at FROM tax_categories WHERE id = $1`, [created.id]))[0].deleted_at).not.toBeNull();
    expect((await t.db.query(`SELECT deleted_at FROM tax_rates WHERE id = $1`, [rateId]))[0].deleted_at).not.toBeNull();
    await t.http().get(`/api/tax_categories/${created.id}`).set(admin.auth).expect(404, notFound);
    await t.http().put(`/api/tax_categories/${created.id}`).set(admin.auth).send({ tax_category: { name: 'x' } }).expect(404, notFound);
    await t.http().delete(`/api/tax_categories/${created.id}`).set(admin.auth).expect(404, notFound);
    const list = await t.http().get('/api/tax_categories?per_page=100').set(admin.auth).expect(200);
    expect(list.body.tax_categories.map((c: { id: number }) => c.id)).not.toContain(created.id);
    // Spree: `uniqueness: { scope: :deleted_at }`
    await create({ name: 'Doomed' }).expect(201);
  });

  it('requires a present, unique name and writes nothing on failure', async () => {
    const before = await count();
    const missing = await create({ description: 'x' }).expect(422);
    expect(missing.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { name: ["can't be blank"] } });
    const taken = await create({ name: 'Default', is_default: true }).expect(422);
    expect(taken.body.errors).toEqual({ name: ['has already been taken'] });
    expect(await defaults()).toEqual([defaultId]);
    const { body: other } = await create({ name: 'Other' }).expect(201);
    const renamed = await t.http().put(`/api/tax_categories/${other.id}`).set(admin.auth).send({ tax_category: { name: 'Default', is_default: true } }).expect(422);
    expect(renamed.body.errors).toEqual({ name: ['has already been taken'] });
    expect(await defaults()).toEqual([defaultId]);
    expect(await count()).toBe(before + 1);
  });

  it('answers 422 naming the field for unreadable values and 400 for a malformed group', async () => {
    const res = await create({ name: 'X', is_default: 'perhaps', tax_code: { a: 1 } }).expect(422);
    expect(res.body.errors).toEqual({ is_default: ['is not a boolean'], tax_code: ['is invalid'] });
    await t.http().post('/api/tax_categories').set(admin.auth).send({ tax_category: 'x' }).expect(400);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await t.http().get('/api/tax_categories/99999999').set(admin.auth).expect(404, notFound);
    await t.http().get('/api/tax_categories/1.5').set(admin.auth).expect(404, notFound);
    await t.http().delete('/api/tax_categories/99999999').set(admin.auth).expect(404, notFound);
  });

  it('refuses non-admins: 401 for index and create, 404 for show, update and delete', async () => {
    const before = await count();
    for (const auth of [user.auth, {}]) {
      await t.http().get('/api/tax_categories').set(auth).expect(401, unauthorized);
      await t.http().post('/api/tax_categories').set(auth).send({ tax_category: { name: 'Sneaky' } }).expect(401, unauthorized);
      await t.http().get(`/api/tax_categories/${defaultId}`).set(auth).expect(404, notFound);
      await t.http().put(`/api/tax_categories/${defaultId}`).set(auth).send({ tax_category: { name: 'Sneaky' } }).expect(404, notFound);
      await t.http().delete(`/api/tax_categories/${defaultId}`).set(auth).expect(404, notFound);
    }
    expect(await count()).toBe(before);
    expect((await t.db.query(`SELECT name, deleted_at FROM tax_categories WHERE id = $1`, [defaultId]))[0]).toEqual({ name: 'Default', deleted_at: null });
  });
});
