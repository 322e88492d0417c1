import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Caller } from '../common/auth/caller';
import { checkOrderAccess } from '../common/auth/order-access.guard';
import { NotFoundError } from '../common/errors/api-errors';
import { Order } from '../orders/order/entities/order.entity';
import { lockOrder } from '../orders/order/order-lock';
import { OrderUpdater } from '../orders/order/order-updater.service';
import { GatewayOperations } from '../payments/payment/gateway-operations.service';

/** What the runner needs of the order updater (its one recompute). */
export type Recompute = Pick<OrderUpdater, 'update'>;

/**
 * The order an action is changing, inside the runner's transaction, with its
 * row locked. Every action is taken to change what the order's totals come
 * from: the runner recomputes them once after the action, unless they are
 * already fresh. An action that must read the totals midway (a payment for
 * the whole total, the step after a change) asks `totals()`, which
 * recomputes only when something changed since the last run; one that
 * changes them again afterwards says `changed()`. Nothing else recomputes:
 * no action calls the updater itself.
 */
export class OrderChange {
  private totalsFresh = false;
  private asRow = true;
  private reprice = false;

  constructor(
    readonly em: EntityManager,
    /** The order as its row was locked (actions keep it in step with what they write to it). */
    readonly order: Order,
    private readonly updater: Recompute,
  ) {}

  /**
   * What the derived fields come from changed (again) since they were last
   * recomputed. `reprice`: the recompute prices an order at confirm again too
   * (its discounts otherwise stay as its confirm step showed them).
   */
  changed(options: { reprice?: boolean } = {}): void {
    this.totalsFresh = false;
    if (options.reprice) this.reprice = true;
  }

  /**
   * The action changed nothing the derived fields come from (a checkout's
   * `advance`, whose steps each recomputed in their own nested transaction):
   * the runner leaves them as they are.
   */
  unchanged(): void {
    this.totalsFresh = true;
    this.reprice = false;
  }

  /**
   * `work` in a nested transaction (a savepoint TypeORM counts, so the events
   * raised in it go if it rolls back), on the same order read again from its
   * row, ending with its totals fresh.
   */
  nested<T>(work: (step: OrderChange) => Promise<T>): Promise<T> {
    return this.em.transaction(async (em) => {
      const step = new OrderChange(em, this.order, this.updater);
      step.asRow = false;
      const result = await work(step);
      await step.totals();
      return result;
    });
  }

  /** The order's row was written through another object: the loaded order is read again before `row()` answers. */
  rowWrittenElsewhere(): void {
    this.asRow = false;
  }

  /** The order, its derived fields recomputed (and kept in the loaded order) unless they are fresh. */
  async totals(options: { reprice?: boolean } = {}): Promise<Order> {
    if (options.reprice) this.changed(options);
    if (!this.totalsFresh) {
      const reprice = this.reprice;
      this.reprice = false;
      Object.assign(this.order, await this.updater.update(this.em, this.order.id, reprice ? { reprice } : {}));
      this.totalsFresh = true;
    }
    return this.order;
  }

  /** The order as its row holds it, read again only when it was written elsewhere. */
  async row(): Promise<Order> {
    if (!this.asRow) {
      Object.assign(this.order, await this.em.findOneByOrFail(Order, { id: this.order.id }));
      this.asRow = true;
    }
    return this.order;
  }
}

/** An order action: the use case, read top to bottom; it returns what its rendering needs. */
export type OrderAction<A> = (change: OrderChange) => Promise<A>;
/** What the caller sees: the order, payment, shipment… as the transaction now holds it (after the recompute). */
export type OrderRender<A, R> = (change: OrderChange, done: A) => Promise<R>;

/**
 * The one way an order changes (src/order-actions): a gateway guard (a
 * charge or authorization whose transaction does not commit is undone,
 * GatewayOperations.guard), one transaction, the order's row lock (404
 * when there is no such order), the action, one recompute of the order's
 * totals and states (OrderUpdater) unless the action left them fresh, then
 * the rendering of the answer, in the same transaction.
 */
@Injectable()
export class OrderActionRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly gatewayOperations: GatewayOperations,
    private readonly updater: OrderUpdater,
  ) {}

  run<A>(number: string, action: OrderAction<A>): Promise<A>;
  run<A, R>(number: string, action: OrderAction<A>, render: OrderRender<A, R>): Promise<R>;
  async run<A, R>(number: string, action: OrderAction<A>, render?: OrderRender<A, R>): Promise<A | R> {
    return this.gatewayOperations.guard(() =>
      this.dataSource.transaction(async (em) => {
        const order = await lockOrder(em, number);
        if (!order) throw new NotFoundError();
        return runLocked(new OrderChange(em, order, this.updater), action, render);
      }),
    );
  }

  /**
   * As `run`, checking on the locked row that the caller may change the order (admin, its user, or its token's
   * holder; 404 and 401 as `OrderAccessGuard`), for routes marked `@OrderAccessCheckedOnLock` whose guard reads nothing.
   */
  runFor<A, R>(access: { caller: Caller; token: string | undefined }, number: string, action: OrderAction<A>, render: OrderRender<A, R>): Promise<R> {
    return this.gatewayOperations.guard(() =>
      this.dataSource.transaction(async (em) => {
        const order = await lockOrder(em, number);
        checkOrderAccess(order, access.caller, access.token);
        return (await runLocked(new OrderChange(em, order!, this.updater), action, render)) as R;
      }),
    );
  }

  /**
   * As `run`, for an action that starts a new order (an admin's order import): `start` makes it in the transaction
   * (new, so no other request holds it), then the action, the one recompute and the rendering.
   */
  async runNew<A, R>(start: (em: EntityManager) => Promise<Order>, action: OrderAction<A>, render: OrderRender<A, R>): Promise<R> {
    return this.gatewayOperations.guard(() =>
      this.dataSource.transaction(async (em) => (await runLocked(new OrderChange(em, await start(em), this.updater), action, render)) as R),
    );
  }

  /**
   * A change made outside any one order that reprices the orders it touches (a promotion changed or deleted): `work`
   * runs in one transaction and answers the orders it locked; the runner recomputes each once (by id, in that order
   * of locks), then renders.
   */
  async runAcross<A, R>(work: (em: EntityManager) => Promise<{ orders: number[]; done: A }>, render: (em: EntityManager, done: A) => Promise<R>): Promise<R> {
    return this.gatewayOperations.guard(() =>
      this.dataSource.transaction(async (em) => {
        const { orders, done } = await work(em);
        for (const id of [...new Set(orders)].sort((a, b) => a - b)) await this.updater.update(em, id);
        return render(em, done);
      }),
    );
  }
}

/** The runner's steps once the order is locked: the action, the one recompute, the rendering. */
export async function runLocked<A, R>(change: OrderChange, action: OrderAction<A>, render?: OrderRender<A, R>): Promise<A | R> {
  const done = await action(change);
  await change.totals();
  return render ? render(change, done) : done;
}
