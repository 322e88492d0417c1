import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

/**
 * The typed client rejects keys an operation does not take at compile time (issue 25, finding 15):
 * openapi-fetch alone lets a misspelt `per_pag` or `order.line_itemz` compile (the service then
 * ignores it: an empty cart, 201). tsc runs, under the client's own strict config, on a file with
 * misspelt keys and on the same calls spelt right.
 */
describe('TypeScript client types (clients/typescript/src/index.ts)', () => {
  jest.setTimeout(180_000);
  const clientDir = resolve(__dirname, '../../clients/typescript');
  let dir: string;
  beforeAll(() => {
    // Inside the client's folder, so that its tsconfig's `types` and node_modules resolve as for its own files.
    dir = mkdtempSync(join(clientDir, '.compile-check-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const calls = (q: string, perPage: string, lineItems: string) => `import { createCommerceClient } from '../src';

export async function calls(): Promise<void> {
  const client = createCommerceClient({ baseUrl: 'http://localhost:3000' });
  await client.GET('/api/products', { params: { query: { q: { ${q}: 'mug', s: 'name asc' }, ${perPage}: 5 } } });
  await client.POST('/api/orders', { body: { order: { email: 'a@example.com', ${lineItems}: [{ variant_id: 1, quantity: 1 }] } } });
  await client.PUT('/api/checkouts/{number}', { params: { path: { number: 'R1' } }, body: { order: { email: 'a@example.com' } } });
}
`;

  async function tsc(name: string, source: string): Promise<string> {
    writeFileSync(join(dir, `${name}.ts`), source);
    writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ extends: '../tsconfig.json', compilerOptions: { noEmit: true }, include: [], files: [`${name}.ts`] }));
    const run = await promisify(execFile)(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(dir, `tsconfig.${name}.json`)]).then(
      (r) => ({ code: 0, out: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    return run.code === 0 ? '' : run.out;
  }

  it('compiles the calls spelt right', async () => {
    expect(await tsc('spelt', calls('name_cont', 'per_page', 'line_items'))).toBe('');
  });

  it('fails to compile misspelt query, search and body keys, with errors that name them', async () => {
    const out = await tsc('misspelt', calls('name_contt', 'per_pag', 'line_itemz'));
    const errors = out.split('\n').filter((line) => line.includes('error TS'));
    expect(errors).toHaveLength(3);
    // Each at the key's own line, its type named after it: `UnknownSearchKey<"name_contt">`, `Unknown<"per_pag">`.
    expect(errors[0]).toMatch(/misspelt\.ts\(5,\d+\).*UnknownSearchKey<"name_contt">/);
    expect(errors[1]).toMatch(/misspelt\.ts\(5,\d+\).*Unknown<"per_pag">/);
    expect(errors[2]).toMatch(/misspelt\.ts\(6,\d+\).*Unknown<"line_itemz">/);
  });
});
