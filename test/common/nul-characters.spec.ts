import { stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createUser, TestUser } from '../support/users';

// PostgreSQL text cannot hold NUL: such input used to fail inside a query as a 500 (contract §2: never a 500 for bad input).
const BAD_REQUEST = { error: 'The request holds a NUL character (\\u0000), which no parameter may contain.' };

describe('NUL characters in a request', () => {
  let t: TestApp;
  let user: TestUser;
  let variantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    variantId = (await stockedProduct(t.db)).masterVariantId;
  });
  afterAll(() => t.close());

  it.each([
    ['a JSON body (sign-up)', () => t.http().post('/api/users').send({ user: { email: 'a\u0000b@example.com', password: 'secret123' } })],
    ['a nested JSON value (order)', () => t.http().post('/api/orders').send({ order: { special_instructions: 'hi\u0000', line_items: [{ variant_id: variantId, quantity: 1 }] } })],
    ['a JSON key', () => t.http().post('/api/sessions').send({ 'email\u0000': 'x', email: 'a@b.c', password: 'secret123' })],
    ['a form body (sign-in)', () => t.http().post('/api/sessions').type('form').send('email=a%00&password=x')],
    ['a search', () => t.http().get('/api/products').query({ 'q[name_cont]': 'a\u0000' })],
    ['a path', () => t.http().get('/api/products/a%00b')],
    ['an order number', () => t.http().get('/api/orders/R123%00').set(user.auth)],
    ['an address of a user', () => t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { bill_address_attributes: { firstname: 'a\u0000' } } })],
  ])('is refused with 400 in %s, and nothing is written', async (_, call) => {
    const before = (await t.db.query(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM addresses) AS addresses`))[0];
    const res = await call();
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: BAD_REQUEST });
    expect((await t.db.query(`SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM orders) AS orders, (SELECT count(*) FROM addresses) AS addresses`))[0]).toEqual(before);
  });

  it('leaves other requests alone (a percent sign, escaped NUL text)', async () => {
    await t.http().get('/api/products').query({ 'q[name_cont]': '100%00' }).expect(200);
    await t.http().get('/api/products').query({ 'q[name_cont]': '\\u0000' }).expect(200);
  });

  it('documents the 400 on every operation', async () => {
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    const missing = Object.entries<Record<string, { responses: Record<string, unknown> }>>(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !op.responses['400'])
        .map(([method]) => `${method} ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
