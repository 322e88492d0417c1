import { SearchesBusyError, SearchGate } from './search-gate';

/** A search that runs until `finish()` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('SearchGate', () => {
  it('runs at most `size` searches, and at most `perClient` of one client', async () => {
    const gate = new SearchGate(2, 10_000, 1);
    const a1 = held();
    const a2 = held();
    const started: string[] = [];
    const run = (name: string, client: string, work: () => Promise<void>) => gate.run(() => (started.push(name), work()), client);
    const runs = [run('a1', 'a', a1.work), run('a2', 'a', a2.work)];
    await tick();
    // The second of `a` waits though a slot is free: it is another client's.
    expect(started).toEqual(['a1']);
    const b = held();
    runs.push(run('b', 'b', b.work));
    await tick();
    expect(started).toEqual(['a1', 'b']);
    a1.finish();
    await tick();
    expect(started).toEqual(['a1', 'b', 'a2']);
    b.finish();
    a2.finish();
    await Promise.all(runs);
    expect(gate.holding()).toBe(0);
  });

  it('gives a freed slot to the client that waited without a turn, not to the one whose turn it just was', async () => {
    const gate = new SearchGate(1, 10_000, 1);
    const order: string[] = [];
    const works = new Map<string, ReturnType<typeof held>>();
    const run = (name: string, client: string) => {
      const h = held();
      works.set(name, h);
      return gate.run(() => (order.push(name), h.work()), client);
    };
    const runs = [run('a1', 'a'), run('a2', 'a'), run('a3', 'a')];
    await tick();
    runs.push(run('b1', 'b'));
    await tick();
    works.get('a1')!.finish();
    await tick();
    works.get('b1')!.finish();
    await tick();
    works.get('a2')!.finish();
    await tick();
    works.get('a3')!.finish();
    await Promise.all(runs);
    // First come first served would have run a2 and a3 before b1.
    expect(order).toEqual(['a1', 'b1', 'a2', 'a3']);
  });

  it('answers 503 (SearchesBusyError) to a search that waited past waitMs, and forgets it', async () => {
    const gate = new SearchGate(1, 20, 1);
    const a = held();
    const first = gate.run(a.work, 'a');
    await expect(gate.run(async () => 'never', 'b')).rejects.toBeInstanceOf(SearchesBusyError);
    a.finish();
    await first;
    await expect(gate.run(async () => 'ran', 'b')).resolves.toBe('ran');
    expect(gate.holding()).toBe(0);
  });

  it('gives work outside a request (no client) a slot of nobody share', async () => {
    const gate = new SearchGate(2, 10_000, 1);
    const x = held();
    const y = held();
    const runs = [gate.run(x.work, undefined), gate.run(y.work, undefined)];
    await tick();
    expect(gate.holding()).toBe(2);
    x.finish();
    y.finish();
    await Promise.all(runs);
  });
});
