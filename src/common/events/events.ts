import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager, QueryRunner } from 'typeorm';

/**
 * The events the shop raises, each written to the `events` table (the
 * transactional outbox) in the transaction of the change it tells of, so an
 * event exists if and only if its change committed. `ping` is the test event
 * an endpoint is sent on demand (never raised by a change).
 */
export const EVENT_TYPES = [
  'order.completed',
  'order.canceled',
  'order.resumed',
  'order.updated',
  'payment.authorized',
  'payment.captured',
  'payment.voided',
  'payment.credited',
  'payment.failed',
  'payment.disputed',
  'shipment.ready',
  'shipment.shipped',
  'return_authorization.authorized',
  'return_authorization.received',
  'return_authorization.canceled',
  'product.created',
  'product.updated',
  'product.deleted',
  'stock_item.out_of_stock',
  'stock_item.back_in_stock',
  'user.created',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What an event is about: its `data` is this resource's API JSON, read just before the transaction commits. */
export interface EventSubject {
  /** The resource's name as renderers know it: `order`, `payment`, `product` … */
  resource: string;
  id: number;
}

/** Reads a resource's API JSON inside the transaction (the owner of the JSON registers it). */
export type EventRenderer = (em: EntityManager, id: number) => Promise<unknown>;

const renderers = new WeakMap<DataSource, Map<string, EventRenderer>>();

/**
 * Registers how events about `resource` get their `data`: the module that
 * serializes the resource calls it once at start (OnModuleInit).
 */
export function registerEventRenderer(dataSource: DataSource, resource: string, render: EventRenderer): void {
  let map = renderers.get(dataSource);
  if (!map) renderers.set(dataSource, (map = new Map()));
  map.set(resource, render);
}

interface PendingEvent {
  type: EventType;
  subject: EventSubject;
  /** The transaction depth it was raised at: a savepoint rolled back drops it. */
  depth: number;
}

const pending = new WeakMap<QueryRunner, PendingEvent[]>();

function depthOf(runner: QueryRunner): number {
  return (runner as unknown as { transactionDepth: number }).transactionDepth;
}

/**
 * Raises an event in `em`'s transaction. It is written to the outbox just
 * before the transaction commits, with the resource's JSON as it is then (so
 * the work after the raise, totals and states, shows in it), and is never
 * written if the transaction rolls back. Raising the same event about the
 * same resource twice in one transaction writes it once.
 */
export function raiseEvent(em: EntityManager, type: EventType, subject: EventSubject): void {
  const runner = em.queryRunner;
  if (!runner || !runner.isTransactionActive) throw new Error(`event ${type} raised outside a transaction`);
  let list = pending.get(runner);
  if (!list) pending.set(runner, (list = []));
  if (list.some((e) => e.type === type && e.subject.resource === subject.resource && e.subject.id === subject.id)) return;
  list.push({ type, subject, depth: depthOf(runner) });
}

/** A new event's public id (Standard Webhooks' `webhook-id`). */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString('hex')}`;
}

const INSERT_EVENTS = `WITH written AS (
    INSERT INTO events (public_id, type, data)
    SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::json[])
    RETURNING 1)
  SELECT pg_notify('commerce_events', '') FROM (SELECT 1 FROM written LIMIT 1) w`;

/**
 * The events a transaction writes: a resource's `.updated` is left out when
 * the same transaction created or deleted it (a product created with its
 * variants, whose writers raise `product.updated`, is one `product.created`).
 */
export function coalesceEvents<E extends { type: string; subject: EventSubject }>(list: E[]): E[] {
  const key = (type: string, s: EventSubject) => `${type}:${s.resource}:${s.id}`;
  const raised = new Set(list.map((e) => key(e.type, e.subject)));
  return list.filter((e) => {
    if (!e.type.endsWith('.updated')) return true;
    const base = e.type.slice(0, -'.updated'.length);
    return !raised.has(key(`${base}.created`, e.subject)) && !raised.has(key(`${base}.deleted`, e.subject));
  });
}

/** Writes the events raised in the transaction that is about to commit (the outermost commit only). */
export async function flushEvents(runner: QueryRunner, dataSource: DataSource, em: EntityManager): Promise<void> {
  if (depthOf(runner) > 1) return;
  const raised = pending.get(runner);
  if (!raised || raised.length === 0) return;
  pending.delete(runner);
  const list = coalesceEvents(raised);
  const map = renderers.get(dataSource);
  const data: string[] = [];
  for (const event of list) {
    const render = map?.get(event.subject.resource);
    data.push(JSON.stringify(render ? await render(em, event.subject.id) : { id: event.subject.id }));
  }
  await em.query(INSERT_EVENTS, [list.map(() => newEventId()), list.map((e) => e.type), data]);
}

/** Forgets the events raised in the part of the transaction that rolled back. */
export function dropEvents(runner: QueryRunner): void {
  const list = pending.get(runner);
  if (!list) return;
  const depth = depthOf(runner);
  const kept = list.filter((e) => e.depth < depth);
  if (kept.length === 0) pending.delete(runner);
  else pending.set(runner, kept);
}

export interface OutboxEvent {
  id: number;
  type: string;
}

/**
 * The relay's claim: the next undispatched events, marked dispatched in the
 * caller's transaction (which hands them on before it commits). Rows another
 * transaction holds are skipped, so several relays never take the same event.
 */
export async function takeUndispatchedEvents(em: EntityManager, limit: number): Promise<OutboxEvent[]> {
  // An UPDATE answers [rows, count] through TypeORM.
  const [rows]: [Array<{ id: string; type: string }>, number] = await em.query(
    `UPDATE events SET dispatched_at = now()
      WHERE id IN (SELECT id FROM events WHERE dispatched_at IS NULL ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING id, type`,
    [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), type: r.type })).sort((a, b) => a.id - b.id);
}

/**
 * Forgets dispatched events older than `days` (their deliveries and attempts
 * go with them, ON DELETE CASCADE), a batch at a time; an event a delivery
 * still waits to send is kept. Returns how many went.
 */
export async function pruneDispatchedEvents(em: EntityManager, days: number, batch = 1000): Promise<number> {
  const [, count]: [unknown, number] = await em.query(
    `DELETE FROM events WHERE id IN (
       SELECT e.id FROM events e
        WHERE e.dispatched_at < now() - make_interval(days => $1)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id AND d.state = 'pending')
        ORDER BY e.id LIMIT $2)`,
    [days, batch],
  );
  return count;
}

/** An event sent to one endpoint only, outside the outbox's fan-out (the `ping` test event): written already dispatched. */
export async function insertDirectEvent(em: EntityManager, type: string, data: unknown): Promise<number> {
  const [row] = await em.query(`INSERT INTO events (public_id, type, data, dispatched_at) VALUES ($1, $2, $3::json, now()) RETURNING id`, [newEventId(), type, JSON.stringify(data)]);
  return Number(row.id);
}

/**
 * Account deletion (privacy/): the outbox's copies of the JSON of these orders
 * and of this user (order.*, user.* events, kept WEBHOOKS_EVENT_RETENTION_DAYS)
 * keep only the resource's id, so the deleted person's e-mail and addresses
 * are not left in them nor sent by a later (re)delivery.
 */
export async function eraseEventData(em: EntityManager, orderIds: number[], userId: number): Promise<void> {
  await em.query(
    `UPDATE events SET data = json_build_object('id', (data ->> 'id')::int)
      WHERE (type LIKE 'order.%' AND (data ->> 'id')::int = ANY ($1::int[])) OR (type LIKE 'user.%' AND (data ->> 'id')::int = $2)`,
    [orderIds, userId],
  );
}
