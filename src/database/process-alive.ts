import { readFileSync } from 'node:fs';

/** Whether process `pid` runs (one of another user's counts: signal 0 answers EPERM). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * A process killed with -9 whose parent died with it stays a zombie until
 * PID 1 reaps it, which a container's init may do only seconds later (or
 * never): signal 0 still reaches it, but it runs nothing. Linux only; elsewhere
 * a process that answers is taken as alive.
 */
function isZombie(pid: number): boolean {
  try {
    // The state follows the command name, which is in parentheses and may itself hold ") ".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
