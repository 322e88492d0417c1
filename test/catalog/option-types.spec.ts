import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createOptionType } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/option_types_controller_spec.rb
// (the index is wrapped in the contract's list body: {option_types: [...], count, ...}).
const ATTRIBUTES = ['id', 'name', 'position', 'presentation'];

describe('option types', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let optionType: { id: number; valueIds: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE option_types RESTART IDENTITY CASCADE');
    optionType = await createOptionType(t.db, 'foo-size', ['S']);
  });

  const checkOptionValues = (values: object[]) => {
    expect(values).toHaveLength(1);
    expect(Object.keys(values[0])).toEqual(expect.arrayContaining(['id', 'name', 'presentation', 'option_type_name', 'option_type_id']));
  };
  const nameOf = async (id: number) => (await t.db.query(`SELECT name FROM option_types WHERE id = $1`, [id]))[0]?.name;

  it('can list all option types', async () => {
    const res = await t.http().get('/api/option_types').set(user.auth).expect(200);
    expect(res.body.option_types).toHaveLength(1);
    expect(res.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1 });
    expect(Object.keys(res.body.option_types[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
    checkOptionValues(res.body.option_types[0].option_values);
    expect(res.body.option_types[0].option_values[0]).toEqual({
      id: optionType.valueIds[0],
      name: 's',
      presentation: 'S',
      option_type_name: 'foo-size',
      option_type_id: optionType.id,
      option_type_presentation: 'FOO-SIZE',
    });
  });

  it('can search for an option type', async () => {
    await createOptionType(t.db, 'buzz');
    const res = await t.http().get('/api/option_types').query({ q: { name_cont: 'foo-size' } }).expect(200);
    expect(res.body.option_types).toHaveLength(1);
    expect(Object.keys(res.body.option_types[0])).toEqual(expect.arrayContaining(ATTRIBUTES));
  });

  it('can retrieve a list of specific option types', async () => {
    const one = await createOptionType(t.db);
    await createOptionType(t.db);
    const res = await t.http().get(`/api/option_types?ids=${optionType.id},${one.id}`).expect(200);
    expect(res.body.option_types.map((o: { id: number }) => o.id)).toEqual([optionType.id, one.id]);
    checkOptionValues(res.body.option_types[0].option_values);
  });

  it('can list a single option type', async () => {
    const res = await t.http().get(`/api/option_types/${optionType.id}`).set(user.auth).expect(200);
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
    checkOptionValues(res.body.option_values);
    await t.http().get('/api/option_types/999999').expect(404, NOT_FOUND);
    await t.http().get('/api/option_types/foo').expect(404, NOT_FOUND);
  });

  it('cannot create a new option type', async () => {
    await t.http().post('/api/option_types').set(user.auth).send({ option_type: { name: 'Option Type', presentation: 'Option Type' } }).expect(401, UNAUTHORIZED);
    expect(Number((await t.db.query(`SELECT count(*) AS n FROM option_types`))[0].n)).toBe(1);
  });

  it('cannot alter an option type', async () => {
    await t.http().put(`/api/option_types/${optionType.id}`).set(user.auth).send({ option_type: { name: 'Option Type' } }).expect(404, NOT_FOUND);
    expect(await nameOf(optionType.id)).toBe('foo-size');
  });

  it('cannot delete an option type', async () => {
    await t.http().delete(`/api/option_types/${optionType.id}`).set(user.auth).expect(404, NOT_FOUND);
    expect(await nameOf(optionType.id)).toBe('foo-size');
  });

  describe('as an admin', () => {
    it('can create an option type', async () => {
      const res = await t.http().post('/api/option_types').set(admin.auth).send({ option_type: { name: 'Option Type', presentation: 'Option Type' } }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(ATTRIBUTES));
      expect(res.body).toMatchObject({ name: 'Option Type', presentation: 'Option Type', position: 0, option_values: [] });
    });

    it('cannot create an option type with invalid attributes', async () => {
      let res = await t.http().post('/api/option_types').set(admin.auth).send({ option_type: {} }).expect(422);
      expect(res.body.errors).toEqual({ name: ["can't be blank"], presentation: ["can't be blank"] });
      res = await t.http().post('/api/option_types').set(admin.auth).send({ option_type: { name: 'foo-size', presentation: 'Again' } }).expect(422);
      expect(res.body.errors).toEqual({ name: ['has already been taken'] });
      res = await t.http().post('/api/option_types').set(admin.auth).send({ option_type: { name: 'x', presentation: 'X', position: 'first' } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['position']);
      res = await t.http().post('/api/option_types').set(admin.auth).send({ option_type: { name: 'x'.repeat(101), presentation: 'X' } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
      expect(Number((await t.db.query(`SELECT count(*) AS n FROM option_types`))[0].n)).toBe(1);
    });

    it('can update an option type', async () => {
      const res = await t.http().put(`/api/option_types/${optionType.id}`).set(admin.auth).send({ option_type: { name: 'Option Type' } }).expect(200);
      expect(res.body.name).toBe('Option Type');
      expect(await nameOf(optionType.id)).toBe('Option Type');
    });

    it('cannot update an option type with invalid attributes', async () => {
      await t.http().put(`/api/option_types/${optionType.id}`).set(admin.auth).send({ option_type: { name: '' } }).expect(422);
      expect(await nameOf(optionType.id)).toBe('foo-size');
      await t.http().put('/api/option_types/999999').set(admin.auth).send({ option_type: { name: 'x' } }).expect(404);
    });

    it('can delete an option type', async () => {
      await t.http().delete(`/api/option_types/${optionType.id}`).set(admin.auth).expect(204);
      expect(await nameOf(optionType.id)).toBeUndefined();
      expect(Number((await t.db.query(`SELECT count(*) AS n FROM option_values`))[0].n)).toBe(0);
    });
  });
});
