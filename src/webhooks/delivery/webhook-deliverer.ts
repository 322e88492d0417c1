import PgBoss from 'pg-boss';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/configuration';
import { SecretBox } from '../../config/secret-box';
import { recordEndpointHealth } from '../webhook-endpoints/endpoint-health';
import { deferralMs, EndpointSlots } from './endpoint-slots';
import { inTransaction } from './job-in-transaction';
import { DELIVERY_QUEUE } from './queue-schema';
import { JobResult } from './queue-worker';
import { retryDelayMs } from './retry-schedule';
import { sendWebhook, webhookHeaders } from './send-webhook';

type Job<T> = PgBoss.Job<T>;

/** A job of the delivery queue: one attempt of one delivery. */
export interface DeliveryJob {
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

/**
 * The delivery worker's handler: a batch of delivery jobs, each attempted on
 * its own within its endpoint's slots (`EndpointSlots`; a job whose endpoint
 * is busy is put back for later). An attempt is sent, then recorded with the
 * endpoint's health and the next attempt queued (`retryDelayMs`) in one transaction.
 */
export class WebhookDeliverer {
  private readonly slots = new EndpointSlots(() => this.settings.endpointConcurrency);

  constructor(
    private readonly boss: PgBoss,
    /** The background pool (not the requests'). */
    private readonly work: DataSource,
    private readonly config: AppConfig,
    private readonly box: SecretBox,
    private readonly report: (what: string, error: unknown) => void,
  ) {}

  private get settings() {
    return this.config.webhooks;
  }

  /** A worker's jobs (one at a time in `inFlight` mode): the deliveries read in one statement, then each attempted on its own, at the same time. */
  async deliverBatch(jobs: Job<DeliveryJob>[]): Promise<JobResult[]> {
    const rows: DeliveryRow[] = await this.work.query(
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
            if (!this.slots.take(endpoint)) {
              await this.putBack(job);
              return { id: job.id, status: 'settled' };
            }
            try {
              await this.deliver(job.data, row);
            } finally {
              this.slots.release(endpoint);
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
    await this.work.transaction(async (em) => {
      const db = await inTransaction(em);
      await this.boss.send(DELIVERY_QUEUE, { ...job.data, deferrals }, { startAfter, db });
      await this.boss.complete(DELIVERY_QUEUE, job.id, { deferred: true }, { db });
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
    await this.work.transaction(async (em) => {
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
      if (next) await this.boss.send(DELIVERY_QUEUE, { delivery_id: job.delivery_id, attempt: job.attempt + 1 }, { startAfter: next, db: await inTransaction(em) });
    });
  }
}

/** The body sent: `{id, type, created_at, data}`, `data` exactly as the outbox holds it. */
export function eventBody(row: { public_id: string; type: string; event_created_at: Date; data: string }): string {
  return `{"id":${JSON.stringify(row.public_id)},"type":${JSON.stringify(row.type)},"created_at":${JSON.stringify(new Date(row.event_created_at).toISOString())},"data":${row.data}}`;
}
