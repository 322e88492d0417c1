#!/usr/bin/env node
// The production topology on this machine's loopback (docs/deployment.md):
//
//   nginx :38080 ─┬─ app1 :38101 (node dist/main.js) ─┐            ┌─ primary PostgreSQL 15 :55432
//                 └─ app2 :38102 (node dist/main.js) ─┴─ PgBouncer :56432 ─┤      │ streaming replication
//                                                                           └─ replica PostgreSQL 15 :55433
//
//   npm run topology -- up [--fresh]     install what is missing (apt-get), build, start everything
//   npm run topology -- down [--purge]   stop everything (--purge: and delete .data/topology)
//   npm run topology -- status           what runs, where
//   npm run topology -- stop|start|restart|kill <primary|replica|pgbouncer|app1|app2|nginx>
//
// Data, logs and rendered configuration under .data/topology. nginx and
// PgBouncer run from the same templates as docker-compose.yml
// (deploy/nginx/commerce.conf.template, deploy/pgbouncer/pgbouncer.ini.template).
// app1 goes through PgBouncer in session mode with prepared statements, app2
// in transaction mode without them; both read the catalog from the replica.
// Ports: TOPOLOGY_PORT_BASE (default 38000 and 55000: nginx base+80, apps base+101/102;
// the PostgreSQL ports and PgBouncer's are fixed below).
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATA = join(ROOT, '.data', 'topology');
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const RUN_AS = 'postgres'; // PostgreSQL, PgBouncer and nginx refuse to run as root or need not.

export const PORTS = {
  nginx: Number(process.env.TOPOLOGY_NGINX_PORT ?? 38080),
  app1: Number(process.env.TOPOLOGY_APP1_PORT ?? 38101),
  app2: Number(process.env.TOPOLOGY_APP2_PORT ?? 38102),
  pgbouncer: Number(process.env.TOPOLOGY_PGBOUNCER_PORT ?? 56432),
  primary: Number(process.env.TOPOLOGY_PRIMARY_PORT ?? 55432),
  replica: Number(process.env.TOPOLOGY_REPLICA_PORT ?? 55433),
};
/** The bootstrap admin's API key in the topology (a test fixture: loopback only). */
export const ADMIN_API_KEY = 'topology-admin-key-0123456789abcdef';

const paths = {
  primary: join(DATA, 'pg', 'primary'),
  replica: join(DATA, 'pg', 'replica'),
  pgRun: join(DATA, 'run'),
  pgbouncer: join(DATA, 'pgbouncer'),
  nginx: join(DATA, 'nginx'),
  apps: join(DATA, 'apps'),
  logs: join(DATA, 'logs'),
  secretKey: join(DATA, 'secret-key'),
};

const log = (message) => process.stdout.write(`topology: ${message}\n`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: options.quiet ? 'pipe' : 'inherit', encoding: 'utf8', ...options });
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}): ${result.stderr ?? ''}`);
  }
  return result;
}

const asPostgres = (command, args, options = {}) => run('runuser', ['-u', RUN_AS, '--', command, ...args], options);

function mkdirOwned(path) {
  mkdirSync(path, { recursive: true });
  const { uid, gid } = userIds(RUN_AS);
  chownSync(path, uid, gid);
}

let ids;
function userIds(name) {
  if (ids) return ids;
  const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8' }).trim());
  return (ids = { uid, gid });
}

/** Renders a ${NAME} template with these values; a placeholder without a value is an error. */
export function render(template, values) {
  return template.replace(/\$\{([A-Z0-9_]+)\}/g, (_, name) => {
    if (!(name in values)) throw new Error(`no value for \${${name}}`);
    return String(values[name]);
  });
}

function portOpen(port) {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => (socket.destroy(), done(true)));
    socket.once('error', () => done(false));
  });
}

async function waitFor(what, check, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs / 1000} s (logs in ${paths.logs})`);
}

function pidAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readPid(file) {
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0].trim());
  return Number.isInteger(pid) && pid > 0 && pidAlive(pid) ? pid : undefined;
}

// ---------------------------------------------------------------- packages

function ensurePackages() {
  const missing = [
    ['nginx', '/usr/sbin/nginx', 'nginx-light'],
    ['pgbouncer', '/usr/sbin/pgbouncer', 'pgbouncer'],
    ['PostgreSQL 15', join(PG_BIN, 'postgres'), 'postgresql-15'],
  ].filter(([, binary]) => !existsSync(binary));
  if (missing.length === 0) return;
  const packages = missing.map(([, , pkg]) => pkg);
  log(`installing ${packages.join(', ')} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // policy-rc.d keeps the packages' own services (nginx on :80, pgbouncer on :6432) from starting.
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  try {
    const install = () => run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env, allowFailure: true });
    if (install().status !== 0) {
      run('apt-get', ['update'], { env });
      run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], { env });
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

// ---------------------------------------------------------------- PostgreSQL

const pgCtl = (dir, action, extra = []) => asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', dir, '-w', '-t', '60', action, ...extra], { quiet: true, allowFailure: action !== 'start' });

/** A server started, once more after a failed start (a fresh machine's package installs have made one fail); a second failure says why from its log. */
async function startPg(name, dir, logFile) {
  for (let attempt = 1; ; attempt++) {
    const result = asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', dir, '-w', '-t', '60', 'start', '-l', logFile], { quiet: true, allowFailure: true });
    if (result.status === 0) return;
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').trim().split('\n').slice(-15).join('\n') : '(no log)';
    if (attempt === 2) throw new Error(`${name}: pg_ctl start failed (${result.status}): ${result.stderr ?? ''}\n${logFile}:\n${tail}`);
    log(`${name}: pg_ctl start failed (${result.status}), once more; its log said:\n${tail}`);
    await new Promise((r) => setTimeout(r, 2000));
  }
}

function pgRunning(dir) {
  return readPid(join(dir, 'postmaster.pid')) !== undefined;
}

function psql(port, sql, database = 'postgres') {
  return asPostgres(join(PG_BIN, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], { quiet: true }).stdout.trim();
}

function initPrimary() {
  if (existsSync(join(paths.primary, 'PG_VERSION'))) return;
  log('initdb: the primary');
  mkdirOwned(join(DATA, 'pg'));
  mkdirOwned(paths.primary);
  asPostgres(join(PG_BIN, 'initdb'), ['-D', paths.primary, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8'], { quiet: true });
  writeFileSync(
    join(paths.primary, 'postgresql.conf'),
    `${readFileSync(join(paths.primary, 'postgresql.conf'), 'utf8')}
# --- topology (scripts/topology.mjs)
listen_addresses = '127.0.0.1'
port = ${PORTS.primary}
unix_socket_directories = '${paths.pgRun}'
max_connections = 200
shared_buffers = 128MB
wal_level = replica
max_wal_senders = 5
wal_keep_size = 256MB
hot_standby = on
hot_standby_feedback = on
# A loopback test bed: durability is not what is measured here.
fsync = off
synchronous_commit = off
full_page_writes = off
`,
  );
  writeFileSync(join(paths.primary, 'pg_hba.conf'), `local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n`);
}

async function startPrimary() {
  mkdirOwned(paths.pgRun);
  if (!pgRunning(paths.primary)) {
    log(`primary: starting on :${PORTS.primary}`);
    await startPg('primary', paths.primary, join(paths.logs, 'primary.log'));
  }
  if (psql(PORTS.primary, "SELECT count(*) FROM pg_database WHERE datname = 'commerce'") === '0') {
    psql(PORTS.primary, 'CREATE DATABASE commerce');
    // What the service's pool asks for in its start-up packet, which PgBouncer leaves out (pgbouncer.ini).
    psql(PORTS.primary, "ALTER DATABASE commerce SET jit = off; ALTER DATABASE commerce SET statement_timeout = '30s'");
  }
}

async function startReplica() {
  mkdirOwned(join(DATA, 'pg'));
  if (!existsSync(join(paths.replica, 'PG_VERSION'))) {
    log('pg_basebackup -R: the replica');
    mkdirOwned(paths.replica);
    chmodSync(paths.replica, 0o700);
    asPostgres(join(PG_BIN, 'pg_basebackup'), ['-h', '127.0.0.1', '-p', String(PORTS.primary), '-U', 'postgres', '-D', paths.replica, '-R', '-X', 'stream', '-c', 'fast'], { quiet: true });
    writeFileSync(join(paths.replica, 'postgresql.conf'), `${readFileSync(join(paths.replica, 'postgresql.conf'), 'utf8')}\n# --- the replica\nport = ${PORTS.replica}\n`);
  }
  if (!pgRunning(paths.replica)) {
    chmodSync(paths.replica, 0o700);
    log(`replica: starting on :${PORTS.replica}`);
    await startPg('replica', paths.replica, join(paths.logs, 'replica.log'));
  }
}

// ---------------------------------------------------------------- PgBouncer

const pgbouncerPidFile = () => join(paths.pgbouncer, 'pgbouncer.pid');

async function startPgbouncer() {
  if (readPid(pgbouncerPidFile())) return;
  mkdirOwned(paths.pgbouncer);
  const ini = join(paths.pgbouncer, 'pgbouncer.ini');
  writeFileSync(join(paths.pgbouncer, 'userlist.txt'), '"postgres" ""\n');
  writeFileSync(
    ini,
    render(readFileSync(join(ROOT, 'deploy/pgbouncer/pgbouncer.ini.template'), 'utf8'), {
      PRIMARY_HOST: '127.0.0.1',
      PRIMARY_PORT: PORTS.primary,
      REPLICA_HOST: '127.0.0.1',
      REPLICA_PORT: PORTS.replica,
      PGBOUNCER_LISTEN_ADDR: '127.0.0.1',
      PGBOUNCER_PORT: PORTS.pgbouncer,
      PGBOUNCER_SOCKET_DIR: paths.pgRun,
      PGBOUNCER_AUTH_TYPE: 'trust',
      PGBOUNCER_AUTH_FILE: join(paths.pgbouncer, 'userlist.txt'),
      PGBOUNCER_LOG_FILE: join(paths.logs, 'pgbouncer.log'),
      PGBOUNCER_PID_FILE: pgbouncerPidFile(),
    }),
  );
  log(`pgbouncer: starting on :${PORTS.pgbouncer}`);
  asPostgres('/usr/sbin/pgbouncer', ['-d', ini], { quiet: true });
  await waitFor('pgbouncer', () => portOpen(PORTS.pgbouncer), 15_000);
}

// ---------------------------------------------------------------- the service

const pgbouncerUrl = (database) => `postgres://postgres@127.0.0.1:${PORTS.pgbouncer}/${database}`;

/** Each instance's settings: app1 session pooling with prepared statements, app2 transaction pooling without. */
function appEnv(name) {
  if (!existsSync(paths.secretKey)) writeFileSync(paths.secretKey, randomBytes(32).toString('hex'), { mode: 0o600 });
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.TOPOLOGY_LOG_LEVEL ?? 'warn',
    SECRET_KEY: readFileSync(paths.secretKey, 'utf8').trim(),
    SAMPLE_DATA: 'true',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_API_KEY,
    TRUST_PROXY: 'loopback',
    DATABASE_POOL_SIZE: '10',
    DATABASE_MIGRATION_URL: pgbouncerUrl('commerce'),
    // The replica directly, not through PgBouncer: PgBouncer 1.18 holds a client whose server is down for
    // query_wait_timeout (120 s) before failing it, where a refused connection sends the read to the primary at once.
    DATABASE_REPLICA_URLS: `postgres://postgres@127.0.0.1:${PORTS.replica}/commerce`,
    DATABASE_REPLICA_MAX_LAG_MS: process.env.TOPOLOGY_REPLICA_MAX_LAG_MS ?? '3000',
    UPLOADS_DIR: join(DATA, 'uploads'),
    // Sign-ins of a load test come from one address.
    SIGN_IN_IP_RATE_LIMIT: 'off',
    SIGN_UP_IP_RATE_LIMIT: 'off',
  };
  if (name === 'app1') return { ...common, PORT: String(PORTS.app1), DATABASE_URL: pgbouncerUrl('commerce') };
  return { ...common, PORT: String(PORTS.app2), DATABASE_URL: pgbouncerUrl('commerce_tx'), DATABASE_PREPARED_STATEMENTS: 'false' };
}

const appPidFile = (name) => join(paths.apps, `${name}.pid`);

async function startApp(name) {
  if (readPid(appPidFile(name))) return;
  mkdirSync(paths.apps, { recursive: true });
  const out = openSync(join(paths.logs, `${name}.log`), 'a');
  const child = spawn(process.execPath, ['--max-old-space-size=256', '--max-semi-space-size=32', 'dist/main.js'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME ?? '/root', ...appEnv(name) },
    detached: true,
    stdio: ['ignore', out, out],
  });
  writeFileSync(appPidFile(name), String(child.pid));
  child.unref();
  log(`${name}: starting on :${PORTS[name]} (pid ${child.pid})`);
}

async function ready(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/health/ready`);
    return res.ok;
  } catch {
    return false;
  }
}

function build() {
  if (process.env.TOPOLOGY_SKIP_BUILD === '1' && existsSync(join(ROOT, 'dist/main.js'))) return;
  // Only the sources changed since the last build (scripts/build.mjs, as npm start does).
  run(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, quiet: true });
}

// ---------------------------------------------------------------- nginx

const nginxPidFile = () => join(paths.nginx, 'nginx.pid');

async function startNginx() {
  if (readPid(nginxPidFile())) return;
  mkdirOwned(paths.nginx);
  mkdirOwned(join(paths.nginx, 'cache'));
  mkdirOwned(join(paths.nginx, 'temp'));
  const snippet = render(readFileSync(join(ROOT, 'deploy/nginx/commerce.conf.template'), 'utf8'), {
    NGINX_PORT: `127.0.0.1:${PORTS.nginx}`,
    APP_1: `127.0.0.1:${PORTS.app1}`,
    APP_2: `127.0.0.1:${PORTS.app2}`,
    NGINX_CACHE_DIR: join(paths.nginx, 'cache'),
  });
  writeFileSync(join(paths.nginx, 'commerce.conf'), snippet);
  // The wrapper the nginx image has built in (/etc/nginx/nginx.conf), with this folder's paths.
  const temp = join(paths.nginx, 'temp');
  writeFileSync(
    join(paths.nginx, 'nginx.conf'),
    `worker_processes 2;
pid ${nginxPidFile()};
error_log ${join(paths.logs, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
    access_log ${join(paths.logs, 'nginx-access.log')};
    client_body_temp_path ${temp}/body;
    proxy_temp_path ${temp}/proxy;
    fastcgi_temp_path ${temp}/fastcgi;
    uwsgi_temp_path ${temp}/uwsgi;
    scgi_temp_path ${temp}/scgi;
    include ${join(paths.nginx, 'commerce.conf')};
}
`,
  );
  for (const file of ['nginx.conf', 'commerce.conf']) chownSync(join(paths.nginx, file), userIds(RUN_AS).uid, userIds(RUN_AS).gid);
  log(`nginx: starting on :${PORTS.nginx}`);
  asPostgres('/usr/sbin/nginx', ['-p', paths.nginx, '-c', join(paths.nginx, 'nginx.conf')], { quiet: true });
  await waitFor('nginx', () => portOpen(PORTS.nginx), 15_000);
}

// ---------------------------------------------------------------- commands

const COMPONENTS = ['primary', 'replica', 'pgbouncer', 'app1', 'app2', 'nginx'];

async function start(component) {
  mkdirSync(paths.logs, { recursive: true });
  chownSync(paths.logs, userIds(RUN_AS).uid, userIds(RUN_AS).gid);
  switch (component) {
    case 'primary':
      initPrimary();
      return startPrimary();
    case 'replica':
      return startReplica();
    case 'pgbouncer':
      return startPgbouncer();
    case 'app1':
    case 'app2':
      await startApp(component);
      return waitFor(component, () => ready(PORTS[component]), 90_000);
    case 'nginx':
      return startNginx();
  }
}

async function stop(component, signal = 'SIGTERM') {
  switch (component) {
    case 'primary':
    case 'replica': {
      const dir = paths[component];
      if (!pgRunning(dir)) return;
      if (signal === 'SIGKILL') return void process.kill(readPid(join(dir, 'postmaster.pid')), 'SIGKILL');
      log(`${component}: stopping`);
      return void pgCtl(dir, 'stop', ['-m', 'fast']);
    }
    case 'pgbouncer':
    case 'nginx':
    case 'app1':
    case 'app2': {
      const file = component === 'pgbouncer' ? pgbouncerPidFile() : component === 'nginx' ? nginxPidFile() : appPidFile(component);
      const pid = readPid(file);
      if (!pid) return;
      log(`${component}: ${signal === 'SIGKILL' ? 'killing' : 'stopping'} (pid ${pid})`);
      // nginx and PgBouncer take SIGTERM as "stop now" (PgBouncer's SIGINT would wait for every client to leave);
      // an app drains its requests first (SHUTDOWN_TIMEOUT_MS).
      process.kill(pid, signal);
      const until = Date.now() + 15_000;
      while (pidAlive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
      return;
    }
  }
}

async function up(flags) {
  if (flags.includes('--fresh')) await down(['--purge']);
  ensurePackages();
  build();
  mkdirSync(DATA, { recursive: true });
  for (const component of ['primary', 'replica', 'pgbouncer']) await start(component);
  // Both instances prepare the database at once; its advisory lock lets one do the work.
  await Promise.all(['app1', 'app2'].map((c) => start(c)));
  await start('nginx');
  await status();
}

async function down(flags = []) {
  for (const component of [...COMPONENTS].reverse()) await stop(component);
  if (flags.includes('--purge')) {
    rmSync(DATA, { recursive: true, force: true });
    log('.data/topology deleted');
  }
}

async function status() {
  const rows = [];
  for (const component of COMPONENTS) {
    let pid;
    if (component === 'primary' || component === 'replica') pid = readPid(join(paths[component], 'postmaster.pid'));
    else if (component === 'pgbouncer') pid = readPid(pgbouncerPidFile());
    else if (component === 'nginx') pid = readPid(nginxPidFile());
    else pid = readPid(appPidFile(component));
    const listening = await portOpen(PORTS[component]);
    let role = '';
    if ((component === 'primary' || component === 'replica') && listening) {
      role = psql(PORTS[component], 'SELECT CASE WHEN pg_is_in_recovery() THEN \'standby\' ELSE \'primary\' END') ?? '';
    }
    rows.push(`${component.padEnd(10)} ${String(PORTS[component]).padEnd(6)} ${(pid ? `pid ${pid}` : 'stopped').padEnd(12)} ${listening ? 'listening' : '-'} ${role}`);
  }
  process.stdout.write(`${rows.join('\n')}\nlogs: ${paths.logs}\nentry point: http://127.0.0.1:${PORTS.nginx}/api/products\n`);
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  if (process.getuid?.() !== 0) throw new Error('run as root: it starts PostgreSQL, PgBouncer and nginx as the postgres user (and may apt-get install)');
  switch (command) {
    case 'up':
      return up(rest);
    case 'down':
      return down(rest);
    case 'status':
      return status();
    case 'stop':
    case 'start':
    case 'restart':
    case 'kill': {
      const [component] = rest;
      if (!COMPONENTS.includes(component)) throw new Error(`which component? one of ${COMPONENTS.join(', ')}`);
      if (command === 'stop' || command === 'restart') await stop(component);
      if (command === 'kill') await stop(component, 'SIGKILL');
      if (command === 'start' || command === 'restart') await start(component);
      return;
    }
    default:
      throw new Error('usage: npm run topology -- up [--fresh] | down [--purge] | status | stop|start|restart|kill <component>');
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`topology: ${error.message}\n`);
    process.exit(1);
  });
}

// Kept for callers that stat the data folder (tests): where everything lives.
export const TOPOLOGY_DATA = DATA;
export const topologyExists = () => existsSync(DATA) && statSync(DATA).isDirectory();
