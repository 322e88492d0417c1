import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Events and webhooks (issue 18): the transactional outbox (`events`, written
 * in the transaction of the change it tells of), the endpoints subscribed to
 * them, and each event's delivery to each endpoint with its attempts. The
 * delivery jobs themselves live in pg-boss's schema (`pgboss`), installed by
 * pg-boss's own migrator (prepare-database.ts and the service's start).
 */
export class EventsAndWebhooks1764530000000 implements MigrationInterface {
  name = 'EventsAndWebhooks1764530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        id bigserial PRIMARY KEY,
        public_id varchar(40) NOT NULL UNIQUE,
        type varchar(64) NOT NULL,
        -- json, not jsonb: the resource's JSON exactly as the API wrote it (key order kept)
        data json NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz
      )`);
    await q.query(`CREATE INDEX events_undispatched ON events (id) WHERE dispatched_at IS NULL`);
    await q.query(`CREATE INDEX events_created_at ON events (created_at)`);
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id serial PRIMARY KEY,
        url varchar(2048) NOT NULL,
        events varchar(64)[] NOT NULL DEFAULT '{}',
        enabled boolean NOT NULL DEFAULT true,
        secret_sealed text NOT NULL,
        failing_since timestamptz,
        disabled_at timestamptz,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id bigserial PRIMARY KEY,
        endpoint_id integer NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id bigint NOT NULL REFERENCES events (id) ON DELETE CASCADE,
        state varchar(16) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        response_code integer,
        duration_ms integer,
        error text,
        next_attempt_at timestamptz,
        delivered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, id)`);
    await q.query(`CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)`);
    await q.query(`
      CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id bigint NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        succeeded boolean NOT NULL,
        response_code integer,
        duration_ms integer NOT NULL,
        error text,
        next_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (delivery_id, attempt)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE webhook_delivery_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_endpoints`);
    await q.query(`DROP TABLE events`);
  }
}
