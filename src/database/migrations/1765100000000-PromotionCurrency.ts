import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A flat-rate promotion's amount is in a currency (Spree 2.2's FlatRate calculator `preferred_currency`): it takes
 * its amount off orders in that currency only. Rows made before it have none: the reference data's seed, run at
 * every start with CURRENCY, gives them the store currency (what their amounts were in).
 */
export class PromotionCurrency1765100000000 implements MigrationInterface {
  name = 'PromotionCurrency1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE promotions ADD COLUMN currency char(3)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE promotions DROP COLUMN currency`);
  }
}
