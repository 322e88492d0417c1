import { createProduct, createVariant } from '../support/catalog';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// PUT /api/products/:id/restore: the back-office's Restore of a soft-deleted product
// (the product, and the variants and stock items deleted with it).

describe('restoring a soft-deleted product', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
  });
  afterAll(() => t.close());

  const liveCount = async () => (await t.http().get('/api/products').query({ per_page: 1 }).expect(200)).body.total_count as number;
  const variantRows = async (productId: number) =>
    (await t.db.query(`SELECT id, deleted_at IS NULL AS live FROM variants WHERE product_id = $1 AND NOT is_master ORDER BY id`, [productId])) as Array<{ id: number; live: boolean }>;

  it('brings back the product with the variants and stock deleted with it; a variant deleted before stays deleted', async () => {
    const product = await createProduct(t.db, { price: '12.00' });
    const kept = await createVariant(t.db, product.id, { countOnHand: 4 });
    const gone = await createVariant(t.db, product.id, { countOnHand: 2 });
    await t.http().delete(`/api/products/${product.slug}/variants/${gone}`).set(admin.auth).expect(204);
    // The public page, read once while live (so a kept copy of it exists), then gone.
    await t.http().get(`/api/products/${product.slug}`).expect(200);
    const before = await liveCount();
    await t.http().delete(`/api/products/${product.slug}`).set(admin.auth).expect(204);
    await t.http().get(`/api/products/${product.slug}`).expect(404);
    expect(await liveCount()).toBe(before - 1);

    const res = await t.http().put(`/api/products/${product.slug}/restore`).set(admin.auth).expect(200);
    expect(res.body).toMatchObject({ id: product.id, slug: product.slug, deleted_at: null, price: '12.00' });
    expect(res.body.variants.map((v: { id: number }) => v.id)).toEqual([kept]);
    expect(await variantRows(product.id)).toEqual([
      { id: kept, live: true },
      { id: gone, live: false },
    ]);
    const stock = await t.db.query(`SELECT count_on_hand, deleted_at IS NULL AS live FROM stock_items WHERE variant_id = $1`, [kept]);
    expect(stock).toEqual([{ count_on_hand: 4, live: true }]);
    // Everyone sees it again, and the catalog counts it.
    const shown = await t.http().get(`/api/products/${product.slug}`).expect(200);
    expect(shown.body.variants.map((v: { id: number }) => v.id)).toEqual([kept]);
    expect(await liveCount()).toBe(before);
  });

  it('refuses a product that is not deleted: 422 on deleted_at, nothing changed', async () => {
    const product = await createProduct(t.db);
    const res = await t.http().put(`/api/products/${product.id}/restore`).set(admin.auth).expect(422);
    expect(res.body).toEqual({ error: expect.any(String), errors: { deleted_at: ['is blank: the product is not deleted'] } });
  });

  it('is for admins (401 otherwise, the product stays deleted); 404 for no such product', async () => {
    const product = await createProduct(t.db);
    await t.http().delete(`/api/products/${product.slug}`).set(admin.auth).expect(204);
    await t.http().put(`/api/products/${product.slug}/restore`).set(user.auth).expect(401, UNAUTHORIZED);
    await t.http().put(`/api/products/${product.slug}/restore`).expect(401);
    expect((await t.db.query(`SELECT deleted_at IS NULL AS live FROM products WHERE id = $1`, [product.id]))[0].live).toBe(false);
    await t.http().put(`/api/products/no-such-product-${Date.now()}/restore`).set(admin.auth).expect(404, NOT_FOUND);
  });
});
