import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Split payments: a payment whose amount store staff set (the payments API's
 * `payment[amount]` from an admin) keeps it; only the others (the
 * storefront's checkout payment) follow the order's total while it is
 * checked out. Payments made before follow, as they did.
 */
export class SplitPayments1764500000000 implements MigrationInterface {
  name = 'SplitPayments1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments ADD COLUMN amount_fixed boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payments DROP COLUMN amount_fixed`);
  }
}
