import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createOptionType } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/option_values_controller_spec.rb
// (lists use the contract's body: {option_values: [...], count, ...}).
const ATTRIBUTES = ['id', 'name', 'presentation', 'option_type_name', 'option_type_id'];

describe('option values', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let optionType: { id: number; valueIds: number[] };
  let optionValueId: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE option_types RESTART IDENTITY CASCADE');
    optionType = await createOptionType(t.db, 'size', ['Small']);
    optionValueId = optionType.valueIds[0];
  });

  const valueName = async (id: number) => (await t.db.query(`SELECT name FROM option_values WHERE id = $1`, [id]))[0]?.name;
  const base = () => `/api/option_types/${optionType.id}/option_values`;

  describe('without any option type scoping', () => {
    beforeEach(() => createOptionType(t.db, 'color', ['Red']));

    it('can retrieve a list of all option values', async () => {
      const res = await t.http().get('/api/option_values').set(user.auth).expect(200);
      expect(res.body.option_values).toHaveLength(2);
      expect(Object.keys(res.body.option_values[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
      const one = await t.http().get(`/api/option_values/${optionValueId}`).expect(200);
      expect(one.body).toMatchObject({ id: optionValueId, option_type_name: 'size' });
    });
  });

  describe('for a particular option type', () => {
    it('can list all option values', async () => {
      const res = await t.http().get(base()).set(user.auth).expect(200);
      expect(res.body.option_values).toHaveLength(1);
      expect(res.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1 });
      expect(Object.keys(res.body.option_values[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
    });

    it('can search for an option value', async () => {
      await createOptionType(t.db, 'other', ['buzz']);
      await t.db.query(`INSERT INTO option_values (option_type_id, name, presentation) VALUES ($1, 'buzz', 'Buzz')`, [optionType.id]);
      const res = await t.http().get(base()).query({ q: { name_cont: 'small' } }).expect(200);
      expect(res.body.option_values).toHaveLength(1);
      expect(Object.keys(res.body.option_values[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
    });

    it('can retrieve a list of option values by ids', async () => {
      const more = await t.db.query(`INSERT INTO option_values (option_type_id, name, presentation) VALUES ($1, 'm', 'M'), ($1, 'l', 'L') RETURNING id`, [optionType.id]);
      const res = await t.http().get(base()).query({ ids: [optionValueId, more[0].id] }).expect(200);
      expect(res.body.option_values).toHaveLength(2);
    });

    it('can list a single option value', async () => {
      const res = await t.http().get(`${base()}/${optionValueId}`).expect(200);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      const other = await createOptionType(t.db, 'other', ['x']);
      await t.http().get(`${base()}/${other.valueIds[0]}`).expect(404, NOT_FOUND);
      await t.http().get(`/api/option_types/999999/option_values`).expect(404, NOT_FOUND);
    });

    it('cannot create a new option value', async () => {
      await t.http().post(base()).set(user.auth).send({ option_value: { name: 'Option Value', presentation: 'Option Value' } }).expect(401, UNAUTHORIZED);
    });

    it('cannot alter an option value', async () => {
      await t.http().put(`${base()}/${optionValueId}`).set(user.auth).send({ option_value: { name: 'Option Value' } }).expect(404, NOT_FOUND);
      expect(await valueName(optionValueId)).toBe('small');
    });

    it('cannot delete an option value', async () => {
      await t.http().delete(`${base()}/${optionValueId}`).set(user.auth).expect(404, NOT_FOUND);
      expect(await valueName(optionValueId)).toBe('small');
    });

    describe('as an admin', () => {
      it('can create an option value', async () => {
        const res = await t.http().post(base()).set(admin.auth).send({ option_value: { name: 'Option Value', presentation: 'Option Value' } }).expect(201);
        expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
        expect(res.body).toMatchObject({ name: 'Option Value', option_type_id: optionType.id, option_type_name: 'size' });
        const [{ position }] = await t.db.query(`SELECT position FROM option_values WHERE id = $1`, [res.body.id]);
        expect(position).toBe(2); // after "Small"
      });

      it('cannot create an option value with invalid attributes', async () => {
        const res = await t.http().post(base()).set(admin.auth).send({ option_value: {} }).expect(422);
        expect(res.body.errors).toEqual({ name: ["can't be blank"], presentation: ["can't be blank"] });
        await t.http().post('/api/option_types/999999/option_values').set(admin.auth).send({ option_value: { name: 'a', presentation: 'A' } }).expect(404);
        expect(Number((await t.db.query(`SELECT count(*) AS n FROM option_values`))[0].n)).toBe(1);
      });

      it('can update an option value', async () => {
        await t.http().put(`${base()}/${optionValueId}`).set(admin.auth).send({ option_value: { name: 'Option Value' } }).expect(200);
        expect(await valueName(optionValueId)).toBe('Option Value');
      });

      // "permits the correct attributes": keys other than name, presentation and position are dropped.
      it('permits the correct attributes', async () => {
        const other = await createOptionType(t.db, 'other', []);
        await t.http().put(`${base()}/${optionValueId}`).set(admin.auth).send({ option_value: { name: 'n', option_type_id: other.id, id: 5 } }).expect(200);
        const [row] = await t.db.query(`SELECT id, option_type_id FROM option_values WHERE name = 'n'`);
        expect(row).toEqual({ id: optionValueId, option_type_id: optionType.id });
      });

      it('cannot update an option value with invalid attributes', async () => {
        await t.http().put(`${base()}/${optionValueId}`).set(admin.auth).send({ option_value: { name: '' } }).expect(422);
        expect(await valueName(optionValueId)).toBe('small');
      });

      it('can delete an option value', async () => {
        await t.http().delete(`${base()}/${optionValueId}`).set(admin.auth).expect(204);
        expect(await valueName(optionValueId)).toBeUndefined();
      });
    });
  });
});
