import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { DataSource, EntityManager } from 'typeorm';
import { AccountMail, AccountMailKind } from '../../accounts/users/account-mail';
import { issueByEmail } from '../../accounts/users/account-tokens';
import { isDatabaseUnavailable } from '../../common/errors/database-unavailable';
import { OutboxEvent } from '../../common/events/events';
import { MAILER, Mailer, MailMessage } from '../../common/mail/mailer';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { SecretBox } from '../../config/secret-box';
import { retryDelayMs } from '../../webhooks/delivery/retry-schedule';
import { inTransaction } from '../../webhooks/delivery/job-in-transaction';
import { QueueConsumer, WebhookQueue } from '../../webhooks/delivery/webhook-queue.service';
import { JobResult } from '../../webhooks/delivery/queue-worker';
import { MailTemplates } from '../templates/mail-templates';
import { prepareOrderMail } from './mail-context';
import { LINK_MAILS, MAIL_OF_EVENT, MailKind, REQUESTED_MAILS } from './mail-kinds';
import { linkContext } from './mail-links';

export const MAIL_QUEUE = 'mail-delivery';

interface MailJob {
  mail_id: number;
  /** The attempt this job makes (1 for the first): one whose attempt was already recorded does nothing. */
  attempt: number;
}

/** A row of mail_deliveries as the sender reads it. */
interface MailRow {
  id: string;
  kind: MailKind;
  state: string;
  attempts: number;
  subject_id: number | null;
  user_id: number | null;
  recipient: string | null;
  context: Record<string, unknown> | null;
  secret_sealed: string | null;
  created_at: Date;
}

/** What a prepared mail lacks until it is sent: who it goes to and what its templates are given, never the token. */
interface Prepared {
  recipient: string;
  context: Record<string, unknown>;
  token: string | null;
}

const SEAL = 'mail_deliveries.secret';

/**
 * The shop's mail (docs/accounts.md): one row of `mail_deliveries` per mail,
 * sent by a pg-boss queue of its own (`mail-delivery`) on the webhooks'
 * machinery (WebhookQueue: its pg-boss, its relay, its background pool, its
 * retry schedule and settings).
 *
 * - Mails about orders come from the outbox's events: the relay hands each
 *   batch of events it takes to `relay`, which adds one mail per mailed event
 *   (unique per event and kind) and its job in the relay's transaction, so an
 *   event is mailed once and a rolled-back change (no event) never.
 * - Account mails come through the AccountMail port, in the transaction of
 *   the change that asks for them (`send`, `request`); a token is sealed with
 *   SECRET_KEY in the row until the mail is sent, then cleared.
 * - A job prepares its mail the first time (reads the order, or issues the
 *   token of a request by e-mail), renders it from the templates, sends it
 *   through the Mailer, then records the attempt and queues the next one
 *   (WEBHOOKS_RETRY_* back-off) in one transaction. Delivery is at least
 *   once: a process killed between sending and recording sends again, with
 *   the same Message-ID.
 */
@Injectable()
export class MailQueue implements QueueConsumer, AccountMail, OnModuleDestroy {
  private readonly logger = new Logger('Mail');
  private boss: PgBoss | undefined;
  private work: DataSource | undefined;
  private stopping = false;

  constructor(
    private readonly webhooks: WebhookQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly templates: MailTemplates,
  ) {
    webhooks.addConsumer(this);
  }

  onModuleDestroy(): void {
    this.stopping = true;
  }

  // ---- QueueConsumer: the webhooks' machinery hands over pg-boss, the pool and the relayed events.

  async attach(boss: PgBoss): Promise<void> {
    this.boss = boss;
    const options = {
      name: MAIL_QUEUE,
      expireInSeconds: this.config.webhooks.jobExpireSeconds,
      // A process that died or a database that failed mid-job; a server's refusals are retried by our schedule.
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
    };
    if (!(await boss.getQueue(MAIL_QUEUE))) {
      await boss.createQueue(MAIL_QUEUE, options).catch(async (error) => {
        if (!(await boss.getQueue(MAIL_QUEUE))) throw error;
      });
    } else {
      await boss.updateQueue(MAIL_QUEUE, options);
    }
  }

  async deliver(boss: PgBoss, work: DataSource): Promise<void> {
    this.work = work;
    this.webhooks.startWorker<MailJob>(MAIL_QUEUE, { pollingIntervalSeconds: Math.max(0.5, this.config.webhooks.pollMs / 1000), batchSize: 4 }, (jobs) =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            await this.sendJob(job.data);
            return { id: job.id, status: 'completed' };
          } catch (error) {
            this.report(`mail ${job.data.mail_id}`, error);
            // pg-boss tries the job again (retryLimit); its attempt number keeps it from being recorded twice.
            return { id: job.id, status: 'failed', output: { message: (error as Error).message } };
          }
        }),
      ),
    );
  }

  async relay(em: EntityManager, events: OutboxEvent[]): Promise<void> {
    const mailed = events.filter((e) => MAIL_OF_EVENT[e.type as keyof typeof MAIL_OF_EVENT]);
    if (mailed.length === 0) return;
    const rows: Array<{ id: string }> = await em.query(
      `INSERT INTO mail_deliveries (kind, event_id, subject_id)
       SELECT m.kind, e.id, (e.data ->> 'id')::int
         FROM unnest($1::bigint[], $2::varchar[]) AS m (event_id, kind) JOIN events e ON e.id = m.event_id
        ORDER BY e.id
       ON CONFLICT (event_id, kind) WHERE event_id IS NOT NULL DO NOTHING
       RETURNING id`,
      [mailed.map((e) => e.id), mailed.map((e) => MAIL_OF_EVENT[e.type as keyof typeof MAIL_OF_EVENT])],
    );
    await this.queueJobs(em, rows.map((r) => Number(r.id)));
  }

  // ---- AccountMail (the accounts' port)

  async send(em: EntityManager, mail: { kind: AccountMailKind; to: string; userId: number; token?: string; context?: Record<string, string> }): Promise<void> {
    const [row] = await em.query(`INSERT INTO mail_deliveries (kind, user_id, recipient, context, secret_sealed) VALUES ($1, $2, $3, $4::json, $5) RETURNING id`, [
      mail.kind,
      mail.userId,
      mail.to,
      JSON.stringify({ user: { email: mail.to }, ...mail.context }),
      mail.token === undefined ? null : this.box.seal(SEAL, mail.token),
    ]);
    await this.queueJobs(em, [Number(row.id)]);
  }

  async request(em: EntityManager, kind: 'password_reset' | 'email_verification', email: string): Promise<void> {
    // No user, no context, no token yet: the job issues the token, or drops the row when nobody has the address.
    const [row] = await em.query(`INSERT INTO mail_deliveries (kind, recipient) VALUES ($1, $2) RETURNING id`, [kind, email]);
    await this.queueJobs(em, [Number(row.id)]);
  }

  /**
   * An admin's resend (POST /api/mail_deliveries/:id/resend): a new mail with
   * the same recipient and content, in the caller's transaction. Refused for
   * a mail carrying a one-time link (the customer asks for a new one) and for
   * one never prepared. Answers the new mail's id.
   */
  async resend(em: EntityManager, id: number): Promise<number | 'link' | 'unprepared' | null> {
    const [original]: MailRow[] = await em.query(`SELECT id, kind, recipient, context FROM mail_deliveries WHERE id = $1`, [id]);
    if (!original) return null;
    if (LINK_MAILS.has(original.kind)) return 'link';
    if (!original.context || !original.recipient) return 'unprepared';
    const [row] = await em.query(
      `INSERT INTO mail_deliveries (kind, subject_id, order_id, user_id, recipient, subject, context, resent_from_id)
       SELECT kind, subject_id, order_id, user_id, recipient, subject, context, id FROM mail_deliveries WHERE id = $1 RETURNING id`,
      [id],
    );
    await this.queueJobs(em, [Number(row.id)]);
    return Number(row.id);
  }

  private async queueJobs(em: EntityManager, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    if (!this.boss) throw new Error('the mail queue is not started');
    await this.boss.insert(
      ids.map((id) => ({ name: MAIL_QUEUE, data: { mail_id: id, attempt: 1 } })),
      { db: await inTransaction(em) },
    );
  }

  // ---- Sending

  /** One attempt of one mail: prepared the first time, rendered, sent, recorded (with the next attempt's job). */
  private async sendJob(job: MailJob): Promise<void> {
    const work = this.work!;
    const [row]: MailRow[] = await work.query(
      `SELECT id, kind, state, attempts, subject_id, user_id, recipient, context, secret_sealed, created_at FROM mail_deliveries WHERE id = $1`,
      [job.mail_id],
    );
    if (!row || row.state !== 'pending' || row.attempts >= job.attempt || this.stopping) {
      if (this.stopping && row?.state === 'pending') throw new Error('the delivering process is stopping');
      return;
    }
    const prepared = await this.prepare(row);
    if (prepared === 'dropped') return;
    let message: MailMessage | undefined;
    let result: { ok: boolean; response: string | null; error: string | null };
    let subject: string | null = null;
    if ('failed' in prepared) {
      result = { ok: false, response: null, error: prepared.failed };
    } else {
      const rendered = this.templates.render(row.kind, { ...this.common(), ...prepared.context, ...linkContext(row.kind, prepared.token, this.config) });
      subject = rendered.subject;
      message = { from: this.config.mail.from, to: prepared.recipient, subject: rendered.subject, text: rendered.text, html: rendered.html, messageId: this.messageId(row) };
      try {
        const receipt = await this.mailer.send(message);
        result = { ok: true, response: receipt.response.slice(0, 1000), error: null };
      } catch (error) {
        result = { ok: false, response: null, error: (error as Error).message.slice(0, 1000) };
      }
    }
    const s = this.config.webhooks;
    // A mail that cannot be prepared (nobody to send to) is not tried again.
    const delay = result.ok || 'failed' in prepared ? null : retryDelayMs(job.attempt, { baseMs: s.retryBaseMs, maxDelayMs: s.retryMaxDelayMs, maxAttempts: s.maxAttempts });
    const next = delay === null ? null : new Date(Date.now() + delay);
    const state = result.ok ? 'sent' : next ? 'pending' : 'failed';
    await work.transaction(async (em) => {
      const [, updated] = await em.query(
        `UPDATE mail_deliveries
            SET state = $2::varchar, attempts = $3::int, error = $4, response = COALESCE($5, response), next_attempt_at = $6, subject = COALESCE($7, subject),
                sent_at = CASE WHEN $2::varchar = 'sent' THEN now() END,
                -- the token goes once the mail is sent or given up
                secret_sealed = CASE WHEN $2::varchar = 'pending' THEN secret_sealed END,
                updated_at = now()
          WHERE id = $1 AND state = 'pending' AND attempts = $3::int - 1`,
        [job.mail_id, state, job.attempt, result.error, result.response, next, subject],
      );
      if (updated === 0) return; // another run recorded this attempt
      if (next) await this.boss!.send(MAIL_QUEUE, { mail_id: job.mail_id, attempt: job.attempt + 1 }, { startAfter: next, db: await inTransaction(em) });
    });
    if (!result.ok) this.logger.warn(`mail ${job.mail_id} (${row.kind}) attempt ${job.attempt} failed: ${result.error}${next ? '; tried again later' : '; given up'}`);
  }

  /**
   * What the mail needs before its first attempt, written to its row once:
   * for a mail about an order, the order's JSON (mail-context.ts) and its
   * e-mail; for a request by e-mail, the token issued (or the row dropped when
   * nobody has the address: no mail, nothing kept). Later attempts read it back.
   */
  private async prepare(row: MailRow): Promise<Prepared | { failed: string } | 'dropped'> {
    if (row.context && row.recipient) {
      return { recipient: row.recipient, context: row.context, token: row.secret_sealed ? this.box.open(SEAL, row.secret_sealed) : null };
    }
    return this.work!.transaction(async (em) => {
      // Locked: a job run twice prepares once.
      const [locked]: MailRow[] = await em.query(`SELECT id, context, recipient, secret_sealed FROM mail_deliveries WHERE id = $1 FOR UPDATE`, [row.id]);
      if (locked.context && locked.recipient) return { recipient: locked.recipient, context: locked.context, token: locked.secret_sealed ? this.box.open(SEAL, locked.secret_sealed) : null };
      if (REQUESTED_MAILS.has(row.kind)) {
        const kind = row.kind as 'password_reset' | 'email_verification';
        const ttl = kind === 'password_reset' ? this.config.accounts.passwordResetTtlSeconds : this.config.accounts.emailConfirmationTtlSeconds;
        const issued = await issueByEmail(em, kind, row.recipient ?? '', ttl);
        if (!issued) {
          await em.query(`DELETE FROM mail_deliveries WHERE id = $1`, [row.id]);
          return 'dropped' as const;
        }
        const context = { user: { email: issued.email } };
        await em.query(`UPDATE mail_deliveries SET user_id = $2, recipient = $3, context = $4::json, secret_sealed = $5, updated_at = now() WHERE id = $1`, [
          row.id,
          issued.userId,
          issued.email,
          JSON.stringify(context),
          this.box.seal(SEAL, issued.token),
        ]);
        return { recipient: issued.email, context, token: issued.token };
      }
      const mail = row.subject_id === null ? null : await prepareOrderMail(em, row.kind, row.subject_id);
      if (!mail) return { failed: 'what the mail tells of is gone' };
      await em.query(`UPDATE mail_deliveries SET order_id = $2, user_id = $3, recipient = $4, context = $5::json, updated_at = now() WHERE id = $1`, [
        row.id,
        mail.orderId,
        mail.userId,
        mail.recipient,
        JSON.stringify(mail.context),
      ]);
      if (!mail.recipient) return { failed: 'the order has no e-mail' };
      return { recipient: mail.recipient, context: mail.context, token: null };
    });
  }

  /** What every template is given. */
  private common(): Record<string, unknown> {
    return { store_name: this.config.mail.storeName, storefront_url: this.config.mail.storefrontUrl };
  }

  /** The same on every attempt of a mail, so a mailbox that gets it twice can tell. */
  private messageId(row: MailRow): string {
    const domain = /@([^>\s]+)>?\s*$/.exec(this.config.mail.from)?.[1] ?? 'localhost';
    return `<mail-${row.id}-${new Date(row.created_at).getTime()}@${domain}>`;
  }

  private report(what: string, error: unknown): void {
    const message = `${what}: ${(error as Error).message}`;
    if (isDatabaseUnavailable(error)) this.logger.warn(message);
    else this.logger.error(message);
  }
}

