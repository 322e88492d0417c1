import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `products.cache_version`: a counter that moves whenever anything a
 * product's JSON shows changes, so that every instance of the service can key
 * its cached product pages by it (catalog/products/product-page-cache.ts), as
 * Spree 2.2 keyed its product views by the product's `updated_at`.
 *
 * Kept by triggers, the schema's rule written once (as the cascades and
 * `product_counts` are): the product's own row bumps itself (BEFORE UPDATE),
 * and each table whose rows show in product JSON bumps the products it
 * touches, once per statement (transition tables), inside the transaction of
 * the change: variants, prices, images, option values of variants, stock
 * items (count on hand, backorderable: total_on_hand and in_stock), product
 * properties and property names, classifications (taxon_ids; a deleted taxon
 * deletes them by cascade), product option types, option type and option
 * value names. Owners' code stays as it is, and no future writer can forget
 * it.
 *
 * The bump is an `UPDATE` of the product's row: concurrent changes of one
 * product (two checkouts taking stock of two of its variants) wait for each
 * other's commit at that row, as Spree's `touch` did; the counter moves by
 * one per committed change, so a version read with the data it describes
 * (one statement, one snapshot) names exactly that data.
 */

/** For each table: the ids of the products its changed rows `r` show in (SQL). */
const PRODUCTS_OF: Record<string, string> = {
  variants: `SELECT r.product_id FROM r`,
  prices: `SELECT v.product_id FROM r JOIN variants v ON v.id = r.variant_id`,
  images: `SELECT v.product_id FROM r JOIN variants v ON v.id = r.variant_id`,
  option_values_variants: `SELECT v.product_id FROM r JOIN variants v ON v.id = r.variant_id`,
  stock_items: `SELECT v.product_id FROM r JOIN variants v ON v.id = r.variant_id`,
  product_properties: `SELECT r.product_id FROM r`,
  properties: `SELECT pp.product_id FROM r JOIN product_properties pp ON pp.property_id = r.id`,
  classifications: `SELECT r.product_id FROM r`,
  product_option_types: `SELECT r.product_id FROM r`,
  option_types: `SELECT pot.product_id FROM r JOIN product_option_types pot ON pot.option_type_id = r.id
                 UNION SELECT v.product_id FROM r JOIN option_values ov ON ov.option_type_id = r.id
                   JOIN option_values_variants ovv ON ovv.option_value_id = ov.id JOIN variants v ON v.id = ovv.variant_id`,
  option_values: `SELECT v.product_id FROM r JOIN option_values_variants ovv ON ovv.option_value_id = r.id JOIN variants v ON v.id = ovv.variant_id`,
};

/** Tables whose new rows cannot show in any product yet (their links come later): no INSERT trigger. */
const UPDATE_DELETE_ONLY = new Set(['properties', 'option_types', 'option_values']);

const EVENTS = [
  { event: 'INSERT', transition: 'NEW' },
  { event: 'UPDATE', transition: 'NEW' },
  { event: 'DELETE', transition: 'OLD' },
] as const;

export class ProductCacheVersion1764560000000 implements MigrationInterface {
  name = 'ProductCacheVersion1764560000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products ADD COLUMN cache_version bigint NOT NULL DEFAULT 0;

      CREATE FUNCTION bump_own_cache_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.cache_version = OLD.cache_version THEN NEW.cache_version := OLD.cache_version + 1; END IF;
        RETURN NEW;
      END
      $$;
      CREATE TRIGGER products_cache_version BEFORE UPDATE ON products
        FOR EACH ROW EXECUTE FUNCTION bump_own_cache_version();
    `);
    for (const [table, products] of Object.entries(PRODUCTS_OF)) {
      await q.query(`
        CREATE FUNCTION bump_cache_version_of_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE products SET cache_version = cache_version + 1 WHERE id IN (${products});
          RETURN NULL;
        END
        $$`);
      for (const { event, transition } of EVENTS) {
        if (event === 'INSERT' && UPDATE_DELETE_ONLY.has(table)) continue;
        await q.query(`
          CREATE TRIGGER ${table}_cache_version_${event.toLowerCase()} AFTER ${event} ON ${table}
            REFERENCING ${transition} TABLE AS r FOR EACH STATEMENT EXECUTE FUNCTION bump_cache_version_of_${table}()`);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of Object.keys(PRODUCTS_OF)) {
      for (const { event } of EVENTS) await q.query(`DROP TRIGGER IF EXISTS ${table}_cache_version_${event.toLowerCase()} ON ${table}`);
      await q.query(`DROP FUNCTION IF EXISTS bump_cache_version_of_${table}()`);
    }
    await q.query(`
      DROP TRIGGER IF EXISTS products_cache_version ON products;
      DROP FUNCTION IF EXISTS bump_own_cache_version();
      ALTER TABLE products DROP COLUMN cache_version;
    `);
  }
}
