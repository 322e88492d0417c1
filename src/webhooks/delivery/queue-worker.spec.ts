import PgBoss from 'pg-boss';
import { QueueWorker } from './queue-worker';

/** A pg-boss stand-in whose statements fail as with the database down. */
function bossWith(jobs: Array<{ id: string; data: object }>, completeFails: boolean) {
  let fetched = false;
  const calls: string[] = [];
  const boss = {
    fetch: async () => {
      if (fetched) return [];
      fetched = true;
      return jobs;
    },
    complete: async (_q: string, ids: string[]) => {
      calls.push(`complete ${ids.join(',')}`);
      if (completeFails) throw new Error('connect ECONNREFUSED');
    },
    fail: async (_q: string, id: string) => {
      calls.push(`fail ${id}`);
      if (completeFails) throw new Error('connect ECONNREFUSED');
    },
  };
  return { boss: boss as unknown as PgBoss, calls };
}

describe('QueueWorker', () => {
  it('completes and fails each job by its outcome', async () => {
    const { boss, calls } = bossWith([{ id: 'a', data: {} }, { id: 'b', data: {} }, { id: 'c', data: {} }], false);
    const errors: unknown[] = [];
    const worker = new QueueWorker(boss, 'q', { batchSize: 10, pollingIntervalSeconds: 0.05 }, async (jobs) =>
      jobs.map((j) => ({ id: j.id, status: j.id === 'b' ? ('failed' as const) : ('completed' as const) })),
      (e) => errors.push(e),
    );
    worker.start();
    await new Promise((r) => setTimeout(r, 30));
    await worker.stop();
    expect(calls).toEqual(['complete a,c', 'fail b']);
    expect(errors).toEqual([]);
  });

  it('reports a completion the database refuses instead of leaving an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { boss } = bossWith([{ id: 'a', data: {} }, { id: 'b', data: {} }], true);
      const errors: unknown[] = [];
      const worker = new QueueWorker(boss, 'q', { batchSize: 10, pollingIntervalSeconds: 0.05 }, async (jobs) =>
        jobs.map((j) => ({ id: j.id, status: j.id === 'a' ? ('completed' as const) : ('failed' as const) })),
        (e) => errors.push(e),
      );
      worker.start();
      await new Promise((r) => setTimeout(r, 30));
      await worker.stop();
      await new Promise((r) => setImmediate(r));
      expect(errors.map((e) => (e as Error).message)).toEqual(['connect ECONNREFUSED']);
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('a handler that throws is reported and the loop goes on', async () => {
    const { boss } = bossWith([{ id: 'a', data: {} }], false);
    const errors: unknown[] = [];
    const worker = new QueueWorker(boss, 'q', { batchSize: 10, pollingIntervalSeconds: 0.05 }, async () => {
      throw new Error('database down');
    }, (e) => errors.push(e));
    worker.start();
    await new Promise((r) => setTimeout(r, 80));
    await worker.stop();
    expect(errors).toHaveLength(1);
  });
});
