import { EntityManager } from 'typeorm';

/** A provider's webhook event as recorded (`payment_provider_events`). */
export interface RecordedProviderEvent {
  eventId: string;
  eventType: string;
  paymentId: number | null;
  outcome: string;
}

/**
 * Takes a provider's event (its id, e.g. Stripe's `evt_…`) for this transaction: true when it was not handled before.
 * The unique index on the event id makes a second delivery wait for the first one's transaction, then find it taken
 * (or take it, if the first rolled back): each event's change is made once, whatever arrives twice or at once.
 */
export async function claimProviderEvent(
  em: EntityManager,
  event: { eventId: string; eventType: string; paymentMethodId: number; paymentId: number | null },
): Promise<boolean> {
  const inserted: unknown[] = await em.query(
    `INSERT INTO payment_provider_events (event_id, payment_method_id, event_type, payment_id, outcome) VALUES ($1, $2, $3, $4, 'received')
     ON CONFLICT (event_id) DO NOTHING RETURNING id`,
    [event.eventId, event.paymentMethodId, event.eventType, event.paymentId],
  );
  return inserted.length === 1;
}

/** What handling the event did, in words (kept for people and answered to the provider). */
export async function recordProviderEventOutcome(em: EntityManager, eventId: string, outcome: string): Promise<void> {
  await em.query(`UPDATE payment_provider_events SET outcome = $2 WHERE event_id = $1`, [eventId, outcome.slice(0, 255)]);
}

/** An event handled before, as recorded. */
export async function findProviderEvent(em: EntityManager, eventId: string): Promise<RecordedProviderEvent | null> {
  const [row] = await em.query(
    `SELECT event_id AS "eventId", event_type AS "eventType", payment_id AS "paymentId", outcome FROM payment_provider_events WHERE event_id = $1`,
    [eventId],
  );
  return row ?? null;
}
