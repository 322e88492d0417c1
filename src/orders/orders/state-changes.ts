import { EntityManager } from 'typeorm';

/** Spree's `state_changes` history: one row per move of a record's state (order, shipment, …), with who made it. */
export async function recordStateChange(
  em: EntityManager,
  change: { name: string; statefulType: string; statefulId: number; from: string | null; to: string; userId: number | null },
): Promise<void> {
  await em.query(
    `INSERT INTO state_changes (name, stateful_type, stateful_id, previous_state, next_state, user_id) VALUES ($1, $2, $3, $4, $5, $6)`,
    [change.name, change.statefulType, change.statefulId, change.from, change.to, change.userId],
  );
}

export function recordOrderStateChange(em: EntityManager, orderId: number, from: string, to: string, userId: number | null): Promise<void> {
  return recordStateChange(em, { name: 'order', statefulType: 'Spree::Order', statefulId: orderId, from, to, userId });
}

/**
 * Moves an order to `to` and records the change, in one statement (`completedAt`: also sets completed_at).
 * The caller holds the order's row lock.
 */
export async function moveOrderState(em: EntityManager, orderId: number, from: string, to: string, userId: number | null, completedAt?: Date): Promise<void> {
  await em.query(
    `WITH change AS (
       INSERT INTO state_changes (name, stateful_type, stateful_id, previous_state, next_state, user_id) VALUES ('order', 'Spree::Order', $1, $2, $3, $4))
     UPDATE orders SET state = $3, completed_at = COALESCE($5::timestamptz, completed_at), updated_at = now() WHERE id = $1`,
    [orderId, from, to, userId, completedAt ?? null],
  );
}
