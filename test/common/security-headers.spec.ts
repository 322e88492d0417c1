import { createTestApp, TestApp } from '../support/test-app';

// Security headers (helmet) on every answer, errors included, and CORS for
// storefronts on other origins: the order token header must be allowed.

describe('security headers and CORS', () => {
  describe('defaults (any origin)', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp()));
    afterAll(() => t.close());

    it('every API answer carries the security headers, errors too', async () => {
      for (const [path, status] of [
        ['/api/zones', 200],
        ['/api/products/no-such-product', 404],
        ['/api/orders', 401],
      ] as const) {
        const res = await t.http().get(path);
        expect({ path, status: res.status }).toEqual({ path, status });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
        expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['referrer-policy']).toBe('no-referrer');
        expect(res.headers['x-powered-by']).toBeUndefined();
        expect(res.headers['cache-control']).toBe('no-store');
        // Nothing may be cached, so no validator is computed either (anonymous catalog reads are the exception: catalog-cache.spec.ts).
        expect(res.headers['etag']).toBeUndefined();
      }
    });

    it('no cache may keep an answer carrying a key or an order token', async () => {
      const signUp = await t.http().post('/api/users').send({ user: { email: 'cached@example.com', password: 'secret123' } }).expect(201);
      expect(signUp.headers['cache-control']).toBe('no-store');
      const session = await t.http().post('/api/sessions').send({ email: 'cached@example.com', password: 'secret123' }).expect(201);
      expect(session.body.api_key).toEqual(expect.any(String));
      expect(session.headers['cache-control']).toBe('no-store');
      const order = await t.http().post('/api/orders').send({}).expect(201);
      expect(order.headers['cache-control']).toBe('no-store');
      const shown = await t.http().get(`/api/orders/${order.body.number}.json`).set('X-Spree-Order-Token', order.body.token).expect(200);
      expect(shown.headers['cache-control']).toBe('no-store');
    });

    it('the interactive docs keep a policy that lets Swagger UI run', async () => {
      const res = await t.http().get('/api/docs/');
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    });

    it('answers a preflight from any origin, allowing the key and order-token headers', async () => {
      const res = await t.http()
        .options('/api/checkouts/R123/next')
        .set('Origin', 'https://shop.example')
        .set('Access-Control-Request-Method', 'PUT')
        .set('Access-Control-Request-Headers', 'x-spree-order-token,content-type');
      expect(res.status).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['access-control-allow-methods']).toContain('PUT');
      expect(res.headers['access-control-allow-headers'].toLowerCase().split(',')).toEqual(expect.arrayContaining(['x-spree-order-token', 'authorization', 'x-spree-token', 'idempotency-key']));
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const get = await t.http().get('/api/products').set('Origin', 'https://shop.example');
      expect(get.headers['access-control-allow-origin']).toBe('*');
    });
  });

  describe('CORS_ORIGINS set', () => {
    let t: TestApp;
    beforeAll(async () => (t = await createTestApp({ CORS_ORIGINS: 'https://shop.example, https://admin.example/' })));
    afterAll(() => t.close());

    it('allows the listed origins only', async () => {
      for (const origin of ['https://shop.example', 'https://admin.example']) {
        const res = await t.http().get('/api/products').set('Origin', origin);
        expect(res.headers['access-control-allow-origin']).toBe(origin);
      }
      const other = await t.http().get('/api/products').set('Origin', 'https://evil.example');
      expect(other.status).toBe(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.http().options('/api/orders').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
