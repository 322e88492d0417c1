import { ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort, PrivatePostgres, startPrivatePostgres } from '../support/private-postgres';

const root = join(__dirname, '..', '..');

/*
 * `npm start`, `npm run cli` and `npm run worker` as a newcomer runs them: in a
 * fresh clone in a temporary folder (the files the commands use, copied; this
 * clone's node_modules linked, `npm ci` is not what is tested), on the embedded
 * PostgreSQL, with no setting but the ports. Slow (a first start migrates and
 * loads the demo catalog): the steps share one clone and run in order.
 */
describe('starting the service from a fresh clone (npm start, npm run cli, npm run worker)', () => {
  let clone: string;
  let port: number;
  let service: Running | undefined;
  let adminKey: string;
  let other: PrivatePostgres | undefined;
  const dataDir = () => join(clone, '.data', 'postgres');

  beforeAll(async () => {
    clone = mkdtempSync(join(tmpdir(), 'commerce-api-clone-'));
    for (const entry of ['package.json', 'package-lock.json', '.swcrc', 'scripts', 'src', 'admin']) cpSync(join(root, entry), join(clone, entry), { recursive: true });
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'));
    port = await freePort();
  });
  afterAll(async () => {
    await service?.kill();
    // A server left by a failed step: stopped (fast shutdown) before its folder goes.
    try {
      process.kill(Number(readFileSync(join(dataDir(), 'postmaster.pid'), 'utf8').split('\n')[0]), 'SIGINT');
    } catch {
      // none, or gone
    }
    await other?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(clone, { recursive: true, force: true });
  });

  it('first start: builds once, then a short quiet log ending with the URL, the docs, the admin key and the next doc to read', async () => {
    service = await start(clone, { PORT: String(port) });
    const lines = service.output().split('\n');
    const closing = lines.findIndex((line) => line.startsWith('Commerce API ready at'));
    expect(closing).toBeGreaterThan(0);
    // npm's own header included.
    expect(closing).toBeLessThan(30);
    expect(service.output()).toMatch(/^Building dist\/ \(\d+ source files, first build\)… done in [\d.]+ s$/m);
    expect(service.output()).not.toMatch(/InstanceLoader|RoutesResolver|RouterExplorer|Mapped \{/);
    const block = lines.slice(closing).join('\n');
    expect(block).toContain(`Commerce API ready at http://localhost:${port}/api`);
    expect(block).toContain(`Docs:      http://localhost:${port}/api/docs`);
    expect(block).toMatch(/Database: {2}embedded PostgreSQL of \.data\/postgres on port \d+/);
    expect(block).toContain('Next:      docs/getting-started.md');
    expect(existsSync(join(root, 'docs', 'getting-started.md'))).toBe(true);
    adminKey = /Admin key: ([0-9a-f]{40})$/m.exec(block)?.[1] ?? '';
    expect(adminKey).not.toBe('');
    // The key is an admin's, and the demo catalog is served.
    expect((await fetch(`${service.url}/api/webhook_endpoints`, { headers: { Authorization: `Bearer ${adminKey}` } })).status).toBe(200);
    expect((await fetch(`${service.url}/api/webhook_endpoints`)).status).toBe(401);
    expect(((await (await fetch(`${service.url}/api/products`)).json()) as { total_count: number }).total_count).toBeGreaterThan(0);
  }, 300_000);

  it('a second npm start on the same folder is refused with a clear message, and leaves the first serving and dist/ as it was', async () => {
    const before = statSync(join(clone, 'dist', 'main.js'));
    const second = await command(clone, ['start'], { PORT: String(await freePort()) });
    expect(second.code).toBe(1);
    expect(second.output).toMatch(/The embedded PostgreSQL of \.data\/postgres is in use: process \d+ \(an `npm start` or `npm run cli` of this folder\) runs it on port \d+\./);
    expect(second.output).toMatch(/Stop that process first .* or start this one on a data folder of its own \(EMBEDDED_PG_DIR, and another PORT\)/);
    expect(second.output).not.toContain('Building dist/');
    const after = statSync(join(clone, 'dist', 'main.js'));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect((await fetch(`${service!.url}/health/ready`)).status).toBe(200);
  }, 120_000);

  it('npm run cli alongside it works on the same database and leaves the service running', async () => {
    const cli = await command(clone, ['run', 'cli', '--', 'user:create', '--email', 'shopper@example.com', '--password', 'secret123']);
    expect(cli.code).toBe(0);
    expect(cli.output.trim().split('\n').at(-1)).toMatch(/^[0-9a-f]{40}$/);
    const signIn = await fetch(`${service!.url}/api/sessions`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'shopper@example.com', password: 'secret123' }) });
    expect(signIn.status).toBe(201);
    expect((await fetch(`${service!.url}/health/ready`)).status).toBe(200);
  }, 120_000);

  it('Ctrl-C: the service finishes, then stops its embedded PostgreSQL, and exits cleanly', async () => {
    const { code, signal, output } = await service!.interrupt();
    expect(signal ?? code).not.toBe(1);
    expect(output).toMatch(/\[Shutdown\].*Stopped/);
    expect(output).not.toMatch(/Unhandled|terminating connection|Error/);
    expect(existsSync(join(dataDir(), 'postmaster.pid'))).toBe(false);
    service = undefined;
  }, 60_000);

  it('a restart: no build, no new admin key, a few lines, the same database', async () => {
    service = await start(clone, { PORT: String(port) });
    const output = service.output();
    expect(output).not.toContain('Building dist/');
    expect(output).not.toContain('Admin key:');
    expect(output.split('\n').findIndex((line) => line.startsWith('Commerce API ready at'))).toBeLessThan(12);
    expect((await fetch(`${service.url}/api/webhook_endpoints`, { headers: { Authorization: `Bearer ${adminKey}` } })).status).toBe(200);
    await service.interrupt();
    service = undefined;
  }, 120_000);

  it('after a kill -9, the next start takes over the server the killed one left running, and stops it on exit', async () => {
    service = await start(clone, { PORT: String(port) });
    const postmaster = Number(readFileSync(join(dataDir(), 'postmaster.pid'), 'utf8').split('\n')[0]);
    await service.kill('SIGKILL');
    // The server has a session of its own: it outlives the killed service.
    expect(() => process.kill(postmaster, 0)).not.toThrow();
    service = await start(clone, { PORT: String(port) });
    expect(service.output()).toMatch(new RegExp(`The embedded PostgreSQL of \\.data/postgres was left running \\(pid ${postmaster}, port \\d+\\): using it, and stopping it on exit`));
    await service.interrupt();
    service = undefined;
    expect(existsSync(join(dataDir(), 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it("a server that cannot start: PostgreSQL's own message and what to do (not `undefined`)", async () => {
    const conf = join(dataDir(), 'postgresql.auto.conf');
    const kept = readFileSync(conf, 'utf8');
    appendFileSync(conf, "shared_buffers = 'lots'\n");
    try {
      const cli = await command(clone, ['run', 'cli', '--', 'user:create', '--email', 'x@example.com', '--password', 'secret123']);
      expect(cli.code).toBe(1);
      expect(cli.output).toMatch(/The embedded PostgreSQL of \.data\/postgres did not start on port \d+\. PostgreSQL said:/);
      expect(cli.output).toContain('invalid value for parameter "shared_buffers": "lots"');
      expect(cli.output).toMatch(/FATAL: +configuration file ".*postgresql\.auto\.conf" contains errors/);
      expect(cli.output).toMatch(/Its log: .*server\.log\. Fix what it says/);
      expect(cli.output).not.toMatch(/^undefined$/m);
    } finally {
      writeFileSync(conf, kept);
    }
  }, 120_000);

  it('EMBEDDED_PG_PORT held by a program that is not PostgreSQL: refused, saying so', async () => {
    const blocker = await listen();
    try {
      const taken = (blocker.address() as { port: number }).port;
      const cli = await command(clone, ['run', 'cli', '--', 'user:create', '--email', 'x@example.com', '--password', 'secret123'], { EMBEDDED_PG_PORT: String(taken) });
      expect(cli.code).toBe(1);
      expect(cli.output).toContain(`EMBEDDED_PG_PORT=${taken} is taken by a program that does not answer as PostgreSQL; the embedded PostgreSQL of .data/postgres cannot start there.`);
      expect(cli.output).toContain('Set EMBEDDED_PG_PORT to a free port, or leave it unset');
    } finally {
      blocker.close();
    }
  }, 120_000);

  it("another clone's PostgreSQL on the port is never used: refused when EMBEDDED_PG_PORT names it, else another port is picked and remembered", async () => {
    other = await startPrivatePostgres();
    const asked = await command(clone, ['run', 'cli', '--', 'user:create', '--email', 'x@example.com', '--password', 'secret123'], { EMBEDDED_PG_PORT: String(other.port) });
    expect(asked.code).toBe(1);
    expect(asked.output).toMatch(new RegExp(`EMBEDDED_PG_PORT=${other.port} is taken by the PostgreSQL of /.*commerce-api-private-pg-.*/data`));

    // As two clones on the default port: this folder remembers a port the other server now holds.
    writeFileSync(join(dataDir(), 'commerce-api.port'), `${other.port}\n`);
    const cli = await command(clone, ['run', 'cli', '--', 'user:create', '--email', 'shopper@example.com', '--password', 'secret123'], { LOG_LEVEL: 'info' });
    expect(cli.output).toMatch(new RegExp(`Port ${other.port} is taken by the PostgreSQL of .*: the embedded PostgreSQL of .data/postgres uses port \\d+ from now on`));
    // This folder's own database: the shopper created above is there.
    expect(cli.code).toBe(1);
    expect(cli.output).toContain('"email":["has already been taken"]');
    const remembered = Number(readFileSync(join(dataDir(), 'commerce-api.port'), 'utf8'));
    expect(remembered).not.toBe(other.port);
    expect(cli.output).toContain(`uses port ${remembered} from now on`);
    // Nothing was written on the other server.
    const client = new Client({ connectionString: other.url('postgres') });
    await client.connect();
    try {
      expect((await client.query(`SELECT datname FROM pg_database WHERE datname = 'commerce'`)).rowCount).toBe(0);
      expect((await client.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`)).rowCount).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);

  it("a DATABASE_URL naming no database, or the server's own, is refused before anything is written there", async () => {
    other ??= await startPrivatePostgres();
    const noName = `postgres://postgres@127.0.0.1:${other.port}`;
    const started = await command(clone, ['start'], { DATABASE_URL: noName, PORT: String(await freePort()) });
    expect(started.code).toBe(1);
    expect(started.output).toContain(`DATABASE_URL names no database (${noName}): the service would create its tables in the database named like the user`);
    expect(started.output).toContain('DATABASE_ALLOW_MAINTENANCE_DB=true');
    const worker = await command(clone, ['run', 'worker'], { DATABASE_URL: `${noName}/template1` });
    expect(worker.code).toBe(1);
    expect(worker.output).toContain('DATABASE_URL names the database `template1`');
    const client = new Client({ connectionString: other.url('postgres') });
    await client.connect();
    try {
      expect((await client.query(`SELECT 1 FROM information_schema.tables WHERE table_schema = 'public'`)).rowCount).toBe(0);
    } finally {
      await client.end();
    }
  }, 120_000);
});

/** The environment of a newcomer's shell: none of the test run's settings. */
function newcomerEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (/^(DATABASE_|EMBEDDED_PG_|TEST_|SECRET_KEY|ADMIN_|SAMPLE_DATA|LOG_LEVEL|NODE_ENV|PORT|WEB_CONCURRENCY)/.test(name)) delete env[name];
  }
  return { ...env, ...extra };
}

/** `npm <args>` in `dir` until it exits (killed after `timeoutMs`: a command that should have ended). */
function command(dir: string, args: string[], env: Record<string, string> = {}, timeoutMs = 90_000): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', args, { cwd: dir, env: newcomerEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      output += `\n[still running after ${timeoutMs} ms: killed]`;
      killGroup(child, 'SIGKILL');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

interface Running {
  url: string;
  output: () => string;
  /** Ctrl-C in its terminal: SIGINT to npm and everything it started. */
  interrupt: () => Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>;
  /** Ends it: SIGINT by default (SIGKILL after 15 s), or as `signal` says. */
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

/** `npm start` in `dir`, in a process group of its own as in a terminal; resolves once /health/ready answers 200. */
async function start(dir: string, env: Record<string, string>): Promise<Running> {
  const child = spawn('npm', ['start'], { cwd: dir, env: newcomerEnv(env), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm start exited before it was ready:\n${output}`);
    if ((await fetch(`${url}/health/ready`).then((r) => r.status, () => 0)) === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The closing block is written right after the server listens.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return {
    url,
    output: () => output,
    interrupt: async () => {
      killGroup(child, 'SIGINT');
      return { ...(await exited), output };
    },
    kill: async (signal = 'SIGINT') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      killGroup(child, signal);
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/** A TCP server that accepts connections and says nothing: a port held by something that is not PostgreSQL. */
function listen(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.on('error', () => undefined));
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
