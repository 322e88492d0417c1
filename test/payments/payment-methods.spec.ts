import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { placedOrder } from '../support/orders';

// No Spree 2.2 API spec exists for payment methods (contract section 6 adds the
// endpoint): CRUD, validation, soft delete, authorization, bad input, and that
// preferences (gateway credentials) never leave the server.
describe('payment methods', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let cardId: number;
  let checkId: number;

  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };
  const attributes = ['active', 'auto_capture', 'description', 'display_on', 'environment', 'id', 'name', 'publishable_key', 'settings_set', 'type'];
  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM payment_methods`))[0].n);
  const create = (body: unknown) => t.http().post('/api/payment_methods').set(admin.auth).send({ payment_method: body });

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    [{ id: cardId }] = await t.db.query(`SELECT id FROM payment_methods WHERE name = 'Credit Card'`);
    [{ id: checkId }] = await t.db.query(`SELECT id FROM payment_methods WHERE name = 'Check'`);
    await t.db.query(`UPDATE payment_methods SET preferences = '{"login":"merchant","password":"s3cr3t-value"}' WHERE id = $1`, [cardId]);
  });
  afterAll(() => t.close());

  it('lists the reference payment methods without their preferences', async () => {
    const res = await t.http().get('/api/payment_methods').set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ count: 2, total_count: 2, current_page: 1, per_page: 25, pages: 1 });
    expect(res.body.payment_methods[0]).toEqual({
      id: cardId,
      name: 'Credit Card',
      description: expect.any(String),
      type: 'Spree::Gateway::Bogus',
      active: true,
      environment: 'development',
      display_on: 'both',
      auto_capture: null,
      publishable_key: null,
      settings_set: [],
    });
    expect(res.body.payment_methods[1]).toMatchObject({ id: checkId, name: 'Check', type: 'Spree::PaymentMethod::Check' });
    expect(JSON.stringify(res.body)).not.toContain('s3cr3t');
  });

  it('searches on allowed attributes only (never on preferences)', async () => {
    const res = await t.http().get('/api/payment_methods?q[type_eq]=Spree::PaymentMethod::Check').set(admin.auth).expect(200);
    expect(res.body.payment_methods.map((m: { id: number }) => m.id)).toEqual([checkId]);
    const secret = await t.http().get('/api/payment_methods?q[preferences_cont]=s3cr3t').set(admin.auth).expect(200);
    expect(secret.body.count).toBe(2);
  });

  it('shows a payment method without its preferences', async () => {
    const res = await t.http().get(`/api/payment_methods/${cardId}.json`).set(admin.auth).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(attributes);
    expect(JSON.stringify(res.body)).not.toContain('s3cr3t');
  });

  it('creates a payment method', async () => {
    const res = await create({ name: 'Cash on delivery', type: 'Spree::PaymentMethod::Check', description: 'Pay the driver', display_on: 'front_end', auto_capture: 'false', environment: 'production' }).expect(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Cash on delivery',
      description: 'Pay the driver',
      type: 'Spree::PaymentMethod::Check',
      active: true,
      environment: 'production',
      display_on: 'front_end',
      auto_capture: false,
      publishable_key: null,
      settings_set: [],
    });
    await t.http().get(`/api/payment_methods/${res.body.id}`).set(admin.auth).expect(200, res.body);
  });

  it('creates with defaults from a form body', async () => {
    const res = await t.http().post('/api/payment_methods').set(admin.auth).type('form').send('payment_method[name]=Test card&payment_method[type]=Spree::Gateway::Bogus&payment_method[active]=0').expect(201);
    expect(res.body).toMatchObject({ name: 'Test card', type: 'Spree::Gateway::Bogus', active: false, environment: 'development', display_on: null, description: null, auto_capture: null });
  });

  it('updates a payment method', async () => {
    const { body: created } = await create({ name: 'To update', type: 'Spree::PaymentMethod::Check' }).expect(201);
    const res = await t
      .http()
      .put(`/api/payment_methods/${created.id}`)
      .set(admin.auth)
      .send({ payment_method: { name: 'Updated', active: false, display_on: 'back_end', type: 'Spree::Gateway::Bogus', auto_capture: true } })
      .expect(200);
    expect(res.body).toEqual({ ...created, name: 'Updated', active: false, display_on: 'back_end', type: 'Spree::Gateway::Bogus', auto_capture: true });
    const cleared = await t.http().put(`/api/payment_methods/${created.id}`).set(admin.auth).send({ payment_method: { display_on: null, description: null } }).expect(200);
    expect(cleared.body).toMatchObject({ display_on: null, description: null, name: 'Updated' });
  });

  it('soft-deletes a payment method: gone from the API, row kept', async () => {
    const { body: created } = await create({ name: 'Doomed', type: 'Spree::PaymentMethod::Check' }).expect(201);
    await t.http().delete(`/api/payment_methods/${created.id}`).set(admin.auth).expect(204);
    const [row] = await t.db.query(`SELECT deleted_at FROM payment_methods WHERE id = $1`, [created.id]);
    expect(row.deleted_at).not.toBeNull();
    await t.http().get(`/api/payment_methods/${created.id}`).set(admin.auth).expect(404, notFound);
    await t.http().put(`/api/payment_methods/${created.id}`).set(admin.auth).send({ payment_method: { name: 'Back' } }).expect(404, notFound);
    await t.http().delete(`/api/payment_methods/${created.id}`).set(admin.auth).expect(404, notFound);
    const list = await t.http().get('/api/payment_methods?per_page=100').set(admin.auth).expect(200);
    expect(list.body.payment_methods.map((m: { id: number }) => m.id)).not.toContain(created.id);
  });

  it('validates name, type, environment and display_on, writing nothing', async () => {
    const before = await count();
    const missing = await create({}).expect(422);
    expect(missing.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { name: ["can't be blank"], type: ["can't be blank"] } });
    const bad = await create({ name: 'X', type: 'Spree::Gateway::AuthorizeNet', environment: 'staging', display_on: 'nowhere' }).expect(422);
    expect(bad.body.errors).toEqual({ type: ['is not included in the list'], environment: ['is not included in the list'], display_on: ['is not included in the list'] });
    const blank = await t.http().put(`/api/payment_methods/${checkId}`).set(admin.auth).send({ payment_method: { name: ' ', type: '', active: null } }).expect(422);
    expect(blank.body.errors).toEqual({ name: ["can't be blank"], type: ["can't be blank"], active: ["can't be blank"] });
    // a failed update leaves the method alone
    await t.http().put(`/api/payment_methods/${checkId}`).set(admin.auth).send({ payment_method: { name: 'Renamed', type: 'Nope' } }).expect(422);
    expect((await t.db.query(`SELECT name, type FROM payment_methods WHERE id = $1`, [checkId]))[0]).toEqual({ name: 'Check', type: 'Spree::PaymentMethod::Check' });
    expect(await count()).toBe(before);
  });

  it('ignores preferences sent by clients', async () => {
    const res = await create({ name: 'With prefs', type: 'Spree::Gateway::Bogus', preferences: { password: 'x' } }).expect(201);
    expect((await t.db.query(`SELECT preferences FROM payment_methods WHERE id = $1`, [res.body.id]))[0].preferences).toEqual({});
  });

  it('answers 422 naming the field for unreadable values and 400 for a malformed group', async () => {
    const res = await create({ name: 'X', type: 'Spree::PaymentMethod::Check', active: 'maybe', auto_capture: [1] }).expect(422);
    expect(res.body.errors).toEqual({ active: ['is not a boolean'], auto_capture: ['is not a boolean'] });
    await t.http().post('/api/payment_methods').set(admin.auth).send({ payment_method: 5 }).expect(400);
  });

  it('answers 404 for unknown or malformed ids', async () => {
    await t.http().get('/api/payment_methods/99999999').set(admin.auth).expect(404, notFound);
    await t.http().get('/api/payment_methods/-1').set(admin.auth).expect(404, notFound);
    await t.http().put('/api/payment_methods/99999999').set(admin.auth).send({ payment_method: { name: 'x' } }).expect(404, notFound);
  });

  it('refuses non-admins: 401 for index and create, 404 for show, update and delete', async () => {
    const before = await count();
    for (const auth of [user.auth, {}]) {
      await t.http().get('/api/payment_methods').set(auth).expect(401, unauthorized);
      await t.http().post('/api/payment_methods').set(auth).send({ payment_method: { name: 'Sneaky', type: 'Spree::PaymentMethod::Check' } }).expect(401, unauthorized);
      await t.http().get(`/api/payment_methods/${cardId}`).set(auth).expect(404, notFound);
      await t.http().put(`/api/payment_methods/${cardId}`).set(auth).send({ payment_method: { name: 'Sneaky' } }).expect(404, notFound);
      await t.http().delete(`/api/payment_methods/${cardId}`).set(auth).expect(404, notFound);
    }
    expect(await count()).toBe(before);
    expect((await t.db.query(`SELECT name, deleted_at FROM payment_methods WHERE id = $1`, [cardId]))[0]).toEqual({ name: 'Credit Card', deleted_at: null });
  });

  it("refuses another type once payments use the method (their captures and refunds go to the gateway that took them), writing nothing", async () => {
    const { body: method } = await create({ name: 'Card to switch', type: 'Spree::Gateway::Bogus' }).expect(201);
    // Unused, its type may still change (and back).
    await t.http().put(`/api/payment_methods/${method.id}`).set(admin.auth).send({ payment_method: { type: 'Spree::PaymentMethod::Check' } }).expect(200);
    await t.http().put(`/api/payment_methods/${method.id}`).set(admin.auth).send({ payment_method: { type: 'Spree::Gateway::Bogus' } }).expect(200);
    const order = await placedOrder(t);
    await t.db.query(`UPDATE payments SET payment_method_id = $1 WHERE id = $2`, [method.id, order.paymentId]);
    const res = await t
      .http()
      .put(`/api/payment_methods/${method.id}`)
      .set(admin.auth)
      .send({ payment_method: { type: 'Spree::Gateway::StripeGateway', name: 'Renamed' } })
      .expect(422);
    expect(res.body.errors).toEqual({ type: [expect.stringContaining("can't be changed once payments use this method")] });
    expect((await t.db.query(`SELECT name, type FROM payment_methods WHERE id = $1`, [method.id]))[0]).toEqual({ name: 'Card to switch', type: 'Spree::Gateway::Bogus' });
    // The same type again, or other fields, still update.
    await t.http().put(`/api/payment_methods/${method.id}`).set(admin.auth).send({ payment_method: { type: 'Spree::Gateway::Bogus', name: 'Renamed' } }).expect(200);
  });
});
