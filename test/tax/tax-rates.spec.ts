import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// No Spree 2.2 API spec exists for tax rates (contract section 6 adds the
// endpoint): CRUD, Spree's TaxRate rules (amount present and numeric, a tax
// category), soft delete, authorization and bad input.
describe('tax rates', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let zoneId: number;
  let euId: number;
  let categoryId: number;
  let rateId: number;

  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };
  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM tax_rates`))[0].n);
  const create = (body: unknown) => t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    [{ id: zoneId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    [{ id: euId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'EU_VAT'`);
    [{ id: categoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
    [{ id: rateId }] = await t.db.query(`INSERT INTO tax_rates (name, amount, zone_id, tax_category_id) VALUES ('Sales tax', 0.05, $1, $2) RETURNING id`, [zoneId, categoryId]);
  });
  afterAll(() => t.close());

  const salesTax = () => ({
    id: rateId,
    name: 'Sales tax',
    amount: '0.05',
    zone_id: zoneId,
    tax_category_id: categoryId,
    included_in_price: false,
    show_rate_in_label: true,
    zone: { id: zoneId, name: 'North America' },
    tax_category: { id: categoryId, name: 'Default' },
  });

  it('lists tax rates for admins, with zone and tax category', async () => {
    const res = await t.http().get('/api/tax_rates').set(admin.auth).expect(200);
    expect(res.body).toEqual({ tax_rates: [salesTax()], count: 1, total_count: 1, current_page: 1, per_page: 25, pages: 1 });
  });

  it('shows a tax rate', async () => {
    await t.http().get(`/api/tax_rates/${rateId}.json`).set(admin.auth).expect(200, salesTax());
  });

  it('creates a tax rate', async () => {
    const res = await create({ name: 'VAT', amount: '0.2', zone_id: euId, tax_category_id: categoryId, included_in_price: true, show_rate_in_label: 'false' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'VAT',
      amount: '0.2',
      zone_id: euId,
      tax_category_id: categoryId,
      included_in_price: true,
      show_rate_in_label: false,
      zone: { id: euId, name: 'EU_VAT' },
      tax_category: { id: categoryId, name: 'Default' },
    });
    await t.http().get(`/api/tax_rates/${res.body.id}`).set(admin.auth).expect(200, res.body);
    const search = await t.http().get('/api/tax_rates?q[zone_name_eq]=EU_VAT').set(admin.auth).expect(200);
    expect(search.body.tax_rates.map((r: { id: number }) => r.id)).toEqual([res.body.id]);
  });

  it('renders amounts as decimal strings ("0.075", "1.0") from numbers or a form', async () => {
    const precise = await create({ amount: 0.075, zone_id: zoneId, tax_category_id: categoryId }).expect(201);
    expect(precise.body).toMatchObject({ amount: '0.075', name: null, included_in_price: false, show_rate_in_label: true });
    const form = await t.http().post('/api/tax_rates').set(admin.auth).type('form').send(`tax_rate[amount]=1&tax_rate[zone_id]=${zoneId}&tax_rate[tax_category_id]=${categoryId}`).expect(201);
    expect(form.body.amount).toBe('1.0');
  });

  it('updates a tax rate, moving it to another zone and category', async () => {
    const { body: created } = await create({ name: 'To update', amount: '0.1', zone_id: zoneId, tax_category_id: categoryId }).expect(201);
    const [{ id: otherCategoryId }] = await t.db.query(`INSERT INTO tax_categories (name) VALUES ('Food') RETURNING id`);
    const res = await t
      .http()
      .put(`/api/tax_rates/${created.id}`)
      .set(admin.auth)
      .send({ tax_rate: { amount: '0.07', zone_id: euId, tax_category_id: otherCategoryId, name: '' } })
      .expect(200);
    expect(res.body).toMatchObject({
      name: null,
      amount: '0.07',
      zone_id: euId,
      tax_category_id: otherCategoryId,
      zone: { id: euId, name: 'EU_VAT' },
      tax_category: { id: otherCategoryId, name: 'Food' },
    });
    const [row] = await t.db.query(`SELECT zone_id, tax_category_id FROM tax_rates WHERE id = $1`, [created.id]);
    expect(row).toEqual({ zone_id: euId, tax_category_id: otherCategoryId });
  });

  it('soft-deletes a tax rate: gone from the API, row kept', async () => {
    const { body: created } = await create({ amount: '0.01', zone_id: zoneId, tax_category_id: categoryId }).expect(201);
    await t.http().delete(`/api/tax_rates/${created.id}`).set(admin.auth).expect(204);
    expect((await t.db.query(`SELECT deleted_at FROM tax_rates WHERE id = $1`, [created.id]))[0].deleted_at).not.toBeNull();
    await t.http().get(`/api/tax_rates/${created.id}`).set(admin.auth).expect(404, notFound);
    await t.http().put(`/api/tax_rates/${created.id}`).set(admin.auth).send({ tax_rate: { amount: '0.02' } }).expect(404, notFound);
    await t.http().delete(`/api/tax_rates/${created.id}`).set(admin.auth).expect(404, notFound);
    const list = await t.http().get('/api/tax_rates?per_page=100').set(admin.auth).expect(200);
    expect(list.body.tax_rates.map((r: { id: number }) => r.id)).not.toContain(created.id);
  });

  it('requires amount, zone and tax category, writing nothing on failure', async () => {
    const before = await count();
    const missing = await create({ name: 'Nothing' }).expect(422);
    expect(missing.body).toEqual({
      error: 'Invalid resource. Please fix errors and try again.',
      errors: { amount: ["can't be blank"], zone_id: ["can't be blank"], tax_category_id: ["can't be blank"] },
    });
    const unknown = await create({ amount: '0.1', zone_id: 99999999, tax_category_id: 99999999 }).expect(422);
    expect(unknown.body.errors).toEqual({ zone_id: ['is invalid'], tax_category_id: ['is invalid'] });
    const negative = await create({ amount: '-0.1', zone_id: zoneId, tax_category_id: categoryId }).expect(422);
    expect(negative.body.errors).toEqual({ amount: ['must be greater than or equal to 0'] });
    const huge = await create({ amount: '1000', zone_id: zoneId, tax_category_id: categoryId }).expect(422);
    expect(huge.body.errors).toEqual({ amount: ['must be less than 1000'] });
    const [{ id: deletedCategoryId }] = await t.db.query(`INSERT INTO tax_categories (name, deleted_at) VALUES ('Gone', now()) RETURNING id`);
    const deleted = await create({ amount: '0.1', zone_id: zoneId, tax_category_id: deletedCategoryId }).expect(422);
    expect(deleted.body.errors).toEqual({ tax_category_id: ['is invalid'] });
    // a failed update leaves the rate alone
    const blank = await t.http().put(`/api/tax_rates/${rateId}`).set(admin.auth).send({ tax_rate: { name: 'Changed', amount: '', zone_id: 99999999 } }).expect(422);
    expect(blank.body.errors).toEqual({ amount: ["can't be blank"], zone_id: ['is invalid'] });
    await t.http().get(`/api/tax_rates/${rateId}`).set(admin.auth).expect(200, salesTax());
    expect(await count()).toBe(before);
  });

  it('answers 422 naming the field for unreadable values and 400 for a malformed group', async () => {
    const res = await create({ amount: 'five percent', zone_id: 'north', tax_category_id: categoryId, included_in_price: 'sometimes' }).expect(422);
    expect(res.body.errors).toEqual({ amount: ['is not a number'], zone_id: ['is not a number'], included_in_price: ['is not a boolean'] });
    const objectAmount = await create({ amount: { value: '0.1' }, zone_id: zoneId, tax_category_id: categoryId }).expect(422);
    expect(Object.keys(objectAmount.body.errors)).toEqual(['amount']);
    await t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: [1] }).expect(400);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await t.http().get('/api/tax_rates/99999999').set(admin.auth).expect(404, notFound);
    await t.http().get('/api/tax_rates/abc').set(admin.auth).expect(404, notFound);
    await t.http().put('/api/tax_rates/99999999').set(admin.auth).send({ tax_rate: { amount: '0.1' } }).expect(404, notFound);
  });

  it('refuses non-admins: 401 for index and create, 404 for show, update and delete', async () => {
    const before = await count();
    for (const auth of [user.auth, {}]) {
      await t.http().get('/api/tax_rates').set(auth).expect(401, unauthorized);
      await t.http().post('/api/tax_rates').set(auth).send({ tax_rate: { amount: '0.1', zone_id: zoneId, tax_category_id: categoryId } }).expect(401, unauthorized);
      await t.http().get(`/api/tax_rates/${rateId}`).set(auth).expect(404, notFound);
      await t.http().put(`/api/tax_rates/${rateId}`).set(auth).send({ tax_rate: { amount: '0.9' } }).expect(404, notFound);
      await t.http().delete(`/api/tax_rates/${rateId}`).set(auth).expect(404, notFound);
    }
    expect(await count()).toBe(before);
    await t.http().get(`/api/tax_rates/${rateId}`).set(admin.auth).expect(200, salesTax());
  });
});
