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
