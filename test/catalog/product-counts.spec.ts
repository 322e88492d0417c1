import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { createProduct, defaultShippingCategoryId } from '../support/catalog';

/*
 * The products listing's total_count comes from a trigger-kept counter of live
 * products (ProductListing migration) when nothing filters the list. Whatever
 * changes the catalog, and however, the total must equal a COUNT(*) of what
 * the caller may see.
 */
describe('products total_count from the live-product counter', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const counted = async () => {
    const [row] = await t.db.query(
      `SELECT count(*) FILTER (WHERE deleted_at IS NULL AND available_on <= now())::int AS shopper, count(*) FILTER (WHERE deleted_at IS NULL)::int AS admin FROM products`,
    );
    return row as { shopper: number; admin: number };
  };
  const listed = async () => ({
    shopper: (await t.http().get('/api/products?per_page=1').expect(200)).body.total_count,
    admin: (await t.http().get('/api/products?per_page=1').set(admin.auth).expect(200)).body.total_count,
  });
  const expectExact = async () => expect(await listed()).toEqual(await counted());

  it('counts what each caller may see, through every kind of change', async () => {
    await expectExact();
    const live = await createProduct(t.db);
    const later = await createProduct(t.db, { availableOn: new Date(Date.now() + 86_400_000) });
    const never = await createProduct(t.db, { availableOn: null });
    await createProduct(t.db, { deletedAt: new Date() });
    await expectExact();
    expect((await listed()).admin - (await listed()).shopper).toBeGreaterThanOrEqual(2);

    // Through the API: create, then soft-delete.
    const created = await t.http().post('/api/products').set(admin.auth).send({ product: { name: 'Counted', price: '5.00', shipping_category_id: await defaultShippingCategoryId(t.db) } }).expect(201);
    await expectExact();
    await t.http().delete(`/api/products/${created.body.id}`).set(admin.auth).expect(204);
    await expectExact();

    // Behind the API's back: becoming available, undeleting, hard deletes, several rows at once.
    await t.db.query(`UPDATE products SET available_on = now() - interval '1 hour' WHERE id = $1`, [later.id]);
    await t.db.query(`UPDATE products SET deleted_at = NULL WHERE id = $1`, [created.body.id]);
    await expectExact();
    await t.db.query(`UPDATE products SET deleted_at = now() WHERE id IN ($1, $2)`, [live.id, never.id]);
    await t.db.query(`UPDATE products SET deleted_at = now() WHERE id = $1`, [live.id]); // already deleted: no change
    await expectExact();
    await t.db.query(`DELETE FROM variants WHERE product_id = $1`, [later.id]);
    await t.db.query(`DELETE FROM products WHERE id = $1`, [later.id]);
    await expectExact();
  });

  it('stays exact under concurrent product creation and deletion', async () => {
    const before = await counted();
    const shippingCategory = await defaultShippingCategoryId(t.db);
    const created = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.db.transaction(async (em) => {
          const [{ id }] = await em.query(
            `INSERT INTO products (name, available_on, slug, shipping_category_id) VALUES ($1, now() - interval '1 day', $2, $3) RETURNING id`,
            [`Concurrent ${i}`, `concurrent-${i}-${Date.now()}`, shippingCategory],
          );
          return id as number;
        }),
      ),
    );
    await Promise.all(created.slice(0, 5).map((id) => t.db.query(`UPDATE products SET deleted_at = now() WHERE id = $1`, [id])));
    expect(await counted()).toEqual({ shopper: before.shopper + 7, admin: before.admin + 7 });
    await expectExact();
  });

  it('a filtered list, show_deleted and a list past its end are counted, and agree', async () => {
    const deleted = (await t.db.query(`SELECT count(*)::int AS n FROM products`))[0].n;
    expect((await t.http().get('/api/products?per_page=1&show_deleted=true').set(admin.auth).expect(200)).body.total_count).toBe(deleted);
    const { admin: live } = await counted();
    expect((await t.http().get(`/api/products?per_page=1&page=${live + 5}`).set(admin.auth).expect(200)).body).toMatchObject({ count: 0, total_count: live });
    expect((await t.http().get('/api/products?per_page=1&q[name_start]=Concurrent').expect(200)).body.total_count).toBe(7);
  });

  it('recounts after a load with triggers off (refresh_product_counts)', async () => {
    await t.db.query(`UPDATE product_counts SET live = 0`);
    await t.db.query(`SELECT refresh_product_counts()`);
    await expectExact();
  });
});
