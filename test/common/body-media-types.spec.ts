import { MAX_NESTING_DEPTH, MAX_PARAMETERS } from '../../src/common/http/body-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { stockedProduct } from '../support/orders';

/**
 * Bodies in every encoding a client sends them (common/http/body-parsers.ts):
 * multipart forms (`curl -F`) read wherever a form is, with the same limits;
 * files only where an upload is taken; a body the service does not read
 * (`text/plain`, no Content-Type, JSON sent as a form) a 415 naming its type,
 * never a "can't be blank" for fields that were sent.
 */
describe('request bodies by media type', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  describe('multipart forms (curl -F)', () => {
    it('are read as the same urlencoded form would be, on any endpoint', async () => {
      const created = await t.http().post('/api/products').set(admin.auth).field('product[name]', 'Multipart mug').field('product[price]', '12.50').field('product[shipping_category_id]', '1');
      expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
      expect(created.body).toMatchObject({ name: 'Multipart mug', price: '12.50' });
      const updated = await t.http().put(`/api/products/${created.body.id}`).set(admin.auth).field('product[description]', 'Holds tea, "quoted" & more').expect(201);
      expect(updated.body.description).toBe('Holds tea, "quoted" & more');
      // Anonymous endpoints, where the guards read the body (the sign-up rate limit reads user[email]).
      await t.http().post('/api/users').field('user[email]', 'multipart@example.com').field('user[password]', 'secret123').expect(201);
      const session = await t.http().post('/api/sessions').field('email', 'multipart@example.com').field('password', 'secret123').expect(201);
      expect(session.body.api_key).toEqual(expect.any(String));
      // Lists of values and sparse indexes keep their meaning (`ids[]`, `payment_source[3][number]`).
      const cart = await t.http().post('/api/orders').field('order[line_items][0][variant_id]', String((await stockedProduct(t.db, { price: '3.00' })).masterVariantId)).field('order[line_items][0][quantity]', '2');
      expect({ status: cart.status, quantity: cart.body.line_items?.[0]?.quantity }).toEqual({ status: 201, quantity: 2 });
    });

    it('refuse a file where no upload is taken (400), and keep the limits of other bodies', async () => {
      const file = await t.http().post('/api/products').set(admin.auth).field('product[name]', 'Mug').attach('product[image]', Buffer.from('not an image'), 'mug.txt');
      expect({ status: file.status, body: file.body }).toEqual({ status: 400, body: { error: "The form field 'product[image]' is a file; only image uploads take files." } });

      // Nesting as a urlencoded form reads it (brackets past qs's depth stay one key): the same answer either way.
      const key = `product[name]${'[a]'.repeat(MAX_NESTING_DEPTH)}`;
      const deepForm = await t.http().post('/api/products').set(admin.auth).type('form').send(`${encodeURIComponent(key)}=x`);
      const deepMultipart = await t.http().post('/api/products').set(admin.auth).field(key, 'x');
      expect({ status: deepMultipart.status, body: deepMultipart.body }).toEqual({ status: deepForm.status, body: deepForm.body });
      expect(deepMultipart.status).toBe(422);

      let many = t.http().post('/api/products').set(admin.auth);
      for (let i = 0; i <= MAX_PARAMETERS; i++) many = many.field(`p${i}`, '1');
      const tooMany = await many;
      expect({ status: tooMany.status, body: tooMany.body }).toEqual({ status: 400, body: { error: `The request body has too many parameters (at most ${MAX_PARAMETERS}).` } });

      const large = await t.http().post('/api/products').set(admin.auth).field('product[description]', 'x'.repeat(1024 * 1024 + 1));
      expect({ status: large.status, body: large.body }).toEqual({ status: 413, body: { error: 'Request body is too large (1 MB at most).' } });

      const broken = await t.http().post('/api/products').set(admin.auth).set('Content-Type', 'multipart/form-data; boundary=xyz').send('--xyz\r\nnot a part');
      expect({ status: broken.status, body: broken.body }).toEqual({ status: 400, body: { error: 'The request body could not be read as multipart/form-data.' } });
    });
  });

  describe('bodies the service does not read', () => {
    const json = JSON.stringify({ user: { email: 'typed@example.com', password: 'secret123' } });

    it('JSON sent as text/plain (fetch() with a string body and no headers) is a 415 naming the type, not "can\'t be blank"', async () => {
      const res = await t.http().post('/api/users').set('Content-Type', 'text/plain;charset=UTF-8').send(json);
      expect({ status: res.status, body: res.body }).toEqual({
        status: 415,
        body: { error: 'The request body is sent as text/plain, which this API does not read: send JSON with Content-Type: application/json, or a form (application/x-www-form-urlencoded or multipart/form-data).' },
      });
      const xml = await t.http().put(`/api/users/${admin.id}`).set(admin.auth).set('Content-Type', 'application/xml').send('<user><email>x@example.com</email></user>');
      expect(xml.status).toBe(415);
      expect(xml.body.error).toMatch(/^The request body is sent as application\/xml,/);
    });

    it('a body without a Content-Type is a 415 saying so', async () => {
      const res = await t.http().post('/api/users').send(Buffer.from(json));
      expect({ status: res.status, body: res.body }).toEqual({
        status: 415,
        body: { error: 'The request body has no Content-Type: send JSON with Content-Type: application/json, or a form (application/x-www-form-urlencoded or multipart/form-data).' },
      });
    });

    it('JSON sent as a urlencoded form (curl -d without -H) is a 415 naming the form type', async () => {
      for (const body of [json, '  [1, 2]']) {
        const res = await t.http().post('/api/users').set('Content-Type', 'application/x-www-form-urlencoded').send(body);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 415,
          body: { error: 'The request body looks like JSON but is sent as application/x-www-form-urlencoded: send it with Content-Type: application/json.' },
        });
      }
      // Nothing was created.
      const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM users WHERE email = 'typed@example.com'`);
      expect(count).toBe(0);
    });

    it('empty bodies of any type pass, and GET bodies are not looked at', async () => {
      const user = await createUser(t.db);
      await t.http().put(`/api/users/${user.id}`).set(user.auth).set('Content-Type', 'text/plain').send('').expect(200);
      await t.http().get('/api/config').set('Content-Type', 'text/plain').send('whatever').expect(200);
      await t.http().delete('/api/sessions').set(user.auth).set('Content-Type', 'text/plain').expect(204);
    });
  });
});
