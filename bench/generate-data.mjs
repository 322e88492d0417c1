#!/usr/bin/env node
// npm run bench:data -- --products N --orders M [--users U] [--reset] [--build]
//
// Fills the benchmark database (DATABASE_URL, default commerce_bench on the
// local server; created and migrated when missing) with a realistic store:
// products with 2 option types, 3–6 variants, 2 images, 3 properties, 2
// taxons, prices and stock in 2 locations; completed orders (line items,
// shipments with their rates and inventory units, card payments, addresses)
// spread over many customers and a year. Rows are written by set-based
// INSERT … SELECT inside PostgreSQL (no row crosses the network), with
// foreign-key triggers off while loading (every id written is consistent by
// construction), then VACUUM ANALYZE so the planner sees the real sizes.
// Values come from hashes of row numbers: the same sizes give the same data.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { benchDatabaseUrl, build, ensureDatabase, fromDist, parseArgsOrExit, require } from './lib/common.mjs';
import { BRANDS, CATEGORIES, COLORS, SIZES, WORDS } from './lib/vocabulary.mjs';

const USAGE = 'usage: npm run bench:data -- [--products 10000] [--orders 100000] [--users N (default orders/4)] [--reset] [--build]';
const args = parseArgsOrExit(
  parseArgs,
  {
    products: { type: 'string', default: '10000' },
    orders: { type: 'string', default: '100000' },
    users: { type: 'string' },
    reset: { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
  },
  USAGE,
);
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const products = Number(args.products);
const orders = Number(args.orders);
const users = Number(args.users ?? Math.max(100, Math.ceil(orders / 4)));
for (const [name, n] of Object.entries({ products, orders, users })) {
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number\n${USAGE}`);
    process.exit(2);
  }
}
if (orders > 0 && products === 0) {
  console.error('orders need products: give --products too');
  process.exit(2);
}

const url = benchDatabaseUrl();
const timings = {};
async function step(name, fn) {
  const started = Date.now();
  const result = await fn();
  timings[name] = (Date.now() - started) / 1000;
  console.error(`  ${name.padEnd(28)} ${timings[name].toFixed(1)} s`);
  return result;
}

const started = Date.now();
build({ force: args.build });
const config = await step('database ready (migrations)', () => ensureDatabase(url, { reset: args.reset }));
// Order tokens are kept as the service keeps them: a digest, and sealed with SECRET_KEY (see order-token.ts).
const secretBox = fromDist('config/secret-box.js').SecretBox.fromSecretKey(config.secretKey);
const { Client } = require('pg');
const db = new Client({ connectionString: url });
await db.connect();
const q = async (sql, params) => {
  const t0 = Date.now();
  const result = await db.query(sql, params);
  if (process.env.BENCH_VERBOSE && Date.now() - t0 >= 100) console.error(`    ${((Date.now() - t0) / 1000).toFixed(2)} s  ${sql.replace(/\s+/g, ' ').slice(0, 70)}`);
  return result;
};
const one = async (sql, params) => (await q(sql, params)).rows[0];

try {
  // A loader, not the app: skip FK triggers (needs a superuser; without one it is only slower).
  await q(`SET session_replication_role = replica`).catch(() => console.error('  (not a superuser: foreign-key checks stay on, loading is slower)'));
  await q(`SET synchronous_commit = off`);
  // h(x, salt, n): a stable pseudo-random integer in [0, n) for row x.
  await q(`CREATE FUNCTION pg_temp.h(x bigint, salt int, n int) RETURNS int LANGUAGE sql IMMUTABLE
           AS $$ SELECT (hashint8(x * 7919 + salt) & 2147483647) % n $$`);

  const ref = await step('scaffolding', () => scaffolding());
  if (products > 0) await step('catalog', () => transaction(() => catalog(ref)));
  if (orders > 0) {
    await step('customers', () => transaction(() => customers(ref)));
    await step('orders', () => transaction(() => completedOrders(ref)));
  }
  await step('sequences', () => resetSequences());
  await q(`SET session_replication_role = DEFAULT`).catch(() => undefined);
  // Loaded with triggers off: the trigger-kept product counter is recounted.
  await step('derived counts', () => q(`SELECT refresh_product_counts()`));
  await step('vacuum analyze', () => q('VACUUM ANALYZE'));

  const counts = await one(`SELECT (SELECT count(*) FROM products)::int AS products, (SELECT count(*) FROM variants WHERE NOT is_master)::int AS variants,
    (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM orders WHERE state = 'complete')::int AS completed_orders,
    (SELECT count(*) FROM line_items)::int AS line_items, pg_size_pretty(pg_database_size(current_database())) AS size`);
  const total = (Date.now() - started) / 1000;
  console.error(`Generated ${products} products and ${orders} orders in ${total.toFixed(1)} s (${url.replace(/\/\/[^@]*@/, '//')})`);
  console.error(`Database now holds: ${JSON.stringify(counts)}`);
  console.log(JSON.stringify({ products, orders, users, seconds: total, steps: timings, database: counts }));
} finally {
  await db.end();
}

async function transaction(fn) {
  await q('BEGIN');
  try {
    const result = await fn();
    await q('COMMIT');
    return result;
  } catch (error) {
    await q('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

function sqlArray(values) {
  return `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;
}

/** Option types and values, properties, taxonomies, the second stock location: found or made once. */
async function scaffolding() {
  // The select reads the first of the insert's parameters ($1…$n).
  const used = (sql, params) => params.slice(0, Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1]))));
  const idOf = async (select, insert, params) => (await one(select, used(select, params)))?.id ?? (await one(insert, used(insert, params))).id;
  const optionType = async (name, presentation, position, values) => {
    const id = await idOf(`SELECT id FROM option_types WHERE name = $1`, `INSERT INTO option_types (name, presentation, position) VALUES ($1, $2, $3) RETURNING id`, [name, presentation, position]);
    const valueIds = [];
    for (const [i, value] of values.entries()) {
      valueIds.push(
        await idOf(`SELECT id FROM option_values WHERE option_type_id = $1 AND name = $2`, `INSERT INTO option_values (option_type_id, name, presentation, position) VALUES ($1, $2, $3, $4) RETURNING id`, [
          id,
          value.toLowerCase(),
          value,
          i + 1,
        ]),
      );
    }
    return { id, valueIds };
  };
  const color = await optionType('color', 'Color', 1, COLORS);
  const size = await optionType('size', 'Size', 2, SIZES);
  const propertyIds = [];
  for (const [name, presentation] of [['material', 'Material'], ['brand', 'Brand'], ['fit', 'Fit']]) {
    propertyIds.push(await idOf(`SELECT id FROM properties WHERE name = $1`, `INSERT INTO properties (name, presentation) VALUES ($1, $2) RETURNING id`, [name, presentation]));
  }
  const taxonomy = async (name, position, children) => {
    const taxonomyId = await idOf(`SELECT id FROM taxonomies WHERE name = $1 ORDER BY id LIMIT 1`, `INSERT INTO taxonomies (name, position) VALUES ($1, $2) RETURNING id`, [name, position]);
    const root = name.toLowerCase();
    const rootId = await idOf(
      `SELECT id FROM taxons WHERE taxonomy_id = $1 AND parent_id IS NULL`,
      `INSERT INTO taxons (taxonomy_id, name, permalink, position) VALUES ($1, $2, $3, 0) RETURNING id`,
      [taxonomyId, name, root],
    );
    const ids = [];
    for (const [i, child] of children.entries()) {
      const permalink = `${root}/${child.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
      ids.push(
        await idOf(`SELECT id FROM taxons WHERE taxonomy_id = $1 AND permalink = $2`, `INSERT INTO taxons (taxonomy_id, parent_id, name, permalink, position) VALUES ($1, $4, $3, $2, $5) RETURNING id`, [
          taxonomyId,
          permalink,
          child,
          rootId,
          i + 1,
        ]),
      );
    }
    return ids;
  };
  const categoryTaxonIds = await taxonomy('Categories', 1, CATEGORIES);
  const brandTaxonIds = await taxonomy('Brands', 2, BRANDS);
  const locationIds = [
    (await one(`SELECT id FROM stock_locations WHERE name = 'default'`)).id,
    await idOf(
      `SELECT id FROM stock_locations WHERE name = $1`,
      `INSERT INTO stock_locations (name, admin_name, city, country_id, active, backorderable_default, propagate_all_variants)
       SELECT $1, $1, 'Newark', id, true, false, true FROM countries WHERE iso = 'US' RETURNING id`,
      ['East Warehouse'],
    ),
  ];
  const { id: shippingCategoryId } = await one(`SELECT id FROM shipping_categories WHERE name = 'Default'`);
  const { id: taxCategoryId } = await one(`SELECT id FROM tax_categories WHERE name = 'Default' AND deleted_at IS NULL`);
  const shippingMethods = (await q(`SELECT id, calculator_amount AS amount FROM shipping_methods WHERE deleted_at IS NULL ORDER BY id LIMIT 3`)).rows;
  const { id: creditCardMethodId } = await one(`SELECT id FROM payment_methods WHERE name = 'Credit Card' AND deleted_at IS NULL`);
  const { id: usId } = await one(`SELECT id FROM countries WHERE iso = 'US'`);
  const usStateIds = (await q(`SELECT id FROM states WHERE country_id = $1 ORDER BY id`, [usId])).rows.map((r) => r.id);
  return { usStateIds, color, size, propertyIds, categoryTaxonIds, brandTaxonIds, locationIds, shippingCategoryId, taxCategoryId, shippingMethods, creditCardMethodId, usId };
}

/** The next free id of a table: rows of this run get explicit ids base+1…base+n, sequences are moved past them afterwards. */
async function nextBase(table) {
  return Number((await one(`SELECT coalesce(max(id), 0) AS id FROM ${table}`)).id);
}

async function catalog(ref) {
  const pb = await nextBase('products');
  const vb = await nextBase('variants');
  // Every 10th product is the checkout benchmark's: a million units in each location, backorderable.
  const words = (list, salt) => `(${sqlArray(list)})[1 + pg_temp.h(g, ${salt}, ${list.length})]`;
  await q(
    `CREATE TEMP TABLE gp ON COMMIT DROP AS
     SELECT g, ${pb} + g AS product_id, ${vb} + (g - 1) * 7 + 1 AS master_id, 3 + pg_temp.h(g, 1, 4) AS variant_count,
            ${words(WORDS.adjectives, 2)} || ' ' || ${words(WORDS.materials, 3)} || ' ' || ${words(WORDS.nouns, 4)} AS name,
            ${words(WORDS.materials, 3)} AS material, pg_temp.h(g, 5, ${BRANDS.length}) AS brand, pg_temp.h(g, 6, ${CATEGORIES.length}) AS category,
            (999 + pg_temp.h(g, 7, 19000))::numeric / 100 AS price, g % 10 = 0 AS checkout_stock
     FROM generate_series(1, $1::int) g`,
    [products],
  );
  await q(
    `INSERT INTO products (id, name, description, available_on, slug, meta_description, meta_keywords, tax_category_id, shipping_category_id, created_at, updated_at)
     SELECT product_id, name,
            'The ' || lower(name) || ' is made of ' || lower(material) || ' and built to last. ' || repeat('Comfortable, durable and easy to care for. ', 1 + g % 4),
            now() - make_interval(days => 1 + pg_temp.h(g, 8, 700)), lower(replace(name, ' ', '-')) || '-' || product_id,
            name || ' by ' || (${sqlArray(BRANDS)})[1 + brand], lower(material), $1, $2,
            now() - make_interval(days => 1 + pg_temp.h(g, 8, 700)), now() - make_interval(days => pg_temp.h(g, 9, 30))
     FROM gp`,
    [ref.taxCategoryId, ref.shippingCategoryId],
  );
  // Variant k of product g has id master_id + k (k = 0 is the master); colours and sizes make unique pairs.
  await q(
    `CREATE TEMP TABLE gv ON COMMIT DROP AS
     SELECT gp.g, gp.product_id, gp.master_id + k AS variant_id, k, gp.price, gp.checkout_stock
     FROM gp CROSS JOIN LATERAL generate_series(0, gp.variant_count) k`,
  );
  await q(
    `INSERT INTO variants (id, product_id, sku, weight, height, width, depth, is_master, cost_price, cost_currency, position, track_inventory)
     SELECT variant_id, product_id, CASE WHEN k = 0 THEN 'SKU-' || product_id ELSE 'SKU-' || product_id || '-' || k END,
            (1 + pg_temp.h(g, 10, 500))::numeric / 100, 10, 20, 5, k = 0, round(price * 0.6, 2), 'USD', k + 1, true
     FROM gv`,
  );
  await q(`INSERT INTO prices (variant_id, amount, currency) SELECT variant_id, price, 'USD' FROM gv`);
  await q(
    `INSERT INTO product_option_types (product_id, option_type_id, position)
     SELECT product_id, $1::int, 1 FROM gp UNION ALL SELECT product_id, $2::int, 2 FROM gp`,
    [ref.color.id, ref.size.id],
  );
  await q(
    `INSERT INTO option_values_variants (variant_id, option_value_id)
     SELECT variant_id, ($1::int[])[1 + (g + (k - 1) / 3) % ${COLORS.length}] FROM gv WHERE k > 0
     UNION ALL
     SELECT variant_id, ($2::int[])[1 + (g + (k - 1) % 3) % ${SIZES.length}] FROM gv WHERE k > 0`,
    [ref.color.valueIds, ref.size.valueIds],
  );
  await q(
    `INSERT INTO images (variant_id, position, alt, attachment_file_name, attachment_content_type, attachment_file_size, attachment_width, attachment_height, attachment_updated_at)
     SELECT master_id, n, name || CASE n WHEN 1 THEN '' ELSE ' (back)' END, lower(replace(name, ' ', '_')) || '_' || product_id || '_' || n || '.jpg',
            'image/jpeg', 40000 + pg_temp.h(g, 10 + n, 80000), 1200, 1200, now()
     FROM gp CROSS JOIN generate_series(1, 2) n`,
  );
  await q(
    `INSERT INTO product_properties (product_id, property_id, value, position)
     SELECT product_id, $1::int, material, 1 FROM gp
     UNION ALL SELECT product_id, $2::int, (${sqlArray(BRANDS)})[1 + brand], 2 FROM gp
     UNION ALL SELECT product_id, $3::int, (ARRAY['Regular', 'Slim', 'Relaxed'])[1 + g % 3], 3 FROM gp`,
    ref.propertyIds,
  );
  await q(
    `INSERT INTO classifications (product_id, taxon_id, position)
     SELECT product_id, ($1::int[])[1 + category], g FROM gp
     UNION ALL SELECT product_id, ($2::int[])[1 + brand], g FROM gp`,
    [ref.categoryTaxonIds, ref.brandTaxonIds],
  );
  await q(
    `INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable)
     SELECT loc, variant_id, CASE WHEN checkout_stock THEN 1000000 ELSE pg_temp.h(variant_id, loc, 60) END, checkout_stock
     FROM gv CROSS JOIN unnest($1::int[]) loc`,
    [ref.locationIds],
  );
  const vmax = vb + products * 7;
  await q(
    `INSERT INTO stock_movements (stock_item_id, quantity, action)
     SELECT id, count_on_hand, 'received' FROM stock_items WHERE variant_id > $1 AND variant_id <= $2 AND count_on_hand > 0`,
    [vb, vmax],
  );
}

/** Customers: one shared password hash (bcrypt would take minutes for thousands). */
async function customers() {
  const ub = await nextBase('users');
  const { hashPassword } = fromDist('accounts/users/passwords.js');
  const hash = await hashPassword('bench-secret', 12); // the service's production cost (AppConfig.passwordHashCost)
  await q(
    `INSERT INTO users (id, email, encrypted_password, created_at, updated_at)
     SELECT $1::int + g, 'customer' || ($1::int + g) || '@example.com', $2, now() - make_interval(days => 365 + pg_temp.h(g, 20, 365)), now()
     FROM generate_series(1, $3::int) g`,
    [ub, hash, users],
  );
  customers.range = [ub + 1, ub + users];
}

async function completedOrders(ref) {
  const [firstUser] = customers.range;
  const ob = await nextBase('orders');
  const ab = await nextBase('addresses');
  const sb = await nextBase('shipments');
  const pb = await nextBase('payments');
  const cb = await nextBase('credit_cards');
  // Orders buy variants of any product bought before (the catalog of this run or an earlier one).
  await q(
    `CREATE TEMP TABLE buyable ON COMMIT DROP AS
     SELECT (row_number() OVER (ORDER BY v.id))::int - 1 AS idx, v.id AS variant_id, p.amount AS price, round(p.amount * 0.6, 2) AS cost_price
     FROM variants v JOIN prices p ON p.variant_id = v.id AND p.currency = 'USD'
     WHERE NOT v.is_master AND v.deleted_at IS NULL`,
  );
  const { n: buyable } = await one(`SELECT count(*)::int AS n FROM buyable`);
  await q(`CREATE INDEX ON buyable (idx)`);
  // 1–4 different variants per order, 1–2 units each.
  await q(
    `CREATE TEMP TABLE plan ON COMMIT DROP AS
     SELECT DISTINCT ON (g, b.variant_id) g, b.variant_id, b.price, b.cost_price, 1 + pg_temp.h(g, 30 + k, 5) / 4 AS quantity
     FROM generate_series(1, $1::int) g
     CROSS JOIN LATERAL generate_series(1, 1 + pg_temp.h(g, 29, 4)) k
     JOIN buyable b ON b.idx = pg_temp.h(g, 40 + k, $2::int)`,
    [orders, buyable],
  );
  await q(
    `CREATE TEMP TABLE go ON COMMIT DROP AS
     SELECT g, ${ob} + g AS order_id, $1::int + pg_temp.h(g, 21, $2::int) AS user_id, pg_temp.h(g, 22, 3) AS method,
            sum(price * quantity) AS item_total, sum(quantity)::int AS item_count,
            now() - make_interval(secs => ($3::int - g)::float8 / $3::int * 365 * 86400 + 3600) AS completed_at,
            g > $3::int * 0.97 AS recent
     FROM plan GROUP BY g`,
    [firstUser, users, orders],
  );
  await q(`ALTER TABLE go ADD COLUMN shipping numeric(10,2)`);
  await q(`UPDATE go SET shipping = ($1::numeric[])[1 + method]`, [ref.shippingMethods.map((m) => m.amount)]);
  await q(
    `INSERT INTO addresses (id, firstname, lastname, address1, city, zipcode, phone, state_id, country_id, created_at, updated_at)
     SELECT ${ab} + (go.g - 1) * 2 + n, (${sqlArray(WORDS.firstnames)})[1 + pg_temp.h(user_id, 23, ${WORDS.firstnames.length})],
            (${sqlArray(WORDS.lastnames)})[1 + pg_temp.h(user_id, 24, ${WORDS.lastnames.length})],
            (100 + pg_temp.h(user_id, 25, 9800)) || ' ' || (${sqlArray(WORDS.streets)})[1 + pg_temp.h(user_id, 26, ${WORDS.streets.length})],
            (${sqlArray(WORDS.cities)})[1 + pg_temp.h(user_id, 27, ${WORDS.cities.length})], lpad((10000 + pg_temp.h(user_id, 28, 89999))::text, 5, '0'),
            '555' || lpad(pg_temp.h(user_id, 29, 9999999)::text, 7, '0'), ($2::int[])[1 + pg_temp.h(user_id, 31, $3::int)], $1, completed_at, completed_at
     FROM go CROSS JOIN generate_series(1, 2) n`,
    [ref.usId, ref.usStateIds, ref.usStateIds.length],
  );
  await q(
    `INSERT INTO orders (id, number, state, user_id, created_by_id, email, token_digest, token_sealed, currency, item_total, shipment_total, payment_total, total, item_count,
                         payment_state, shipment_state, bill_address_id, ship_address_id, completed_at, created_at, updated_at)
     SELECT order_id, 'R' || lpad(order_id::text, 9, '0'), 'complete', go.user_id, go.user_id, u.email,
            encode(sha256(convert_to(md5('bench-order-' || order_id), 'UTF8')), 'hex'), ($1::text[])[g], 'USD',
            item_total, shipping, item_total + shipping, item_total + shipping, item_count, 'paid', CASE WHEN recent THEN 'ready' ELSE 'shipped' END,
            ${ab} + (g - 1) * 2 + 1, ${ab} + (g - 1) * 2 + 2, completed_at, completed_at - interval '12 minutes', completed_at
     FROM go JOIN users u ON u.id = go.user_id`,
    [Array.from({ length: orders }, (_, i) => secretBox.seal('orders.token', createHash('md5').update(`bench-order-${ob + i + 1}`).digest('hex')))],
  );
  // Line items and their inventory units (one per unit) in one pass.
  await q(
    `WITH li AS (
       INSERT INTO line_items (order_id, variant_id, quantity, price, cost_price, currency, pre_tax_amount, created_at, updated_at)
       SELECT ${ob} + g, variant_id, quantity, price, cost_price, 'USD', price * quantity, now(), now() FROM plan
       RETURNING id, order_id, variant_id, quantity)
     INSERT INTO inventory_units (order_id, shipment_id, line_item_id, variant_id, state, pending)
     SELECT order_id, ${sb} + (order_id - ${ob}), id, variant_id, CASE WHEN order_id - ${ob} > $1::int * 0.97 THEN 'on_hand' ELSE 'shipped' END, false
     FROM li CROSS JOIN LATERAL generate_series(1, li.quantity)`,
    [orders],
  );
  await q(
    `INSERT INTO shipments (id, order_id, number, stock_location_id, state, cost, shipped_at, pre_tax_amount, created_at, updated_at)
     SELECT ${sb} + g, order_id, 'H' || lpad((${sb} + g)::text, 11, '0'), ($1::int[])[1 + g % 2], CASE WHEN recent THEN 'ready' ELSE 'shipped' END,
            shipping, CASE WHEN recent THEN NULL ELSE completed_at + interval '1 day' END, shipping, completed_at - interval '5 minutes', completed_at
     FROM go`,
    [ref.locationIds],
  );
  await q(
    `INSERT INTO shipping_rates (shipment_id, shipping_method_id, cost, selected)
     SELECT ${sb} + g, ($1::int[])[m], ($2::numeric[])[m], m = 1 + method FROM go CROSS JOIN generate_series(1, $3::int) m`,
    [ref.shippingMethods.map((m) => m.id), ref.shippingMethods.map((m) => m.amount), ref.shippingMethods.length],
  );
  await q(
    `INSERT INTO credit_cards (id, user_id, payment_method_id, month, year, cc_type, last_digits, name, gateway_customer_profile_id, gateway_payment_profile_id)
     SELECT ${cb} + g, user_id, $1, 1 + g % 12, extract(year FROM now())::int + 1 + g % 4, 'visa', '1111', 'Customer ' || user_id, 'BGS-' || user_id, 'BGS-' || order_id
     FROM go`,
    [ref.creditCardMethodId],
  );
  await q(
    `INSERT INTO payments (id, order_id, payment_method_id, source_type, source_id, amount, state, response_code, avs_response, identifier, created_at, updated_at)
     SELECT ${pb} + g, order_id, $1, 'Spree::CreditCard', ${cb} + g, item_total + shipping, 'completed', '12345', 'D', upper(substr(md5('bench-payment-' || order_id), 1, 12)),
            completed_at - interval '1 minute', completed_at
     FROM go`,
    [ref.creditCardMethodId],
  );
}

async function resetSequences() {
  for (const table of ['products', 'variants', 'users', 'orders', 'addresses', 'shipments', 'payments', 'credit_cards']) {
    await q(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), GREATEST((SELECT max(id) FROM ${table}), 1))`);
  }
}
