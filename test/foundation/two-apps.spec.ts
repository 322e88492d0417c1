import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';
import { defaultShippingCategoryId } from '../support/catalog';

/**
 * Two instances of the service in one process (as tests of caches or webhook
 * delivery across instances need): closing one must leave the other serving,
 * whichever closes first and whether they share a database or not.
 */
describe('two apps in one process', () => {
  // A write (a product, which raises an event through the outbox) and reads that touch the database.
  async function serves(t: TestApp, admin: TestUser, name: string): Promise<void> {
    const created = await t.http().post('/api/products').set(admin.auth).send({ product: { name, price: '5.00', shipping_category_id: await defaultShippingCategoryId(t.db) } }).expect(201);
    const read = await t.http().get(`/api/products/${created.body.id}`).set(admin.auth).expect(200);
    expect(read.body.name).toBe(name);
    await t.http().get('/api/taxonomies').set(admin.auth).expect(200);
    await t.http().get('/health/ready').expect(200);
  }

  for (const shared of [true, false]) {
    const how = shared ? 'on one database' : 'on two databases';

    for (const closing of ['second', 'first'] as const) {
      const staying = closing === 'second' ? 'first' : 'second';
      it(`the ${staying} keeps serving when the ${closing} closes (${how})`, async () => {
        const open: TestApp[] = [];
        try {
          const a = await createTestApp();
          open.push(a);
          const b = await createTestApp({}, shared ? { databaseUrl: a.databaseUrl } : {});
          open.push(b);
          const adminA = await createAdmin(a.db);
          const adminB = shared ? adminA : await createAdmin(b.db);
          await serves(a, adminA, 'A before');
          await serves(b, adminB, 'B before');
          const [gone, stays, admin] = closing === 'second' ? [b, a, adminA] : [a, b, adminB];
          open.splice(open.indexOf(gone), 1);
          await gone.close();
          await serves(stays, admin, `${staying} after the ${closing} closed`);
        } finally {
          for (const t of open) await t.close();
        }
      });
    }
  }
});
