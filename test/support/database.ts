import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { loadConfig } from '../../src/config/configuration';
import { prepareDatabase } from '../../src/database/prepare-database';
import { TEST_SECRET_KEY } from './secrets';

const runId = () => process.env.TEST_RUN_ID ?? 'adhoc';
const serverUrl = () => {
  const url = process.env.TEST_DATABASE_SERVER_URL;
  if (!url) throw new Error('TEST_DATABASE_SERVER_URL is not set: run the tests through jest (see jest.config.js).');
  return url;
};

function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty-but-migrated database holding the reference data (countries,
 * zones, shipping methods, …) and no users or products. Copying a template is
 * much faster than migrating each time.
 */
export async function freshDatabaseUrl(): Promise<string> {
  const template = `commerce_test_${runId()}_template`;
  // Random: Jest re-evaluates this module for each test file, so a counter would repeat.
  const name = `commerce_test_${runId()}_${randomBytes(5).toString('hex')}`;
  const client = new Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(7426002)');
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
      if (found.rowCount === 0) {
        await client.query(`CREATE DATABASE "${template}"`);
        await prepareDatabase(databaseUrl(template), loadConfig({ NODE_ENV: 'test', SECRET_KEY: TEST_SECRET_KEY }), { sampleData: false, admin: false });
      }
      await client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    } finally {
      await client.query('SELECT pg_advisory_unlock(7426002)');
    }
  } finally {
    await client.end();
  }
  return databaseUrl(name);
}
