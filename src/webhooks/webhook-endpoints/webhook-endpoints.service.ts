import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { EVENT_TYPES, insertDirectEvent } from '../../common/events/events';
import { FieldErrorCollector, InvalidResourceError, NotFoundError } from '../../common/errors/api-errors';
import { findPageRows, ListParams, Page, SearchSpec } from '../../common/listing/list-query';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { SecretBox } from '../../config/secret-box';
import { WebhookQueue } from '../delivery/webhook-queue.service';
import { newWebhookSecret } from '../delivery/send-webhook';
import { resolvedHostProblem, urlProblem } from '../delivery/url-safety';
import { CreateWebhookEndpointDto, UpdateWebhookEndpointDto } from './dto/webhook-endpoint.dto';
import { DeliveryRow, WebhookEndpointRow } from './webhook-endpoint.serializer';

export const WEBHOOK_ENDPOINT_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'w.id', type: 'integer' },
    url: { expression: 'w.url', type: 'string' },
    enabled: { expression: 'w.enabled', type: 'boolean' },
    created_at: { expression: 'w.created_at', type: 'datetime' },
  },
  defaultOrder: { 'w.id': 'ASC' },
};

export const WEBHOOK_DELIVERY_SEARCH: SearchSpec = {
  attributes: {
    id: { expression: 'd.id', type: 'integer' },
    state: { expression: 'd.state', type: 'string' },
    event_type: { expression: 'ev.type', type: 'string' },
    event_id: { expression: 'ev.public_id', type: 'string' },
    created_at: { expression: 'd.created_at', type: 'datetime' },
  },
  defaultOrder: { 'd.id': 'DESC' },
};

const ENDPOINT_COLUMNS = `id, url, events, enabled, failing_since, disabled_at, disabled_reason, created_at, updated_at`;
const endpointColumns: Record<string, string> = Object.fromEntries(ENDPOINT_COLUMNS.split(', ').map((c) => [c, `w.${c}`]));

const DELIVERY_COLUMNS: Record<string, string> = {
  id: 'd.id',
  event_id: 'ev.public_id',
  event_type: 'ev.type',
  state: 'd.state',
  attempts: 'd.attempts',
  response_code: 'd.response_code',
  duration_ms: 'd.duration_ms',
  error: 'd.error',
  next_attempt_at: 'd.next_attempt_at',
  delivered_at: 'd.delivered_at',
  created_at: 'd.created_at',
  attempt_list: `(SELECT json_agg(json_build_object('attempt', a.attempt, 'succeeded', a.succeeded, 'response_code', a.response_code, 'duration_ms', a.duration_ms,
                    'error', a.error, 'next_attempt_at', a.next_attempt_at, 'created_at', a.created_at) ORDER BY a.attempt)
                    FROM webhook_delivery_attempts a WHERE a.delivery_id = d.id)`,
};

/**
 * Webhook endpoints (the admin API): their URL, the event types they take,
 * whether they are enabled, and their signing secret, sealed at rest with the
 * SecretBox and shown only when made (create, rotate).
 */
@Injectable()
export class WebhookEndpointsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly box: SecretBox,
    private readonly queue: WebhookQueue,
  ) {}

  list(params: ListParams): Promise<Page<WebhookEndpointRow>> {
    return findPageRows(this.dataSource.createQueryBuilder().from('webhook_endpoints', 'w'), WEBHOOK_ENDPOINT_SEARCH, params, endpointColumns);
  }

  find(id: number): Promise<WebhookEndpointRow> {
    return this.load(this.dataSource.manager, id);
  }

  async create(params: CreateWebhookEndpointDto): Promise<WebhookEndpointRow & { secret: string }> {
    await this.check(params);
    const secret = newWebhookSecret();
    const [row] = await this.dataSource.query(
      `INSERT INTO webhook_endpoints (url, events, enabled, secret_sealed) VALUES ($1, $2, $3, $4) RETURNING ${ENDPOINT_COLUMNS}`,
      [params.url.trim(), params.events, params.enabled ?? true, this.box.seal('webhook_endpoints.secret', secret)],
    );
    return { ...row, secret };
  }

  async update(id: number, params: UpdateWebhookEndpointDto): Promise<WebhookEndpointRow> {
    await this.check(params);
    return this.dataSource.transaction(async (em) => {
      await this.load(em, id, true);
      const [[row]] = await em.query(
        `UPDATE webhook_endpoints
            SET url = COALESCE($2, url), events = COALESCE($3, events), enabled = COALESCE($4, enabled),
                -- enabled again: the failure that disabled it is forgotten
                failing_since = CASE WHEN $4 THEN NULL ELSE failing_since END,
                disabled_at = CASE WHEN $4 IS NOT NULL THEN NULL ELSE disabled_at END,
                disabled_reason = CASE WHEN $4 IS NOT NULL THEN NULL ELSE disabled_reason END,
                updated_at = now()
          WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`,
        [id, params.url?.trim() ?? null, params.events ?? null, params.enabled ?? null],
      );
      return row;
    });
  }

  async remove(id: number): Promise<void> {
    const [, count] = await this.dataSource.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [id]);
    if (count === 0) throw new NotFoundError();
  }

  /** A new signing secret; the old one stops signing at once. */
  async rotate(id: number): Promise<WebhookEndpointRow & { secret: string }> {
    const secret = newWebhookSecret();
    const [[row]] = await this.dataSource.query(`UPDATE webhook_endpoints SET secret_sealed = $2, updated_at = now() WHERE id = $1 RETURNING ${ENDPOINT_COLUMNS}`, [
      id,
      this.box.seal('webhook_endpoints.secret', secret),
    ]);
    if (!row) throw new NotFoundError();
    return { ...row, secret };
  }

  async deliveries(id: number, params: ListParams): Promise<Page<DeliveryRow>> {
    await this.find(id);
    const qb = this.dataSource.createQueryBuilder().from('webhook_deliveries', 'd').innerJoin('events', 'ev', 'ev.id = d.event_id').where('d.endpoint_id = :id', { id });
    return findPageRows(qb, WEBHOOK_DELIVERY_SEARCH, params, DELIVERY_COLUMNS);
  }

  /** Sends a delivery's event again, as a new delivery (same `webhook-id`, so receivers can tell it is the same event). */
  async redeliver(id: number, deliveryId: number): Promise<DeliveryRow> {
    return this.dataSource.transaction(async (em) => {
      const endpoint = await this.load(em, id);
      this.checkEnabled(endpoint);
      const [row] = await em.query(
        `INSERT INTO webhook_deliveries (endpoint_id, event_id) SELECT endpoint_id, event_id FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 RETURNING id`,
        [deliveryId, id],
      );
      if (!row) throw new NotFoundError();
      await this.queue.queueDelivery(em, Number(row.id));
      return this.delivery(em, Number(row.id));
    });
  }

  /** Sends the endpoint a `ping` event. */
  async ping(id: number): Promise<DeliveryRow> {
    return this.dataSource.transaction(async (em) => {
      const endpoint = await this.load(em, id);
      this.checkEnabled(endpoint);
      const eventId = await insertDirectEvent(em, 'ping', { webhook_endpoint_id: id });
      const [row] = await em.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id) VALUES ($1, $2) RETURNING id`, [id, eventId]);
      await this.queue.queueDelivery(em, Number(row.id));
      return this.delivery(em, Number(row.id));
    });
  }

  private async delivery(em: EntityManager, deliveryId: number): Promise<DeliveryRow> {
    const select = Object.entries(DELIVERY_COLUMNS).map(([alias, expression]) => `${expression} AS ${alias}`).join(', ');
    const [row] = await em.query(`SELECT ${select} FROM webhook_deliveries d JOIN events ev ON ev.id = d.event_id WHERE d.id = $1`, [deliveryId]);
    return row;
  }

  private checkEnabled(endpoint: WebhookEndpointRow): void {
    if (!endpoint.enabled) throw InvalidResourceError.field('enabled', 'the endpoint is disabled: enable it first');
  }

  /** The URL as written, then where its host resolves now (delivery checks again at every connection), and the events. */
  private async check(params: UpdateWebhookEndpointDto): Promise<void> {
    const errors = new FieldErrorCollector();
    if (params.url !== undefined) {
      const url = params.url.trim();
      const problem = urlProblem(url, this.config.webhooks.allowPrivateUrls) ?? (await resolvedHostProblem(url, this.config.webhooks.allowPrivateUrls));
      if (problem) errors.add('url', problem);
    }
    if (params.events !== undefined) {
      if (params.events.length === 0) errors.add('events', "can't be blank");
      const unknown = params.events.filter((e) => !(EVENT_TYPES as readonly string[]).includes(e));
      if (unknown.length > 0) errors.add('events', `has unknown event types: ${unknown.join(', ')}`);
    }
    errors.throwIfAny();
  }

  private async load(em: EntityManager, id: number, lock = false): Promise<WebhookEndpointRow> {
    const [row] = await em.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    if (!row) throw new NotFoundError();
    return row;
  }
}
