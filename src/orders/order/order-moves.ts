import { EntityManager } from 'typeorm';
import { EventType, raiseEvent } from '../../common/events/events';
import { withStateHistory } from '../../common/state-history/state-history';
import { preparedStatement } from '../../common/db/prepared-statement';
import { OrderMove, OrderState } from './order-states';

/** The events an order's arrival in a state raises (docs/webhooks.md). */
const ORDER_STATE_EVENTS: Partial<Record<OrderState, EventType>> = { complete: 'order.completed', canceled: 'order.canceled', resumed: 'order.resumed' };

/** A move and its history in one statement; the state it leaves is checked again (the caller's row lock makes it hold). */
const RECORDED_MOVE = preparedStatement('order-move-recorded', () => withStateHistory(
  'order',
  `UPDATE orders o SET state = $3,
          completed_at = COALESCE($4::timestamptz, o.completed_at),
          canceled_at = COALESCE($5::timestamptz, o.canceled_at),
          canceler_id = CASE WHEN $5::timestamptz IS NULL THEN o.canceler_id ELSE $6::int END,
          updated_at = now()
    WHERE o.id = $1 AND o.state = $2
    RETURNING o.id, $2::varchar AS previous_state, o.state AS next_state`,
  '$6::int',
));
const UNRECORDED_MOVE = preparedStatement('order-move', `UPDATE orders SET state = $3, updated_at = now() WHERE id = $1 AND state = $2 RETURNING id`);

/**
 * The one way an order's state moves: a move the state table allowed
 * (order-states.ts), written in one statement with its `state_changes` row
 * (unless Spree keeps none for it), with completed_at when the order
 * completes and canceled_at and the canceler when it is canceled. The caller
 * holds the order's row lock; `order.state` follows the move.
 */
export async function moveOrderState(em: EntityManager, order: { id: number; state: OrderState }, move: OrderMove, userId: number | null, at: Date = new Date()): Promise<void> {
  if (order.state !== move.from) throw new Error(`order ${order.id} is ${order.state}, not ${move.from}: cannot ${move.event} it`);
  let rows: unknown[];
  if (move.recorded) {
    rows = await RECORDED_MOVE(em).run(em, [order.id, move.from, move.to, move.to === 'complete' ? at : null, move.event === 'cancel' ? at : null, userId]);
  } else {
    [rows] = (await UNRECORDED_MOVE(em).run(em, [order.id, move.from, move.to])) as unknown as [unknown[]];
  }
  if (rows.length !== 1) throw new Error(`order ${order.id} was no longer ${move.from}: cannot ${move.event} it`);
  order.state = move.to;
  const event = ORDER_STATE_EVENTS[move.to];
  if (event) raiseEvent(em, event, { resource: 'order', id: order.id });
}
