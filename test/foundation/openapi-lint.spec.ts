import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../support/test-app';

const ROOT = join(__dirname, '..', '..');

/** `redocly lint` of a file (redocly.yaml and .redocly.lint-ignore.yaml at the root apply), offline, as JSON. */
function redoclyLint(file: string): { totals: { errors: number; warnings: number; ignored: number }; problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }> } {
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js'), 'lint', file, '--format=json'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    timeout: 120_000,
  });
  const start = run.stdout.indexOf('{');
  if (start < 0) throw new Error(`redocly lint printed no report (exit ${run.status}): ${run.stderr}`);
  return JSON.parse(run.stdout.slice(start));
}

/**
 * The committed copy of the document (openapi.json, written by `npm run
 * openapi`) is the one the service serves, and it passes Redocly's
 * recommended rules with no error and no warning (redocly.yaml turns off
 * only the licence rules, .redocly.lint-ignore.yaml lists the one redirect
 * that has no 2xx, each with its reason).
 */
describe('OpenAPI document: committed copy and redocly lint', () => {
  let t: TestApp;
  let served: unknown;
  beforeAll(async () => {
    t = await createTestApp();
    served = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('openapi.json at the repository root is the served document (run `npm run openapi` after changing a route)', () => {
    const committed = JSON.parse(readFileSync(join(ROOT, 'openapi.json'), 'utf8'));
    expect(committed).toEqual(served);
  });

  it('passes redocly lint (recommended rules) with 0 errors and 0 warnings', () => {
    const report = redoclyLint('openapi.json');
    const problems = report.problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`);
    expect(problems).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0, ignored: 1 });
  }, 120_000);

  it('the lint fails a document that breaks the rules (the check can fail)', () => {
    const report = redoclyLint(join(__dirname, 'fixtures', 'openapi-breaking-rules.json'));
    const rules = new Set(report.problems.map((p) => p.ruleId));
    for (const rule of ['security-defined', 'operation-summary', 'operation-4xx-response', 'no-empty-servers']) expect(rules).toContain(rule);
    expect(report.totals.errors).toBeGreaterThan(0);
  }, 120_000);
});
