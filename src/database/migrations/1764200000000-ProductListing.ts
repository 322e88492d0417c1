import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the products listing needs on a large catalog.
 *
 * An index of live products' ids carrying `available_on`: a deep page
 * (`OFFSET` 100,000) finds its ids by an index-only scan instead of fetching
 * every skipped row (see findPageRows' `idsFirst`).
 *
 * The number of live (not deleted) products, kept by triggers, so the products
 * listing's `total_count` needs no COUNT(*) over the catalog (about 11 ms of
 * PostgreSQL per page at 200,000 products). Shoppers see live products whose
 * `available_on` has passed: the listing subtracts the few live ones not yet
 * available, an index range scan on products_visible_idx.
 *
 * One row, changed under its row lock by the statement that inserts, deletes
 * or (un)deletes a product, so concurrent changes add up exactly; a product
 * change therefore waits for another product change's commit (product edits
 * are back-office work, not storefront traffic). Loading with triggers off
 * (session_replication_role = replica) must run `refresh_product_counts()`.
 */
export class ProductListing1764200000000 implements MigrationInterface {
  name = 'ProductListing1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX products_live_id_idx ON products (id) INCLUDE (available_on) WHERE deleted_at IS NULL;

      CREATE TABLE product_counts (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        live integer NOT NULL CHECK (live >= 0)
      );

      CREATE FUNCTION refresh_product_counts() RETURNS void LANGUAGE sql AS $$
        INSERT INTO product_counts (id, live) SELECT true, count(*) FROM products WHERE deleted_at IS NULL
        ON CONFLICT (id) DO UPDATE SET live = EXCLUDED.live
      $$;

      CREATE FUNCTION count_live_products() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          UPDATE product_counts SET live = 0;
        ELSE
          UPDATE product_counts SET live = live
            + CASE WHEN TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL THEN 1 ELSE 0 END
            - CASE WHEN TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL THEN 1 ELSE 0 END;
        END IF;
        RETURN NULL;
      END
      $$;

      CREATE TRIGGER products_count_insert AFTER INSERT ON products
        FOR EACH ROW WHEN (NEW.deleted_at IS NULL) EXECUTE FUNCTION count_live_products();
      CREATE TRIGGER products_count_update AFTER UPDATE OF deleted_at ON products
        FOR EACH ROW WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)) EXECUTE FUNCTION count_live_products();
      CREATE TRIGGER products_count_delete AFTER DELETE ON products
        FOR EACH ROW WHEN (OLD.deleted_at IS NULL) EXECUTE FUNCTION count_live_products();
      CREATE TRIGGER products_count_truncate AFTER TRUNCATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION count_live_products();

      SELECT refresh_product_counts();
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TRIGGER IF EXISTS products_count_truncate ON products;
      DROP TRIGGER IF EXISTS products_count_delete ON products;
      DROP TRIGGER IF EXISTS products_count_update ON products;
      DROP TRIGGER IF EXISTS products_count_insert ON products;
      DROP FUNCTION IF EXISTS count_live_products();
      DROP FUNCTION IF EXISTS refresh_product_counts();
      DROP TABLE IF EXISTS product_counts;
      DROP INDEX IF EXISTS products_live_id_idx;
    `);
  }
}
