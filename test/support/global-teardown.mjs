import pg from 'pg';

/** Drops this run's databases, and stops the embedded server if we started one. */
export default async function globalTeardown() {
  const embedded = globalThis.__EMBEDDED_PG__;
  if (embedded) {
    await embedded.stop();
    return;
  }
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`commerce_test_${process.env.TEST_RUN_ID}%`]);
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
