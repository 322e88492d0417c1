import { Client } from 'pg';
import { stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { CapturingLogger } from '../support/capturing-logger';

// Two kinds of refusal by PostgreSQL, told apart: a database that will not
// let the service connect is an outage (503 with Retry-After, whatever the
// SQLSTATE of the refusal), a statement refused because of what the client
// sent is the client's (4xx, no Retry-After: trying again cannot help).
// Neither writes the request's URL into an error-level log line.

const UNAVAILABLE = { error: 'Service unavailable' };

describe('PostgreSQL refusing', () => {
  let t: TestApp;
  let admin: Client;
  let database: string;
  const accessLog: string[] = [];
  const appLog = new CapturingLogger();

  beforeAll(async () => {
    t = await createTestApp({}, { logLevel: 'info', logDestination: { write: (line: string) => void accessLog.push(line) }, logger: appLog });
    database = new URL(t.databaseUrl).pathname.slice(1);
    // A superuser session on another database of the server: it stays up while the app's database refuses connections.
    admin = new Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`).catch(() => undefined);
    await admin?.end();
    await t?.close();
  });

  describe('connections (ALTER DATABASE … ALLOW_CONNECTIONS false)', () => {
    it('every request that needs a new connection answers 503 with Retry-After, and the service recovers once connections are allowed again', async () => {
      const product = await stockedProduct(t.db);
      await t.http().get('/api/products').expect(200);
      appLog.lines.length = 0;
      try {
        await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS false`);
        // Sessions already open would go on serving: end the app's, so its pool has to open new ones.
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
        // pg_terminate_backend only signals: wait until the sessions are gone and the pool has seen them close, so
        // the requests below open new connections instead of meeting one that is still dying (a 57P01, not a refusal).
        for (let i = 0; i < 100; i++) {
          const { rows } = await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await new Promise((resolve) => setTimeout(resolve, 100));

        const products = await t.http().get('/api/products');
        const order = await t.http().post('/api/orders').send({ order: { line_items: [{ variant_id: product.masterVariantId, quantity: 1 }] } });
        const seen = [products, order].map((res) => ({ status: res.status, body: res.body, retryAfter: res.headers['retry-after'] }));
        expect(seen).toEqual([
          { status: 503, body: UNAVAILABLE, retryAfter: '5' },
          { status: 503, body: UNAVAILABLE, retryAfter: '5' },
        ]);
        // One line each, at warn: an outage is not a bug to chase in stacks.
        expect(appLog.lines.filter((l) => l.level === 'error')).toEqual([]);
        expect(appLog.lines.filter((l) => l.level === 'warn' && l.text.includes('Service unavailable: Could not connect to the database'))).toHaveLength(2);
        expect((await t.http().get('/health/ready')).status).toBe(503);
      } finally {
        await admin.query(`ALTER DATABASE "${database}" ALLOW_CONNECTIONS true`);
      }

      const products = await t.http().get('/api/products');
      expect({ status: products.status, names: products.body.products?.map((p: { name: string }) => p.name) }).toEqual({ status: 200, names: [product.name] });
      const order = await t.http().post('/api/orders').send({ order: { line_items: [{ variant_id: product.masterVariantId, quantity: 1 }] } });
      expect(order.status).toBe(201);
    });
  });

  describe('statements refused because of their input', () => {
    it('a search with more values than a statement can bind is a 4xx without Retry-After, logged without its URL at error level', async () => {
      // 2,000 × 36 = 72,000 values to bind, more than the 65,535 one statement can take, in a URL of 12 KB
      // (a longer one would be refused by Node's 16 KB header limit before reaching the service).
      const key = Array.from({ length: 2_000 }, () => 'id').join('_or_');
      const path = `/api/countries?q[${key}_in]=${Array.from({ length: 36 }, (_, i) => i).join(',')}`;
      accessLog.length = 0;
      appLog.lines.length = 0;

      const res = await t.http().get(path);

      expect({ status: res.status >= 400 && res.status < 500 ? '4xx' : res.status, retryAfter: res.headers['retry-after'] }).toEqual({ status: '4xx', retryAfter: undefined });
      expect(Object.keys(res.body).every((key) => key === 'error' || key === 'errors')).toBe(true);
      expect(typeof res.body.error).toBe('string');
      const errorLines = [...accessLog.filter((line) => JSON.parse(line).level >= 50), ...appLog.lines.filter((l) => l.level === 'error' || l.level === 'fatal').map((l) => l.text)];
      expect(errorLines).toEqual([]);
      // No line at any level carries the whole URL.
      expect([...accessLog, ...appLog.lines.map((l) => l.text)].filter((line) => line.includes(key.slice(0, 2_000)))).toEqual([]);
      // The answer is documented.
      const doc = (await t.http().get('/api/openapi.json')).body;
      expect(Object.keys(doc.paths['/api/countries'].get.responses)).toContain(String(res.status));
      // The service goes on serving.
      await t.http().get('/api/countries?q[iso_eq]=US').expect(200);
    });
  });
});
