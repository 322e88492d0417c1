import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isAlive } from './process-alive';

describe('isAlive', () => {
  it('is true for a running process and false for one that does not exist', () => {
    expect(isAlive(process.pid)).toBe(true);
    // Above Linux's largest pid_max.
    expect(isAlive(4_194_305)).toBe(false);
  });

  it('is false for a zombie: a dead process its parent has not reaped', async () => {
    // sh starts `true` in the background and becomes `sleep`, which never reaps it.
    const parent = spawn('sh', ['-c', 'true & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const child = Number(await new Promise<string>((resolve) => parent.stdout!.once('data', (chunk) => resolve(String(chunk)))));
      for (let i = 0; i < 100 && !readFileSync(`/proc/${child}/stat`, 'utf8').includes(') Z '); i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(readFileSync(`/proc/${child}/stat`, 'utf8')).toContain(') Z ');
      expect(() => process.kill(child, 0)).not.toThrow();
      expect(isAlive(child)).toBe(false);
      expect(isAlive(parent.pid!)).toBe(true);
    } finally {
      parent.kill('SIGKILL');
    }
  });
});
