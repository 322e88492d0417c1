import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Spree 2.2's stock transfers: stock moved from one location to another (or received from outside, with no
 * source), its stock movements having the transfer as originator. A location's deletion leaves its transfers,
 * naming no location there.
 */
export class StockTransfers1765200000000 implements MigrationInterface {
  name = 'StockTransfers1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stock_transfers (
        id serial PRIMARY KEY,
        number varchar(32) NOT NULL UNIQUE,
        reference varchar(255),
        source_location_id integer REFERENCES stock_locations(id) ON DELETE SET NULL,
        destination_location_id integer REFERENCES stock_locations(id) ON DELETE SET NULL,
        created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX stock_movements_originator_idx ON stock_movements (originator_type, originator_id) WHERE originator_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX stock_movements_originator_idx`);
    await q.query(`DROP TABLE stock_transfers`);
  }
}
