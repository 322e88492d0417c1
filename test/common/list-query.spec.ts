import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createProduct, createVariant } from '../support/catalog';

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
