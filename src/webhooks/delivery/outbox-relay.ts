import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxEvent, pruneDispatchedEvents, takeUndispatchedEvents } from '../../common/events/events';
import { inTransaction } from './job-in-transaction';
import { DELIVERY_QUEUE } from './queue-schema';

const RELAY_BATCH = 100;

/** Takes the events the relay hands over, in its transaction (see QueueConsumer in webhook-queue.service.ts). */
export interface RelayConsumer {
  relay(em: EntityManager, events: OutboxEvent[]): Promise<void>;
}

export interface OutboxRelayOptions {
  boss: PgBoss;
  /** The background pool (not the requests'). */
  work: DataSource;
  databaseUrl: string;
  consumers: readonly RelayConsumer[];
  /** The polling floor, and the outbox's retention (WEBHOOKS_POLL_MS, WEBHOOKS_EVENT_RETENTION_DAYS). */
  settings: () => { pollMs: number; eventRetentionDays: number };
  /** Delivery jobs were committed: this process's workers fetch them now. */
  onQueued: () => void;
  report: (what: string, error: unknown) => void;
  logger: Logger;
}

/**
 * The outbox relay of a delivering process: events committed in the outbox
 * (common/events) become one delivery per subscribed enabled endpoint and one
 * job each, in the transaction that marks them dispatched (woken by NOTIFY on
 * `commerce_events`, polling as a floor); rows locked by another relay are
 * skipped, so each event is fanned out once. It also prunes dispatched events
 * past their retention, hourly.
 */
export class OutboxRelay {
  private listener: Client | undefined;
  private connecting: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private pruneTimer: NodeJS.Timeout | undefined;
  private relaying: Promise<void> | undefined;
  private relayAgain = false;
  private stopping = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  async start(): Promise<void> {
    await this.listen();
    this.timer = setInterval(() => this.kick(), this.options.settings().pollMs);
    this.kick();
    this.pruneTimer = setInterval(() => void this.prune(), 3600_000);
    this.pruneTimer.unref();
    void this.prune();
  }

  /** Stops relaying: the listener closed and the run in progress finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.connecting;
    await this.listener?.end().catch(() => undefined);
    await this.relaying?.catch(() => undefined);
  }

  private listen(): Promise<void> {
    this.connecting ??= this.connectListener().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async connectListener(): Promise<void> {
    const logger = this.options.logger;
    const client = new Client({ connectionString: this.options.databaseUrl, application_name: 'commerce-webhooks-relay' });
    client.on('error', (error) => {
      logger.warn(`event listener lost (${error.message}); polling until it is back`);
      if (this.listener === client) this.listener = undefined;
      void client.end().catch(() => undefined);
    });
    client.on('notification', () => this.kick());
    try {
      await client.connect();
      await client.query('LISTEN commerce_events');
      this.listener = client;
    } catch (error) {
      logger.warn(`cannot listen for events (${(error as Error).message}); polling`);
      await client.end().catch(() => undefined);
    }
  }

  /** The outbox's retention (WEBHOOKS_EVENT_RETENTION_DAYS), hourly in every delivering process. */
  private async prune(): Promise<void> {
    try {
      while (!this.stopping && (await pruneDispatchedEvents(this.options.work.manager, this.options.settings().eventRetentionDays)) > 0);
    } catch (error) {
      this.options.logger.warn(`pruning old events: ${(error as Error).message}`);
    }
  }

  /** Runs the relay now, or once more after the run in progress. */
  private kick(): void {
    if (this.stopping) return;
    if (!this.listener && !this.connecting) void this.listen();
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
        this.options.report('relay', error);
      } finally {
        this.relaying = undefined;
      }
    })();
  }

  /** Fans a batch of committed events out to their endpoints: deliveries and jobs in the transaction that marks them dispatched. */
  private async relayBatch(): Promise<number> {
    const { boss, work, consumers } = this.options;
    let queued = false;
    const events = await work.transaction(async (em) => {
      const events = await takeUndispatchedEvents(em, RELAY_BATCH);
      if (events.length === 0) return 0;
      for (const consumer of consumers) await consumer.relay(em, events);
      const deliveries: Array<{ id: string }> = await em.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id)
         SELECT w.id, e.id FROM unnest($1::bigint[], $2::varchar[]) AS e (id, type)
           JOIN webhook_endpoints w ON w.enabled AND e.type = ANY (w.events)
          ORDER BY e.id, w.id
         RETURNING id`,
        [events.map((e) => e.id), events.map((e) => e.type)],
      );
      if (deliveries.length > 0) {
        await boss.insert(
          deliveries.map((d) => ({ name: DELIVERY_QUEUE, data: { delivery_id: Number(d.id), attempt: 1 } })),
          { db: await inTransaction(em) },
        );
        queued = true;
      }
      return events.length;
    });
    // Committed: this process's workers fetch them now rather than at their next poll (other processes poll).
    if (queued) this.options.onQueued();
    return events;
  }
}
