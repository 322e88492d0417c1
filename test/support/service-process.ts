import { ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './private-postgres';
import { TEST_SECRET_KEY } from './secrets';

const root = join(__dirname, '..', '..');

export interface ServiceProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** What it printed so far (stdout and stderr). */
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Ends it if still running (SIGKILL: nothing to finish). */
  kill: () => void;
}

/**
 * The real service (src/main.ts) in a process of its own on `databaseUrl`, started when it answers /health/ready.
 * `env` adds to the test runs' settings (SECRET_KEY of the tests, no sample data).
 */
export async function startService(databaseUrl: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['-r', './test/support/swc-register.cjs', 'src/main.ts'], {
    cwd: root,
    // Its mail (.eml files) goes to the machine's temporary folder, not into the clone's .data/mail.
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, PORT: String(port), LOG_LEVEL: 'warn', SAMPLE_DATA: 'false', SECRET_KEY: TEST_SECRET_KEY, MAIL_DIR: join(tmpdir(), 'commerce-test-mail'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const url = `http://127.0.0.1:${port}`;
  // Started when it answers (compiling and migrating takes a few seconds, more on a busy machine).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the service exited at start:\n${output}`);
    const ready = await fetch(`${url}/health/ready`).then((r) => r.status, () => 0);
    if (ready === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    port,
    url,
    output: () => output,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** Waits until `condition` holds, checking every 50 ms; fails after `timeoutMs` with `what`. */
export async function until(condition: () => Promise<boolean> | boolean, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
