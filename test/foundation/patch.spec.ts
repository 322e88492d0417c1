import { createProduct } from '../support/catalog';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { cents } from '../support/database';

/**
 * Rails 4 routes a resource's update as PUT and PATCH (`resources`), and a
 * custom member action declared with `put` (`put :cancel`) as PUT only;
 * Spree 2.2's api/config/routes.rb does so. Every update route here takes
 * both (`@Update`, common/http/update-route.ts), and the document says so.
 */
describe('PATCH, as Rails routes an update', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
  });
  afterAll(() => t.close());

  const operations = (method: string) =>
    Object.entries(doc.paths)
      .filter(([, item]) => item[method])
      .map(([path]) => path)
      .sort();

  it("documents PATCH on exactly the updates of resources: PUT paths that end in a record's id, not member actions", () => {
    const puts = operations('put');
    const updates = puts.filter((path) => path.endsWith('}'));
    expect(operations('patch')).toEqual(updates);
    // Spot checks both ways (Spree's routes.rb).
    for (const path of ['/api/products/{id}', '/api/orders/{number}', '/api/checkouts/{number}', '/api/shipments/{number}', '/api/orders/{number}/payments/{id}', '/api/users/{id}']) {
      expect(updates).toContain(path);
    }
    for (const path of ['/api/classifications', '/api/orders/{number}/empty', '/api/orders/{number}/cancel', '/api/checkouts/{number}/next', '/api/orders/{number}/payments/{id}/capture', '/api/shipments/{number}/ship', '/api/users/{id}/generate_api_key']) {
      expect(puts).toContain(path);
      expect(doc.paths[path].patch).toBeUndefined();
    }
  });

  it('describes each PATCH as its PUT, under its own operationId, and every operationId is unique', () => {
    const ids: string[] = [];
    for (const item of Object.values(doc.paths)) for (const op of Object.values<any>(item)) ids.push(op.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const path of operations('patch')) {
      const { put, patch } = doc.paths[path];
      // The document's naming rule (common/openapi/document-rules.ts): updateProduct → patchProduct.
      expect(patch.operationId).toBe(put.operationId.replace(/^update/, 'patch'));
      expect(patch.operationId).toMatch(/^patch[A-Z]/);
      expect({ ...patch, operationId: put.operationId, description: put.description }).toEqual(put);
      expect(put).not.toHaveProperty('x-also-patch');
    }
  });

  it('serves PATCH on exactly the documented PATCH paths', () => {
    const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: { route?: { path: string; methods: Record<string, boolean> } }[] } }).router;
    const served = router.stack
      .filter((layer) => layer.route?.methods.patch)
      .map((layer) => layer.route!.path.replace(/:(\w+)/g, '{$1}'))
      .sort();
    expect(served).toEqual(operations('patch'));
  });

  it('PATCH /api/products/:id updates the product as PUT does, with the same answer and refusals', async () => {
    const product = await createProduct(t.db);
    const res = await t.http().patch(`/api/products/${product.id}`).set(admin.auth).send({ product: { name: 'Patched mug' } });
    expect(res.status).toBe(201); // as PUT (commerce-api.md)
    expect(shapeProblems(doc, responseSchema(doc, '/api/products/{id}', 'patch', 201), res.body)).toEqual([]);
    expect(res.body.name).toBe('Patched mug');
    expect((await t.db.query(`SELECT name FROM products WHERE id = $1`, [product.id]))[0].name).toBe('Patched mug');
    await t.http().patch(`/api/products/${product.id}`).set(user.auth).send({ product: { name: 'Mallory' } }).expect(401);
    await t.http().patch(`/api/products/${product.id}`).set(admin.auth).send({ product: { name: '' } }).expect(422);
    expect((await t.db.query(`SELECT name FROM products WHERE id = $1`, [product.id]))[0].name).toBe('Patched mug');
    // The same path with .json, as every route.
    await t.http().patch(`/api/products/${product.id}.json`).set(admin.auth).send({ product: { name: 'Again' } }).expect(201);
  });

  it("PATCH reaches an order's updates under its guards: the order, its line items, the checkout", async () => {
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
    let res = await t.http().patch(`/api/orders/${order.number}`).set(user.auth).send({ order: { email: 'patched@example.com' } });
    expect(res.status).toBe(200);
    expect(shapeProblems(doc, responseSchema(doc, '/api/orders/{number}', 'patch', 200), res.body)).toEqual([]);
    expect(res.body.email).toBe('patched@example.com');
    const stranger = await createUser(t.db);
    await t.http().patch(`/api/orders/${order.number}`).set(stranger.auth).send({ order: { email: 'mallory@example.com' } }).expect(401);
    const lineItem = res.body.line_items[0];
    res = await t.http().patch(`/api/orders/${order.number}/line_items/${lineItem.id}`).set(user.auth).send({ line_item: { quantity: 3 } }).expect(200);
    expect(res.body.quantity).toBe(3);
    res = await t.http().patch(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { email: 'checkout@example.com' } }).expect(200);
    expect(res.body.email).toBe('checkout@example.com');
    expect((await t.db.query(`SELECT email FROM orders WHERE id = $1`, [order.id]))[0].email).toBe('checkout@example.com');
  });

  it('PATCH /api/users/:id is the user update', async () => {
    const res = await t.http().patch(`/api/users/${user.id}`).set(admin.auth).send({ user: { email: `patched-${user.id}@example.com` } }).expect(200);
    expect(res.body.email).toBe(`patched-${user.id}@example.com`);
  });

  it('member actions and other routes declared with put take no PATCH (405 with Allow: PUT, nothing done)', async () => {
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
    const refused = (path: string) => t.http().patch(path).set(admin.auth).expect(405).expect('Allow', 'PUT, OPTIONS');
    await refused(`/api/orders/${order.number}/empty`);
    await refused(`/api/checkouts/${order.number}/next`);
    await t.http().patch('/api/classifications').set(admin.auth).send({ product_id: product.id, taxon_id: 1, position: 0 }).expect(405).expect('Allow', 'PUT, OPTIONS');
    await refused(`/api/users/${user.id}/clear_api_key`);
    const [row] = cents(await t.db.query(`SELECT state, item_total FROM orders WHERE id = $1`, [order.id]));
    expect(row).toEqual({ state: 'cart', item_total: '19.99' });
    await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
  });
});
