import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { classify, createProduct, createTaxon, createTaxonomy } from '../support/catalog';
import { NOT_FOUND } from '../support/error-bodies';

// Spree 2-2-stable taxons_controller#products (GET /api/taxons/products?id=<taxon_id>): its spec
// has no example for this action, so these tests follow the controller and the brief: products
// classified in the taxon or its descendants, visible to the caller, by position, paginated.

describe('taxon products', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  let rootId: number;
  let childId: number;
  let grandchildId: number;
  let otherRootId: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  beforeEach(async () => {
    await t.db.query('TRUNCATE products, taxonomies RESTART IDENTITY CASCADE');
    const taxonomy = await createTaxonomy(t.db, 'Categories');
    rootId = taxonomy.rootId;
    childId = await createTaxon(t.db, rootId, 'Clothing');
    grandchildId = await createTaxon(t.db, childId, 'Shirts');
    otherRootId = (await createTaxonomy(t.db, 'Brand')).rootId;
  });

  const get = (query: string, who: TestUser = user) => t.http().get(`/api/taxons/products${query}`).set(who.auth);
  const names = (body: { products: { name: string }[] }) => body.products.map((p) => p.name);

  it('lists the products of the taxon and of its descendants, by their position in the taxon', async () => {
    const a = await createProduct(t.db, { name: 'A' });
    const b = await createProduct(t.db, { name: 'B' });
    const c = await createProduct(t.db, { name: 'C' });
    const elsewhere = await createProduct(t.db, { name: 'Elsewhere' });
    await classify(t.db, a.id, childId, 3);
    await classify(t.db, b.id, grandchildId, 1);
    await classify(t.db, c.id, childId, 2);
    await classify(t.db, b.id, childId, 5); // in two taxons of the subtree: listed once
    await classify(t.db, elsewhere.id, otherRootId, 1);
    const res = await get(`?id=${childId}`).expect(200);
    expect(names(res.body)).toEqual(['B', 'C', 'A']);
    expect(res.body).toMatchObject({ count: 3, total_count: 3, current_page: 1, per_page: 25, pages: 1 });
    expect(res.body.products[0]).toMatchObject({ id: b.id, slug: b.slug, permalink: b.slug, price: '19.99', has_variants: false });
    expect(res.body.products[0].taxon_ids.sort()).toEqual([childId, grandchildId].sort());
    expect(names((await get(`?id=${grandchildId}`).expect(200)).body)).toEqual(['B']);
    expect(names((await get(`?id=${rootId}`).expect(200)).body).sort()).toEqual(['A', 'B', 'C']);
  });

  it('shows only products the caller may see', async () => {
    const live = await createProduct(t.db, { name: 'Live' });
    const future = await createProduct(t.db, { name: 'Future', availableOn: new Date(Date.now() + 86_400_000) });
    const gone = await createProduct(t.db, { name: 'Gone', deletedAt: new Date() });
    for (const p of [live, future, gone]) await classify(t.db, p.id, childId);
    expect(names((await get(`?id=${childId}`).expect(200)).body)).toEqual(['Live']);
    expect(names((await t.http().get(`/api/taxons/products?id=${childId}`).expect(200)).body)).toEqual(['Live']);
    expect(names((await get(`?id=${childId}&show_deleted=1`).expect(200)).body)).toEqual(['Live']);
    expect(names((await get(`?id=${childId}`, admin).expect(200)).body)).toEqual(['Live', 'Future']);
    expect(names((await get(`?id=${childId}&show_deleted=1`, admin).expect(200)).body)).toEqual(['Live', 'Future', 'Gone']);
  });

  it('paginates and searches like the products index', async () => {
    for (let i = 1; i <= 3; i++) await classify(t.db, (await createProduct(t.db, { name: `Shirt ${i}` })).id, grandchildId, i);
    const page = await get(`?id=${childId}&per_page=2&page=2`).expect(200);
    expect(names(page.body)).toEqual(['Shirt 3']);
    expect(page.body).toMatchObject({ count: 1, total_count: 3, current_page: 2, per_page: 2, pages: 2 });
    // Past the last page no row carries the total: it is counted.
    expect((await get(`?id=${childId}&per_page=2&page=3`).expect(200)).body).toMatchObject({ count: 0, total_count: 3, current_page: 3, pages: 2 });
    const found = await t.http().get('/api/taxons/products').query({ id: childId, q: { name_cont: 'shirt 2' } }).set(user.auth).expect(200);
    expect(names(found.body)).toEqual(['Shirt 2']);
    const sorted = await t.http().get('/api/taxons/products').query({ id: childId, q: { s: 'name desc' } }).set(user.auth).expect(200);
    expect(names(sorted.body)).toEqual(['Shirt 3', 'Shirt 2', 'Shirt 1']);
  });

  it('answers an empty list for a taxon without products', async () => {
    const res = await get(`?id=${otherRootId}`).expect(200);
    expect(res.body).toMatchObject({ products: [], count: 0, total_count: 0, pages: 1 });
  });

  it('answers 404 for an unknown, missing or malformed taxon id', async () => {
    await get('?id=999999').expect(404, NOT_FOUND);
    await get('').expect(404, NOT_FOUND);
    await get('?id=abc').expect(404, NOT_FOUND);
    await get('?id[]=1').expect(404, NOT_FOUND);
  });
});
