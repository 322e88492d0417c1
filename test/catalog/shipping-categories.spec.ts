import { createProduct } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// No Spree 2.2 API spec exists for shipping categories (contract section 6 adds
// the endpoint): CRUD, validation, authorization and bad input.
describe('shipping categories', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let defaultId: number;

  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };
  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM shipping_categories`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    [{ id: defaultId }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
  });
  afterAll(() => t.close());

  it('lists shipping categories for admins, with the list fields', async () => {
    const res = await t.http().get('/api/shipping_categories').set(admin.auth).expect(200);
    expect(res.body).toEqual({ shipping_categories: [{ id: defaultId, name: 'Default' }], count: 1, total_count: 1, current_page: 1, per_page: 25, pages: 1 });
  });

  it('searches and paginates', async () => {
    await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Searchable One'), ('Searchable Two')`);
    const res = await t.http().get('/api/shipping_categories?q[name_cont]=searchable&q[s]=name desc&per_page=1').set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ count: 1, total_count: 2, pages: 2 });
    expect(res.body.shipping_categories[0].name).toBe('Searchable Two');
  });

  it('shows a shipping category', async () => {
    const res = await t.http().get(`/api/shipping_categories/${defaultId}.json`).set(admin.auth).expect(200);
    expect(res.body).toEqual({ id: defaultId, name: 'Default' });
  });

  it('creates a shipping category from JSON or a form', async () => {
    const res = await t.http().post('/api/shipping_categories').set(admin.auth).send({ shipping_category: { name: 'Oversized' } }).expect(201);
    expect(res.body).toEqual({ id: expect.any(Number), name: 'Oversized' });
    const form = await t.http().post('/api/shipping_categories').set(admin.auth).type('form').send('shipping_category[name]=Fragile').expect(201);
    expect(form.body.name).toBe('Fragile');
    await t.http().get(`/api/shipping_categories/${res.body.id}`).set(admin.auth).expect(200, res.body);
  });

  it('updates a shipping category', async () => {
    const [{ id }] = await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Old name') RETURNING id`);
    const res = await t.http().put(`/api/shipping_categories/${id}`).set(admin.auth).send({ shipping_category: { name: 'New name' } }).expect(200);
    expect(res.body).toEqual({ id, name: 'New name' });
    // an update without parameters changes nothing
    await t.http().put(`/api/shipping_categories/${id}`).set(admin.auth).send({}).expect(200, { id, name: 'New name' });
  });

  it('deletes a shipping category; shipping methods lose it', async () => {
    const [{ id }] = await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Doomed') RETURNING id`);
    const [{ id: methodId }] = await t.db.query(`SELECT id FROM shipping_methods WHERE name = 'UPS Ground'`);
    await t.db.query(`INSERT INTO shipping_method_categories VALUES ($1, $2)`, [methodId, id]);
    await t.http().delete(`/api/shipping_categories/${id}`).set(admin.auth).expect(204);
    await t.http().get(`/api/shipping_categories/${id}`).set(admin.auth).expect(404, notFound);
    expect(await t.db.query(`SELECT 1 FROM shipping_method_categories WHERE shipping_category_id = $1`, [id])).toHaveLength(0);
    await t.http().delete(`/api/shipping_categories/${id}`).set(admin.auth).expect(404, notFound);
  });

  it('refuses to delete a category that products use', async () => {
    await createProduct(t.db);
    const res = await t.http().delete(`/api/shipping_categories/${defaultId}`).set(admin.auth).expect(422);
    expect(res.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { base: ['Cannot delete record because dependent products exist'] } });
    await t.http().get(`/api/shipping_categories/${defaultId}`).set(admin.auth).expect(200);
  });

  it('requires a present, unique name and writes nothing on failure', async () => {
    const before = await count();
    const blank = await t.http().post('/api/shipping_categories').set(admin.auth).send({ shipping_category: { name: ' ' } }).expect(422);
    expect(blank.body.errors).toEqual({ name: ["can't be blank"] });
    const missing = await t.http().post('/api/shipping_categories').set(admin.auth).send({}).expect(422);
    expect(missing.body.errors).toEqual({ name: ["can't be blank"] });
    const taken = await t.http().post('/api/shipping_categories').set(admin.auth).send({ shipping_category: { name: 'Default' } }).expect(422);
    expect(taken.body.errors).toEqual({ name: ['has already been taken'] });
    const [{ id }] = await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Unique one') RETURNING id`);
    const renamed = await t.http().put(`/api/shipping_categories/${id}`).set(admin.auth).send({ shipping_category: { name: 'Default' } }).expect(422);
    expect(renamed.body.errors).toEqual({ name: ['has already been taken'] });
    // renaming to its own name is fine
    await t.http().put(`/api/shipping_categories/${id}`).set(admin.auth).send({ shipping_category: { name: 'Unique one' } }).expect(200);
    expect(await count()).toBe(before + 1);
  });

  it('answers 422 naming the field for unreadable values and 400 for a malformed group', async () => {
    const res = await t.http().post('/api/shipping_categories').set(admin.auth).send({ shipping_category: { name: ['a', 'b'] } }).expect(422);
    expect(res.body.errors).toEqual({ name: ['is invalid'] });
    const long = await t.http().post('/api/shipping_categories').set(admin.auth).send({ shipping_category: { name: 'x'.repeat(256) } }).expect(422);
    expect(Object.keys(long.body.errors)).toEqual(['name']);
    await t.http().post('/api/shipping_categories').set(admin.auth).send({ shipping_category: 'x' }).expect(400);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await t.http().get('/api/shipping_categories/99999999').set(admin.auth).expect(404, notFound);
    await t.http().get('/api/shipping_categories/abc').set(admin.auth).expect(404, notFound);
    await t.http().put('/api/shipping_categories/99999999').set(admin.auth).send({ shipping_category: { name: 'x' } }).expect(404, notFound);
  });

  it('refuses non-admins: 401 for index and create, 404 for show, update and delete', async () => {
    const before = await count();
    for (const auth of [user.auth, {}]) {
      await t.http().get('/api/shipping_categories').set(auth).expect(401, unauthorized);
      await t.http().post('/api/shipping_categories').set(auth).send({ shipping_category: { name: 'Sneaky' } }).expect(401, unauthorized);
      await t.http().get(`/api/shipping_categories/${defaultId}`).set(auth).expect(404, notFound);
      await t.http().put(`/api/shipping_categories/${defaultId}`).set(auth).send({ shipping_category: { name: 'Sneaky' } }).expect(404, notFound);
      await t.http().delete(`/api/shipping_categories/${defaultId}`).set(auth).expect(404, notFound);
    }
    expect(await count()).toBe(before);
    expect((await t.db.query(`SELECT name FROM shipping_categories WHERE id = $1`, [defaultId]))[0].name).toBe('Default');
  });
});
