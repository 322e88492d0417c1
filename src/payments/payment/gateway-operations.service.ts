import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ChargeOperation, compensate, compensationOf } from './gateway-operations';
import { GatewayResponse } from './gateways/gateway';
import { gatewayFor, logBogusGatewayTo } from './gateways/registry';

/** The journal's own connections: never held while waiting for another, so requests holding theirs cannot starve it. */
const JOURNAL_POOL_SIZE = 2;
/** Rows one reconciler run takes at most (the next run takes the rest). */
const RECONCILE_BATCH = 100;

/** The journal rows of the request in progress (`guard`), compensated if its transaction does not commit. */
const requestOperations = new AsyncLocalStorage<string[]>();

export interface ChargeRecord {
  paymentId: number;
  orderId: number;
  /** The payment method's type (the gateway's name in the registry), kept so the compensation asks the same gateway. */
  gateway: string;
  operation: ChargeOperation;
  amountCents: number;
}

type OpenRow = { id: string; gateway: string; operation: ChargeOperation; amount_cents: string; authorization: string | null; payment_id: number; order_id: number };

/**
 * No charge without an order: the journal of gateway operations that take or
 * hold money (`gateway_operations`, docs/reliability.md).
 *
 * 1. Before the gateway is called, a row is written and committed on the
 *    journal's own connection (outside the request's transaction).
 * 2. The gateway's answer is written the same way (`answered`, with its
 *    reference), then the request's transaction marks the row `settled`: the
 *    row is settled exactly when the request commits, whatever else happens.
 * 3. A request that fails (`guard`, around every order change) compensates its
 *    rows still `answered` at once: a void for an authorization, a credit for
 *    money taken. A process that died leaves them to the reconciler, which
 *    every process runs at start and every CHARGE_RECONCILE_INTERVAL_SECONDS
 *    on rows older than CHARGE_RECONCILE_GRACE_SECONDS. A row is claimed with
 *    `FOR UPDATE SKIP LOCKED` (a request's transaction holds the lock of the
 *    rows it settled until it ends), so no two processes compensate it twice.
 */
@Injectable()
export class GatewayOperations implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Charges');
  private readonly pool: Pool;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    @InjectDataSource() dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const options = dataSource.options as { url?: string; extra?: Record<string, unknown> };
    // The app's connection settings (timeouts, the connecting client), with a pool of its own.
    this.pool = new Pool({ ...(options.extra ?? {}), connectionString: options.url, max: JOURNAL_POOL_SIZE });
    this.pool.on('error', (error) => this.logger.warn(`Idle journal connection lost: ${error.message}`));
    logBogusGatewayTo(config.bogusGatewayLog);
  }

  onApplicationBootstrap(): void {
    // At start: what a process that died left behind. Then periodically, for requests whose compensation failed.
    this.reconcileInBackground();
    this.timer = setInterval(() => this.reconcileInBackground(), this.config.charges.reconcileIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.pool.end();
  }

  /**
   * Runs a request's transaction (`work`); if it fails, the gateway operations
   * it made are compensated before the error goes on.
   */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    const ids: string[] = [];
    try {
      return await requestOperations.run(ids, work);
    } catch (error) {
      for (const id of ids) {
        await this.compensateRow(id, 0).catch((e: Error) => this.logger.error(`Gateway operation ${id} not compensated yet (the reconciler will): ${e.message}`));
      }
      throw error;
    }
  }

  /**
   * Calls the gateway (`call`) for a money operation, journaled: the row is
   * written before, answered after, and settled in the caller's transaction
   * (`em`). A refusal is returned as it is (nothing was taken).
   */
  async run(em: EntityManager, record: ChargeRecord, call: () => GatewayResponse): Promise<GatewayResponse> {
    const {
      rows: [{ id }],
    } = await this.pool.query<{ id: string }>(
      `INSERT INTO gateway_operations (payment_id, order_id, gateway, operation, amount_cents) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [record.paymentId, record.orderId, record.gateway, record.operation, record.amountCents],
    );
    let response: GatewayResponse;
    try {
      response = call();
    } catch (error) {
      // No answer: the row stays pending and becomes `unknown` (for a person) after the grace period.
      await this.note(id, `the gateway failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    if (!response.success) {
      await this.pool.query(`UPDATE gateway_operations SET state = 'declined', updated_at = now() WHERE id = $1`, [id]).catch(() => undefined);
      return response;
    }
    try {
      await this.pool.query(`UPDATE gateway_operations SET state = 'answered', "authorization" = $2, updated_at = now() WHERE id = $1 AND state = 'pending'`, [id, response.authorization]);
    } catch (error) {
      // The answer cannot be written down (the database failed): undo the operation now, from what is known here.
      const undone = compensate(gatewayFor(record.gateway), record.operation, record.amountCents, response.authorization);
      this.logger.error(
        `Gateway operation ${id} (payment ${record.paymentId}) answered but not recorded; ${compensationOf(record.operation)} ${undone.success ? 'done' : `refused: ${undone.message}`}`,
      );
      throw error;
    }
    requestOperations.getStore()?.push(id);
    // The lock this takes is held until the request's transaction ends: the reconciler skips the row until then.
    const [settled] = await em.query(`UPDATE gateway_operations SET state = 'settled', updated_at = now() WHERE id = $1 AND state = 'answered' RETURNING id`, [id]);
    if (settled.length !== 1) throw new Error(`gateway operation ${id} was compensated before its request could settle it`);
    return response;
  }

  /** One pass: rows a dead process left `pending` or `compensating` are marked `unknown`; rows left `answered` are compensated. */
  async reconcile(): Promise<{ compensated: number; unknown: number }> {
    const grace = this.config.charges.reconcileGraceSeconds;
    const { rows: lost } = await this.pool.query<OpenRow>(
      `UPDATE gateway_operations g SET state = 'unknown', updated_at = now()
         FROM (SELECT id FROM gateway_operations WHERE state IN ('pending', 'compensating') AND updated_at < now() - make_interval(secs => $1)
               ORDER BY id LIMIT ${RECONCILE_BATCH} FOR UPDATE SKIP LOCKED) stale
        WHERE g.id = stale.id
        RETURNING g.id, g.operation, g.payment_id, g.order_id`,
      [grace],
    );
    for (const row of lost) {
      this.logger.error(
        `Gateway operation ${row.id} (${row.operation}, payment ${row.payment_id}, order ${row.order_id}): its process died before recording what the gateway did; check it at the gateway`,
      );
    }
    const { rows: open } = await this.pool.query<{ id: string }>(
      `SELECT id FROM gateway_operations WHERE state = 'answered' AND updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT ${RECONCILE_BATCH}`,
      [grace],
    );
    let compensated = 0;
    for (const { id } of open) if (await this.compensateRow(id, grace)) compensated++;
    return { compensated, unknown: lost.length };
  }

  /**
   * Compensates one row still `answered` (and at least `minAgeSeconds` old): claimed (`compensating`) in one
   * statement that skips a row another process or an open transaction holds, then the gateway is asked,
   * then the outcome written. A refusal puts the row back for the next run.
   */
  private async compensateRow(id: string, minAgeSeconds: number): Promise<boolean> {
    const {
      rows: [row],
    } = await this.pool.query<OpenRow>(
      `UPDATE gateway_operations g SET state = 'compensating', attempts = attempts + 1, updated_at = now()
         FROM (SELECT id FROM gateway_operations WHERE id = $1 AND state = 'answered' AND updated_at <= now() - make_interval(secs => $2) FOR UPDATE SKIP LOCKED) claimed
        WHERE g.id = claimed.id
        RETURNING g.id, g.gateway, g.operation, g.amount_cents, g."authorization", g.payment_id, g.order_id`,
      [id, minAgeSeconds],
    );
    if (!row) return false;
    const kind = compensationOf(row.operation);
    const response = compensate(gatewayFor(row.gateway), row.operation, Number(row.amount_cents), row.authorization);
    if (response.success) {
      await this.pool.query(
        `UPDATE gateway_operations SET state = 'compensated', compensation = $2, compensation_authorization = $3, last_error = NULL, updated_at = now() WHERE id = $1`,
        [id, kind, response.authorization],
      );
      this.logger.warn(`Gateway operation ${id} (${row.operation}, payment ${row.payment_id}, order ${row.order_id}) compensated by a ${kind}: its request did not commit`);
      return true;
    }
    await this.pool.query(`UPDATE gateway_operations SET state = 'answered', last_error = $2, updated_at = now() WHERE id = $1`, [id, `${kind} refused: ${response.message}`]);
    this.logger.error(`Gateway operation ${id} (payment ${row.payment_id}): the ${kind} was refused (${response.message}); tried again later`);
    return false;
  }

  private async note(id: string, error: string): Promise<void> {
    await this.pool.query(`UPDATE gateway_operations SET last_error = $2, updated_at = now() WHERE id = $1`, [id, error]).catch(() => undefined);
  }

  private reconcileInBackground(): void {
    if (this.running) return;
    this.running = this.reconcile()
      .then(({ compensated, unknown }) => {
        if (compensated + unknown > 0) this.logger.warn(`Reconciler: ${compensated} gateway operation(s) compensated, ${unknown} unknown`);
      })
      .catch((error: Error) => this.logger.warn(`Reconciler could not run: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
