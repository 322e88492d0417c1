import { classify, createProduct, createTaxon, createTaxonomy } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/taxons_controller_spec.rb
// (all examples except those of the `products` action, which the products area covers).
//
// Deliberate difference: commerce-api.md defines a taxon's `taxons` as its immediate
// children "each with the same fields minus taxons", so list items no longer nest
// grandchildren as Spree 2.2's taxons/taxons.v1.rabl did; `set=nested` gives the
// whole subtree for clients that want Spree's recursive shape.
describe('taxons', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  // Spree's `before`: taxonomy root > Ruby > Rails > 3.2.2
  let taxonomy: { id: number; rootId: number };
  let ruby: number;
  let rails: number;
  let version: number;

  const attributes = ['id', 'name', 'pretty_name', 'permalink', 'parent_id', 'taxonomy_id'];
  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('DELETE FROM taxonomies');
    taxonomy = await createTaxonomy(t.db, 'Programming');
    ruby = await createTaxon(t.db, taxonomy.rootId, 'Ruby');
    rails = await createTaxon(t.db, ruby, 'Rails');
    version = await createTaxon(t.db, rails, '3.2.2');
  });

  const rows = (sql: string, params: unknown[] = []) => t.db.query(sql, params);
  const count = async (sql: string, params: unknown[] = []) => Number((await rows(sql, params))[0].count);
  const rootChildren = async () => (await rows(`SELECT id FROM taxons WHERE parent_id = $1 ORDER BY position, id`, [taxonomy.rootId])).map((r: { id: number }) => r.id);
  const snapshot = () => rows(`SELECT id, parent_id, name, permalink, position FROM taxons ORDER BY id`);
  const base = () => `/api/taxonomies/${taxonomy.id}/taxons`;

  describe('as a normal user', () => {
    // it "gets all taxons for a taxonomy"
    it('gets all taxons for a taxonomy', async () => {
      const res = await t.http().get(base()).set(user.auth).expect(200);
      expect(res.body.taxons[0].name).toBe('Ruby');
      const children = res.body.taxons[0].taxons;
      expect(children).toHaveLength(1);
      expect(children[0].name).toBe('Rails');
      // Spree 2.2 nested the grandchildren here too; commerce-api.md's taxon children carry no `taxons`.
      expect('taxons' in children[0]).toBe(false);
      expect(res.body.taxons[0]).toEqual({
        id: ruby,
        name: 'Ruby',
        pretty_name: 'Programming -> Ruby',
        permalink: 'programming/ruby',
        parent_id: taxonomy.rootId,
        taxonomy_id: taxonomy.id,
        position: 0,
        taxons: [{ id: rails, name: 'Rails', pretty_name: 'Programming -> Ruby -> Rails', permalink: 'programming/ruby/rails', parent_id: ruby, taxonomy_id: taxonomy.id, position: 0 }],
      });
    });

    it('gets the whole subtrees with set=nested (the recursive shape of Spree 2.2)', async () => {
      const res = await t.http().get(base()).query({ set: 'nested' }).expect(200);
      const children = res.body.taxons[0].taxons;
      expect(children[0].taxons).toHaveLength(1);
      expect(children[0].taxons[0]).toMatchObject({ id: version, name: '3.2.2', permalink: 'programming/ruby/rails/3-2-2', taxons: [] });
    });

    // it "does not include children when asked not to" (regression test for #4112)
    it('does not include children when asked not to', async () => {
      const res = await t.http().get(base()).query({ without_children: 1 }).set(user.auth).expect(200);
      expect(res.body.taxons[0].name).toBe('Ruby');
      expect(res.body.taxons[0].taxons).toBeUndefined();
    });

    // it "paginates through taxons"
    it('paginates through taxons', async () => {
      await createTaxon(t.db, taxonomy.rootId, 'Go');
      expect(await rootChildren()).toHaveLength(2);
      const res = await t.http().get(base()).query({ page: 1, per_page: 1 }).set(user.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.total_count).toBe(2);
      expect(res.body.current_page).toBe(1);
      expect(res.body.per_page).toBe(1);
      expect(res.body.pages).toBe(2);
      const second = await t.http().get(base()).query({ page: 2, per_page: 1 }).expect(200);
      expect(second.body.taxons[0].name).toBe('Go');
    });

    it('searches every taxon of the taxonomy with q', async () => {
      const other = await createTaxonomy(t.db, 'Other');
      await createTaxon(t.db, other.rootId, '3.2.2');
      const res = await t.http().get(base()).query({ q: { name_cont: '3.2' } }).expect(200);
      expect(res.body.taxons.map((x: { id: number }) => x.id)).toEqual([version]);
      expect(res.body.taxons[0]).toMatchObject({ pretty_name: 'Programming -> Ruby -> Rails -> 3.2.2', taxons: [] });
    });

    it('answers 404 for the taxons of an unknown taxonomy', async () => {
      await t.http().get('/api/taxonomies/999999/taxons').expect(404, notFound);
      await t.http().get('/api/taxonomies/abc/taxons').expect(404, notFound);
    });

    describe('searching (GET /api/taxons)', () => {
      // context 'with a name' / 'with one result': it "returns an array including the matching taxon"
      it('returns an array including the matching taxon', async () => {
        const res = await t.http().get('/api/taxons').query({ q: { name_cont: 'Ruby' } }).set(user.auth).expect(200);
        expect(res.body.taxons).toHaveLength(1);
        expect(res.body.taxons[0].name).toBe('Ruby');
      });

      // context 'with no results': it 'returns an empty array of taxons'
      it('returns an empty array of taxons', async () => {
        const res = await t.http().get('/api/taxons').query({ q: { name_cont: 'Imaginary' } }).set(user.auth).expect(200);
        expect(Object.keys(res.body)).toContain('taxons');
        expect(res.body.taxons).toHaveLength(0);
        expect(res.body).toMatchObject({ count: 0, total_count: 0, current_page: 1, per_page: 25, pages: 1 });
      });

      // context 'with no filters': it "gets all taxons"
      it('gets all taxons', async () => {
        const res = await t.http().get('/api/taxons').set(user.auth).expect(200);
        expect(res.body.taxons[0].name).toBe('Programming');
        const children = res.body.taxons[0].taxons;
        expect(children).toHaveLength(1);
        expect(children[0].name).toBe('Ruby');
        expect('taxons' in children[0]).toBe(false); // see the note at the top
        expect(res.body.taxons.map((x: { id: number }) => x.id)).toEqual([taxonomy.rootId, ruby, rails, version]);
      });

      it('lists in tree order within each taxonomy, paginated', async () => {
        const go = await createTaxon(t.db, taxonomy.rootId, 'Go');
        const other = await createTaxonomy(t.db, 'Other');
        const res = await t.http().get('/api/taxons').query({ per_page: 3, page: 2 }).expect(200);
        expect(res.body.taxons.map((x: { id: number }) => x.id)).toEqual([version, go, other.rootId]);
        expect(res.body).toMatchObject({ count: 3, total_count: 6, current_page: 2, per_page: 3, pages: 2 });
      });

      it('selects by ids, and leaves children out with without_children', async () => {
        const res = await t.http().get('/api/taxons').query({ ids: `${rails},${version},abc`, without_children: 'true' }).expect(200);
        expect(res.body.taxons.map((x: { id: number }) => x.id)).toEqual([rails, version]);
        expect(res.body.taxons[0]).toEqual({ id: rails, name: 'Rails', pretty_name: 'Programming -> Ruby -> Rails', permalink: 'programming/ruby/rails', parent_id: ruby, taxonomy_id: taxonomy.id, position: 0 });
        expect((await t.http().get('/api/taxons?ids=abc').expect(200)).body.taxons).toEqual([]);
      });

      it('searches by taxonomy and sorts by name, ignoring unknown q keys', async () => {
        const other = await createTaxonomy(t.db, 'Other');
        const res = await t.http().get('/api/taxons').query({ q: { taxonomy_id_eq: taxonomy.id, s: 'name desc', password_cont: 'x' } }).expect(200);
        expect(res.body.taxons.map((x: { name: string }) => x.name)).toEqual(['Ruby', 'Rails', 'Programming', '3.2.2']);
        const byTaxonomyName = await t.http().get('/api/taxons?q[taxonomy_name_eq]=Other').expect(200);
        expect(byTaxonomyName.body.taxons.map((x: { id: number }) => x.id)).toEqual([other.rootId]);
      });
    });

    // it "gets a single taxon"
    it('gets a single taxon', async () => {
      const res = await t.http().get(`${base()}/${ruby}`).set(user.auth).expect(200);
      expect(res.body.name).toBe('Ruby');
      expect(res.body.taxons).toHaveLength(1);
      expect(res.body.taxons[0]).toEqual({ id: rails, name: 'Rails', pretty_name: 'Programming -> Ruby -> Rails', permalink: 'programming/ruby/rails', parent_id: ruby, taxonomy_id: taxonomy.id, position: 0 });
    });

    it('answers 404 for a taxon of another taxonomy, an unknown one or a malformed id', async () => {
      const other = await createTaxonomy(t.db, 'Other');
      await t.http().get(`/api/taxonomies/${other.id}/taxons/${ruby}`).expect(404, notFound);
      await t.http().get(`${base()}/999999`).expect(404, notFound);
      await t.http().get(`${base()}/abc`).expect(404, notFound);
      await t.http().get(`/api/taxonomies/999999/taxons/${ruby}`).expect(404, notFound);
      await t.http().get(`/api/taxonomies/999999/taxons/${ruby}/jstree`).expect(404, notFound);
    });

    // it "gets all taxons in JSTree form"
    it('gets all taxons in JSTree form', async () => {
      const res = await t.http().get(`${base()}/${ruby}/jstree`).set(user.auth).expect(200);
      const first = res.body[0];
      expect(first.data).toBe('Rails');
      expect(first.attr).toEqual({ name: 'Rails', id: rails });
      expect(first.state).toBe('closed');
      expect((await t.http().get(`${base()}/${version}/jstree`).expect(200)).body).toEqual([]);
    });

    // it "can learn how to create a new taxon"
    it('can learn how to create a new taxon', async () => {
      const res = await t.http().get(`${base()}/new`).set(user.auth).expect(200);
      expect(res.body.attributes).toEqual(attributes);
      expect(res.body.required_attributes).toContain('name');
    });

    // it "cannot create a new taxon if not an admin"
    it('cannot create a new taxon if not an admin', async () => {
      await t.http().post(base()).set(user.auth).send({ taxon: { name: 'Location' } }).expect(401, unauthorized);
      await t.http().post(base()).send({ taxon: { name: 'Location' } }).expect(401, unauthorized);
      expect(await count(`SELECT count(*) FROM taxons WHERE name = 'Location'`)).toBe(0);
    });

    // it "cannot update a taxon"
    it('cannot update a taxon', async () => {
      await t.http().put(`${base()}/${ruby}`).set(user.auth).send({ taxon: { name: 'I hacked your store!' } }).expect(401, unauthorized);
      expect((await rows(`SELECT name FROM taxons WHERE id = $1`, [ruby]))[0].name).toBe('Ruby');
    });

    // it "cannot delete a taxon"
    it('cannot delete a taxon', async () => {
      await t.http().delete(`${base()}/${ruby}`).set(user.auth).expect(401, unauthorized);
      expect(await count(`SELECT count(*) FROM taxons WHERE id = $1`, [ruby])).toBe(1);
    });
  });

  describe('as an admin', () => {
    // it "can create"
    it('can create', async () => {
      const res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'Colors' } }).expect(201);
      expect(Object.keys(res.body)).toEqual(expect.arrayContaining(attributes));
      expect(await rootChildren()).toHaveLength(2);
      const [taxon] = await rows(`SELECT * FROM taxons WHERE name = 'Colors'`);
      expect(taxon.parent_id).toBe(taxonomy.rootId);
      expect(taxon.taxonomy_id).toBe(taxonomy.id);
      expect(res.body).toEqual({
        id: taxon.id,
        name: 'Colors',
        pretty_name: 'Programming -> Colors',
        permalink: 'programming/colors',
        parent_id: taxonomy.rootId,
        taxonomy_id: taxonomy.id,
        position: 1,
        taxons: [],
      });
    });

    it('creates under a given parent, with the parent permalink plus the parameterized name', async () => {
      const res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'Ruby Gems & Tools', parent_id: String(ruby) } }).expect(201);
      expect(res.body).toMatchObject({ parent_id: ruby, permalink: 'programming/ruby/ruby-gems-and-tools', pretty_name: 'Programming -> Ruby -> Ruby Gems & Tools' });
      const custom = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'Sinatra', parent_id: ruby, permalink: 'whatever/Classy Web' } }).expect(201);
      expect(custom.body.permalink).toBe('programming/ruby/classy-web');
      const symbols = await t.http().post(base()).set(admin.auth).send({ taxon: { name: '★★' } }).expect(201);
      expect(symbols.body.permalink).toBe(`programming/${symbols.body.id}`);
    });

    it('creates at a position among the siblings', async () => {
      const go = await createTaxon(t.db, taxonomy.rootId, 'Go');
      const res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'Elixir', position: 0 } }).expect(201);
      expect(await rootChildren()).toEqual([res.body.id, ruby, go]);
      expect(res.body.position).toBe(0);
    });

    it('refuses a permalink already taken in the taxonomy, writing nothing', async () => {
      const before = await snapshot();
      const res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'ruby' } }).expect(422);
      expect(res.body.errors).toEqual({ permalink: ['has already been taken'] });
      expect(await snapshot()).toEqual(before);
      // The same name elsewhere in the tree is fine.
      await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'Ruby', parent_id: rails } }).expect(201);
    });

    it('refuses an unknown parent, a parent of another taxonomy and values of the wrong type', async () => {
      const other = await createTaxonomy(t.db, 'Other');
      const before = await snapshot();
      let res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'X', parent_id: 999999 } }).expect(422);
      expect(res.body.errors).toEqual({ parent_id: ['is invalid'] });
      res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'X', parent_id: other.rootId } }).expect(422);
      expect(res.body.errors).toEqual({ parent_id: ['is invalid'] });
      res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: 'X', parent_id: 'abc', position: 'first' } }).expect(422);
      expect(Object.keys(res.body.errors).sort()).toEqual(['parent_id', 'position']);
      res = await t.http().post(base()).set(admin.auth).send({ taxon: { name: ['X'] } }).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['name']);
      await t.http().post(base()).set(admin.auth).send({ taxon: 'X' }).expect(400);
      expect(await snapshot()).toEqual(before);
    });

    // it "can update the position in the list"
    it('can update the position in the list', async () => {
      // taxonomy.root.children << taxon2
      await rows(`UPDATE taxons SET parent_id = $1, position = 1 WHERE id = $2`, [taxonomy.rootId, rails]);
      const res = await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { parent_id: taxonomy.rootId, child_index: 2 } }).expect(200);
      expect(await rootChildren()).toEqual([rails, ruby]);
      expect(res.body.position).toBe(1);
      // and back with `position`
      await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { position: 0 } }).expect(200);
      expect(await rootChildren()).toEqual([ruby, rails]);
    });

    it('renames a taxon, recomputing the permalinks of its subtree', async () => {
      const res = await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { name: 'Ruby Lang' } }).expect(200);
      expect(res.body).toMatchObject({ name: 'Ruby Lang', permalink: 'programming/ruby-lang', pretty_name: 'Programming -> Ruby Lang' });
      expect(res.body.taxons[0]).toMatchObject({ permalink: 'programming/ruby-lang/rails', pretty_name: 'Programming -> Ruby Lang -> Rails' });
      expect((await rows(`SELECT permalink FROM taxons WHERE id = $1`, [version]))[0].permalink).toBe('programming/ruby-lang/rails/3-2-2');
    });

    it('moves a taxon to another parent, with its subtree', async () => {
      const go = await createTaxon(t.db, taxonomy.rootId, 'Go');
      const res = await t.http().put(`${base()}/${rails}`).set(admin.auth).send({ taxon: { parent_id: go } }).expect(200);
      expect(res.body).toMatchObject({ parent_id: go, permalink: 'programming/go/rails', pretty_name: 'Programming -> Go -> Rails' });
      expect((await rows(`SELECT permalink FROM taxons WHERE id = $1`, [version]))[0].permalink).toBe('programming/go/rails/3-2-2');
      const ruby_ = await t.http().get(`${base()}/${ruby}`).expect(200);
      expect(ruby_.body.taxons).toEqual([]);
    });

    it('renaming the root recomputes every permalink of the taxonomy', async () => {
      await t.http().put(`${base()}/${taxonomy.rootId}`).set(admin.auth).send({ taxon: { name: 'Code' } }).expect(200);
      const permalinks = (await rows(`SELECT permalink FROM taxons WHERE taxonomy_id = $1 ORDER BY id`, [taxonomy.id])).map((r: { permalink: string }) => r.permalink);
      expect(permalinks).toEqual(['code', 'code/ruby', 'code/ruby/rails', 'code/ruby/rails/3-2-2']);
    });

    it('cannot move a taxon under itself or its descendants, nor make it a second root (422, nothing written)', async () => {
      const before = await snapshot();
      for (const parent of [ruby, rails, version]) {
        const res = await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { parent_id: parent, name: 'Moved' } }).expect(422);
        expect(Object.keys(res.body.errors)).toEqual(['parent_id']);
      }
      await t.http().put(`${base()}/${taxonomy.rootId}`).set(admin.auth).send({ taxon: { parent_id: ruby } }).expect(422);
      const res = await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { parent_id: null } }).expect(422);
      expect(res.body.errors).toEqual({ parent_id: ["can't be blank"] });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a blank name, an unknown parent, a taken permalink, a too long permalink; 404 for unknown taxons', async () => {
      const go = await createTaxon(t.db, taxonomy.rootId, 'Go');
      const before = await snapshot();
      expect((await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { name: ' ' } }).expect(422)).body.errors).toEqual({ name: ["can't be blank"] });
      expect((await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { parent_id: 999999 } }).expect(422)).body.errors).toEqual({ parent_id: ['is invalid'] });
      expect((await t.http().put(`${base()}/${go}`).set(admin.auth).send({ taxon: { name: 'Ruby' } }).expect(422)).body.errors).toEqual({ permalink: ['has already been taken'] });
      const long = 'x'.repeat(240);
      expect((await t.http().put(`${base()}/${ruby}`).set(admin.auth).send({ taxon: { name: long } }).expect(422)).body.errors).toEqual({
        permalink: ['is too long (maximum is 255 characters)'],
      });
      expect(await snapshot()).toEqual(before);
      await t.http().put(`${base()}/999999`).set(admin.auth).send({ taxon: { name: 'X' } }).expect(404, notFound);
      await t.http().put(`/api/taxonomies/999999/taxons/${ruby}`).set(admin.auth).send({ taxon: { name: 'X' } }).expect(404, notFound);
      await t.http().delete(`${base()}/999999`).set(admin.auth).expect(404, notFound);
    });

    // it "cannot create a new taxon with invalid attributes"
    it('cannot create a new taxon with invalid attributes', async () => {
      const res = await t.http().post(base()).set(admin.auth).send({ taxon: {} }).expect(422);
      expect(res.body.error).toBe('Invalid resource. Please fix errors and try again.');
      expect(res.body.errors).toEqual({ name: ["can't be blank"] });
      expect(await rootChildren()).toHaveLength(1);
    });

    // it "cannot create a new taxon with invalid taxonomy_id"
    it('cannot create a new taxon with invalid taxonomy_id', async () => {
      const res = await t.http().post('/api/taxonomies/1000000/taxons').set(admin.auth).send({ taxon: { name: 'Colors' } }).expect(422);
      expect(res.body.error).toBe('Invalid resource. Please fix errors and try again.');
      expect(res.body.errors.taxonomy_id).toBeDefined();
      expect(res.body.errors.taxonomy_id[0]).toBe('Invalid taxonomy id.');
      await t.http().post('/api/taxonomies/abc/taxons').set(admin.auth).send({ taxon: { name: 'Colors' } }).expect(422);
      expect(await rootChildren()).toHaveLength(1);
      expect(await count(`SELECT count(*) FROM taxons WHERE name = 'Colors'`)).toBe(0);
    });

    // it "can destroy"
    it('can destroy, with its children and their classifications', async () => {
      const product = await createProduct(t.db);
      await classify(t.db, product.id, version, 1);
      await t.http().delete(`${base()}/${ruby}`).set(admin.auth).expect(204);
      expect(await count(`SELECT count(*) FROM taxons WHERE id IN ($1, $2, $3)`, [ruby, rails, version])).toBe(0);
      expect(await count(`SELECT count(*) FROM classifications WHERE product_id = $1`, [product.id])).toBe(0);
      expect(await count(`SELECT count(*) FROM products WHERE id = $1`, [product.id])).toBe(1);
    });

    it('cannot delete the root taxon (the taxonomy goes with it instead)', async () => {
      const res = await t.http().delete(`${base()}/${taxonomy.rootId}`).set(admin.auth).expect(422);
      expect(Object.keys(res.body.errors)).toEqual(['base']);
      expect(await count(`SELECT count(*) FROM taxons WHERE taxonomy_id = $1`, [taxonomy.id])).toBe(4);
    });
  });

  it('documents the endpoints in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/taxons', '/api/taxonomies/{taxonomy_id}/taxons', '/api/taxonomies/{taxonomy_id}/taxons/{id}', '/api/taxonomies/{taxonomy_id}/taxons/{id}/jstree']),
    );
    expect(doc.components.schemas.TaxonWithChildrenJson.properties.taxons).toBeDefined();
  });
});
