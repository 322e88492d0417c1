import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Return authorizations (Spree's RMAs): an admin authorizes the return of
 * shipped units of an order for a credit `amount`; receiving it restocks the
 * units and credits the order. Inventory units already carry the
 * return_authorization_id column; here it gets its foreign key.
 */
export class ReturnAuthorizations1763900000000 implements MigrationInterface {
  name = 'ReturnAuthorizations1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE return_authorizations (
        id serial PRIMARY KEY,
        number varchar(32) NOT NULL UNIQUE CHECK (number ~ '^RMA[0-9]{9}$'),
        state varchar(32) NOT NULL DEFAULT 'authorized' CHECK (state IN ('authorized', 'received', 'canceled')),
        amount numeric(10,2) NOT NULL DEFAULT 0 CHECK (amount >= 0),
        reason text,
        order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        stock_location_id integer REFERENCES stock_locations(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX return_authorizations_order_id_idx ON return_authorizations (order_id);

      ALTER TABLE inventory_units
        ADD CONSTRAINT inventory_units_return_authorization_id_fkey
        FOREIGN KEY (return_authorization_id) REFERENCES return_authorizations(id) ON DELETE SET NULL;
      CREATE INDEX inventory_units_return_authorization_id_idx ON inventory_units (return_authorization_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP INDEX IF EXISTS inventory_units_return_authorization_id_idx;
      ALTER TABLE inventory_units DROP CONSTRAINT IF EXISTS inventory_units_return_authorization_id_fkey;
      DROP TABLE IF EXISTS return_authorizations;
    `);
  }
}
