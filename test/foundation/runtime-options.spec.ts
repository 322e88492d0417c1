import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The service runs with node options (heap sizes, docs/performance.md) in
 * three places: npm start, npm run start:prod (which the benchmark reads) and
 * the container's CMD. They must not drift apart.
 */
describe('node options of the service', () => {
  const root = join(__dirname, '..', '..');
  const options = (command: string) => command.split(/\s+/).filter((word) => word.startsWith('--'));

  it('are the same for npm start, npm run start:prod and the Dockerfile', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts;
    const production = options(scripts['start:prod']);
    expect(production).toEqual(expect.arrayContaining(['--max-old-space-size=256', '--max-semi-space-size=32']));
    expect(options(scripts.start.split('&&').pop())).toEqual(production);
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'));
    expect(cmd).not.toBeNull();
    expect(options((JSON.parse(cmd![1]) as string[]).join(' '))).toEqual(production);
  });
});
