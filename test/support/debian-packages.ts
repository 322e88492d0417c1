import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * Installs a Debian package when the program a test needs (`program`, its
 * path) is missing: `apt-get install`, as root, with an `apt-get update` first
 * only when the package lists do not know it yet. Idempotent, and serialized
 * with flock: two test files may ask at once.
 */
export function ensureDebianPackage(program: string, pkg: string): void {
  if (existsSync(program)) return;
  if (process.getuid?.() !== 0) throw new Error(`${program} is missing: install Debian's ${pkg} package (apt-get install -y ${pkg}) as root`);
  const script =
    `[ -x ${program} ] || { export DEBIAN_FRONTEND=noninteractive; ` +
    `apt-get install -y --no-install-recommends ${pkg} || { apt-get update && apt-get install -y --no-install-recommends ${pkg}; }; }`;
  execFileSync('flock', ['/tmp/commerce-api-apt-install.lock', 'sh', '-c', script], { stdio: ['ignore', 'ignore', 'inherit'], timeout: 15 * 60_000 });
  if (!existsSync(program)) throw new Error(`apt-get did not install ${program}`);
}
