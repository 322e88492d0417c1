import { NoTurnError, Turns } from './turns';

/** A piece of work that finishes when told. */
function pending(): { promise: Promise<void>; finish: () => void; fail: (error: Error) => void } {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('runs at most `size` at once, the others in the order they came', async () => {
    const turns = new Turns(2, 10_000);
    const works = [pending(), pending(), pending(), pending()];
    const started: number[] = [];
    const settled = Promise.allSettled(works.map((w, i) => turns.run(async () => (started.push(i), w.promise))));
    await tick();
    expect(started).toEqual([0, 1]);
    expect(turns.counts).toEqual({ running: 2, waiting: 2 });
    works[1].finish();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    works[0].fail(new Error('broken'));
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    works[2].finish();
    works[3].finish();
    await expect(settled).resolves.toEqual([
      { status: 'rejected', reason: new Error('broken') },
      { status: 'fulfilled', value: undefined },
      { status: 'fulfilled', value: undefined },
      { status: 'fulfilled', value: undefined },
    ]);
    expect(turns.counts).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses a turn not given within the wait, and keeps the others in line', async () => {
    jest.useFakeTimers();
    try {
      const turns = new Turns(1, 1_000);
      const first = pending();
      const running = turns.run(() => first.promise);
      const late = turns.run(async () => 'never');
      jest.advanceTimersByTime(1_001);
      await expect(late).rejects.toEqual(new NoTurnError(1_000));
      expect(turns.counts).toEqual({ running: 1, waiting: 0 });
      const next = turns.run(async () => 'next');
      first.finish();
      await running;
      await expect(next).resolves.toBe('next');
      expect(turns.counts).toEqual({ running: 0, waiting: 0 });
    } finally {
      jest.useRealTimers();
    }
  });
});
