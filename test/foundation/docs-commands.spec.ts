import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { generateApiKey } from '../../src/common/auth/api-keys';
import { freshDatabaseUrl } from '../support/database';
import { ensureDebianPackage } from '../support/debian-packages';
import { ServiceProcess, startService } from '../support/service-process';

/*
 * The README's and docs/getting-started.md's shell blocks, run as a reader
 * runs them: each document's blocks one after the other in one bash session
 * (they share variables), against the service started as `npm start` would
 * serve it (src/main.ts, the demo catalog, an admin key), so the documents
 * cannot rot unnoticed. A command that fails fails the test: `set -euo
 * pipefail`, and curl answers an HTTP error with a failing exit status
 * (`--fail-with-body`, added to every curl the documents run).
 */

const ROOT = join(__dirname, '..', '..');
const DOCUMENTS = ['docs/getting-started.md', 'README.md'];

/**
 * The blocks not run, each by a rule: they start the service or run the
 * tests themselves, which this test does its own way. Any other shell block
 * runs; the test lists what it skipped and fails when that changes.
 */
const SKIP_RULES: { rule: RegExp; why: string }[] = [{ rule: /^\s*npm (ci|start|test)\b/m, why: 'starts the service or runs the tests itself' }];

interface Block {
  where: string;
  text: string;
  skipped?: string;
}

/** The ```sh (or bash, shell) blocks of a Markdown document, with where they start. */
function shellBlocks(document: string): Block[] {
  const lines = readFileSync(join(ROOT, document), 'utf8').split('\n');
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(sh|bash|shell)\s*$/.exec(lines[i]);
    if (!open) continue;
    const start = i + 1;
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1])) i++;
    const text = lines.slice(start, i + 1).join('\n');
    const skipped = SKIP_RULES.find((r) => r.rule.test(text))?.why;
    blocks.push({ where: `${document}:${start}`, text, skipped });
    i++;
  }
  return blocks;
}

/** Runs a document's blocks in one bash session; what it printed, and how it ended. */
function runBlocks(blocks: Block[], substitutions: [string, string][], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const script = [
    'set -euo pipefail',
    // An HTTP error answer is a failing command, as a reader would see it (its body is still printed).
    'curl() { command curl --fail-with-body "$@"; }',
    ...blocks.filter((b) => !b.skipped).map((b) => `printf '\\n=== %s\\n' '${b.where}'\n${substitutions.reduce((text, [from, to]) => text.split(from).join(to), b.text)}`),
    "printf '\\n=== done\\n'",
  ].join('\n');
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the commands of the README and docs/getting-started.md', () => {
  let service: ServiceProcess;
  let scratch: string;
  let substitutions: [string, string][];
  const adminKey = generateApiKey();
  const admin = { Authorization: `Bearer ${adminKey}` };
  const api = (path: string) => fetch(`${service.url}${path}`, { headers: admin }).then((r) => r.json() as Promise<Record<string, any>>);

  beforeAll(async () => {
    // getting-started.md shows answers with jq.
    ensureDebianPackage('/usr/bin/jq', 'jq');
    scratch = mkdtempSync(join(tmpdir(), 'docs-commands-'));
    // The picture the README uploads (a reader's own `tote.jpg`).
    const picture = join(scratch, 'tote.jpg');
    writeFileSync(picture, await sharp({ create: { width: 320, height: 240, channels: 3, background: '#b5651d' } }).jpeg().toBuffer());
    service = await startService(await freshDatabaseUrl(), { SAMPLE_DATA: 'true', ADMIN_API_KEY: adminKey, UPLOADS_DIR: join(scratch, 'uploads') });
    // What the documents assume of the reader's machine, replaced by this test's.
    substitutions = [
      ['localhost:3000', `localhost:${service.port}`],
      ['@tote.jpg', `@${picture}`],
    ];
  }, 240_000);
  afterAll(() => {
    service?.kill();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it('skips only the blocks that start the service or run the tests, by the rule above', () => {
    const skipped = DOCUMENTS.flatMap(shellBlocks)
      .filter((b) => b.skipped)
      .map((b) => `${b.where.replace(/:\d+$/, '')}: ${b.text.trim()} (${b.skipped})`);
    expect(skipped).toEqual([
      'docs/getting-started.md: npm ci && npm start (starts the service or runs the tests itself)',
      'README.md: npm ci && npm start (starts the service or runs the tests itself)',
      'README.md: npm test (starts the service or runs the tests itself)',
    ]);
  });

  it('docs/getting-started.md runs word for word: a guest completes an order, with curl and with the typed client', async () => {
    const blocks = shellBlocks('docs/getting-started.md');
    expect(blocks.filter((b) => !b.skipped).length).toBeGreaterThanOrEqual(10);
    const { code, output } = await runBlocks(blocks, substitutions, { ADMIN: adminKey });
    if (code !== 0) throw new Error(`exit ${code}:\n${output.slice(-4000)}`);
    expect(output).toMatch(/"state": "complete"/);
    expect(output).toMatch(/\{ number: 'R\d+', state: 'complete', total: '\d+\.\d\d' \}/); // the typed client's example
  }, 240_000);

  it('the README runs word for word: its product is the one stocked, its checkout completes, the back-office refunds it', async () => {
    const blocks = shellBlocks('README.md');
    expect(blocks.filter((b) => !b.skipped).length).toBeGreaterThanOrEqual(4);
    const { code, output } = await runBlocks(blocks, substitutions, { ADMIN: adminKey });
    if (code !== 0) throw new Error(`exit ${code}:\n${output.slice(-4000)}`);
    expect(output).toMatch(/=== done$/m);

    // "Create a product, then stock it": the new product has the 5, not the demo tote.
    const mugs = await api('/api/products?q%5Bname_eq%5D=Mug');
    expect(mugs.products.map((p: { name: string; total_on_hand: number }) => [p.name, p.total_on_hand])).toEqual([['Mug', 5]]);

    // The checkout's order: complete, paid, shipped, then returned and credited by the back-office block.
    const orders = await api('/api/orders?q%5Bemail_eq%5D=me%40example.com');
    expect(orders.orders).toHaveLength(1);
    const order = await api(`/api/orders/${orders.orders[0].number}`);
    expect({ state: order.state, shipment_state: order.shipment_state }).toEqual({ state: 'returned', shipment_state: 'shipped' });
    expect(order.payments.map((p: { state: string; amount: string }) => p.state)).toContain('completed');
    expect(order.payments.some((p: { amount: string }) => p.amount.startsWith('-'))).toBe(true);

    // The upload block's picture is the tote's.
    const tote = await api('/api/products/ruby-on-rails-tote/images');
    expect(tote.images.map((i: { alt: string }) => i.alt)).toContain('The tote, front');
  }, 240_000);
});
