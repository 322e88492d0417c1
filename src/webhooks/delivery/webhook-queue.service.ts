import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { DataSource, DataSourceOptions, EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../../common/errors/database-unavailable';
import { OutboxEvent, pruneDispatchedEvents, takeUndispatchedEvents } from '../../common/events/events';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { SecretBox } from '../../config/secret-box';
import { recordEndpointHealth } from '../webhook-endpoints/endpoint-health';
import { JobResult, QueueWorker, QueueWorkerOptions } from './queue-worker';
import { retryDelayMs } from './retry-schedule';
import { sendWebhook, webhookHeaders } from './send-webhook';

export const DELIVERY_QUEUE = 'webhook-delivery';
/** pg-boss 10: the last major that supports Node 20 (README). */
type Db = PgBoss.Db;
type Job<T> = PgBoss.Job<T>;
/** Runs deliveries in this process even when WEBHOOKS_DELIVERY is off (the worker process). */
export const FORCE_DELIVERY = Symbol('FORCE_DELIVERY');

interface DeliveryJob {
  delivery_id: number;
  /** The attempt this job makes (1 for the first): a job whose attempt was already recorded does nothing. */
  attempt: number;
  /** Times this attempt was put back because its endpoint had all its slots busy (see `deferralMs`). */
  deferrals?: number;
}

interface DeliveryRow {
  id: string;
  state: string;
  attempts: number;
  endpoint_id: number;
  url: string;
  enabled: boolean;
  secret_sealed: string;
  public_id: string;
  type: string;
  event_created_at: Date;
  data: string;
}

const RELAY_BATCH = 100;
/** The schema version this pg-boss installs (its package's version.json). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const QUEUE_SCHEMA_VERSION: number = require('pg-boss/version.json').schema;

/**
 * The queue's settings, for a process that died or a database that failed
 * mid-job (an endpoint's failures are retried by our own schedule): 10 retries,
 * from 5 s doubling (pg-boss 10 has no ceiling on the back-off: about 1 h at the last).
 */
function queueOptions(jobExpireSeconds: number) {
  return { expireInSeconds: jobExpireSeconds, retryLimit: 10, retryDelay: 5, retryBackoff: true };
}

/**
 * pg-boss's pool in a delivering process: its worker's fetches and the jobs'
 * completions (one short statement each, WEBHOOKS_CONCURRENCY of them at most
 * at once), NOTIFY and sends; 3 to 6 connections as when 1 to 4 workers fetched batches.
 */
export function queueConnections(concurrency: number): number {
  return Math.min(4, Math.max(1, Math.ceil(concurrency / 4))) + 2;
}

/**
 * How long a delivery whose endpoint has every slot busy is put back for: a
 * quarter second at first, doubling each time it is put back again, at most
 * WEBHOOKS_TIMEOUT_MS (by then a slot has freed, whatever the receiver
 * does), with ±25 % jitter. A slow receiver's deliveries come back soon; a
 * dead one's backlog is looked at about once per timeout per job, not in a loop.
 */
export function deferralMs(deferrals: number, timeoutMs: number, random: number = Math.random()): number {
  const base = Math.min(timeoutMs, 250 * 2 ** Math.min(deferrals, 20));
  return Math.round(base * (0.75 + random * 0.5));
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

/** pg-boss statements run on the caller's transaction (its `db` option), so a job exists iff that transaction commits. */
export async function inTransaction(em: EntityManager): Promise<Db> {
  const runner = em.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('a delivery job is sent inside a transaction');
  const client = (await runner.connect()) as Client;
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values as unknown[]) };
}

/**
 * Webhook delivery on pg-boss (docs/webhooks.md). Every process holds a
 * PgBoss to send jobs in its transactions; a delivering process (the service
 * by default, `npm run worker`) also runs
 * - the relay: events committed in the outbox (common/events) become one
 *   delivery per subscribed enabled endpoint and one job each, in the
 *   transaction that marks them dispatched (woken by NOTIFY, polling as a
 *   floor); rows locked by another relay are skipped, so each event is
 *   fanned out once;
 * - the workers: pg-boss hands each job to one instance; a job whose
 *   process died comes back after WEBHOOKS_JOB_EXPIRE_SECONDS.
 * A failed attempt is recorded and the next one queued (back-off with
 * jitter) in one transaction.
 */
@Injectable()
export class WebhookQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private boss: PgBoss | undefined;
  /** This process's queue workers (the deliveries' woken when the relay has queued jobs). */
  private readonly workers: QueueWorker<unknown>[] = [];
  private readonly deliveryWorkers: QueueWorker<DeliveryJob>[] = [];
  /** Deliveries being sent now, per endpoint id: at most WEBHOOKS_ENDPOINT_CONCURRENCY each (in this process). */
  private readonly inFlight = new Map<number, number>();
  /**
   * The relay's and the deliveries' own small pool: background work neither
   * takes the requests' connections nor shows in their statement counts.
   */
  private work: DataSource | undefined;
  private listener: Client | undefined;
  private connecting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private relaying: Promise<void> | undefined;
  private relayAgain = false;
  private stopping = false;
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
    this.work = await new DataSource({ ...same, logging: false, extra: { ...extra, max: Math.min(this.settings.concurrency, 10) + 1, application_name: 'commerce-webhooks' } } as DataSourceOptions).initialize();
    // WEBHOOKS_CONCURRENCY deliveries in hand, each settled on its own: a slow one holds its slot, not a batch.
    const concurrency = this.settings.concurrency;
    this.deliveryWorkers.push(
      this.startWorker<DeliveryJob>(
        DELIVERY_QUEUE,
        { pollingIntervalSeconds: Math.max(0.5, this.settings.pollMs / 1000), batchSize: concurrency, inFlight: concurrency },
        (jobs) => this.deliverBatch(jobs),
      ),
    );
    for (const consumer of this.consumers) await consumer.deliver(boss, this.work);
    await this.listen();
    this.timer = setInterval(() => this.kickRelay(), this.settings.pollMs);
    this.kickRelay();
    this.pruneTimer = setInterval(() => void this.prune(), 3600_000);
    this.pruneTimer.unref();
    void this.prune();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.connecting;
    await this.listener?.end().catch(() => undefined);
    await this.relaying?.catch(() => undefined);
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

  private listen(): Promise<void> {
    this.connecting ??= this.connectListener().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connectListener(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'commerce-webhooks-relay' });
    client.on('error', (error) => {
      this.logger.warn(`event listener lost (${error.message}); polling until it is back`);
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    });
    client.on('notification', () => this.kickRelay());
    try {
      await client.connect();
      await client.query('LISTEN commerce_events');
      this.listener = client;
    } catch (error) {
      this.logger.warn(`cannot listen for events (${(error as Error).message}); polling`);
      await client.end().catch(() => undefined);
    }
  }

  /** Background failures: an outage (the database unreachable, restarting) at warn, one line, as the requests log it; anything else at error. */
  private report(what: string, error: unknown): void {
    const message = `${what}: ${(error as Error).message}`;
    if (isDatabaseUnavailable(error)) this.logger.warn(message);
    else this.logger.error(message);
  }

  /** The outbox's retention (WEBHOOKS_EVENT_RETENTION_DAYS), hourly in every delivering process. */
  private async prune(): Promise<void> {
    try {
      while (!this.stopping && (await pruneDispatchedEvents(this.work!.manager, this.settings.eventRetentionDays)) > 0);
    } catch (error) {
      this.logger.warn(`pruning old events: ${(error as Error).message}`);
    }
  }

  /** Runs the relay now, or once more after the run in progress. */
  private kickRelay(): void {
    if (this.stopping) return;
    if (!this.listener && !this.connecting && this.boss) void this.listen();
    if (this.relaying) {
      this.relayAgain = true;
      return;
    }
    this.relaying = (async () => {
      try {
        do {
          this.relayAgain = false;
          while (!this.stopping && (await this.relayBatch()) === RELAY_BATCH);
        } while (this.relayAgain && !this.stopping);
      } catch (error) {
        this.report('relay', error);
      } finally {
        this.relaying = undefined;
      }
    })();
  }

  /** Fans a batch of committed events out to their endpoints: deliveries and jobs in the transaction that marks them dispatched. */
  private async relayBatch(): Promise<number> {
    let queued = false;
    const events = await this.work!.transaction(async (em) => {
      const events = await takeUndispatchedEvents(em, RELAY_BATCH);
      if (events.length === 0) return 0;
      for (const consumer of this.consumers) await consumer.relay(em, events);
      const deliveries: Array<{ id: string }> = await em.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id)
         SELECT w.id, e.id FROM unnest($1::bigint[], $2::varchar[]) AS e (id, type)
           JOIN webhook_endpoints w ON w.enabled AND e.type = ANY (w.events)
          ORDER BY e.id, w.id
         RETURNING id`,
        [events.map((e) => e.id), events.map((e) => e.type)],
      );
      if (deliveries.length > 0) {
        await this.boss!.insert(
          deliveries.map((d) => ({ name: DELIVERY_QUEUE, data: { delivery_id: Number(d.id), attempt: 1 } })),
          { db: await inTransaction(em) },
        );
        queued = true;
      }
      return events.length;
    });
    // Committed: this process's workers fetch them now rather than at their next poll (other processes poll).
    if (queued) for (const worker of this.deliveryWorkers) worker.notify();
    return events;
  }

  /** A worker's jobs (one at a time in `inFlight` mode): the deliveries read in one statement, then each attempted on its own, at the same time. */
  private async deliverBatch(jobs: Job<DeliveryJob>[]): Promise<JobResult[]> {
    const rows: DeliveryRow[] = await this.work!.query(
      `SELECT d.id, d.state, d.attempts, w.id AS endpoint_id, w.url, w.enabled, w.secret_sealed,
              ev.public_id, ev.type, ev.created_at AS event_created_at, ev.data::text AS data
         FROM webhook_deliveries d JOIN webhook_endpoints w ON w.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id
        WHERE d.id = ANY ($1::bigint[])`,
      [jobs.map((j) => j.data.delivery_id)],
    );
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    return Promise.all(
      jobs.map(async (job): Promise<JobResult> => {
        try {
          const row = byId.get(job.data.delivery_id);
          if (row && this.sends(job.data, row)) {
            const endpoint = Number(row.endpoint_id);
            if ((this.inFlight.get(endpoint) ?? 0) >= this.settings.endpointConcurrency) {
              await this.putBack(job);
              return { id: job.id, status: 'settled' };
            }
            this.inFlight.set(endpoint, (this.inFlight.get(endpoint) ?? 0) + 1);
            try {
              await this.deliver(job.data, row);
            } finally {
              const left = (this.inFlight.get(endpoint) ?? 1) - 1;
              if (left > 0) this.inFlight.set(endpoint, left);
              else this.inFlight.delete(endpoint);
            }
          } else {
            await this.deliver(job.data, row);
          }
          return { id: job.id, status: 'completed' };
        } catch (error) {
          this.report(`delivery ${job.data.delivery_id}`, error);
          // Failed, pg-boss tries the job again later (retryLimit); its attempt number keeps it from being recorded twice.
          return { id: job.id, status: 'failed', output: { message: (error as Error).message } };
        }
      }),
    );
  }

  /** Whether this job sends to its endpoint (it is due, not done, the endpoint enabled): what takes one of the endpoint's slots. */
  private sends(job: DeliveryJob, row: DeliveryRow): boolean {
    return row.state === 'pending' && row.attempts < job.attempt && row.enabled;
  }

  /**
   * Puts a job whose endpoint has every slot busy back in the queue for later
   * (`deferralMs`): the same attempt as a new job, and this one completed, in
   * one transaction. The worker's slot goes to another endpoint's delivery.
   */
  private async putBack(job: Job<DeliveryJob>): Promise<void> {
    const deferrals = (job.data.deferrals ?? 0) + 1;
    const startAfter = new Date(Date.now() + deferralMs(deferrals - 1, this.settings.timeoutMs));
    await this.work!.transaction(async (em) => {
      const db = await inTransaction(em);
      await this.boss!.send(DELIVERY_QUEUE, { ...job.data, deferrals }, { startAfter, db });
      await this.boss!.complete(DELIVERY_QUEUE, job.id, { deferred: true }, { db });
    });
  }

  /** One attempt of one delivery. */
  private async deliver(job: DeliveryJob, row: DeliveryRow | undefined): Promise<void> {
    if (!row || row.state !== 'pending' || row.attempts >= job.attempt) return;
    const s = this.settings;
    const body = eventBody(row);
    const result = row.enabled
      ? await sendWebhook(row.url, webhookHeaders(this.box.open('webhook_endpoints.secret', row.secret_sealed), row.public_id, body), body, {
          timeoutMs: s.timeoutMs,
          allowPrivateUrls: s.allowPrivateUrls,
        })
      : { ok: false, responseCode: null, durationMs: 0, error: 'the endpoint is disabled' };
    const delay = result.ok || !row.enabled ? null : retryDelayMs(job.attempt, { baseMs: s.retryBaseMs, maxDelayMs: s.retryMaxDelayMs, maxAttempts: s.maxAttempts });
    const next = delay === null ? null : new Date(Date.now() + delay);
    const state = result.ok ? 'succeeded' : next ? 'pending' : 'failed';
    await this.work!.transaction(async (em) => {
      const [updated] = await em.query(
        `UPDATE webhook_deliveries
            SET state = $2::varchar, attempts = $3::int, response_code = $4, duration_ms = $5, error = $6, next_attempt_at = $7,
                delivered_at = CASE WHEN $2::varchar = 'succeeded' THEN now() END, updated_at = now()
          WHERE id = $1 AND state = 'pending' AND attempts = $3::int - 1
          RETURNING id`,
        [job.delivery_id, state, job.attempt, result.responseCode, result.durationMs, result.error, next],
      );
      if (updated.length === 0) return; // another run recorded this attempt
      await em.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, succeeded, response_code, duration_ms, error, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [job.delivery_id, job.attempt, result.ok, result.responseCode, result.durationMs, result.error, next],
      );
      if (row.enabled) await recordEndpointHealth(em, row.endpoint_id, result.ok, result.error, s.disableAfterMs);
      if (next) await this.boss!.send(DELIVERY_QUEUE, { delivery_id: job.delivery_id, attempt: job.attempt + 1 }, { startAfter: next, db: await inTransaction(em) });
    });
  }
}

/** The body sent: `{id, type, created_at, data}`, `data` exactly as the outbox holds it. */
export function eventBody(row: { public_id: string; type: string; event_created_at: Date; data: string }): string {
  return `{"id":${JSON.stringify(row.public_id)},"type":${JSON.stringify(row.type)},"created_at":${JSON.stringify(new Date(row.event_created_at).toISOString())},"data":${row.data}}`;
}

/**
 * Installs or upgrades pg-boss's schema with pg-boss's own migrator
 * (prepare-database.ts, before the service serves, under its advisory lock).
 * A schema made by a newer pg-boss (12, before the service required Node 20
 * support) cannot be used by this one, and pg-boss has no way down: it is
 * replaced, and the pending deliveries, which our own table records, get their
 * job back (the attempt each is due for, when it is due).
 */
export async function installQueueSchema(databaseUrl: string, config?: { jobExpireSeconds: number }): Promise<void> {
  const newer = await dropNewerQueueSchema(databaseUrl);
  const boss = new PgBoss({ connectionString: databaseUrl, max: 1, migrate: true, supervise: false, schedule: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    if (newer) {
      await boss.createQueue(DELIVERY_QUEUE, { name: DELIVERY_QUEUE, ...queueOptions(config?.jobExpireSeconds ?? 120) });
      const pending: Array<{ id: string; attempts: number; next_attempt_at: Date | null }> = (
        await boss.getDb().executeSql(`SELECT id, attempts, next_attempt_at FROM webhook_deliveries WHERE state = 'pending' ORDER BY id`, [])
      ).rows;
      new Logger('Webhooks').warn(`pg-boss's schema had been made by a newer pg-boss: replaced; ${pending.length} pending deliveries queued again`);
      if (pending.length > 0) {
        await boss.insert(
          pending.map((d) => ({
            name: DELIVERY_QUEUE,
            data: { delivery_id: Number(d.id), attempt: d.attempts + 1 },
            ...(d.next_attempt_at ? { startAfter: new Date(d.next_attempt_at).toISOString() } : {}),
          })),
        );
      }
    }
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/** Drops the `pgboss` schema when a newer pg-boss made it; true if it did. */
async function dropNewerQueueSchema(databaseUrl: string): Promise<boolean> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT version FROM pgboss.version`).catch(() => ({ rows: [] as Array<{ version: number }> }));
    if (rows.length === 0 || Number(rows[0].version) <= QUEUE_SCHEMA_VERSION) return false;
    await client.query('DROP SCHEMA pgboss CASCADE');
    return true;
  } finally {
    await client.end();
  }
}
