import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders and checkout: orders, line items, adjustments (tax), shipments with
 * their shipping rates and inventory units, payments and card sources.
 * Column names follow Spree 2.2. Money is numeric(10,2); a card source keeps
 * only what may be shown (last four digits, expiry, name, brand) plus the
 * gateway's profile reference, never the number or verification value.
 */
export class OrdersAndCheckout1763800000000 implements MigrationInterface {
  name = 'OrdersAndCheckout1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id serial PRIMARY KEY,
        number varchar(32) NOT NULL UNIQUE,
        state varchar(32) NOT NULL DEFAULT 'cart',
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_by_id integer REFERENCES users(id) ON DELETE SET NULL,
        email varchar(255),
        token varchar(64) NOT NULL,
        currency char(3) NOT NULL,
        channel varchar(255) NOT NULL DEFAULT 'spree',
        special_instructions text,
        item_total numeric(10,2) NOT NULL DEFAULT 0,
        shipment_total numeric(10,2) NOT NULL DEFAULT 0,
        adjustment_total numeric(10,2) NOT NULL DEFAULT 0,
        promo_total numeric(10,2) NOT NULL DEFAULT 0,
        included_tax_total numeric(10,2) NOT NULL DEFAULT 0,
        additional_tax_total numeric(10,2) NOT NULL DEFAULT 0,
        payment_total numeric(10,2) NOT NULL DEFAULT 0,
        total numeric(10,2) NOT NULL DEFAULT 0,
        item_count integer NOT NULL DEFAULT 0,
        payment_state varchar(32),
        shipment_state varchar(32),
        bill_address_id integer REFERENCES addresses(id),
        ship_address_id integer REFERENCES addresses(id),
        completed_at timestamptz,
        canceled_at timestamptz,
        canceler_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX orders_user_id_idx ON orders (user_id, created_at DESC);
      CREATE INDEX orders_completed_at_idx ON orders (completed_at);

      CREATE TABLE line_items (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        variant_id integer NOT NULL REFERENCES variants(id),
        quantity integer NOT NULL CHECK (quantity > 0),
        price numeric(10,2) NOT NULL CHECK (price >= 0),
        cost_price numeric(10,2),
        currency char(3) NOT NULL,
        adjustment_total numeric(10,2) NOT NULL DEFAULT 0,
        additional_tax_total numeric(10,2) NOT NULL DEFAULT 0,
        included_tax_total numeric(10,2) NOT NULL DEFAULT 0,
        promo_total numeric(10,2) NOT NULL DEFAULT 0,
        pre_tax_amount numeric(12,4),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_id, variant_id)
      );
      CREATE INDEX line_items_variant_id_idx ON line_items (variant_id);

      CREATE TABLE shipments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        number varchar(32) NOT NULL UNIQUE,
        stock_location_id integer NOT NULL REFERENCES stock_locations(id),
        state varchar(32) NOT NULL DEFAULT 'pending',
        cost numeric(10,2) NOT NULL DEFAULT 0,
        tracking varchar(255),
        shipped_at timestamptz,
        adjustment_total numeric(10,2) NOT NULL DEFAULT 0,
        additional_tax_total numeric(10,2) NOT NULL DEFAULT 0,
        included_tax_total numeric(10,2) NOT NULL DEFAULT 0,
        promo_total numeric(10,2) NOT NULL DEFAULT 0,
        pre_tax_amount numeric(12,4),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX shipments_order_id_idx ON shipments (order_id);

      CREATE TABLE shipping_rates (
        id serial PRIMARY KEY,
        shipment_id integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        shipping_method_id integer NOT NULL REFERENCES shipping_methods(id),
        cost numeric(10,2) NOT NULL,
        selected boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX shipping_rates_shipment_id_idx ON shipping_rates (shipment_id);
      CREATE UNIQUE INDEX shipping_rates_one_selected ON shipping_rates (shipment_id) WHERE selected;

      CREATE TABLE inventory_units (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        shipment_id integer REFERENCES shipments(id) ON DELETE CASCADE,
        line_item_id integer REFERENCES line_items(id) ON DELETE SET NULL,
        variant_id integer NOT NULL REFERENCES variants(id),
        state varchar(32) NOT NULL DEFAULT 'on_hand',
        pending boolean NOT NULL DEFAULT true,
        return_authorization_id integer,
        lock_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX inventory_units_shipment_id_idx ON inventory_units (shipment_id);
      CREATE INDEX inventory_units_order_id_idx ON inventory_units (order_id);

      CREATE TABLE adjustments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        adjustable_type varchar(32) NOT NULL CHECK (adjustable_type IN ('Spree::Order', 'Spree::LineItem', 'Spree::Shipment')),
        adjustable_id integer NOT NULL,
        source_type varchar(64),
        source_id integer,
        amount numeric(10,2) NOT NULL,
        label varchar(255) NOT NULL,
        mandatory boolean NOT NULL DEFAULT false,
        eligible boolean NOT NULL DEFAULT true,
        included boolean NOT NULL DEFAULT false,
        state varchar(32) NOT NULL DEFAULT 'open',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX adjustments_order_id_idx ON adjustments (order_id);
      CREATE INDEX adjustments_adjustable_idx ON adjustments (adjustable_type, adjustable_id);

      CREATE TABLE credit_cards (
        id serial PRIMARY KEY,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        payment_method_id integer REFERENCES payment_methods(id),
        month integer NOT NULL,
        year integer NOT NULL,
        cc_type varchar(32),
        last_digits char(4) NOT NULL,
        name varchar(255),
        gateway_customer_profile_id varchar(255),
        gateway_payment_profile_id varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX credit_cards_user_id_idx ON credit_cards (user_id);

      CREATE TABLE payments (
        id serial PRIMARY KEY,
        order_id integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        payment_method_id integer NOT NULL REFERENCES payment_methods(id),
        source_type varchar(64),
        source_id integer,
        amount numeric(10,2) NOT NULL DEFAULT 0,
        state varchar(32) NOT NULL DEFAULT 'checkout',
        response_code varchar(255),
        avs_response varchar(255),
        identifier varchar(32) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX payments_order_id_idx ON payments (order_id);

      CREATE TABLE state_changes (
        id serial PRIMARY KEY,
        name varchar(32) NOT NULL,
        stateful_type varchar(32) NOT NULL,
        stateful_id integer NOT NULL,
        previous_state varchar(32),
        next_state varchar(32) NOT NULL,
        user_id integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX state_changes_stateful_idx ON state_changes (stateful_type, stateful_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS state_changes, payments, credit_cards, adjustments, inventory_units,
        shipping_rates, shipments, line_items, orders CASCADE;
    `);
  }
}
