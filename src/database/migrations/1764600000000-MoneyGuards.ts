import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Money moves only the right way (issue 24):
 * - a promotion's discount on an order keeps the coupon code it was applied
 *   with (`adjustments.promotion_code`, Solidus's adjustment promotion code),
 *   so that an order still in checkout can name (and its shopper remove) a
 *   coupon whose promotion was deleted; existing discounts get their
 *   promotion's code;
 * - an order's payment_total can never go below zero (payments never give
 *   back more than they took): checked for every row written from now on
 *   (NOT VALID: rows written before are left as they are).
 */
export class MoneyGuards1764600000000 implements MigrationInterface {
  name = 'MoneyGuards1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE adjustments ADD COLUMN promotion_code varchar(255)`);
    await q.query(
      `UPDATE adjustments a SET promotion_code = p.code FROM promotions p WHERE a.source_type = 'Spree::PromotionAction' AND a.source_id = p.id`,
    );
    await q.query(`ALTER TABLE orders ADD CONSTRAINT orders_payment_total_not_negative CHECK (payment_total >= 0) NOT VALID`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_payment_total_not_negative`);
    await q.query(`ALTER TABLE adjustments DROP COLUMN promotion_code`);
  }
}
