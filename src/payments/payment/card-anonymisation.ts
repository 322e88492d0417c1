import type { EntityManager } from 'typeorm';

/**
 * Account deletion (privacy/): the user's saved cards lose the cardholder's
 * name and their user. What the books and refunds need stays: the last
 * digits, expiry, brand and the gateway's reference to credit a payment.
 * Writes only `credit_cards` (this module's table).
 */
export async function anonymiseCardsOfUser(em: EntityManager, userId: number): Promise<void> {
  await em.query(`UPDATE credit_cards SET name = NULL, user_id = NULL, updated_at = now() WHERE user_id = $1`, [userId]);
}
