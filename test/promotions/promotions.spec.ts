import type { Response } from 'supertest';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

// Spree 2.2 has no promotion API (its admin edits promotions in the back
// office): admin CRUD at /api/promotions with Spree's Promotion rules (name
// present, usage_limit above 0, description up to 255) plus ours (a unique
// code, dates in order, a discount of a known kind with a valid value), and
// the contract's refusals for non-admins.
describe('promotions (admin CRUD)', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let doc: OpenApiDocument;

  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM promotions`))[0].n);
  const row = async (id: number) => cents(await t.db.query(`SELECT * FROM promotions WHERE id = $1`, [id]))[0];
  const create = (body: unknown, headers: Record<string, string> = admin.auth) => t.http().post('/api/promotions').set(headers).send({ promotion: body });
  const update = (id: number, body: unknown, headers: Record<string, string> = admin.auth) => t.http().put(`/api/promotions/${id}`).set(headers).send({ promotion: body });

  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    expect(shapeProblems(doc, responseSchema(doc, path, method, status), res.body)).toEqual([]);
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  describe('create', () => {
    it('creates a percent promotion (201) with every attribute', async () => {
      const res = await create({
        name: '10% off',
        description: 'Ten percent off',
        code: ' Spring10 ',
        starts_at: '2020-01-01T00:00:00Z',
        expires_at: '2099-01-01T00:00:00Z',
        usage_limit: '5',
        discount_type: 'flat_percent_item_total',
        percent: '12.5',
      });
      expectDocumented(res, 'post', '/api/promotions', 201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        name: '10% off',
        description: 'Ten percent off',
        code: 'Spring10',
        starts_at: '2020-01-01T00:00:00.000Z',
        expires_at: '2099-01-01T00:00:00.000Z',
        usage_limit: 5,
        usage_count: 0,
        discount_type: 'flat_percent_item_total',
        amount: null,
        display_amount: null,
        currency: 'USD',
        percent: '12.50',
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      expect(await row(res.body.id)).toMatchObject({ code: 'Spring10', discount_type: 'flat_percent_item_total', percent: '12.50', amount: null, usage_limit: 5 });
    });

    it('creates a flat promotion with only what is required; the value of the other kind is ignored', async () => {
      const res = await create({ name: 'Five off', code: 'FIVE', discount_type: 'flat_rate', amount: 5, percent: '50' });
      expectDocumented(res, 'post', '/api/promotions', 201);
      expect(res.body).toMatchObject({ name: 'Five off', description: null, code: 'FIVE', starts_at: null, expires_at: null, usage_limit: null, discount_type: 'flat_rate', amount: '5.00', display_amount: '$5.00', percent: null });
      expect(await row(res.body.id)).toMatchObject({ amount: '5.00', percent: null });
    });

    it('refuses a code already taken, whatever its case or surrounding spaces (422, nothing written)', async () => {
      await create({ name: 'Taken', code: 'TAKEN', discount_type: 'flat_rate', amount: '1' }).expect(201);
      const before = await count();
      const res = await create({ name: 'Again', code: '  taken ', discount_type: 'flat_rate', amount: '1' }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { code: ['has already been taken'] } });
      expect(await count()).toBe(before);
    });

    it('requires name, code and discount type (422 naming each)', async () => {
      const before = await count();
      const res = await create({ description: 'x' }).expect(422);
      expect(res.body).toEqual({ error: INVALID, errors: { name: ["can't be blank"], code: ["can't be blank"], discount_type: ["can't be blank"] } });
      const blank = await create({ name: '  ', code: ' ', discount_type: 'flat_rate', amount: '1' }).expect(422);
      expect(blank.body.errors).toEqual({ name: ["can't be blank"], code: ["can't be blank"] });
      expect(await count()).toBe(before);
    });

    it.each([
      [{ discount_type: 'flat_percent_item_total', percent: '100.01' }, { percent: ['must be less than or equal to 100'] }],
      [{ discount_type: 'flat_percent_item_total', percent: '-1' }, { percent: ['must be greater than or equal to 0'] }],
      [{ discount_type: 'flat_percent_item_total', percent: '10.125' }, { percent: ['must have at most 2 decimal places'] }],
      [{ discount_type: 'flat_percent_item_total' }, { percent: ["can't be blank"] }],
      [{ discount_type: 'flat_percent_item_total', percent: 'ten' }, { percent: ['is not a number'] }],
      [{ discount_type: 'flat_rate', amount: '-0.01' }, { amount: ['must be greater than or equal to 0'] }],
      [{ discount_type: 'flat_rate', amount: '100000000' }, { amount: ['must be less than 100000000'] }],
      [{ discount_type: 'flat_rate', amount: '1.005' }, { amount: ['must have at most 2 decimal places'] }],
      [{ discount_type: 'flat_rate', percent: '10' }, { amount: ["can't be blank"] }],
      [{ discount_type: 'flat_rate', amount: { a: 1 } }, { amount: ['is not a number'] }],
      [{ discount_type: 'free_lunch', amount: '1' }, { discount_type: ['is not included in the list'] }],
      [{ discount_type: 'flat_rate', amount: '1', usage_limit: 0 }, { usage_limit: ['must be greater than 0'] }],
      [{ discount_type: 'flat_rate', amount: '1', usage_limit: 'many' }, { usage_limit: ['is not a number'] }],
      [{ discount_type: 'flat_rate', amount: '1', starts_at: '2030-01-02T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' }, { expires_at: ['must be later than start date'] }],
      [{ discount_type: 'flat_rate', amount: '1', starts_at: '2030-01-01T00:00:00Z', expires_at: '2030-01-01T00:00:00Z' }, { expires_at: ['must be later than start date'] }],
      [{ discount_type: 'flat_rate', amount: '1', starts_at: 'someday' }, { starts_at: ['is not a valid date'] }],
      [{ discount_type: 'flat_rate', amount: '1', description: 'x'.repeat(256) }, { description: ['is too long (maximum is 255 characters)'] }],
    ])('refuses %o (422, nothing written)', async (fields, errors) => {
      const before = await count();
      const res = await create({ name: 'Bad', code: `BAD-${Math.random()}`, ...fields });
      expectDocumented(res, 'post', '/api/promotions', 422);
      expect(res.body).toEqual({ error: INVALID, errors });
      expect(await count()).toBe(before);
    });

    it('accepts the bounds: 0 and 100 percent, a 0.00 flat amount', async () => {
      for (const [fields, shown] of [
        [{ discount_type: 'flat_percent_item_total', percent: '0' }, { percent: '0.00' }],
        [{ discount_type: 'flat_percent_item_total', percent: '100' }, { percent: '100.00' }],
        [{ discount_type: 'flat_rate', amount: '0' }, { amount: '0.00' }],
      ] as const) {
        const res = await create({ name: 'Bound', code: `BOUND-${Math.random()}`, ...fields }).expect(201);
        expect(res.body).toMatchObject(shown);
      }
    });
  });

  describe('index and show', () => {
    let ids: number[];
    beforeAll(async () => {
      ids = [];
      for (const [name, code] of [
        ['Alpha deal', 'ALPHA'],
        ['Beta deal', 'BETA'],
        ['Gamma deal', 'GAMMA'],
      ]) {
        ids.push((await create({ name, code, discount_type: 'flat_rate', amount: '2' }).expect(201)).body.id);
      }
    });

    it('lists promotions with pagination', async () => {
      const all = await t.http().get('/api/promotions').set(admin.auth);
      expectDocumented(all, 'get', '/api/promotions', 200);
      const total = await count();
      expect(all.body).toMatchObject({ count: Math.min(total, 25), total_count: total, current_page: 1, per_page: 25, pages: Math.ceil(total / 25) });
      const ordered = all.body.promotions.map((p: { id: number }) => p.id);
      expect(ordered).toEqual([...ordered].sort((a, b) => a - b));

      const page = await t.http().get('/api/promotions').query({ per_page: 2, page: 2 }).set(admin.auth).expect(200);
      expect(page.body).toMatchObject({ count: 2, total_count: total, current_page: 2, per_page: 2, pages: Math.ceil(total / 2) });
      expect(page.body.promotions.map((p: { id: number }) => p.id)).toEqual(ordered.slice(2, 4));
    });

    it('searches and sorts through q (code, name), ignoring unknown keys', async () => {
      const res = await t.http().get('/api/promotions').query({ 'q[code_or_name_cont]': 'deal', 'q[s]': 'name desc', 'q[secret_eq]': 'x' }).set(admin.auth).expect(200);
      expect(res.body.promotions.map((p: { name: string }) => p.name)).toEqual(['Gamma deal', 'Beta deal', 'Alpha deal']);
      const byCode = await t.http().get('/api/promotions').query({ q: { code_eq: 'BETA' } }).set(admin.auth).expect(200);
      expect(byCode.body.promotions.map((p: { id: number }) => p.id)).toEqual([ids[1]]);
    });

    it('shows a promotion; an unknown id is 404', async () => {
      const res = await t.http().get(`/api/promotions/${ids[0]}.json`).set(admin.auth);
      expectDocumented(res, 'get', '/api/promotions/{id}', 200);
      expect(res.body).toMatchObject({ id: ids[0], name: 'Alpha deal', code: 'ALPHA', amount: '2.00' });
      await t.http().get('/api/promotions/999999').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get('/api/promotions/abc').set(admin.auth).expect(404, NOT_FOUND);
    });
  });

  describe('update and delete', () => {
    it('updates only what is sent, switching the kind of discount with its value', async () => {
      const id = (await create({ name: 'Switch', code: 'SWITCH', discount_type: 'flat_rate', amount: '3', usage_limit: 2 }).expect(201)).body.id;
      let res = await update(id, { name: 'Switched', usage_limit: null });
      expectDocumented(res, 'put', '/api/promotions/{id}', 200);
      expect(res.body).toMatchObject({ name: 'Switched', code: 'SWITCH', usage_limit: null, discount_type: 'flat_rate', amount: '3.00' });

      // The new kind needs its own value.
      res = await update(id, { discount_type: 'flat_percent_item_total' });
      expectDocumented(res, 'put', '/api/promotions/{id}', 422);
      expect(res.body).toEqual({ error: INVALID, errors: { percent: ["can't be blank"] } });
      expect(await row(id)).toMatchObject({ name: 'Switched', discount_type: 'flat_rate', amount: '3.00', percent: null });

      res = await update(id, { discount_type: 'flat_percent_item_total', percent: '15' }).expect(200);
      expect(res.body).toMatchObject({ discount_type: 'flat_percent_item_total', percent: '15.00', amount: null });
      expect(await row(id)).toMatchObject({ discount_type: 'flat_percent_item_total', percent: '15.00', amount: null });
    });

    it('keeps the code unique on update (its own code is fine) and the dates in order with the stored ones', async () => {
      const id = (await create({ name: 'Dates', code: 'DATES', discount_type: 'flat_rate', amount: '1', starts_at: '2030-01-01T00:00:00Z' }).expect(201)).body.id;
      await update(id, { code: 'dates' }).expect(200);
      expect((await row(id)).code).toBe('dates');
      await update(id, { code: 'alpha' }).expect(422, { error: INVALID, errors: { code: ['has already been taken'] } });
      await update(id, { expires_at: '2029-12-31T00:00:00Z' }).expect(422, { error: INVALID, errors: { expires_at: ['must be later than start date'] } });
      await update(id, { name: '', percent: '500' }).expect(422, { error: INVALID, errors: { name: ["can't be blank"] } });
      expect(await row(id)).toMatchObject({ name: 'Dates', code: 'dates', expires_at: null });
      await update(999999, { name: 'x' }).expect(404, NOT_FOUND);
    });

    it('deletes a promotion (204); then it is gone (404)', async () => {
      const id = (await create({ name: 'Gone', code: 'GONE', discount_type: 'flat_rate', amount: '1' }).expect(201)).body.id;
      await t.http().delete(`/api/promotions/${id}`).set(admin.auth).expect(204, '');
      expect(await row(id)).toBeUndefined();
      await t.http().delete(`/api/promotions/${id}`).set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get(`/api/promotions/${id}`).set(admin.auth).expect(404, NOT_FOUND);
    });
  });

  describe('non-admins (contract §3)', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create({ name: 'Secret', code: 'SECRET', discount_type: 'flat_rate', amount: '9' }).expect(201)).body.id;
    });

    for (const who of ['a user', 'an anonymous caller'] as const) {
      const headers = () => (who === 'a user' ? user.auth : {});

      it(`refuses ${who} the list and creation with 401, writing nothing`, async () => {
        const before = await count();
        await t.http().get('/api/promotions').set(headers()).expect(401, UNAUTHORIZED);
        await create({ name: 'Mine', code: 'MINE', discount_type: 'flat_rate', amount: '1' }, headers()).expect(401, UNAUTHORIZED);
        expect(await count()).toBe(before);
      });

      it(`hides a promotion from ${who}: show, update and delete are 404, nothing changes`, async () => {
        await t.http().get(`/api/promotions/${id}`).set(headers()).expect(404, NOT_FOUND);
        await update(id, { amount: '90' }, headers()).expect(404, NOT_FOUND);
        await t.http().delete(`/api/promotions/${id}`).set(headers()).expect(404, NOT_FOUND);
        expect(await row(id)).toMatchObject({ name: 'Secret', amount: '9.00' });
      });
    }
  });
});
