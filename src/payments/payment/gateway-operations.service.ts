import { HttpStatus, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { fromMinorUnits } from '../../common/money/money';
import { InjectDataSource } from '@nestjs/typeorm';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Pool } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ApiError } from '../../common/errors/api-errors';
import { afterLostAnswer, compensate, compensationOf, idempotencyKeyOf, isCharge, MoneyOperation } from './gateway-operations';
import { GatewayResponse } from './gateways/gateway';
import { ProviderCall, ProviderSettings } from './gateways/payment-provider';
import { PaymentProviderRegistry } from './gateways/registry';
import { queryPrepared } from '../../common/db/prepared-statement';

/** The journal's own connections: never held while waiting for another, so requests holding theirs cannot starve it. */
const JOURNAL_POOL_SIZE = 2;
/** Rows one reconciler run takes at most (the next run takes the rest). */
const RECONCILE_BATCH = 100;

/** The journal rows of the request in progress (`guard`), compensated or marked unbooked if its transaction does not commit. */
const requestOperations = new AsyncLocalStorage<string[]>();

/** One gateway call that moves money, as the journal records it. */
export interface OperationRecord {
  paymentId: number;
  /** The payment's `identifier`, for the provider's records. */
  paymentIdentifier: string;
  orderId: number;
  /** The payment method whose settings the call used: a compensation or a status lookup uses them again. */
  paymentMethodId: number;
  /** The payment method's type (the provider's key in the registry), kept so the compensation asks the same provider. */
  gateway: string;
  operation: MoneyOperation;
  /** In the currency's minor units: what is held, taken, given back or (a void) released. */
  amountCents: number;
  currency: string;
  /** The settings the call is made with (not stored): a charge whose answer cannot be recorded is undone with them at once. */
  settings: ProviderSettings;
}

/** A journal row as the compensation and the reconciler read it (with its payment method's preferences and its payment's identifier). */
type JournalRow = {
  id: string;
  gateway: string;
  operation: MoneyOperation;
  amount_cents: string;
  currency: string | null;
  authorization: string | null;
  customer_action: boolean;
  payment_id: number;
  order_id: number;
  state: string;
  preferences: Record<string, unknown> | null;
  identifier: string | null;
};

/** What the claims return of a row: the row, its payment method's preferences and its payment's identifier. */
const ROW = `g.id, g.gateway, g.operation, g.amount_cents, g.currency, g."authorization", g.customer_action, g.payment_id, g.order_id, g.state,
  (SELECT pm.preferences FROM payment_methods pm WHERE pm.id = g.payment_method_id) AS preferences,
  (SELECT p.identifier FROM payments p WHERE p.id = g.payment_id) AS identifier`;

/**
 * A void or credit about to be asked of the gateway: first, one its payment left unbooked (done at the gateway, its
 * request not committed) is looked for; only without one is the new row written (`pending`).
 */
const INSERT_OR_FIND_UNBOOKED = `
  WITH unbooked AS (
    SELECT id, "authorization", amount_cents FROM gateway_operations
     WHERE payment_id = $1 AND operation = $4 AND state = 'unbooked'
     ORDER BY (amount_cents = $5) DESC, id LIMIT 1),
  inserted AS (
    INSERT INTO gateway_operations (payment_id, order_id, gateway, operation, amount_cents, payment_method_id, currency)
    SELECT $1, $2, $3, $4, $5, $6, $7 WHERE NOT EXISTS (SELECT 1 FROM unbooked)
    RETURNING id, NULL::varchar AS "authorization", amount_cents, false AS unbooked)
  SELECT id, "authorization", amount_cents, true AS unbooked FROM unbooked
  UNION ALL SELECT id, "authorization", amount_cents, unbooked FROM inserted`;

/** A retried credit of another amount than the one its payment left unbooked: the books must first show that one. */
export class UnbookedCreditError extends ApiError {
  constructor(amount: string) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, {
      error: `A credit of ${amount} was given back at the payment gateway but is not in the books yet: credit ${amount} to book it (it is not sent again)`,
      errors: { amount: [`must be ${amount}: the credit given back at the gateway and not yet booked`] },
    });
  }
}

/**
 * Every gateway call that moves money goes through this journal
 * (`gateway_operations`, docs/reliability.md "No charge without an order").
 *
 * 1. Before the gateway is called, a row is written and committed on the
 *    journal's own connection (outside the request's transaction).
 * 2. The gateway's answer is written the same way (`answered`, with its
 *    reference), then the request's transaction marks the row `settled`: the
 *    row is settled exactly when the request commits, whatever else happens.
 * 3. A request that fails (`guard`, around every order change) deals at once
 *    with its rows still `answered`: a charge is compensated (a void for an
 *    authorization, a credit for money taken); a void or credit, which cannot
 *    be undone, is marked `unbooked` and logged, and the next void or credit
 *    of its payment books it instead of asking the gateway again (a retried
 *    refund never refunds twice). A process that died leaves them to the
 *    reconciler, which every process runs at start and every
 *    CHARGE_RECONCILE_INTERVAL_SECONDS on rows older than
 *    CHARGE_RECONCILE_GRACE_SECONDS. A row is claimed with
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
    private readonly providers: PaymentProviderRegistry,
  ) {
    const options = dataSource.options as { url?: string; extra?: Record<string, unknown> };
    // The app's connection settings (timeouts, the connecting client), with a pool of its own.
    this.pool = new Pool({ ...(options.extra ?? {}), connectionString: options.url, max: JOURNAL_POOL_SIZE });
    this.pool.on('error', (error) => this.logger.warn(`Idle journal connection lost: ${error.message}`));
  }

  onApplicationBootstrap(): void {
    // At start: what a process that died left behind, and what waits for a person. Then periodically, for requests whose compensation failed.
    this.reconcileInBackground(true);
    this.timer = setInterval(() => this.reconcileInBackground(false), this.config.charges.reconcileIntervalSeconds * 1000);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    await this.pool.end();
  }

  /**
   * Runs a request's transaction (`work`); if it fails, the gateway operations
   * it made are compensated (charges) or marked unbooked (voids, credits) before the error goes on.
   */
  async guard<T>(work: () => Promise<T>): Promise<T> {
    const ids: string[] = [];
    try {
      return await requestOperations.run(ids, work);
    } catch (error) {
      for (const id of ids) {
        await this.abandon(id, 0).catch((e: Error) => this.logger.error(`Gateway operation ${id} not dealt with yet (the reconciler will): ${e.message}`));
      }
      throw error;
    }
  }

  /**
   * Calls the gateway (`call`, given the idempotency key to send) for a money operation, journaled: the row is
   * written before, answered after, and settled in the caller's transaction (`em`). A refusal is returned as it is
   * (nothing was done). A void or credit its payment left unbooked is booked instead of asked again: its answer is
   * returned without calling the gateway.
   */
  async run(em: EntityManager, record: OperationRecord, call: (idempotencyKey: string) => Promise<GatewayResponse>): Promise<GatewayResponse> {
    const params = [record.paymentId, record.orderId, record.gateway, record.operation, record.amountCents, record.paymentMethodId, record.currency];
    const {
      rows: [row],
    } = isCharge(record.operation)
      ? await this.pool.query<{ id: string; unbooked: false }>(
          `INSERT INTO gateway_operations (payment_id, order_id, gateway, operation, amount_cents, payment_method_id, currency)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, false AS unbooked`,
          params,
        )
      : await this.pool.query<{ id: string; unbooked: boolean; authorization: string | null; amount_cents: string }>(INSERT_OR_FIND_UNBOOKED, params);
    if (row.unbooked) return this.book(em, record, row as { id: string; authorization: string | null; amount_cents: string });
    const { id } = row;

    let response: GatewayResponse;
    try {
      response = await call(idempotencyKeyOf(id));
    } catch (error) {
      // No answer: the row stays pending; after the grace period the provider's `status` is asked, or a person.
      await this.note(id, `the gateway failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    const customerAction = response.customerAction !== undefined;
    if (!response.success && !customerAction) {
      await this.pool.query(`UPDATE gateway_operations SET state = 'declined', updated_at = now() WHERE id = $1`, [id]).catch(() => undefined);
      return response;
    }
    try {
      await this.pool.query(
        `UPDATE gateway_operations SET state = 'answered', "authorization" = $2, customer_action = $3, updated_at = now() WHERE id = $1 AND state = 'pending'`,
        [id, response.authorization, customerAction],
      );
    } catch (error) {
      await this.answerNotRecorded(id, record, response, customerAction);
      throw error;
    }
    requestOperations.getStore()?.push(id);
    // The lock this takes is held until the request's transaction ends: the reconciler skips the row until then.
    const [settled] = await queryPrepared(em, `UPDATE gateway_operations SET state = 'settled', updated_at = now() WHERE id = $1 AND state = 'answered' RETURNING id`, [id]);
    if (settled.length !== 1) throw new Error(`gateway operation ${id} was compensated before its request could settle it`);
    return { ...response, journalId: id };
  }

  /**
   * Settles again, in `em` (the request's transaction), a row of this request whose settling was rolled back with a
   * savepoint (a completion waiting for the customer keeps its attempt while it undoes the stock it took).
   */
  async settle(em: EntityManager, id: string): Promise<void> {
    const [settled] = await queryPrepared(em, `UPDATE gateway_operations SET state = 'settled', updated_at = now() WHERE id = $1 AND state IN ('answered', 'settled') RETURNING id`, [id]);
    if (settled.length !== 1) throw new Error(`gateway operation ${id} was compensated before its request could settle it`);
  }

  /**
   * Books a void or credit the gateway made for a request that did not commit: settled in this request's
   * transaction (back to `unbooked` if it does not commit either), answered as the gateway answered then.
   */
  private async book(em: EntityManager, record: OperationRecord, unbooked: { id: string; authorization: string | null; amount_cents: string }): Promise<GatewayResponse> {
    if (record.operation === 'credit' && Number(unbooked.amount_cents) !== record.amountCents) {
      throw new UnbookedCreditError(fromMinorUnits(unbooked.amount_cents, record.currency));
    }
    const [booked] = await queryPrepared(em, `UPDATE gateway_operations SET state = 'settled', updated_at = now() WHERE id = $1 AND state = 'unbooked' RETURNING id`, [unbooked.id]);
    if (booked.length !== 1) throw new Error(`gateway operation ${unbooked.id} was booked by another request`);
    this.logger.warn(`Gateway operation ${unbooked.id} (${record.operation}, payment ${record.paymentId}): done at the gateway earlier, now booked; not sent again`);
    return { success: true, message: '', authorization: unbooked.authorization, avsResult: null };
  }

  /** The answer could not be written down (the database failed): a charge is undone now, from what is known here; a void or credit is logged for a person. */
  private async answerNotRecorded(id: string, record: OperationRecord, response: GatewayResponse, customerAction: boolean): Promise<void> {
    const what = `Gateway operation ${id} (${record.operation} of ${record.amountCents} in ${record.currency}, payment ${record.paymentId}, order ${record.orderId}, reference ${response.authorization ?? 'none'})`;
    if (!isCharge(record.operation)) {
      this.logger.error(`${what} was done at the gateway but could not be recorded: the books do not show it; settle it by hand`);
      return;
    }
    const kind = compensationOf(record.operation, customerAction);
    const undone = await compensate(this.providers.get(record.gateway)?.provider, record, {
      id,
      operation: record.operation,
      customerAction,
      amountCents: record.amountCents,
      currency: record.currency,
      authorization: response.authorization,
      payment: { id: record.paymentId, identifier: record.paymentIdentifier, orderId: record.orderId },
    });
    this.logger.error(`${what} answered but not recorded; ${kind} ${undone.success ? 'done' : `refused: ${undone.message}`}`);
  }

  /**
   * One pass: rows a dead process left `pending` or `compensating` are settled by what the provider's `status` says,
   * or marked `unknown` for a person; rows left `answered` are compensated (charges) or marked unbooked (voids, credits).
   */
  async reconcile(): Promise<{ compensated: number; unbooked: number; unknown: number }> {
    const grace = this.config.charges.reconcileGraceSeconds;
    const counts = { compensated: 0, unbooked: 0, unknown: 0 };
    // Rows of providers that cannot tell what happened become `unknown` in the claim itself; the others are claimed
    // (their clock moved, so no other process takes them within the grace period) and their provider is asked.
    const { rows: lost } = await this.pool.query<JournalRow & { lost_state: 'pending' | 'compensating' }>(
      `UPDATE gateway_operations g SET state = CASE WHEN g.gateway = ANY($2) THEN g.state ELSE 'unknown' END, updated_at = now()
         FROM (SELECT id, state FROM gateway_operations WHERE state IN ('pending', 'compensating') AND updated_at < now() - make_interval(secs => $1)
               ORDER BY id LIMIT ${RECONCILE_BATCH} FOR UPDATE SKIP LOCKED) stale
        WHERE g.id = stale.id
        RETURNING ${ROW}, stale.state AS lost_state`,
      [grace, this.typesWithStatus()],
    );
    for (const row of lost) {
      const state = row.state === 'unknown' ? 'unknown' : await this.resolveLost(row);
      if (state === 'unknown') {
        counts.unknown++;
        this.logger.error(
          `Gateway operation ${row.id} (${row.operation}, payment ${row.payment_id}, order ${row.order_id}): its process died before recording what the gateway did; check it at the gateway`,
        );
      }
      if (state === 'compensated') counts.compensated++;
      if (state === 'answered' && (await this.abandon(row.id, 0)) === 'compensated') counts.compensated++;
      if (state === 'unbooked') counts.unbooked++;
    }
    const { rows: open } = await this.pool.query<{ id: string }>(
      `SELECT id FROM gateway_operations WHERE state = 'answered' AND updated_at < now() - make_interval(secs => $1) ORDER BY id LIMIT ${RECONCILE_BATCH}`,
      [grace],
    );
    for (const { id } of open) {
      const outcome = await this.abandon(id, grace);
      if (outcome === 'compensated') counts.compensated++;
      if (outcome === 'unbooked') counts.unbooked++;
    }
    return counts;
  }

  /** Asks the provider what came of a lost call (or a lost compensation) and writes the row's new state; returns it. */
  private async resolveLost(row: JournalRow & { lost_state: 'pending' | 'compensating' }): Promise<string> {
    const provider = this.providers.get(row.gateway)?.provider;
    const kind = isCharge(row.operation) ? compensationOf(row.operation, row.customer_action) : undefined;
    const asked = row.lost_state === 'compensating' ? { operation: kind!, idempotencyKey: idempotencyKeyOf(row.id, kind) } : { operation: row.operation, idempotencyKey: idempotencyKeyOf(row.id) };
    const status = await this.settingsOf(row)
      .then((settings) => provider!.status!({ settings, ...asked, authorization: row.authorization }))
      .catch((error: Error) => {
        this.logger.warn(`Gateway operation ${row.id}: the provider could not say what came of it (${error.message})`);
        return null;
      });
    const next = afterLostAnswer({ state: row.lost_state, operation: row.operation }, status);
    await this.pool.query(
      `UPDATE gateway_operations
          SET state = $3::varchar, "authorization" = CASE WHEN $3::varchar IN ('answered', 'unbooked') THEN COALESCE($4::varchar, "authorization") ELSE "authorization" END,
              customer_action = customer_action OR $5::boolean, compensation = CASE WHEN $3::varchar = 'compensated' THEN $6::varchar ELSE compensation END,
              compensation_authorization = CASE WHEN $3::varchar = 'compensated' THEN $4::varchar ELSE compensation_authorization END, updated_at = now()
        WHERE id = $1 AND state = $2`,
      [row.id, row.lost_state, next.state, status?.authorization ?? null, next.customerAction ?? false, kind ?? null],
    );
    if (next.state === 'unbooked') this.logUnbooked(row);
    return next.state;
  }

  /**
   * Deals with one row still `answered` (and at least `minAgeSeconds` old) whose request did not commit, claimed in
   * one statement that skips a row another process or an open transaction holds. A void or credit becomes
   * `unbooked` (it cannot be undone). A charge becomes `compensating`, then the provider is asked to undo it, then
   * the outcome is written; a refusal puts the row back for the next run.
   */
  private async abandon(id: string, minAgeSeconds: number): Promise<'compensated' | 'unbooked' | 'refused' | 'skipped'> {
    const {
      rows: [row],
    } = await this.pool.query<JournalRow>(
      `UPDATE gateway_operations g
          SET state = CASE WHEN g.operation IN ('void', 'credit') THEN 'unbooked' ELSE 'compensating' END,
              attempts = attempts + CASE WHEN g.operation IN ('void', 'credit') THEN 0 ELSE 1 END, updated_at = now()
         FROM (SELECT id FROM gateway_operations WHERE id = $1 AND state = 'answered' AND updated_at <= now() - make_interval(secs => $2) FOR UPDATE SKIP LOCKED) claimed
        WHERE g.id = claimed.id
        RETURNING ${ROW}`,
      [id, minAgeSeconds],
    );
    if (!row) return 'skipped';
    if (!isCharge(row.operation)) {
      this.logUnbooked(row);
      return 'unbooked';
    }
    const kind = compensationOf(row.operation, row.customer_action);
    const operation = row.operation;
    const response = await this.settingsOf(row).then(
      (settings) =>
        compensate(this.providers.get(row.gateway)?.provider, { settings }, {
          id,
          operation,
          customerAction: row.customer_action,
          amountCents: Number(row.amount_cents),
          currency: row.currency ?? this.config.currency,
          authorization: row.authorization,
          payment: this.paymentOf(row),
        }),
      (error: Error): GatewayResponse => ({ success: false, message: `its payment method's settings could not be read: ${error.message}`, authorization: null, avsResult: null }),
    );
    if (response.success) {
      await this.pool.query(
        `UPDATE gateway_operations SET state = 'compensated', compensation = $2, compensation_authorization = $3, last_error = NULL, updated_at = now() WHERE id = $1`,
        [id, kind, response.authorization],
      );
      this.logger.warn(`Gateway operation ${id} (${row.operation}, payment ${row.payment_id}, order ${row.order_id}) compensated by a ${kind}: its request did not commit`);
      return 'compensated';
    }
    await this.pool.query(`UPDATE gateway_operations SET state = 'answered', last_error = $2, updated_at = now() WHERE id = $1`, [id, `${kind} refused: ${response.message}`]);
    this.logger.error(`Gateway operation ${id} (payment ${row.payment_id}): the ${kind} was refused (${response.message}); tried again later`);
    return 'refused';
  }

  private logUnbooked(row: Pick<JournalRow, 'id' | 'operation' | 'amount_cents' | 'payment_id' | 'order_id' | 'authorization'>): void {
    this.logger.error(
      `Gateway operation ${row.id} (${row.operation} of ${row.amount_cents}, payment ${row.payment_id}, order ${row.order_id}, reference ${row.authorization ?? 'none'}) ` +
        `was done at the gateway but its request did not commit: the books do not show it. The next ${row.operation} of the payment books it without asking the gateway again`,
    );
  }

  /** The provider types that can say what came of a lost call. */
  private typesWithStatus(): string[] {
    return this.providers.types().filter((type) => typeof this.providers.get(type)?.provider.status === 'function');
  }

  /** A row's payment method settings (its secrets opened); a row written before they were kept gets none. */
  private async settingsOf(row: Pick<JournalRow, 'gateway' | 'preferences'>): Promise<ProviderSettings> {
    return this.providers.settings({ type: row.gateway, preferences: row.preferences });
  }

  private paymentOf(row: Pick<JournalRow, 'payment_id' | 'identifier' | 'order_id'>): ProviderCall['payment'] {
    return { id: row.payment_id, identifier: row.identifier ?? '', orderId: row.order_id };
  }

  private async note(id: string, error: string): Promise<void> {
    await this.pool.query(`UPDATE gateway_operations SET last_error = $2, updated_at = now() WHERE id = $1`, [id, error]).catch(() => undefined);
  }

  /** At start: what waits for a person (operations the books do not show, or whose outcome is unknown). */
  private async reportOpen(): Promise<void> {
    const {
      rows: [{ unbooked, unknown }],
    } = await this.pool.query<{ unbooked: number; unknown: number }>(
      `SELECT count(*) FILTER (WHERE state = 'unbooked')::int AS unbooked, count(*) FILTER (WHERE state = 'unknown')::int AS unknown
         FROM gateway_operations WHERE state IN ('unbooked', 'unknown')`,
    );
    if (unbooked + unknown > 0) {
      this.logger.error(`${unbooked} gateway operation(s) unbooked and ${unknown} unknown wait for a person: see gateway_operations (docs/reliability.md)`);
    }
  }

  private reconcileInBackground(atStart: boolean): void {
    if (this.running) return;
    this.running = (atStart ? this.reportOpen() : Promise.resolve())
      .then(() => this.reconcile())
      .then(({ compensated, unbooked, unknown }) => {
        if (compensated + unbooked + unknown > 0) this.logger.warn(`Reconciler: ${compensated} gateway operation(s) compensated, ${unbooked} unbooked, ${unknown} unknown`);
      })
      .catch((error: Error) => this.logger.warn(`Reconciler could not run: ${error.message}`))
      .finally(() => (this.running = undefined));
  }
}
