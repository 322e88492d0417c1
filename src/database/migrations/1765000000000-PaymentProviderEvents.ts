import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The payment providers' webhook events the service handled (Stripe's `evt_…`), each once: a replayed or
 * concurrently delivered event finds its id taken and does nothing. Owned by the payments module
 * (PaymentProviderEvents); written in the transaction of the change the event made, so an event is recorded exactly
 * when its change committed.
 */
export class PaymentProviderEvents1765000000000 implements MigrationInterface {
  name = 'PaymentProviderEvents1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE payment_provider_events (
        id bigserial PRIMARY KEY,
        event_id varchar(255) NOT NULL,
        payment_method_id integer NOT NULL REFERENCES payment_methods(id),
        event_type varchar(100) NOT NULL,
        payment_id integer REFERENCES payments(id) ON DELETE SET NULL,
        outcome varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX payment_provider_events_event_id_idx ON payment_provider_events (event_id)`);
    await q.query(`CREATE INDEX payment_provider_events_payment_id_idx ON payment_provider_events (payment_id) WHERE payment_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_provider_events`);
  }
}
