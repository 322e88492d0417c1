import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every gateway call that moves money is journaled (docs/reliability.md, "No
 * charge without an order"), voids and credits too:
 * - `operation` takes `void` and `credit`;
 * - `unbooked`: a void or credit the gateway made whose request did not
 *   commit (money given back or a hold released that the books do not show).
 *   It cannot be undone; the next void or credit of the payment books it
 *   instead of asking the gateway again, or a person settles it;
 * - `payment_method_id` and `currency`: the payment method whose settings
 *   (credentials) a compensation or a status lookup uses, and the amount's
 *   currency, so the reconciler asks exactly what the request asked;
 * - `customer_action`: the provider answered that the customer must act
 *   first (3-D Secure): nothing is held yet, so a request that does not
 *   commit voids the attempt instead of crediting it.
 */
export class GatewayJournalGivesBack1764710000000 implements MigrationInterface {
  name = 'GatewayJournalGivesBack1764710000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE gateway_operations DROP CONSTRAINT gateway_operations_operation_check`);
    await q.query(`ALTER TABLE gateway_operations ADD CONSTRAINT gateway_operations_operation_check CHECK (operation IN ('authorize', 'purchase', 'capture', 'void', 'credit'))`);
    await q.query(`ALTER TABLE gateway_operations DROP CONSTRAINT gateway_operations_state_check`);
    await q.query(
      `ALTER TABLE gateway_operations ADD CONSTRAINT gateway_operations_state_check
         CHECK (state IN ('pending', 'declined', 'answered', 'settled', 'compensating', 'compensated', 'unbooked', 'unknown'))`,
    );
    await q.query(
      `ALTER TABLE gateway_operations ADD COLUMN payment_method_id integer, ADD COLUMN currency varchar(3), ADD COLUMN customer_action boolean NOT NULL DEFAULT false`,
    );
    // A retried void or credit looks for what its payment left unbooked; the start counts what waits for a person.
    await q.query(`CREATE INDEX gateway_operations_for_a_person_idx ON gateway_operations (payment_id) WHERE state IN ('unbooked', 'unknown')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX gateway_operations_for_a_person_idx`);
    await q.query(`ALTER TABLE gateway_operations DROP COLUMN payment_method_id, DROP COLUMN currency, DROP COLUMN customer_action`);
    await q.query(`DELETE FROM gateway_operations WHERE operation IN ('void', 'credit')`);
    await q.query(`ALTER TABLE gateway_operations DROP CONSTRAINT gateway_operations_state_check`);
    await q.query(
      `ALTER TABLE gateway_operations ADD CONSTRAINT gateway_operations_state_check
         CHECK (state IN ('pending', 'declined', 'answered', 'settled', 'compensating', 'compensated', 'unknown'))`,
    );
    await q.query(`ALTER TABLE gateway_operations DROP CONSTRAINT gateway_operations_operation_check`);
    await q.query(`ALTER TABLE gateway_operations ADD CONSTRAINT gateway_operations_operation_check CHECK (operation IN ('authorize', 'purchase', 'capture'))`);
  }
}
