import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

// A method a path does not have answers 405 with Allow (RFC 9110 §15.5.6), read from the
// routes Express holds (common/http/method-not-allowed.ts); an unknown path stays a 404.
describe('methods a path does not support', () => {
  let t: TestApp;
  let admin: TestUser;
  let doc: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('answers 405 with Allow and the contract\'s error body (TRACE, DELETE, POST on /api/config)', async () => {
    for (const method of ['delete', 'post', 'put', 'patch', 'trace'] as const) {
      for (const path of ['/api/config', '/api/config.json', '/API/Config/']) {
        const res = await t.http()[method](path);
        expect({ method, path, status: res.status, allow: res.headers.allow }).toEqual({ method, path, status: 405, allow: 'GET, HEAD, OPTIONS' });
        if (method !== 'trace') expect(res.body).toEqual({ error: `The method ${method.toUpperCase()} is not allowed here; this path answers GET, HEAD, OPTIONS.` });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('lists HEAD only beside GET: HEAD on a POST-only path is a 405 too', async () => {
    const res = await t.http().head('/api/sessions');
    expect({ status: res.status, allow: res.headers.allow }).toEqual({ status: 405, allow: 'POST, DELETE, OPTIONS' });
    await t.http().head('/api/config').expect(200);
    // OPTIONS works everywhere (CORS answers it), so every Allow lists it.
    await t.http().options('/api/config').expect(204);
  });

  it('every path of the document refuses the methods it does not document, with Allow listing those it does', async () => {
    let checked = 0;
    for (const [template, item] of Object.entries(doc.paths)) {
      const path = template.replace(/\{[^}]+\}/g, '1');
      const documented = METHODS.filter((m) => item[m.toLowerCase()] !== undefined);
      // Two templates can share a concrete path (`/api/taxons/{id}` serves `/api/taxons/products` too): Allow is their union.
      const sharing = Object.entries(doc.paths).filter(([other]) => new RegExp(`^${other.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
      const allowed = new Set(sharing.flatMap(([, otherItem]) => METHODS.filter((m) => otherItem[m.toLowerCase()] !== undefined)));
      const expected = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((m) => allowed.has(m as never) || (m === 'HEAD' && allowed.has('GET')) || m === 'OPTIONS');
      for (const method of METHODS) {
        if (allowed.has(method)) continue;
        const res = await t.http()[method.toLowerCase() as 'get'](path).set(admin.auth);
        expect({ template, method, status: res.status, allow: res.headers.allow }).toEqual({ template, method, status: 405, allow: expected.join(', ') });
        checked++;
      }
      expect(documented.length).toBeGreaterThan(0);
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('a path no route serves stays a 404 without Allow, and a routed method keeps its own 404', async () => {
    for (const [method, path] of [
      ['get', '/api/nothing-here'],
      ['delete', '/api/nothing-here'],
      ['trace', '/nope'],
      ['delete', '/api/products/1/nothing'],
    ] as const) {
      const res = await t.http()[method](path);
      expect({ method, path, status: res.status, allow: res.headers.allow }).toEqual({ method, path, status: 404, allow: undefined });
    }
    const missing = await t.http().delete('/api/products/no-such-product').set(admin.auth);
    expect({ status: missing.status, allow: missing.headers.allow, body: missing.body }).toEqual({ status: 404, allow: undefined, body: { error: 'The resource you were looking for could not be found.' } });
  });
});
