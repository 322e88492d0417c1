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

/** A money column's text: 3 places, as numeric(11,3) writes it. */
const COLUMN_MONEY = /^-?\d+\.\d\d0$/;

/**
 * Rows read from the money columns as an amount of a 2-place currency (USD) is written: "19.990" → "19.99". The
 * columns keep 3 places (migration MoneyThreePlaces) and the service writes every amount in its currency's places;
 * a row check compares with the JSON's amounts. Exact, never rounded: only a third place that is 0 goes ("0.125",
 * a KWD amount, stays as it is). Takes a row, a list of rows or one value; other values are left as they are.
 */
export function cents<T>(value: T): T {
  if (typeof value === 'string') return (COLUMN_MONEY.test(value) ? value.slice(0, -1) : value) as T;
  if (Array.isArray(value)) return value.map((v) => cents(v)) as T;
  if (value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cents(v)])) as T;
  }
  return value;
}
