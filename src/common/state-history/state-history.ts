import { EntityManager } from 'typeorm';
import { queryPrepared } from '../db/prepared-statement';

/**
 * Spree's `state_changes`: the history of the state machines that keep one
 * (an order, a shipment, a payment), one row per move with who made it.
 * This file is the only writer of the table. Inventory units and return
 * authorizations move through their state tables too but keep no history,
 * as in Spree.
 */
export type Stateful = 'order' | 'shipment' | 'payment';

/** The `stateful_type` of each (Spree's class names). */
export const STATEFUL_TYPE: Readonly<Record<Stateful, string>> = {
  order: 'Spree::Order',
  shipment: 'Spree::Shipment',
  payment: 'Spree::Payment',
};

export interface StateChange {
  statefulId: number;
  from: string | null;
  to: string;
}

/**
 * Records moves already written, in the order given, in one statement.
 * `userId`: who made them (Spree keeps none for payments and shipments it
 * moves by itself: null).
 */
export async function recordStateChanges(em: EntityManager, stateful: Stateful, changes: StateChange[], userId: number | null = null): Promise<void> {
  if (changes.length === 0) return;
  await queryPrepared(
    em,
    `INSERT INTO state_changes (name, stateful_type, stateful_id, previous_state, next_state, user_id)
     SELECT $1, $2, m.stateful_id, m.previous_state, m.next_state, $6
       FROM unnest($3::int[], $4::varchar[], $5::varchar[]) WITH ORDINALITY AS m(stateful_id, previous_state, next_state, n) ORDER BY m.n`,
    [stateful, STATEFUL_TYPE[stateful], changes.map((c) => c.statefulId), changes.map((c) => c.from), changes.map((c) => c.to), userId],
  );
}

/**
 * SQL of one statement that moves rows and records their moves: `moved` is
 * a data-modifying statement (an UPDATE) returning `id, previous_state,
 * next_state` for each row it moved; the statement returns those rows.
 * `userIdSql`: who moved them, as SQL (a parameter, or NULL). For set-based
 * moves, where which rows move is known only once they have.
 */
export function withStateHistory(stateful: Stateful, moved: string, userIdSql = 'NULL'): string {
  return `WITH moved AS (${moved}),
       history AS (INSERT INTO state_changes (name, stateful_type, stateful_id, previous_state, next_state, user_id)
                   SELECT '${stateful}', '${STATEFUL_TYPE[stateful]}', id, previous_state, next_state, ${userIdSql} FROM moved ORDER BY id)
  SELECT id, previous_state, next_state FROM moved`;
}
