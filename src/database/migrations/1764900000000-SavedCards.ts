import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A signed-in customer's saved cards (`/api/users/:id/credit_cards`): the card
 * the customer chose as default (at most one live one per user), and removal
 * that keeps the row for the payments that used it (`deleted_at`).
 */
export class SavedCards1764900000000 implements MigrationInterface {
  name = 'SavedCards1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE credit_cards ADD COLUMN "default" boolean NOT NULL DEFAULT false, ADD COLUMN deleted_at timestamptz`);
    await q.query(`CREATE UNIQUE INDEX credit_cards_one_default_idx ON credit_cards (user_id) WHERE "default" AND deleted_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX credit_cards_one_default_idx`);
    await q.query(`ALTER TABLE credit_cards DROP COLUMN "default", DROP COLUMN deleted_at`);
  }
}
