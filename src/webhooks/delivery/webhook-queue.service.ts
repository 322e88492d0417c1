import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import PgBoss from 'pg-boss';
import { DataSource, DataSourceOptions, EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../../common/errors/database-unavailable';
import { OutboxEvent } from '../../common/events/events';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { SecretBox } from '../../config/secret-box';
import { inTransaction } from './job-in-transaction';
import { OutboxRelay } from './outbox-relay';
import { DELIVERY_QUEUE, queueOptions } from './queue-schema';
import { JobResult, QueueWorker, QueueWorkerOptions } from './queue-worker';
import { DeliveryJob, WebhookDeliverer } from './webhook-deliverer';

/** pg-boss 10: the last major that supports Node 20 (README). */
type Job<T> = PgBoss.Job<T>;
/** Runs deliveries in this process even when WEBHOOKS_DELIVERY is off (the worker process). */
export const FORCE_DELIVERY = Symbol('FORCE_DELIVERY');

/**
 * pg-boss's pool in a delivering process: its worker's fetches and the jobs'
 * completions (one short statement each, WEBHOOKS_CONCURRENCY of them at most
 * at once), NOTIFY and sends; 3 to 6 connections as when 1 to 4 workers fetched batches.
 */
export function queueConnections(concurrency: number): number {
  return Math.min(4, Math.max(1, Math.ceil(concurrency / 4))) + 2;
}

/**
 * Another user of this queue's machinery (the shop's mail, src/mail): it gets
 * the process's pg-boss for a queue of its own, the events the relay takes (in
 * the relay's transaction, so it takes each event once, as the webhooks do)
 * and, in a delivering process, the background pool to work its queue on.
 * Added before the application starts (a provider's constructor).
 */
export interface QueueConsumer {
  /** pg-boss is up (every process): create or update its queue. */
  attach(boss: PgBoss): Promise<void>;
  /** This process delivers: work its queue, its own statements on `work`. */
  deliver(boss: PgBoss, work: DataSource): Promise<void>;
  /** In the relay's transaction, with the events it takes; they are marked dispatched when it commits. */
  relay(em: EntityManager, events: OutboxEvent[]): Promise<void>;
}

/**
 * Webhook delivery on pg-boss (docs/webhooks.md): this process's queue, its
 * life from start to shutdown. Every process holds a PgBoss to send jobs in
 * its transactions; a delivering process (the service by default,
 * `npm run worker`) also opens a small background pool and runs
 * - the relay (`outbox-relay.ts`): committed outbox events fanned out to
 *   deliveries and their jobs;
 * - the delivery workers (`queue-worker.ts` fetching, `webhook-deliverer.ts`
 *   attempting within each endpoint's slots, `endpoint-slots.ts`, and
 *   queueing the next attempt, `retry-schedule.ts`): pg-boss hands each job
 *   to one instance; a job whose process died comes back after
 *   WEBHOOKS_JOB_EXPIRE_SECONDS.
 * The queue's schema is installed by `queue-schema.ts`.
 */
@Injectable()
export class WebhookQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private boss: PgBoss | undefined;
  /** This process's queue workers (the deliveries' woken when the relay has queued jobs). */
  private readonly workers: QueueWorker<unknown>[] = [];
  private readonly deliveryWorkers: QueueWorker<DeliveryJob>[] = [];
  /**
   * The relay's and the deliveries' own small pool: background work neither
   * takes the requests' connections nor shows in their statement counts.
   */
  private work: DataSource | undefined;
  private relay: OutboxRelay | undefined;
  private readonly consumers: QueueConsumer[] = [];

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
    @Inject(FORCE_DELIVERY) private readonly forceDelivery: boolean,
  ) {}

  private get settings() {
    return this.config.webhooks;
  }

  /** Adds a consumer of the relay and the queue (see QueueConsumer). */
  addConsumer(consumer: QueueConsumer): void {
    this.consumers.push(consumer);
  }

  private get databaseUrl(): string {
    return (this.dataSource.options as { url: string }).url;
  }

  async onApplicationBootstrap(): Promise<void> {
    const delivering = this.forceDelivery || this.settings.delivery;
    const boss = new PgBoss({
      connectionString: this.databaseUrl,
      application_name: 'commerce-webhooks',
      max: delivering ? queueConnections(this.settings.concurrency) : 2,
      // pg-boss's own migrator installs and upgrades its schema (also run by prepare-database.ts).
      migrate: true,
      schedule: false,
      supervise: delivering,
      // The maintenance pass (once per interval across instances) fails and retries jobs whose process died.
      maintenanceIntervalSeconds: Math.min(60, this.settings.jobExpireSeconds),
    });
    boss.on('error', (error: Error) => this.report('pg-boss', error));
    await boss.start();
    this.boss = boss;
    // The settings of the instance started last hold for the queue (every instance should have the same ones).
    const options = { name: DELIVERY_QUEUE, ...queueOptions(this.settings.jobExpireSeconds) };
    if (!(await boss.getQueue(DELIVERY_QUEUE))) {
      await boss.createQueue(DELIVERY_QUEUE, options).catch(async (error) => {
        if (!(await boss.getQueue(DELIVERY_QUEUE))) throw error;
      });
    } else {
      await boss.updateQueue(DELIVERY_QUEUE, options);
    }
    for (const consumer of this.consumers) await consumer.attach(boss);
    if (!delivering) return;
    // The same options (the outbox subscriber too) without the request statement counter.
    const { logger, extra, ...same } = this.dataSource.options as DataSourceOptions & { extra?: Record<string, unknown> };
    const work = await new DataSource({ ...same, logging: false, extra: { ...extra, max: Math.min(this.settings.concurrency, 10) + 1, application_name: 'commerce-webhooks' } } as DataSourceOptions).initialize();
    this.work = work;
    // WEBHOOKS_CONCURRENCY deliveries in hand, each settled on its own: a slow one holds its slot, not a batch.
    const concurrency = this.settings.concurrency;
    const deliverer = new WebhookDeliverer(boss, work, this.config, this.box, (what, error) => this.report(what, error));
    this.deliveryWorkers.push(
      this.startWorker<DeliveryJob>(
        DELIVERY_QUEUE,
        { pollingIntervalSeconds: Math.max(0.5, this.settings.pollMs / 1000), batchSize: concurrency, inFlight: concurrency },
        (jobs) => deliverer.deliverBatch(jobs),
      ),
    );
    for (const consumer of this.consumers) await consumer.deliver(boss, work);
    this.relay = new OutboxRelay({
      boss,
      work,
      databaseUrl: this.databaseUrl,
      consumers: this.consumers,
      settings: () => this.settings,
      onQueued: () => this.deliveryWorkers.forEach((worker) => worker.notify()),
      report: (what, error) => this.report(what, error),
      logger: this.logger,
    });
    await this.relay.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.relay?.stop();
    await Promise.all(this.workers.map((worker) => worker.stop()));
    await this.boss?.stop({ graceful: true, timeout: 5000, close: true }).catch(() => undefined);
    await this.work?.destroy().catch(() => undefined);
  }

  /**
   * Works a queue in this process (a delivering one) until it stops: each
   * batch's jobs completed or failed by the handler's outcomes.
   */
  startWorker<T>(queue: string, options: QueueWorkerOptions, handle: (jobs: Job<T>[]) => Promise<JobResult[]>): QueueWorker<T> {
    const worker = new QueueWorker<T>(this.boss!, queue, options, handle, (error) => this.report(`queue ${queue}`, error));
    this.workers.push(worker as QueueWorker<unknown>);
    worker.start();
    return worker;
  }

  /** Queues a delivery's first attempt in the caller's transaction (redeliveries, pings). */
  async queueDelivery(em: EntityManager, deliveryId: number): Promise<void> {
    await this.boss!.send(DELIVERY_QUEUE, { delivery_id: deliveryId, attempt: 1 }, { db: await inTransaction(em) });
  }

  /** Background failures: an outage (the database unreachable, restarting) at warn, one line, as the requests log it; anything else at error. */
  private report(what: string, error: unknown): void {
    const message = `${what}: ${(error as Error).message}`;
    if (isDatabaseUnavailable(error)) this.logger.warn(message);
    else this.logger.error(message);
  }
}
