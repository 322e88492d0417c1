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

    it('the docs render over plain http under any host name: no upgrade to https, every asset served here under the policy', async () => {
      const page = await t.http().get('/api/docs/').set('Host', 'shop.lan:3000');
      expect(page.status).toBe(200);
      const csp: string = page.headers['content-security-policy'];
      // upgrade-insecure-requests made a browser fetch the assets (and "Try it out") over https, which no one answers on a LAN.
      expect(csp).not.toContain('upgrade-insecure-requests');
      // Both ignored over plain http, with a console message in the browser.
      expect(page.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(page.headers['origin-agent-cluster']).toBeUndefined();
      const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets).toEqual(expect.arrayContaining(['./swagger-ui.css', './swagger-ui-bundle.js', './swagger-ui-init.js']));
      for (const asset of assets) {
        // Relative to the page: served by us, so `default-src 'self'`/`script-src 'self'` allow them.
        expect(asset).toMatch(/^\.\//);
        const res = await t.http().get(`/api/docs/${asset.slice(2)}`).set('Host', 'shop.lan:3000');
        expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      }
      // No inline script (script-src 'self' would block it): the page's only script elements load files.
      expect([...page.text.matchAll(/<script(?![^>]*\ssrc=)[^>]*>/g)]).toEqual([]);
      // Swagger UI's online validator badge would load an image from validator.swagger.io (refused by img-src 'self').
      const init = await t.http().get('/api/docs/swagger-ui-init.js').set('Host', 'shop.lan:3000');
      expect(init.text).toMatch(/"validatorUrl":\s*null/);
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
