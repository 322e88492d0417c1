import type { EntityManager } from 'typeorm';

/**
 * Account deletion (privacy/): the mail log forgets the person: the mails to
 * or about the user and the user's orders keep their kind, subject, state
 * and dates, and lose the recipient and what their templates were given; a
 * mail not yet sent is given up. Writes only `mail_deliveries` (this module's table).
 */
export async function forgetMailsOf(em: EntityManager, userId: number, orderIds: number[], emails: string[]): Promise<void> {
  await em.query(
    `UPDATE mail_deliveries
        SET recipient = NULL, context = NULL, secret_sealed = NULL, user_id = NULL,
            state = CASE WHEN state = 'pending' THEN 'failed' ELSE state END,
            error = CASE WHEN state = 'pending' THEN 'the account was deleted' ELSE error END,
            next_attempt_at = NULL, updated_at = now()
      WHERE user_id = $1 OR order_id = ANY ($2::int[]) OR lower(recipient) = ANY ($3::varchar[])`,
    [userId, orderIds, emails.map((e) => e.toLowerCase())],
  );
}
