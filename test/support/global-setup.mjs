// Loaded natively by Jest (an .mjs file is imported, not transformed).
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
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
  // The embedded server as `npm start` runs it (src/database/embedded-postgres.ts), in a folder of this run, on a free port.
  const { startEmbeddedPostgres } = fromSources('../../src/database/embedded-postgres.ts');
  const databaseDir = join(tmpdir(), `commerce-api-test-pg-${randomBytes(6).toString('hex')}`);
  const quiet = { log: () => undefined, warn: () => undefined };
  const server = await startEmbeddedPostgres(databaseDir, { share: false, logger: quiet });
  globalThis.__EMBEDDED_PG__ = {
    stop: async () => {
      await server.stop();
      await rm(databaseDir, { recursive: true, force: true });
    },
  };
  process.env.TEST_DATABASE_SERVER_URL = `postgres://postgres:postgres@127.0.0.1:${server.port}/postgres`;
}

/**
 * A module of the service read from its TypeScript source through swc, as
 * the child-process tests do, the hook removed again so Jest's own process is
 * left as it was.
 */
function fromSources(path) {
  const require = createRequire(import.meta.url);
  const previous = require.extensions['.ts'];
  require('./swc-register.cjs');
  try {
    return require(path);
  } finally {
    if (previous) require.extensions['.ts'] = previous;
    else delete require.extensions['.ts'];
  }
}
