import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { minVersion, satisfies } from 'semver';

/*
 * The Node.js version the service supports is the one package.json's
 * `engines` and the README state, and every installed package accepts it:
 * `npm ci` prints no EBADENGINE warning (.ci/run fails on one). pg-boss 12,
 * file-type 22 (through @nestjs/common) and @nestjs/cli's packages wanted Node
 * 22: pg-boss 10, file-type 21 (an override) and scripts/build.mjs instead.
 */
describe('the supported Node.js version', () => {
  const root = join(__dirname, '..', '..');
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const oldest = minVersion(manifest.engines.node)!.version;

  it('is stated in the README, as package.json says, and this machine runs one', () => {
    expect(manifest.engines.node).toBe('>=20.19.0');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const stated = /Node\.js (\d+\.\d+) or newer/.exec(readme)?.[1];
    expect(`${stated}.0`).toBe(oldest);
    expect(satisfies(process.version, manifest.engines.node)).toBe(true);
  });

  it('is accepted by every package in the lockfile (npm ci warns EBADENGINE otherwise)', () => {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const refusing = Object.entries(lock.packages as Record<string, { version: string; engines?: { node?: string } | string[] }>)
      .filter(([path, pkg]) => path !== '' && !Array.isArray(pkg.engines) && pkg.engines?.node && !satisfies(oldest, pkg.engines.node, { includePrerelease: true }))
      .map(([path, pkg]) => `${path.replace(/^.*node_modules\//, '')}@${pkg.version} wants Node ${(pkg.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
