import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { createProperty } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/properties_controller_spec.rb
const ATTRIBUTES = ['id', 'name', 'presentation'];

describe('properties', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let property1: number;
  let property2: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE properties RESTART IDENTITY CASCADE');
    property1 = await createProperty(t.db, 'foo', 'Foo');
    property2 = await createProperty(t.db, 'bar', 'Bar');
  });

  const count = async () => Number((await t.db.query(`SELECT count(*) AS n FROM properties`))[0].n);

  it('can see a list of all properties', async () => {
    const res = await t.http().get('/api/properties').set(user.auth).expect(200);
    expect(res.body.properties).toHaveLength(2);
    expect(Object.keys(res.body.properties[0]).sort()).toEqual([...ATTRIBUTES].sort());
  });

  it('can control the page size through a parameter', async () => {
    const res = await t.http().get('/api/properties?per_page=1').expect(200);
    expect(res.body.properties).toHaveLength(1);
    expect(res.body).toMatchObject({ current_page: 1, pages: 2, total_count: 2 });
  });

  it('can query the results through a parameter', async () => {
    const res = await t.http().get('/api/properties').query({ q: { name_cont: 'ba' } }).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.properties[0].presentation).toBe('Bar');
  });

  it('retrieves a list of properties by id', async () => {
    const res = await t.http().get('/api/properties').query({ ids: [property1] }).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.properties[0].id).toBe(property1);
  });

  it('retrieves a list of properties by ids string', async () => {
    const res = await t.http().get(`/api/properties?ids=${property1},${property2}`).expect(200);
    expect(res.body.count).toBe(2);
    expect(Object.keys(res.body.properties[1]).sort()).toEqual([...ATTRIBUTES].sort());
  });

  it('can see a single property', async () => {
    const res = await t.http().get(`/api/properties/${property1}`).expect(200);
    expect(res.body).toEqual({ id: property1, name: 'foo', presentation: 'Foo' });
  });

  it('can see a property by name', async () => {
    const res = await t.http().get('/api/properties/foo').expect(200);
    expect(res.body).toEqual({ id: property1, name: 'foo', presentation: 'Foo' });
    await t.http().get('/api/properties/nope').expect(404, NOT_FOUND);
    await t.http().get('/api/properties/999999').expect(404, NOT_FOUND);
  });

  it('can learn how to create a new property', async () => {
    const res = await t.http().get('/api/properties/new').expect(200);
    expect(res.body).toEqual({ attributes: ATTRIBUTES, required_attributes: [] });
  });

  it('cannot create a new property if not an admin', async () => {
    await t.http().post('/api/properties').set(user.auth).send({ property: { name: 'My Property 3' } }).expect(401, UNAUTHORIZED);
    expect(await count()).toBe(2);
  });

  it('cannot update a property', async () => {
    await t.http().put('/api/properties/foo').set(user.auth).send({ property: { presentation: 'my value 456' } }).expect(401, UNAUTHORIZED);
  });

  it('cannot delete a property', async () => {
    await t.http().delete(`/api/properties/${property1}`).set(user.auth).expect(401, UNAUTHORIZED);
    expect(await count()).toBe(2);
  });

  describe('as an admin', () => {
    it('can create a new property', async () => {
      const res = await t.http().post('/api/properties').set(admin.auth).send({ property: { name: 'My Property 3', presentation: 'my value 3' } }).expect(201);
      expect(res.body).toMatchObject({ name: 'My Property 3', presentation: 'my value 3' });
      expect(await count()).toBe(3);
    });

    it('refuses invalid properties', async () => {
      let res = await t.http().post('/api/properties').set(admin.auth).send({ property: { name: 'foo', presentation: 'x' } }).expect(422);
      expect(res.body.errors).toEqual({ name: ['has already been taken'] });
      res = await t.http().post('/api/properties').set(admin.auth).send({ property: {} }).expect(422);
      expect(res.body.errors).toEqual({ name: ["can't be blank"], presentation: ["can't be blank"] });
      res = await t.http().post('/api/properties').set(admin.auth).send({ property: { name: { a: 1 }, presentation: 'x' } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
      expect(await count()).toBe(2);
    });

    it('refuses a name with a NUL byte (422 naming it, not a 500), and writes nothing', async () => {
      const res = await t.http().post('/api/properties').set(admin.auth).send({ property: { name: 'a\u0000b', presentation: 'x\u0000' } }).expect(422);
      expect(res.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { name: ['is invalid'], presentation: ['is invalid'] } });
      expect(await count()).toBe(2);
    });

    it('can update a property', async () => {
      const res = await t.http().put('/api/properties/foo').set(admin.auth).send({ property: { presentation: 'my value 456' } }).expect(200);
      expect(res.body).toEqual({ id: property1, name: 'foo', presentation: 'my value 456' });
      await t.http().put(`/api/properties/${property2}`).set(admin.auth).send({ property: { name: 'foo' } }).expect(422);
      await t.http().put('/api/properties/nope').set(admin.auth).send({ property: { name: 'x' } }).expect(404);
    });

    it('can delete a property', async () => {
      await t.http().delete('/api/properties/foo').set(admin.auth).expect(204);
      expect(await t.db.query(`SELECT id FROM properties WHERE id = $1`, [property1])).toEqual([]);
    });
  });
});
