import { createTaxon, createTaxonomy } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/taxonomies_controller_spec.rb
describe('taxonomies', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  // Spree's `before`: taxonomy root > Ruby > Rails > 3.2.2
  let taxonomy: { id: number; rootId: number; name: string };
  let ruby: number;
  let rails: number;
  let version: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('DELETE FROM taxonomies');
    const created = await createTaxonomy(t.db, 'Programming');
    taxonomy = { ...created, name: 'Programming' };
    ruby = await createTaxon(t.db, taxonomy.rootId, 'Ruby');
    rails = await createTaxon(t.db, ruby, 'Rails');
    version = await createTaxon(t.db, rails, '3.2.2');
  });

  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query(sql, params))[0].count);

  describe('as a normal user', () => {
    // it "gets all taxonomies"
    it('gets all taxonomies, each with its root and the root children', async () => {
      const res = await t.http().get('/api/taxonomies').set(user.auth).expect(200);
      expect(res.body.taxonomies[0].name).toBe(taxonomy.name);
      expect(res.body.taxonomies[0].root.taxons).toHaveLength(1);
      expect(res.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, per_page: 25, pages: 1 });
      expect(res.body.taxonomies[0]).toEqual({
        id: taxonomy.id,
        name: 'Programming',
        root: {
          id: taxonomy.rootId,
          name: 'Programming',
          pretty_name: 'Programming',
          permalink: 'programming',
          parent_id: null,
          taxonomy_id: taxonomy.id,
          position: 0,
          taxons: [
            { id: ruby, name: 'Ruby', pretty_name: 'Programming -> Ruby', permalink: 'programming/ruby', parent_id: taxonomy.rootId, taxonomy_id: taxonomy.id, position: 0 },
          ],
        },
      });
    });

    // it 'can control the page size through a parameter'
    it('can control the page size through a parameter', async () => {
      await createTaxonomy(t.db);
      const res = await t.http().get('/api/taxonomies').query({ per_page: 1 }).set(user.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.current_page).toBe(1);
      expect(res.body.pages).toBe(2);
      expect(res.body.total_count).toBe(2);
    });

    // it 'can query the results through a paramter'
    it('can query the results through a parameter', async () => {
      await createTaxonomy(t.db, 'Style');
      const res = await t.http().get('/api/taxonomies').query({ q: { name_cont: 'style' } }).set(user.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.taxonomies[0].name).toBe('Style');
    });

    it('sorts by name and by the root taxon name (root_name), ignoring unknown q keys', async () => {
      const brand = await createTaxonomy(t.db, 'Brand');
      const colors = await createTaxonomy(t.db, 'Colors');
      // Root names may differ from the taxonomy's (a root renamed through the taxons API).
      await t.db.query(`UPDATE taxons SET name = 'Zzz' WHERE id = $1`, [brand.rootId]);
      await t.db.query(`UPDATE taxons SET name = 'Aaa' WHERE id = $1`, [colors.rootId]);
      const byName = await t.http().get('/api/taxonomies?q[s]=name desc&q[secret_cont]=x').expect(200);
      expect(byName.body.taxonomies.map((x: { name: string }) => x.name)).toEqual(['Programming', 'Colors', 'Brand']);
      const byRoot = await t.http().get('/api/taxonomies?q[s]=root_name asc').expect(200);
      expect(byRoot.body.taxonomies.map((x: { name: string }) => x.name)).toEqual(['Colors', 'Programming', 'Brand']);
      const searchRoot = await t.http().get('/api/taxonomies?q[root_name_eq]=Zzz').expect(200);
      expect(searchRoot.body.taxonomies.map((x: { name: string }) => x.name)).toEqual(['Brand']);
    });

    it('gives the whole tree of each taxonomy with set=nested', async () => {
      const res = await t.http().get('/api/taxonomies?set=nested').expect(200);
      const root = res.body.taxonomies[0].root;
      expect(root.taxons[0].name).toBe('Ruby');
      expect(root.taxons[0].taxons[0].name).toBe('Rails');
      expect(root.taxons[0].taxons[0].taxons[0]).toMatchObject({ id: version, name: '3.2.2', pretty_name: 'Programming -> Ruby -> Rails -> 3.2.2', taxons: [] });
    });

    // it "gets a single taxonomy"
    it('gets a single taxonomy', async () => {
      const res = await t.http().get(`/api/taxonomies/${taxonomy.id}`).set(user.auth).expect(200);
      expect(res.body.name).toBe(taxonomy.name);
      const children = res.body.root.taxons;
      expect(children).toHaveLength(1);
      expect(children[0].name).toBe('Ruby');
      expect('taxons' in children[0]).toBe(false);
    });

    // it "gets a single taxonomy with set=nested"
    it('gets a single taxonomy with set=nested', async () => {
      const res = await t.http().get(`/api/taxonomies/${taxonomy.id}`).query({ set: 'nested' }).set(user.auth).expect(200);
      expect(res.body.name).toBe(taxonomy.name);
      const children = res.body.root.taxons;
      expect('taxons' in children[0]).toBe(true);
      expect(children[0].taxons[0]).toMatchObject({ id: rails, taxons: [{ id: version, taxons: [] }] });
    });

    // it "gets the jstree-friendly version of a taxonomy"
    it('gets the jstree-friendly version of a taxonomy', async () => {
      const res = await t.http().get(`/api/taxonomies/${taxonomy.id}/jstree`).set(user.auth).expect(200);
      expect(res.body.data).toBe(taxonomy.name);
      expect(res.body.attr).toEqual({ id: taxonomy.rootId, name: taxonomy.name });
      expect(res.body.state).toBe('closed');
    });

    // it "can learn how to create a new taxonomy"
    it('can learn how to create a new taxonomy', async () => {
      const res = await t.http().get('/api/taxonomies/new').set(user.auth).expect(200);
      expect(res.body.attributes).toEqual(['id', 'name']);
      expect(res.body.required_attributes).toContain('name');
    });

    // it "cannot create a new taxonomy if not an admin"
    it('cannot create a new taxonomy if not an admin', async () => {
      await t.http().post('/api/taxonomies').set(user.auth).send({ taxonomy: { name: 'Location' } }).expect(401, { error: 'You are not authorized to perform that action.' });
      await t.http().post('/api/taxonomies').send({ taxonomy: { name: 'Location' } }).expect(401);
      expect(await count(`SELECT count(*) FROM taxonomies WHERE name = 'Location'`)).toBe(0);
    });

    // it "cannot update a taxonomy"
    it('cannot update a taxonomy', async () => {
      await t.http().put(`/api/taxonomies/${taxonomy.id}`).set(user.auth).send({ taxonomy: { name: 'I hacked your store!' } }).expect(401, { error: 'You are not authorized to perform that action.' });
      expect((await t.db.query(`SELECT name FROM taxonomies WHERE id = $1`, [taxonomy.id]))[0].name).toBe('Programming');
    });

    // it "cannot delete a taxonomy"
    it('cannot delete a taxonomy', async () => {
      await t.http().delete(`/api/taxonomies/${taxonomy.id}`).set(user.auth).expect(401, { error: 'You are not authorized to perform that action.' });
      expect(await count(`SELECT count(*) FROM taxonomies WHERE id = $1`, [taxonomy.id])).toBe(1);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      const notFound = { error: 'The resource you were looking for could not be found.' };
      await t.http().get('/api/taxonomies/999999').expect(404, notFound);
      await t.http().get('/api/taxonomies/abc').expect(404, notFound);
      await t.http().get('/api/taxonomies/999999/jstree').expect(404, notFound);
    });

    it('works with a .json suffix and without an API key', async () => {
      const res = await t.http().get(`/api/taxonomies/${taxonomy.id}.json`).expect(200);
      expect(res.body.id).toBe(taxonomy.id);
    });
  });

  describe('as an admin', () => {
    // it "can create"
    it('can create, with a root taxon named like the taxonomy', async () => {
      const res = await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: { name: 'Colors' } }).expect(201);
      expect(res.body).toMatchObject({ id: expect.any(Number), name: 'Colors' });
      expect(res.body.root).toEqual({
        id: expect.any(Number),
        name: 'Colors',
        pretty_name: 'Colors',
        permalink: 'colors',
        parent_id: null,
        taxonomy_id: res.body.id,
        position: 0,
        taxons: [],
      });
      const shown = await t.http().get(`/api/taxonomies/${res.body.id}`).expect(200);
      expect(shown.body).toEqual(res.body);
    });

    it('reads form-encoded bracket parameters', async () => {
      const res = await t.http().post('/api/taxonomies').set(admin.auth).type('form').send('taxonomy[name]=Seasons %26 Moods').expect(201);
      expect(res.body.root.permalink).toBe('seasons-and-moods');
    });

    // it "cannot create a new taxonomy with invalid attributes"
    it('cannot create a new taxonomy with invalid attributes', async () => {
      const before = await count('SELECT count(*) FROM taxonomies');
      const res = await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: {} }).expect(422);
      expect(res.body.error).toBe('Invalid resource. Please fix errors and try again.');
      expect(res.body.errors).toEqual({ name: ["can't be blank"] });
      await t.http().post('/api/taxonomies').set(admin.auth).send({}).expect(422);
      await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: { name: '   ' } }).expect(422);
      expect(await count('SELECT count(*) FROM taxonomies')).toBe(before);
    });

    it('rejects a name of the wrong type (422 naming it) or a taxonomy group of the wrong shape (400)', async () => {
      const before = await count('SELECT count(*) FROM taxonomies');
      const res = await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: { name: { evil: true } } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
      await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: 'Colors' }).expect(400);
      await t.http().post('/api/taxonomies').set(admin.auth).send({ taxonomy: { name: 'x'.repeat(256) } }).expect(422);
      expect(await count('SELECT count(*) FROM taxonomies')).toBe(before);
    });

    it('updates the name, renaming the root taxon too (Spree Taxonomy#set_name)', async () => {
      const res = await t.http().put(`/api/taxonomies/${taxonomy.id}`).set(admin.auth).send({ taxonomy: { name: 'Languages' } }).expect(200);
      expect(res.body.name).toBe('Languages');
      expect(res.body.root).toMatchObject({ id: taxonomy.rootId, name: 'Languages', pretty_name: 'Languages', permalink: 'programming' });
      expect(res.body.root.taxons[0]).toMatchObject({ name: 'Ruby', pretty_name: 'Languages -> Ruby' });
    });

    it('does not update with a blank name, and 404s for an unknown taxonomy', async () => {
      const res = await t.http().put(`/api/taxonomies/${taxonomy.id}`).set(admin.auth).send({ taxonomy: { name: '' } }).expect(422);
      expect(res.body.errors).toEqual({ name: ["can't be blank"] });
      expect((await t.db.query(`SELECT name FROM taxons WHERE id = $1`, [taxonomy.rootId]))[0].name).toBe('Programming');
      await t.http().put('/api/taxonomies/999999').set(admin.auth).send({ taxonomy: { name: 'X' } }).expect(404);
      await t.http().delete('/api/taxonomies/999999').set(admin.auth).expect(404);
    });

    // it "can destroy"
    it('can destroy, with all its taxons and their classifications', async () => {
      await t.http().delete(`/api/taxonomies/${taxonomy.id}`).set(admin.auth).expect(204);
      expect(await count(`SELECT count(*) FROM taxons WHERE taxonomy_id = $1`, [taxonomy.id])).toBe(0);
      await t.http().get(`/api/taxonomies/${taxonomy.id}`).expect(404);
    });
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/taxonomies', '/api/taxonomies/{id}', '/api/taxonomies/{id}/jstree', '/api/taxonomies/new']));
    expect(doc.components.schemas.TaxonomyJson.properties.root).toBeDefined();
  });
});
