import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/*
 * The layers of src/ (eslint/layers.mjs) hold because `npm run lint` (in
 * .ci/run) refuses an import against them. ESLint runs in a child process
 * with the project's own eslint.config.mjs (Jest's module system cannot load
 * ES module configs), on source texts placed at paths in src/.
 */
const root = join(__dirname, '..', '..');

interface Problem {
  ruleId: string | null;
  message: string;
}

const SCRIPT = `
  import { readFileSync } from 'node:fs';
  import { join } from 'node:path';
  import { ESLint } from 'eslint';
  const { cases } = JSON.parse(readFileSync(0, 'utf8'));
  const eslint = new ESLint({ cwd: process.cwd() });
  const out = [];
  for (const c of cases) {
    const [result] = await eslint.lintText(c.code, { filePath: join(process.cwd(), c.path) });
    out.push(result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message })));
  }
  process.stdout.write(JSON.stringify(out));
`;

/** The problems ESLint reports for each source text at its path. */
function lint(cases: Array<{ path: string; code: string }>): Problem[][] {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: root, input: JSON.stringify({ cases }), encoding: 'utf8' });
  return JSON.parse(out) as Problem[][];
}

/**
 * Every import of src/ against the layers when no exception is allowed, and
 * the known exceptions, both as "from: file -> to".
 */
function violationsAndExceptions(): { found: string[]; listed: string[] } {
  const script = `
    import { ESLint } from 'eslint';
    import { KNOWN_EXCEPTIONS, LAYERS } from './eslint/layers.mjs';
    const srcDir = process.cwd() + '/src';
    const eslint = new ESLint({
      cwd: process.cwd(),
      ruleFilter: ({ ruleId }) => ruleId === 'layers/boundaries',
      overrideConfig: { files: ['src/**/*.ts'], rules: { 'layers/boundaries': ['error', { srcDir, layers: LAYERS, exceptions: [] }] } },
    });
    const found = new Set();
    for (const result of await eslint.lintFiles(['src'])) {
      for (const m of result.messages) {
        const [, from, to] = /^src\\/(\\S*?)\\/? may not import from src\\/(\\S*?)\\/:/.exec(m.message);
        found.add(from + ': ' + result.filePath.split('/').pop() + ' -> ' + to);
      }
    }
    const listed = KNOWN_EXCEPTIONS.flatMap((e) => e.files.map((file) => e.from + ': ' + file + ' -> ' + e.to));
    process.stdout.write(JSON.stringify({ found: [...found].sort(), listed: listed.sort() }));
  `;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' })) as { found: string[]; listed: string[] };
}

const layerErrors = (problems: Problem[]) => problems.filter((p) => p.ruleId === 'layers/boundaries').map((p) => p.message);

describe('lint: the layers of src/', () => {
  it('refuse an import from a lower layer into a higher one, however it is written', () => {
    const results = lint([
      { path: 'src/catalog/products/layer-probe.ts', code: `import { OrdersService } from '../../orders/order/orders.service';\nexport const probe = OrdersService;\n` },
      { path: 'src/catalog/layer-probe.ts', code: `import { OrdersService } from 'src/orders/order/orders.service';\nexport const probe = OrdersService;\n` },
      { path: 'src/catalog/products/entities/layer-probe.ts', code: `export * from '../../../orders/order/order-states';\n` },
      { path: 'src/catalog/products/layer-probe.ts', code: `export type Probe = typeof import('../../orders/order/order-states');\n` },
      { path: 'src/catalog/products/layer-probe.ts', code: `export const probe = () => import('../../orders/order/order-states');\n` },
    ]);
    for (const problems of results) {
      expect(layerErrors(problems)).toEqual(['src/catalog/ may not import from src/orders/: it is in a higher layer (see eslint/layers.mjs).']);
    }
  });

  it('refuse an import between two folders of the same layer, and from a folder in no layer', () => {
    const [peer, unplaced, intoUnplaced] = lint([
      { path: 'src/tax/tax-rates/layer-probe.ts', code: `import { User } from '../../accounts/users/entities/user.entity';\nexport type Probe = User;\n` },
      { path: 'src/reports/layer-probe.ts', code: `export const probe = 1;\n` },
      { path: 'src/orders/order/layer-probe.ts', code: `import { probe } from '../../reports/layer-probe';\nexport const again = probe;\n` },
    ]);
    expect(layerErrors(peer)).toEqual(['src/tax/ may not import from src/accounts/: they are in the same layer and stay independent (see eslint/layers.mjs).']);
    expect(layerErrors(unplaced)).toEqual(['src/reports/ is in no layer: add it to LAYERS in eslint/layers.mjs.']);
    expect(layerErrors(intoUnplaced)).toEqual(['src/reports/ is in no layer: add it to LAYERS in eslint/layers.mjs.']);
  });

  it('let imports go down the layers, and a known exception only where it is listed', () => {
    const [down, excepted, beyondException, otherFile] = lint([
      {
        path: 'src/orders/order/layer-probe.ts',
        code: `import { Variant } from '../../catalog/variants/entities/variant.entity';\nimport { moneyString } from '../../common/money/money';\nexport const probe = [Variant, moneyString];\n`,
      },
      { path: 'src/config/store-config/store-config.service.ts', code: `import { moneyString } from '../../common/money/money';\nexport const probe = moneyString;\n` },
      { path: 'src/config/store-config/store-config.service.ts', code: `import { OrdersService } from '../../orders/order/orders.service';\nexport const probe = OrdersService;\n` },
      { path: 'src/config/layer-probe.ts', code: `import { moneyString } from '../common/money/money';\nexport const probe = moneyString;\n` },
    ]);
    expect(down).toEqual([]);
    expect(excepted).toEqual([]);
    expect(layerErrors(beyondException)).toEqual(['src/config/ may not import from src/orders/: it is in a higher layer (see eslint/layers.mjs).']);
    expect(layerErrors(otherFile)).toEqual(['src/config/ may not import from src/common/: it is in a higher layer (see eslint/layers.mjs).']);
  });

  it('list exactly the imports of src/ against the layers as known exceptions (remove one once it is paid back)', () => {
    const { found, listed } = violationsAndExceptions();
    expect(found.length).toBeGreaterThan(0);
    expect(found).toEqual(listed);
  });
});
