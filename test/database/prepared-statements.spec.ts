import { createTestApp, TestApp } from '../support/test-app';
import { stockedProduct } from '../support/orders';

// DATABASE_PREPARED_STATEMENTS (src/database/data-source-options.ts): on, the
// hot reads are named prepared statements kept by the connection; off (behind
// PgBouncer in transaction mode), the same reads run unnamed and the
// connection keeps none. Seen from PostgreSQL: pg_prepared_statements of
// every connection of the pool.

const POOL_SIZE = 3;

async function appWith(settings: Record<string, string>): Promise<TestApp> {
  // The pool settings come through AppConfig (config.database), read from the environment as in production.
  return createTestApp(settings);
}

async function preparedOnTheConnection(t: TestApp): Promise<string[]> {
  const product = await stockedProduct(t.db, { count: 3 });
  const shown = await t.http().get(`/api/products/${product.slug}`).expect(200);
  expect(shown.body.name).toBe(product.name);
  await t.http().get('/api/products').expect(200);
  // Every connection of the pool at once (POOL_SIZE of them), so none is left out.
  const runners = Array.from({ length: POOL_SIZE }, () => t.db.createQueryRunner());
  try {
    await Promise.all(runners.map((r) => r.connect()));
    const names = await Promise.all(runners.map(async (r) => ((await r.query('SELECT name FROM pg_prepared_statements')) as Array<{ name: string }>).map((row) => row.name)));
    return [...new Set(names.flat())].sort();
  } finally {
    await Promise.all(runners.map((r) => r.release()));
  }
}

describe('prepared statements setting', () => {
  it('on (the default): the product reads are prepared once on the connection', async () => {
    const t = await appWith({ DATABASE_POOL_SIZE: String(POOL_SIZE) });
    try {
      expect(await preparedOnTheConnection(t)).toEqual(expect.arrayContaining([expect.stringMatching(/product/)]));
    } finally {
      await t.close();
    }
  });

  it('DATABASE_PREPARED_STATEMENTS=false: the same answers, and the connection keeps no prepared statement', async () => {
    const t = await appWith({ DATABASE_POOL_SIZE: String(POOL_SIZE), DATABASE_PREPARED_STATEMENTS: 'false' });
    try {
      expect(await preparedOnTheConnection(t)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('refuses a value that is not a boolean', async () => {
    await expect(appWith({ DATABASE_PREPARED_STATEMENTS: 'sometimes' })).rejects.toThrow('DATABASE_PREPARED_STATEMENTS must be true or false, not "sometimes"');
  });
});
