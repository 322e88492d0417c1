import type { EntityManager } from 'typeorm';

/** The e-mail an anonymised order keeps (the reserved `.invalid` domain: nothing can be sent to it). */
export const ANONYMISED_EMAIL = 'deleted-customer@anonymised.invalid';

/**
 * Account deletion (privacy/): the user's orders stop naming who ordered
 * (user, e-mail, special instructions) and keep everything the books need:
 * number, state, totals, line items, payments, shipments, dates. Answers
 * the orders and their addresses, which the caller anonymises through their
 * owner. Writes only `orders` (this module's table).
 */
export async function anonymiseOrdersOfUser(em: EntityManager, userId: number): Promise<{ orderIds: number[]; addressIds: number[] }> {
  const [rows]: [Array<{ id: number; bill_address_id: number | null; ship_address_id: number | null }>, number] = await em.query(
    `UPDATE orders SET user_id = NULL, email = $2, special_instructions = NULL, updated_at = now() WHERE user_id = $1
     RETURNING id, bill_address_id, ship_address_id`,
    [userId, ANONYMISED_EMAIL],
  );
  const addressIds = new Set<number>();
  for (const row of rows) for (const id of [row.bill_address_id, row.ship_address_id]) if (id !== null) addressIds.add(id);
  return { orderIds: rows.map((r) => r.id), addressIds: [...addressIds] };
}

/**
 * The user's completed orders still under way (placed and not yet shipped
 * in full, or waiting for a return), by number: the shop still ships or
 * refunds them to this person, so the account is not deleted before.
 */
export async function ordersInProgressOf(em: EntityManager, userId: number): Promise<string[]> {
  const rows: Array<{ number: string }> = await em.query(
    `SELECT number FROM orders
      WHERE user_id = $1 AND completed_at IS NOT NULL AND state NOT IN ('canceled', 'returned')
        AND (state = 'awaiting_return' OR shipment_state IS DISTINCT FROM 'shipped')
      ORDER BY completed_at`,
    [userId],
  );
  return rows.map((r) => r.number);
}
