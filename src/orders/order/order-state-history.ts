import { ApiProperty } from '@nestjs/swagger';
import { EntityManager } from 'typeorm';
import type { ListParams, Page } from '../../common/listing/list-query';
import { STATEFUL_TYPE } from '../../common/state-history/state-history';

/**
 * An order's state history as Spree 2.2's back-office shows it
 * (`Admin::StateChangesController`, `/admin/orders/:id/state_changes`): the
 * `state_changes` rows of the order and of its payments and shipments, newest
 * first. Read only; `common/state-history` writes them.
 */
export class StateChangeJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ enum: ['order', 'payment', 'shipment'], description: 'Which state machine moved: the order, one of its payments, one of its shipments' }) name: string;
  @ApiProperty({ enum: Object.values(STATEFUL_TYPE), example: 'Spree::Order' }) stateful_type: string;
  @ApiProperty({ type: 'integer', description: 'The id of the order, payment or shipment that moved' }) stateful_id: number;
  @ApiProperty({ type: String, nullable: true, example: 'complete' }) previous_state: string | null;
  @ApiProperty({ example: 'canceled' }) next_state: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'Who made the move (null for moves the service made by itself, e.g. a payment a gateway completed)' })
  user_id: number | null;
  @ApiProperty({ type: String, format: 'date-time' }) created_at: string;
}

interface Row {
  id: number;
  name: string;
  stateful_type: string;
  stateful_id: number;
  previous_state: string | null;
  next_state: string;
  user_id: number | null;
  created_at: Date;
  total_count_: string;
}

/** The order ($1) and its payments and shipments, as `stateful_type` and `stateful_id` (the index of `state_changes`). */
const STATEFUL = `
  WITH stateful (type, id) AS (
         SELECT '${STATEFUL_TYPE.order}', $1::int
         UNION ALL SELECT '${STATEFUL_TYPE.payment}', p.id FROM payments p WHERE p.order_id = $1
         UNION ALL SELECT '${STATEFUL_TYPE.shipment}', s.id FROM shipments s WHERE s.order_id = $1)`;

const HISTORY = `${STATEFUL}
  SELECT sc.id, sc.name, sc.stateful_type, sc.stateful_id, sc.previous_state, sc.next_state, sc.user_id, sc.created_at,
         COUNT(*) OVER () AS total_count_
    FROM stateful JOIN state_changes sc ON sc.stateful_type = stateful.type AND sc.stateful_id = stateful.id
   ORDER BY sc.created_at DESC, sc.id DESC
   LIMIT $2 OFFSET $3`;

const COUNT = `${STATEFUL}
  SELECT COUNT(*)::int AS n FROM stateful JOIN state_changes sc ON sc.stateful_type = stateful.type AND sc.stateful_id = stateful.id`;

/** One page of the order's history (`page`, `per_page`; `q` is not read: the history has one order, newest first). */
export async function orderStateHistory(em: EntityManager, orderId: number, params: ListParams): Promise<Page<StateChangeJson>> {
  const offset = (params.page - 1) * params.perPage;
  const rows: Row[] = await em.query(HISTORY, [orderId, params.perPage, offset]);
  // Past the last page no row carries the total: counted.
  const totalCount = rows.length > 0 ? Number(rows[0].total_count_) : ((await em.query(COUNT, [orderId])) as Array<{ n: number }>)[0].n;
  return { items: rows.map(serializeStateChange), totalCount, currentPage: params.page, perPage: params.perPage };
}

export function serializeStateChange(row: Omit<Row, 'total_count_'>): StateChangeJson {
  return {
    id: row.id,
    name: row.name,
    stateful_type: row.stateful_type,
    stateful_id: row.stateful_id,
    previous_state: row.previous_state,
    next_state: row.next_state,
    user_id: row.user_id,
    created_at: new Date(row.created_at).toISOString(),
  };
}
