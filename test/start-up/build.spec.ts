import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');

/*
 * scripts/build.mjs, which npm start, npm run cli and npm run worker run
 * first: only the sources changed since the last build are compiled, and
 * dist/ always matches src/ (outputs of deleted sources removed).
 */
describe('building dist/ from the changed sources (scripts/build.mjs)', () => {
  let dir: string;
  const src = (file: string) => join(dir, 'src', file);
  const out = (file: string) => join(dir, 'dist', file);
  const build = async () => {
    const { stdout, stderr } = await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--src', join(dir, 'src'), '--out', join(dir, 'dist')], { cwd: root });
    return stdout + stderr;
  };
  /** `expression` on the compiled module `m`, in a Node process of its own, as the service would load it (Jest caches files it has read). */
  const evaluate = async (file: string, expression: string) => {
    const script = `const m = require(${JSON.stringify(out(file))}); console.log(JSON.stringify(${expression}));`;
    const { stdout } = await run(process.execPath, ['-r', 'reflect-metadata', '-e', script], { cwd: root });
    return JSON.parse(stdout);
  };
  const mtime = (file: string) => statSync(out(file)).mtimeMs;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'commerce-api-build-'));
    mkdirSync(join(dir, 'src', 'shop'), { recursive: true });
    writeFileSync(src('price.ts'), `export const price = (cents: number): string => (cents / 100).toFixed(2);\n`);
    writeFileSync(src('shop/label.ts'), `import { price } from '../price';\nexport function label(name: string, cents: number): string { return \`\${name}: \${price(cents)}\`; }\n`);
    writeFileSync(src('shop/label.spec.ts'), `it('is a test', () => undefined);\n`);
    // Decorators with metadata, as the service's modules have.
    writeFileSync(
      src('shop/service.ts'),
      `const Injectable = (): ClassDecorator => () => undefined;\nexport class Repo {}\n@Injectable()\nexport class Service { constructor(readonly repo: Repo) {} }\n`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('compiles every source on the first build, tests left out, with one line saying so', async () => {
    expect((await build()).trim()).toMatch(/^Building dist\/ \(3 source files, first build\)… done in [\d.]+ s$/);
    expect(await evaluate('shop/label.js', `m.label('Tote', 1999)`)).toBe('Tote: 19.99');
    expect(existsSync(out('shop/label.js.map'))).toBe(true);
    expect(existsSync(out('shop/label.spec.js'))).toBe(false);
    expect(await evaluate('shop/service.js', `Reflect.getMetadata('design:paramtypes', m.Service)[0] === m.Repo`)).toBe(true);
  });

  it('does nothing, silently, when no source changed (nor when one was only touched)', async () => {
    const before = mtime('price.js');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await build()).toBe('');
    const later = new Date(Date.now() + 5000);
    utimesSync(src('price.ts'), later, later);
    expect(await build()).toBe('');
    expect(mtime('price.js')).toBe(before);
  });

  it('recompiles a changed source, and only it', async () => {
    const untouched = mtime('shop/label.js');
    writeFileSync(src('price.ts'), `export const price = (cents: number): string => '$' + (cents / 100).toFixed(2);\n`);
    expect((await build()).trim()).toMatch(/^Building dist\/ \(1 of 3 source files changed\)… done/);
    expect(await evaluate('price.js', `m.price(1999)`)).toBe('$19.99');
    expect(mtime('shop/label.js')).toBe(untouched);
  });

  it('removes the output of a deleted source (a stale migration or entity would still be loaded)', async () => {
    unlinkSync(src('shop/service.ts'));
    expect((await build()).trim()).toMatch(/^Building dist\/ \(0 of 2 source files changed, 1 removed\)… done/);
    expect(existsSync(out('shop/service.js'))).toBe(false);
    expect(existsSync(out('shop/service.js.map'))).toBe(false);
    expect(existsSync(out('shop/label.js'))).toBe(true);
  });

  it('starts from an empty dist/ when it has no record of it (dist/ from another tool)', async () => {
    unlinkSync(out('.build-manifest.json'));
    writeFileSync(out('stale.js'), 'module.exports = 1;\n');
    expect((await build()).trim()).toMatch(/first build/);
    expect(existsSync(out('stale.js'))).toBe(false);
    expect(existsSync(out('price.js'))).toBe(true);
  });

  it('fails on a source swc cannot read, naming it, and tries it again on the next build', async () => {
    writeFileSync(src('broken.ts'), 'export const = ;\n');
    const failed = await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--src', join(dir, 'src'), '--out', join(dir, 'dist')], { cwd: root }).then(
      () => undefined,
      (error) => error as { code: number; stderr: string },
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toContain('broken.ts');
    writeFileSync(src('broken.ts'), 'export const fixed = true;\n');
    expect((await build()).trim()).toMatch(/1 of 3 source files changed/);
    expect(await evaluate('broken.js', `m.fixed`)).toBe(true);
  });

  it('lets two builds at once take turns: both succeed, and dist/ is whole', async () => {
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
    const outputs = await Promise.all([build(), build()]);
    expect(outputs.filter((o) => /first build/.test(o))).toHaveLength(1);
    expect(await evaluate('shop/label.js', `m.label('Mug', 1250)`)).toBe('Mug: $12.50');
    expect(JSON.parse(readFileSync(out('.build-manifest.json'), 'utf8')).files).toHaveProperty(['shop/label.ts']);
  });
});
