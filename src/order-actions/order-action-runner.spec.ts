import { EntityManager } from 'typeorm';
import { Order } from '../orders/order/entities/order.entity';
import { OrderChange, Recompute, runLocked } from './order-action-runner';

/** An updater that counts its runs and answers a new total each time. */
function fakeUpdater() {
  const runs: Array<{ reprice?: boolean }> = [];
  const updater: Recompute = {
    update: async (_em, _id, options = {}) => {
      runs.push(options);
      return { total: `${runs.length}.00` };
    },
  };
  return { runs, updater };
}

/** A manager whose nested transactions run at once and whose reads of the order row are counted. */
function fakeEm() {
  const reads: number[] = [];
  const em = {
    transaction: async (work: (em: EntityManager) => Promise<unknown>) => work(em as unknown as EntityManager),
    findOneByOrFail: async (_entity: unknown, where: { id: number }) => {
      reads.push(where.id);
      return { id: where.id, state: 'payment' };
    },
  };
  return { em: em as unknown as EntityManager, reads };
}

const order = () => ({ id: 7, number: 'R1', state: 'cart', total: '0.00' }) as Order;

describe('runLocked: the action, one recompute, the rendering', () => {
  it('recomputes once after an action, then renders what the action returned with the order as recomputed', async () => {
    const { runs, updater } = fakeUpdater();
    const change = new OrderChange(fakeEm().em, order(), updater);
    const steps: string[] = [];
    const answer = await runLocked(
      change,
      async () => {
        steps.push('action');
        return 'done';
      },
      async (c, done) => {
        steps.push(`render ${done} at ${c.order.total}`);
        return 42;
      },
    );
    expect(answer).toBe(42);
    expect(steps).toEqual(['action', 'render done at 1.00']);
    expect(runs).toEqual([{}]);
  });

  it('answers what the action returned when there is nothing to render', async () => {
    const { updater } = fakeUpdater();
    await expect(runLocked(new OrderChange(fakeEm().em, order(), updater), async () => 'plain')).resolves.toBe('plain');
  });

  it('does not recompute again when the action read fresh totals and changed nothing since', async () => {
    const { runs, updater } = fakeUpdater();
    await runLocked(new OrderChange(fakeEm().em, order(), updater), async (c) => {
      await c.totals();
      await c.totals();
    });
    expect(runs).toHaveLength(1);
  });

  it('recomputes at the end when the action changed the order after reading its totals', async () => {
    const { runs, updater } = fakeUpdater();
    await runLocked(new OrderChange(fakeEm().em, order(), updater), async (c) => {
      await c.totals();
      c.changed();
    });
    expect(runs).toHaveLength(2);
  });

  it('reprices in the final recompute when the action asked for it', async () => {
    const { runs, updater } = fakeUpdater();
    await runLocked(new OrderChange(fakeEm().em, order(), updater), async (c) => c.changed({ reprice: true }));
    expect(runs).toEqual([{ reprice: true }]);
  });

  it('reprices at once when asked for totals repriced, even when they were fresh, and only once', async () => {
    const { runs, updater } = fakeUpdater();
    await runLocked(new OrderChange(fakeEm().em, order(), updater), async (c) => {
      await c.totals();
      await c.totals({ reprice: true });
    });
    expect(runs).toEqual([{}, { reprice: true }]);
  });

  it('skips the recompute for an action that changed nothing the totals come from', async () => {
    const { runs, updater } = fakeUpdater();
    await runLocked(new OrderChange(fakeEm().em, order(), updater), async (c) => c.unchanged());
    expect(runs).toEqual([]);
  });

  it('does not recompute nor render when the action throws', async () => {
    const { runs, updater } = fakeUpdater();
    const render = jest.fn();
    await expect(
      runLocked(
        new OrderChange(fakeEm().em, order(), updater),
        async () => {
          throw new Error('refused');
        },
        render,
      ),
    ).rejects.toThrow('refused');
    expect(runs).toEqual([]);
    expect(render).not.toHaveBeenCalled();
  });

  it('reads the row again only after it was written elsewhere', async () => {
    const { updater } = fakeUpdater();
    const { em, reads } = fakeEm();
    const change = new OrderChange(em, order(), updater);
    await change.row();
    expect(reads).toEqual([]);
    change.rowWrittenElsewhere();
    expect((await change.row()).state).toBe('payment');
    await change.row();
    expect(reads).toEqual([7]);
  });

  it('runs a nested step from the row, ending with its totals fresh', async () => {
    const { runs, updater } = fakeUpdater();
    const { em, reads } = fakeEm();
    const change = new OrderChange(em, order(), updater);
    await change.nested(async (step) => {
      await step.row();
    });
    expect(reads).toEqual([7]);
    expect(runs).toHaveLength(1);
  });
});
