import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createProduct, createTaxonomy, createVariant } from '../support/catalog';

// The shared search/sort/pagination component, exercised through real list endpoints.
describe('list search, sort and pagination', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  it('sorts by a column of a joined table while paginating', async () => {
    const desc = await t.http().get('/api/states?per_page=5&q[s]=country_name desc').expect(200);
    const asc = await t.http().get('/api/states?per_page=5&q[s]=country_name asc').expect(200);
    const country = async (stateId: number) => (await t.db.query('SELECT c.iso FROM states s JOIN countries c ON c.id = s.country_id WHERE s.id = $1', [stateId]))[0].iso;
    expect(await country(desc.body.states[0].id)).toBe('US');
    expect(await country(asc.body.states[0].id)).toBe('CA');
    expect(desc.body.states).toHaveLength(5);
  });

  it('searches a to-many association without repeating rows, also with _or_', async () => {
    const product = await createProduct(t.db, { name: 'Searchable Mug', sku: 'MUG-MASTER' });
    await createVariant(t.db, product.id, { sku: 'MUG-RED' });
    await createVariant(t.db, product.id, { sku: 'MUG-BLUE' });
    const bySku = await t.http().get('/api/products?q[variants_including_master_sku_cont]=MUG-').set(admin.auth).expect(200);
    expect(bySku.body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    expect(bySku.body.total_count).toBe(1);
    const byNameOrSku = await t.http().get('/api/products?q[name_or_variants_including_master_sku_cont]=MUG-RED').set(admin.auth).expect(200);
    expect(byNameOrSku.body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
  });

  it('treats LIKE wildcards in a search as plain characters', async () => {
    await createProduct(t.db, { name: '100% Cotton Tee' });
    await createProduct(t.db, { name: '100 Cotton Socks' });
    const res = await t.http().get('/api/products').query({ q: { name_cont: '100%' } }).expect(200);
    expect(res.body.products.map((p: { name: string }) => p.name)).toEqual(['100% Cotton Tee']);
  });

  it('searches for text with a NUL byte (which PostgreSQL cannot hold) as matching nothing, not a 500', async () => {
    const product = await createProduct(t.db, { name: 'Plain Name' });
    for (const predicate of ['eq', 'cont', 'start', 'end', 'in']) {
      const res = await t.http().get('/api/products').query({ q: { [`name_${predicate}`]: 'Plain\u0000Name' } }).set(admin.auth).expect(200);
      expect(res.body.total_count).toBe(0);
    }
    for (const predicate of ['not_eq', 'not_cont']) {
      const res = await t.http().get('/api/products').query({ q: { [`name_${predicate}`]: 'Plain\u0000Name', id_eq: product.id } }).set(admin.auth).expect(200);
      expect(res.body.products.map((p: { id: number }) => p.id)).toEqual([product.id]);
    }
  });
});

// `page` beyond what a list can name (issue 25): pages up to int32's highest are read as asked,
// empty past the last; above it a 422 on `page`, never another page's records or a silent clamp.
describe('page numbers at the edge', () => {
  let t: TestApp;
  let admin: TestUser;
  let lists: string[];
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    await createProduct(t.db, { name: 'Edge mug' });
    const taxonomy = await createTaxonomy(t.db);
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body as { paths: Record<string, { get?: { parameters?: { $ref?: string }[] } }> };
    // Every list of the document that needs no id.
    lists = Object.entries(doc.paths)
      .filter(([path, item]) => !path.includes('{') && item.get?.parameters?.some((p) => p.$ref === '#/components/parameters/Page'))
      // A taxon's products take the taxon as `id`.
      .map(([path]) => (path === '/api/taxons/products' ? `${path}?id=${taxonomy.rootId}&` : `${path}?`));
  });
  afterAll(() => t.close());

  it('the highest page is read as asked: empty, naming itself, per_page kept', async () => {
    expect(lists.length).toBeGreaterThan(15);
    for (const path of lists) {
      const res = await t.http().get(`${path}page=2147483647&per_page=100`).set(admin.auth);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
      expect({ path, count: res.body.count, current_page: res.body.current_page, per_page: res.body.per_page }).toEqual({ path, count: 0, current_page: 2147483647, per_page: 100 });
    }
  });

  it('a page above it is a 422 naming page, whatever its size or spelling', async () => {
    for (const path of lists) {
      for (const page of ['2147483648', '9007199254740993', '99999999999999999999999', '1e400']) {
        const res = await t.http().get(`${path}page=${page}`).set(admin.auth);
        expect({ path, page, status: res.status, body: res.body }).toEqual({
          path,
          page,
          status: 422,
          body: { error: 'Invalid resource. Please fix errors and try again.', errors: { page: ['must be less than or equal to 2147483647'] } },
        });
      }
    }
  });

  it('a page that is not a whole number of 1 or more still means page 1, as Kaminari reads it', async () => {
    const first = await t.http().get('/api/products?per_page=1').expect(200);
    for (const page of ['abc', '0', '-3', '1.5', '']) {
      const res = await t.http().get(`/api/products?per_page=1&page=${page}`).expect(200);
      expect({ page, current_page: res.body.current_page, products: res.body.products }).toEqual({ page, current_page: 1, products: first.body.products });
    }
  });
});
