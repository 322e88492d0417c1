import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The store's reference and catalog schema: accounts, geography, catalog,
 * inventory, shipping, payment and tax configuration. Column names follow
 * Spree 2.2's schema so its documentation still describes our data.
 * Money is numeric(10,2), never float.
 */
export class CatalogFoundation1763700000000 implements MigrationInterface {
  name = 'CatalogFoundation1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE countries (
        id serial PRIMARY KEY,
        iso_name varchar(255) NOT NULL,
        iso char(2) NOT NULL UNIQUE,
        iso3 char(3) NOT NULL,
        name varchar(255) NOT NULL,
        numcode integer NOT NULL,
        states_required boolean NOT NULL DEFAULT false
      );
      CREATE TABLE states (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        abbr varchar(255) NOT NULL,
        country_id integer NOT NULL REFERENCES countries(id) ON DELETE CASCADE,
        UNIQUE (country_id, abbr)
      );
      CREATE TABLE zones (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL UNIQUE,
        description varchar(255),
        default_tax boolean NOT NULL DEFAULT false,
        kind varchar(16) NOT NULL DEFAULT 'country' CHECK (kind IN ('country', 'state')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE zone_members (
        id serial PRIMARY KEY,
        zone_id integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
        zoneable_type varchar(32) NOT NULL CHECK (zoneable_type IN ('Spree::Country', 'Spree::State')),
        zoneable_id integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (zone_id, zoneable_type, zoneable_id)
      );
      CREATE TABLE addresses (
        id serial PRIMARY KEY,
        firstname varchar(255),
        lastname varchar(255),
        address1 varchar(255),
        address2 varchar(255),
        city varchar(255),
        zipcode varchar(255),
        phone varchar(255),
        state_name varchar(255),
        alternative_phone varchar(255),
        company varchar(255),
        state_id integer REFERENCES states(id),
        country_id integer REFERENCES countries(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE users (
        id serial PRIMARY KEY,
        email varchar(255) NOT NULL,
        encrypted_password varchar(255) NOT NULL,
        admin boolean NOT NULL DEFAULT false,
        bill_address_id integer REFERENCES addresses(id) ON DELETE SET NULL,
        ship_address_id integer REFERENCES addresses(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));
      -- One key per sign-in (and per admin bootstrap or CLI run), so signing in
      -- on one device does not sign the user out elsewhere. Only digests are kept.
      CREATE TABLE api_keys (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        digest char(64) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX api_keys_user_id_idx ON api_keys (user_id);

      CREATE TABLE shipping_categories (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE tax_categories (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        description varchar(255),
        is_default boolean NOT NULL DEFAULT false,
        tax_code varchar(255),
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX tax_categories_name_key ON tax_categories (name) WHERE deleted_at IS NULL;
      CREATE TABLE tax_rates (
        id serial PRIMARY KEY,
        name varchar(255),
        amount numeric(8,5) NOT NULL CHECK (amount >= 0),
        zone_id integer NOT NULL REFERENCES zones(id),
        tax_category_id integer NOT NULL REFERENCES tax_categories(id),
        included_in_price boolean NOT NULL DEFAULT false,
        show_rate_in_label boolean NOT NULL DEFAULT true,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE shipping_methods (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        admin_name varchar(255),
        code varchar(255),
        display_on varchar(255),
        tracking_url varchar(255),
        -- Spree's calculators: flat_rate (per order), per_item, flat_percent_item_total
        calculator_type varchar(64) NOT NULL DEFAULT 'flat_rate',
        calculator_amount numeric(10,2) NOT NULL DEFAULT 0 CHECK (calculator_amount >= 0),
        calculator_currency char(3) NOT NULL DEFAULT 'USD',
        tax_category_id integer REFERENCES tax_categories(id),
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE shipping_method_categories (
        shipping_method_id integer NOT NULL REFERENCES shipping_methods(id) ON DELETE CASCADE,
        shipping_category_id integer NOT NULL REFERENCES shipping_categories(id) ON DELETE CASCADE,
        PRIMARY KEY (shipping_method_id, shipping_category_id)
      );
      CREATE TABLE shipping_method_zones (
        shipping_method_id integer NOT NULL REFERENCES shipping_methods(id) ON DELETE CASCADE,
        zone_id integer NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
        PRIMARY KEY (shipping_method_id, zone_id)
      );
      CREATE TABLE payment_methods (
        id serial PRIMARY KEY,
        type varchar(255) NOT NULL,
        name varchar(255) NOT NULL,
        description text,
        active boolean NOT NULL DEFAULT true,
        environment varchar(255) NOT NULL DEFAULT 'development',
        display_on varchar(255),
        auto_capture boolean,
        preferences jsonb NOT NULL DEFAULT '{}',
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE products (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        description text,
        available_on timestamptz,
        deleted_at timestamptz,
        slug varchar(255) NOT NULL,
        meta_description text,
        meta_keywords varchar(255),
        tax_category_id integer REFERENCES tax_categories(id),
        shipping_category_id integer NOT NULL REFERENCES shipping_categories(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX products_slug_key ON products (slug);
      CREATE INDEX products_available_on_idx ON products (available_on);
      CREATE INDEX products_deleted_at_idx ON products (deleted_at);

      CREATE TABLE variants (
        id serial PRIMARY KEY,
        product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        sku varchar(255) NOT NULL DEFAULT '',
        weight numeric(8,2),
        height numeric(8,2),
        width numeric(8,2),
        depth numeric(8,2),
        is_master boolean NOT NULL DEFAULT false,
        cost_price numeric(10,2),
        cost_currency char(3),
        position integer NOT NULL DEFAULT 0,
        track_inventory boolean NOT NULL DEFAULT true,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX variants_product_id_idx ON variants (product_id);
      CREATE UNIQUE INDEX variants_one_master ON variants (product_id) WHERE is_master AND deleted_at IS NULL;
      CREATE INDEX variants_sku_idx ON variants (sku);

      CREATE TABLE prices (
        id serial PRIMARY KEY,
        variant_id integer NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        amount numeric(10,2) CHECK (amount >= 0),
        currency char(3) NOT NULL,
        UNIQUE (variant_id, currency)
      );

      CREATE TABLE option_types (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL UNIQUE,
        presentation varchar(100) NOT NULL,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE option_values (
        id serial PRIMARY KEY,
        option_type_id integer NOT NULL REFERENCES option_types(id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        presentation varchar(255) NOT NULL,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX option_values_option_type_id_idx ON option_values (option_type_id);
      CREATE TABLE product_option_types (
        product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        option_type_id integer NOT NULL REFERENCES option_types(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        PRIMARY KEY (product_id, option_type_id)
      );
      CREATE TABLE option_values_variants (
        variant_id integer NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        option_value_id integer NOT NULL REFERENCES option_values(id) ON DELETE CASCADE,
        PRIMARY KEY (variant_id, option_value_id)
      );
      CREATE INDEX option_values_variants_option_value_idx ON option_values_variants (option_value_id);

      CREATE TABLE properties (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL UNIQUE,
        presentation varchar(255) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE product_properties (
        id serial PRIMARY KEY,
        product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        property_id integer NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        value varchar(255),
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (product_id, property_id)
      );

      -- Spree's assets table, images only; an image belongs to a variant
      -- (the master variant for product images).
      CREATE TABLE images (
        id serial PRIMARY KEY,
        variant_id integer NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        alt text,
        attachment_file_name varchar(255) NOT NULL,
        attachment_content_type varchar(255) NOT NULL,
        attachment_file_size integer,
        attachment_width integer,
        attachment_height integer,
        attachment_updated_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX images_variant_id_idx ON images (variant_id, position);

      CREATE TABLE taxonomies (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE taxons (
        id serial PRIMARY KEY,
        taxonomy_id integer NOT NULL REFERENCES taxonomies(id) ON DELETE CASCADE,
        parent_id integer REFERENCES taxons(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        name varchar(255) NOT NULL,
        permalink varchar(255) NOT NULL,
        description text,
        meta_title varchar(255),
        meta_description varchar(255),
        meta_keywords varchar(255),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX taxons_parent_id_idx ON taxons (parent_id, position);
      CREATE INDEX taxons_taxonomy_id_idx ON taxons (taxonomy_id);
      CREATE UNIQUE INDEX taxons_one_root ON taxons (taxonomy_id) WHERE parent_id IS NULL;
      CREATE INDEX taxons_permalink_idx ON taxons (permalink);
      CREATE TABLE classifications (
        id serial PRIMARY KEY,
        product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        taxon_id integer NOT NULL REFERENCES taxons(id) ON DELETE CASCADE,
        position integer NOT NULL DEFAULT 0,
        UNIQUE (taxon_id, product_id)
      );
      CREATE INDEX classifications_product_id_idx ON classifications (product_id);

      CREATE TABLE stock_locations (
        id serial PRIMARY KEY,
        name varchar(255) NOT NULL,
        admin_name varchar(255),
        address1 varchar(255),
        address2 varchar(255),
        city varchar(255),
        state_id integer REFERENCES states(id),
        state_name varchar(255),
        country_id integer REFERENCES countries(id),
        zipcode varchar(255),
        phone varchar(255),
        active boolean NOT NULL DEFAULT true,
        backorderable_default boolean NOT NULL DEFAULT false,
        propagate_all_variants boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE stock_items (
        id serial PRIMARY KEY,
        stock_location_id integer NOT NULL REFERENCES stock_locations(id) ON DELETE CASCADE,
        variant_id integer NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
        count_on_hand integer NOT NULL DEFAULT 0,
        backorderable boolean NOT NULL DEFAULT false,
        lock_version integer NOT NULL DEFAULT 0,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX stock_items_location_variant_key ON stock_items (stock_location_id, variant_id) WHERE deleted_at IS NULL;
      CREATE INDEX stock_items_variant_id_idx ON stock_items (variant_id);
      CREATE TABLE stock_movements (
        id serial PRIMARY KEY,
        stock_item_id integer NOT NULL REFERENCES stock_items(id) ON DELETE CASCADE,
        quantity integer NOT NULL,
        action varchar(255),
        originator_type varchar(255),
        originator_id integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stock_movements_stock_item_id_idx ON stock_movements (stock_item_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS stock_movements, stock_items, stock_locations, classifications, taxons,
        taxonomies, images, product_properties, properties, option_values_variants,
        product_option_types, option_values, option_types, prices, variants, products,
        payment_methods, shipping_method_zones, shipping_method_categories, shipping_methods,
        tax_rates, tax_categories, shipping_categories, api_keys, users, addresses, zone_members, zones,
        states, countries CASCADE;
    `);
  }
}
