import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// No Spree 2.2 API spec exists for shipping methods (contract section 6 adds
// the endpoint): CRUD, validation (Spree's ShippingMethod model rules),
// soft delete, authorization and bad input.
describe('shipping methods', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let groundId: number;
  let northAmericaId: number;
  let euId: number;
  let defaultCategoryId: number;
  let otherCategoryId: number;

  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };
  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM shipping_methods`))[0].n);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    [{ id: groundId }] = await t.db.query(`SELECT id FROM shipping_methods WHERE name = 'UPS Ground'`);
    [{ id: northAmericaId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    [{ id: euId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'EU_VAT'`);
    [{ id: defaultCategoryId }] = await t.db.query(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
    [{ id: otherCategoryId }] = await t.db.query(`INSERT INTO shipping_categories (name) VALUES ('Oversized') RETURNING id`);
  });
  afterAll(() => t.close());

  const create = (body: Record<string, unknown>) => t.http().post('/api/shipping_methods').set(admin.auth).send({ shipping_method: body });

  it('lists the reference shipping methods with zones, categories and calculator', async () => {
    const res = await t.http().get('/api/shipping_methods').set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ count: 3, total_count: 3, current_page: 1, per_page: 25, pages: 1 });
    expect(res.body.shipping_methods.map((m: { name: string }) => m.name)).toEqual(['UPS Ground', 'UPS Two Day', 'UPS One Day']);
    expect(res.body.shipping_methods[0]).toEqual({
      id: groundId,
      name: 'UPS Ground',
      admin_name: 'UPS Ground',
      code: null,
      display_on: 'both',
      tracking_url: null,
      tax_category_id: null,
      calculator: { type: 'flat_rate', preferences: { amount: '5.00', currency: 'USD' } },
      zones: [{ id: northAmericaId, name: 'North America', description: 'USA + Canada' }],
      shipping_categories: [{ id: defaultCategoryId, name: 'Default' }],
    });
  });

  it('searches and sorts', async () => {
    const res = await t.http().get('/api/shipping_methods?q[name_cont]=day&q[s]=calculator_amount desc').set(admin.auth).expect(200);
    expect(res.body.shipping_methods.map((m: { name: string }) => m.name)).toEqual(['UPS One Day', 'UPS Two Day']);
    const amount = await t.http().get('/api/shipping_methods?q[calculator_amount_lt]=6').set(admin.auth).expect(200);
    expect(amount.body.shipping_methods.map((m: { name: string }) => m.name)).toEqual(['UPS Ground']);
  });

  it('shows a shipping method', async () => {
    const res = await t.http().get(`/api/shipping_methods/${groundId}.json`).set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ id: groundId, name: 'UPS Ground', calculator: { type: 'flat_rate', preferences: { amount: '5.00' } } });
  });

  it('creates a shipping method', async () => {
    const [{ id: taxCategoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
    const res = await create({
      name: 'DHL Express',
      admin_name: 'DHL',
      code: 'DHL_EXP',
      display_on: 'front_end',
      tracking_url: 'https://dhl.example.com/:tracking',
      zone_ids: [northAmericaId, euId],
      shipping_category_ids: [defaultCategoryId, otherCategoryId],
      calculator_type: 'per_item',
      calculator_amount: '2.5',
      tax_category_id: taxCategoryId,
    }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'DHL Express',
      admin_name: 'DHL',
      code: 'DHL_EXP',
      display_on: 'front_end',
      tracking_url: 'https://dhl.example.com/:tracking',
      tax_category_id: taxCategoryId,
      calculator: { type: 'per_item', preferences: { amount: '2.50', currency: 'USD' } },
      zones: [
        { id: northAmericaId, name: 'North America', description: 'USA + Canada' },
        { id: euId, name: 'EU_VAT', description: expect.any(String) },
      ].sort((a, b) => a.id - b.id),
      shipping_categories: [
        { id: defaultCategoryId, name: 'Default' },
        { id: otherCategoryId, name: 'Oversized' },
      ],
    });
    await t.http().get(`/api/shipping_methods/${res.body.id}`).set(admin.auth).expect(200, res.body);
  });

  it('creates with defaults from a form body (flat rate 0, no zones)', async () => {
    const res = await t
      .http()
      .post('/api/shipping_methods')
      .set(admin.auth)
      .type('form')
      .send(`shipping_method[name]=Pickup&shipping_method[shipping_category_ids][]=${defaultCategoryId}`)
      .expect(201);
    expect(res.body).toMatchObject({ name: 'Pickup', display_on: null, zones: [], calculator: { type: 'flat_rate', preferences: { amount: '0.00', currency: 'USD' } } });
    expect(res.body.shipping_categories).toEqual([{ id: defaultCategoryId, name: 'Default' }]);
  });

  it('updates a shipping method, replacing zones and categories only when sent', async () => {
    const { body: created } = await create({ name: 'To update', shipping_category_ids: [defaultCategoryId], zone_ids: [northAmericaId] }).expect(201);
    const res = await t
      .http()
      .put(`/api/shipping_methods/${created.id}`)
      .set(admin.auth)
      .send({ shipping_method: { name: 'Updated', calculator_type: 'flat_percent_item_total', calculator_amount: 10, shipping_category_ids: [otherCategoryId] } })
      .expect(200);
    expect(res.body).toMatchObject({
      name: 'Updated',
      calculator: { type: 'flat_percent_item_total', preferences: { amount: '10.00' } },
      zones: [{ id: northAmericaId, name: 'North America', description: 'USA + Canada' }],
      shipping_categories: [{ id: otherCategoryId, name: 'Oversized' }],
    });
    const cleared = await t.http().put(`/api/shipping_methods/${created.id}`).set(admin.auth).send({ shipping_method: { zone_ids: [], display_on: 'back_end' } }).expect(200);
    expect(cleared.body).toMatchObject({ zones: [], display_on: 'back_end', shipping_categories: [{ id: otherCategoryId, name: 'Oversized' }] });
  });

  it('soft-deletes a shipping method: gone from the API, row kept', async () => {
    const { body: created } = await create({ name: 'Doomed', shipping_category_ids: [defaultCategoryId] }).expect(201);
    await t.http().delete(`/api/shipping_methods/${created.id}`).set(admin.auth).expect(204);
    const [row] = await t.db.query(`SELECT deleted_at FROM shipping_methods WHERE id = $1`, [created.id]);
    expect(row.deleted_at).not.toBeNull();
    await t.http().get(`/api/shipping_methods/${created.id}`).set(admin.auth).expect(404, notFound);
    await t.http().put(`/api/shipping_methods/${created.id}`).set(admin.auth).send({ shipping_method: { name: 'Back' } }).expect(404, notFound);
    await t.http().delete(`/api/shipping_methods/${created.id}`).set(admin.auth).expect(404, notFound);
    const list = await t.http().get('/api/shipping_methods?per_page=100').set(admin.auth).expect(200);
    expect(list.body.shipping_methods.map((m: { id: number }) => m.id)).not.toContain(created.id);
  });

  it('requires a name and at least one shipping category (Spree model rules)', async () => {
    const before = await count();
    const missing = await create({}).expect(422);
    expect(missing.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { name: ["can't be blank"] } });
    const noCategory = await create({ name: 'No category' }).expect(422);
    expect(noCategory.body.errors).toEqual({ base: ['You need to select at least one shipping category'] });
    const emptyCategories = await t.http().put(`/api/shipping_methods/${groundId}`).set(admin.auth).send({ shipping_method: { shipping_category_ids: [] } }).expect(422);
    expect(emptyCategories.body.errors).toEqual({ base: ['You need to select at least one shipping category'] });
    const blankName = await t.http().put(`/api/shipping_methods/${groundId}`).set(admin.auth).send({ shipping_method: { name: '' } }).expect(422);
    expect(blankName.body.errors).toEqual({ name: ["can't be blank"] });
    expect(await count()).toBe(before);
  });

  it('rejects unknown zones, categories, tax categories and calculator values, writing nothing', async () => {
    const before = await count();
    const res = await create({
      name: 'Bad',
      zone_ids: [99999999],
      shipping_category_ids: [defaultCategoryId, 99999999],
      calculator_type: 'free_lunch',
      display_on: 'everywhere',
      tax_category_id: 99999999,
    }).expect(422);
    expect(res.body.errors).toEqual({
      zone_ids: ['is invalid'],
      shipping_category_ids: ['is invalid'],
      calculator_type: ['is not included in the list'],
      display_on: ['is not included in the list'],
      tax_category_id: ['is invalid'],
    });
    const negative = await create({ name: 'Bad', shipping_category_ids: [defaultCategoryId], calculator_amount: '-1' }).expect(422);
    expect(negative.body.errors).toEqual({ calculator_amount: ['must be greater than or equal to 0'] });
    const huge = await create({ name: 'Bad', shipping_category_ids: [defaultCategoryId], calculator_amount: '123456789' }).expect(422);
    expect(huge.body.errors).toEqual({ calculator_amount: ['must be less than 100000000'] });
    // a failed update leaves the method alone
    await t
      .http()
      .put(`/api/shipping_methods/${groundId}`)
      .set(admin.auth)
      .send({ shipping_method: { name: 'Renamed', zone_ids: [99999999] } })
      .expect(422);
    const ground = await t.http().get(`/api/shipping_methods/${groundId}`).set(admin.auth).expect(200);
    expect(ground.body).toMatchObject({ name: 'UPS Ground', zones: [{ id: northAmericaId }] });
    expect(await count()).toBe(before);
  });

  it('answers 422 naming the field for unreadable values and 400 for a malformed group', async () => {
    const res = await create({ name: 'Bad', shipping_category_ids: 'one,two', calculator_amount: 'lots', zone_ids: { a: 1 } }).expect(422);
    expect(res.body.errors).toEqual({ shipping_category_ids: ['is invalid'], calculator_amount: ['is not a number'], zone_ids: ['is invalid'] });
    const money = await create({ name: 'Bad', shipping_category_ids: [defaultCategoryId], calculator_amount: { value: 1 } }).expect(422);
    expect(Object.keys(money.body.errors)).toEqual(['calculator_amount']);
    await t.http().post('/api/shipping_methods').set(admin.auth).send({ shipping_method: ['x'] }).expect(400);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await t.http().get('/api/shipping_methods/99999999').set(admin.auth).expect(404, notFound);
    await t.http().get('/api/shipping_methods/abc').set(admin.auth).expect(404, notFound);
    await t.http().delete('/api/shipping_methods/99999999').set(admin.auth).expect(404, notFound);
  });

  it('refuses non-admins: 401 for index and create, 404 for show, update and delete', async () => {
    const before = await count();
    for (const auth of [user.auth, {}]) {
      await t.http().get('/api/shipping_methods').set(auth).expect(401, unauthorized);
      await t.http().post('/api/shipping_methods').set(auth).send({ shipping_method: { name: 'Sneaky', shipping_category_ids: [defaultCategoryId] } }).expect(401, unauthorized);
      await t.http().get(`/api/shipping_methods/${groundId}`).set(auth).expect(404, notFound);
      await t.http().put(`/api/shipping_methods/${groundId}`).set(auth).send({ shipping_method: { name: 'Sneaky' } }).expect(404, notFound);
      await t.http().delete(`/api/shipping_methods/${groundId}`).set(auth).expect(404, notFound);
    }
    expect(await count()).toBe(before);
    const [row] = await t.db.query(`SELECT name, deleted_at FROM shipping_methods WHERE id = $1`, [groundId]);
    expect(row).toEqual({ name: 'UPS Ground', deleted_at: null });
  });
});
