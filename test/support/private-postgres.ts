import { execFile } from 'node:child_process';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { letPostgresUserReach, postgresBinaries, serverUser } from '../../src/database/embedded-postgres';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own, which it may stop and start at will
 * (never the shared server of the run): the binaries of the
 * `embedded-postgres` package driven through pg_ctl, in a temp folder, on a
 * free port. Starting or stopping takes a fraction of a second.
 */
export interface PrivatePostgres {
  port: number;
  /** `postgres://` URL of a database on this server. */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** `fast`: sessions are ended and their transactions rolled back (57P01); `immediate`: the server quits at once, as in a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinaries();
  const owner = await serverUser();
  // The server runs as the `postgres` user, who must reach the binaries (a clone in a 0700 folder would stop it).
  if (owner) letPostgresUserReach(join(bin, 'initdb'));
  const dir = await mkdtemp(join(tmpdir(), 'commerce-api-private-pg-'));
  await chmod(dir, 0o700);
  if (owner) await chown(dir, owner.uid, owner.gid);
  const data = join(dir, 'data');
  const port = await freePort();
  const as = { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' } };
  const pgCtl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args], as);

  await run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'], as);
  const start = async () => {
    // fsync off: the data is thrown away; the unix socket lives in our folder, not /tmp or /var/run.
    await pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start');
  };
  await start();

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop(mode = 'fast') {
      await pgCtl('-m', mode, '-w', '-t', '60', 'stop');
    },
    start,
    async destroy() {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A TCP port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
