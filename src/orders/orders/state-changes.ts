import { EntityManager } from 'typeorm';

/** Spree's `state_changes` history: one row per move of an order's state, with who made it. */
export async function recordOrderStateChange(em: EntityManager, orderId: number, from: string, to: string, userId: number | null): Promise<void> {
  await em.query(
    `INSERT INTO state_changes (name, stateful_type, stateful_id, previous_state, next_state, user_id) VALUES ('order', 'Spree::Order', $1, $2, $3, $4)`,
    [orderId, from, to, userId],
  );
}
