import { createHash, randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { canonicalJson } from '../../src/common/http/idempotency/idempotency.interceptor';
import { secretDigest } from '../../src/config/secret-box';
import { loadConfig } from '../../src/config/configuration';
import { dataSourceOptions } from '../../src/database/data-source-options';
import { provideMigrationSecrets } from '../../src/database/migration-secrets';
import { SecretsAtRest1764310000000 } from '../../src/database/migrations/1764310000000-SecretsAtRest';
import { prepareDatabase } from '../../src/database/prepare-database';
import { freshDatabaseUrl } from '../support/database';
import { TEST_SECRET_KEY, testSecretBox } from '../support/secrets';
import { createTestApp } from '../support/test-app';

/*
 * A store migrated before secrets were sealed: its orders keep their tokens in
 * clear and its idempotency keys their answers. The migration converts every
 * row (in batches), with the SECRET_KEY of whoever runs it; afterwards the
 * tokens still open their orders and a retry still gets its stored answer.
 */
describe('migration SecretsAtRest', () => {
  const ORDERS = 12_000; // more than one batch (5,000)
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const tokenOf = (n: number) => sha256(`order ${n}`).slice(0, 32);

  it('converts the tokens and stored answers of a store migrated before, and back', async () => {
    const url = await freshDatabaseUrl();
    const ds = provideMigrationSecrets(new DataSource(dataSourceOptions(url)), testSecretBox);
    await ds.initialize();
    const q = ds.createQueryRunner();
    const migration = new SecretsAtRest1764310000000();
    const guestKey = randomUUID();
    const answer = { number: 'R000000001', token: tokenOf(1), state: 'cart' };
    const body = { order: { email: 'retry@example.com' } };
    try {
      // The schema as it was, with rows as the service wrote them then.
      await migration.down(q);
      await q.query(
        `INSERT INTO orders (number, token, currency) SELECT 'R' || lpad(g::text, 9, '0'), substr(encode(sha256(convert_to('order ' || g, 'UTF8')), 'hex'), 1, 32), 'USD'
           FROM generate_series(1, ${ORDERS}) g`,
      );
      await q.query(`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, completed_at) VALUES ($1, $2, $3, 201, $4, now()), ($1, 'order-7', $3, 201, $5, now())`, [
        'address:203.0.113.40',
        guestKey,
        sha256(canonicalJson({ method: 'POST', path: '/api/orders', query: {}, body })),
        JSON.stringify(answer),
        JSON.stringify({ ...answer, number: 'R000000007', token: tokenOf(7) }),
      ]);

      await migration.up(q);

      const columns = (await q.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'orders' AND column_name LIKE 'token%' ORDER BY 1`)).map((c: { column_name: string }) => c.column_name);
      expect(columns).toEqual(['token_digest', 'token_sealed']);
      const [digests] = await q.query(
        `SELECT count(*)::int AS n FROM orders WHERE token_digest = encode(sha256(convert_to(substr(encode(sha256(convert_to('order ' || ltrim(substr(number, 2), '0'), 'UTF8')), 'hex'), 1, 32), 'UTF8')), 'hex')`,
      );
      expect(digests.n).toBe(ORDERS);
      const sealed: { number: string; token_sealed: string }[] = await q.query(`SELECT number, token_sealed FROM orders WHERE number IN ('R000000001', 'R000005001', 'R000012000') ORDER BY number`);
      expect(sealed.map((o) => testSecretBox.open('orders.token', o.token_sealed))).toEqual([tokenOf(1), tokenOf(5001), tokenOf(12000)]);
      const keys: { key: string; response_body: string }[] = await q.query(`SELECT key, response_body FROM idempotency_keys ORDER BY response_body`);
      expect(keys.map((k) => k.key).sort()).toEqual([secretDigest(guestKey), secretDigest('order-7')].sort());
      expect(keys.map((k) => JSON.parse(testSecretBox.open('idempotency_keys.response_body', k.response_body)).number).sort()).toEqual(['R000000001', 'R000000007']);
      expect(await q.query(`SELECT fingerprint FROM secret_key`)).toEqual([{ fingerprint: testSecretBox.fingerprint() }]);

      // And back: the tokens in clear again (the remembered answers, kept as digests, cannot be turned back: forgotten).
      await migration.down(q);
      const back: { number: string; token: string }[] = await q.query(`SELECT number, token FROM orders WHERE number IN ('R000000001', 'R000012000') ORDER BY number`);
      expect(back).toEqual([{ number: 'R000000001', token: tokenOf(1) }, { number: 'R000012000', token: tokenOf(12000) }]);
      expect(await q.query(`SELECT count(*)::int AS n FROM idempotency_keys`)).toEqual([{ n: 0 }]);
      await q.query(`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body, completed_at) VALUES ($1, $2, $3, 201, $4, now()), ($1, 'order-7', $3, 201, $5, now())`, [
        'address:203.0.113.40',
        guestKey,
        sha256(canonicalJson({ method: 'POST', path: '/api/orders', query: {}, body })),
        JSON.stringify(answer),
        JSON.stringify({ ...answer, number: 'R000000007', token: tokenOf(7) }),
      ]);
      await migration.up(q);
    } finally {
      await q.release();
      await ds.destroy();
    }

    const t = await createTestApp({ TRUST_PROXY: 'loopback' }, { databaseUrl: url });
    try {
      // A token given out before still opens its order, and is shown with it.
      const shown = await t.http().get('/api/orders/R000005001').set('X-Spree-Order-Token', tokenOf(5001)).expect(200);
      expect(shown.body.token).toBe(tokenOf(5001));
      await t.http().get('/api/orders/R000005001').set('X-Spree-Order-Token', tokenOf(5002)).expect(401);
      // A retry of a request answered before the migration gets that answer.
      const retry = await t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.40').set('Idempotency-Key', guestKey).send(body).expect(201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(answer);
      // That answer is this test's own, shorter than an order: not one the document describes.
      t.audit.problems = t.audit.problems.filter((p) => !p.startsWith('POST /api/orders 201:'));
      // One stored under a guessable key is not handed out any more.
      const guessed = await t.http().post('/api/orders').set('X-Forwarded-For', '203.0.113.40').set('Idempotency-Key', 'order-7').send(body).expect(422);
      expect(JSON.stringify(guessed.body)).not.toContain(tokenOf(7));
    } finally {
      await t.close();
    }
  }, 60_000);

  it('the service refuses to start on a database sealed with another SECRET_KEY', async () => {
    const url = await freshDatabaseUrl();
    await expect(prepareDatabase(url, loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'another-secret-key-than-the-databases-0123' }), { sampleData: false, admin: false })).rejects.toThrow(
      /SECRET_KEY is not the key this database's order tokens and idempotent answers were sealed with/,
    );
    await expect(prepareDatabase(url, loadConfig({ NODE_ENV: 'test', SECRET_KEY: TEST_SECRET_KEY }), { sampleData: false, admin: false })).resolves.toBeUndefined();
  });
});
