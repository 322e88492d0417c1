import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * No charge without an order (docs/reliability.md): each gateway operation
 * that takes or holds money (authorize, purchase, capture) is written here,
 * and committed, before the gateway is called; the gateway's answer is added
 * after; the request's own transaction marks it `settled`, so it is settled
 * exactly when the request commits. One left `answered` belongs to a request
 * that did not commit: it is compensated (void or credit) at once by its
 * process, or by the reconciler of any process after a grace period
 * (`compensating` while the gateway is asked; one left `pending` or
 * `compensating` by a dead process becomes `unknown`, for a person to check).
 *
 * Nothing of the card is kept: the gateway's reference (`authorization`,
 * what `payments.response_code` keeps) and the amount in cents.
 */
export class GatewayOperations1764550000000 implements MigrationInterface {
  name = 'GatewayOperations1764550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gateway_operations (
        id bigserial PRIMARY KEY,
        payment_id integer NOT NULL,
        order_id integer NOT NULL,
        gateway varchar NOT NULL,
        operation varchar NOT NULL CHECK (operation IN ('authorize', 'purchase', 'capture')),
        amount_cents bigint NOT NULL,
        state varchar NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'declined', 'answered', 'settled', 'compensating', 'compensated', 'unknown')),
        "authorization" varchar,
        compensation varchar CHECK (compensation IN ('void', 'credit')),
        compensation_authorization varchar,
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The reconciler's search: only the few rows still open are indexed.
    await q.query(`CREATE INDEX gateway_operations_open_idx ON gateway_operations (updated_at) WHERE state IN ('pending', 'answered', 'compensating')`);
    await q.query(`CREATE INDEX gateway_operations_payment_id_idx ON gateway_operations (payment_id)`);

    // Idempotency-Key claims name the process that runs them and show it alive (a heartbeat),
    // so a key whose process died is taken over instead of answering 409 until it expires.
    await q.query(`ALTER TABLE idempotency_keys ADD COLUMN owner varchar(64), ADD COLUMN heartbeat_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE idempotency_keys DROP COLUMN owner, DROP COLUMN heartbeat_at`);
    await q.query(`DROP TABLE IF EXISTS gateway_operations`);
  }
}
