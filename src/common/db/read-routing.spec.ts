import { mayReadFromReplica, onPrimary, readsMayLag, servedByReplica, usableReplicas } from './read-routing';

describe('read routing', () => {
  it('only code run inside readsMayLag may read from a replica, across awaits', async () => {
    expect(mayReadFromReplica()).toBe(false);
    const inside = await readsMayLag(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return mayReadFromReplica();
    });
    expect(inside).toBe(true);
    expect(mayReadFromReplica()).toBe(false);
  });

  it('onPrimary leaves the lag-tolerant reads; servedByReplica marks the run that used one', () => {
    const reads = { usedReplica: false };
    readsMayLag(() => {
      expect(onPrimary(() => mayReadFromReplica())).toBe(false);
      expect(mayReadFromReplica()).toBe(true);
      servedByReplica();
    }, reads);
    expect(reads.usedReplica).toBe(true);
    servedByReplica(); // outside: nothing to mark, no error
  });

  it('a replica is usable when it is up and no further behind than the limit', () => {
    const replicas = [
      { name: 'caught-up', up: true, lagMs: 0 },
      { name: 'at-the-limit', up: true, lagMs: 500 },
      { name: 'behind', up: true, lagMs: 501 },
      { name: 'unknown-lag', up: true, lagMs: Infinity },
      { name: 'down', up: false, lagMs: 0 },
    ];
    expect(usableReplicas(replicas, 500).map((r) => r.name)).toEqual(['caught-up', 'at-the-limit']);
    expect(usableReplicas(replicas, 0).map((r) => r.name)).toEqual(['caught-up']);
    expect(usableReplicas([], 500)).toEqual([]);
  });
});
