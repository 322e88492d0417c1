import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promotions: a coupon code with its dates, usage limit and one order-level
 * discount (Spree's Promotion with one CreateAdjustment action and its
 * FlatRate or FlatPercentItemTotal calculator, flattened into one row).
 * The discount on an order is an adjustment in `adjustments` (adjustable
 * `Spree::Order`, source `Spree::PromotionAction` with the promotion's id).
 */
export class Promotions1763910000000 implements MigrationInterface {
  name = 'Promotions1763910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE promotions (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        description varchar(255),
        code varchar(255) NOT NULL CHECK (btrim(code) <> ''),
        starts_at timestamptz,
        expires_at timestamptz,
        usage_limit integer CHECK (usage_limit > 0),
        discount_type varchar(32) NOT NULL CHECK (discount_type IN ('flat_rate', 'flat_percent_item_total')),
        amount numeric(10,2) CHECK (amount >= 0),
        percent numeric(5,2) CHECK (percent >= 0 AND percent <= 100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT promotions_discount_check CHECK (
          (discount_type = 'flat_rate' AND amount IS NOT NULL AND percent IS NULL) OR
          (discount_type = 'flat_percent_item_total' AND percent IS NOT NULL AND amount IS NULL)
        ),
        CONSTRAINT promotions_dates_check CHECK (starts_at IS NULL OR expires_at IS NULL OR expires_at > starts_at)
      );
      -- Coupon codes are matched case-insensitively (Spree's with_coupon_code).
      CREATE UNIQUE INDEX promotions_code_key ON promotions (lower(code));
      -- A promotion's adjustments: its usage count, and the orders to recompute when it changes.
      CREATE INDEX adjustments_source_idx ON adjustments (source_type, source_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM adjustments WHERE source_type = 'Spree::PromotionAction';
      DROP INDEX IF EXISTS adjustments_source_idx;
      DROP TABLE IF EXISTS promotions;
    `);
  }
}
