#!/usr/bin/env node
// The lean reference (issue 27): what the service's hot paths cost when written by hand.
// Plain node:http + pg, no framework, no ORM, no cache; every statement prepared (named).
// Serves, from the service's own database and schema, the same Spree 2.2 JSON (key for key) for
//   GET /api/products (paginated), GET /api/products?q[name_cont]=…, GET /api/products/:id|:slug,
//   and the guest checkout journey of bench/load.mjs (create, line items, next, addresses,
//   rate choice, card payment, complete), writing the same rows as the service: order, line items,
//   addresses, shipment with its rates, inventory units, card, payment, state changes, stock
//   movements, stock locked FOR UPDATE at completion.
// Left out on purpose (so the service cannot reach a ratio of 1.0): taxes, promotions, the event
// outbox and webhooks, the payment gateway journal, idempotency keys, rate limits, access log,
// input validation beyond what the journey needs. Not a product: a yardstick.
//
//   DATABASE_URL=… SECRET_KEY=… PORT=4001 node bench/lean-reference/server.mjs
// Statement counts: GET /__lean/stats → {statements, transactionControl} (BEGIN/COMMIT apart, as the service counts them). SECRET_KEY as the service's (.data/secret-key
// when unset), so order tokens are sealed the same way.
import { createCipheriv, createHash, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(join(ROOT, 'package.json'));
const pg = require('pg');

export async function startLeanReference({ databaseUrl, secretKey, port = 0, poolSize = 10 } = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const key = secretKey ?? process.env.SECRET_KEY ?? (existsSync(join(ROOT, '.data', 'secret-key')) ? readFileSync(join(ROOT, '.data', 'secret-key'), 'utf8').trim() : null);
  if (!key) throw new Error('SECRET_KEY is needed (the service seals order tokens with it)');
  const encryptionKey = Buffer.from(hkdfSync('sha256', Buffer.from(key, 'utf8'), 'commerce-api', 'aes-256-gcm', 32));
  const seal = (purpose, plaintext) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `v1.${Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64url')}`;
  };
  const digest = (s) => createHash('sha256').update(s, 'utf8').digest('hex');
  const stats = { statements: 0, transactionControl: 0 };
  /** A named (prepared) statement on a client or the pool. */
  const q = (db, name, text, values = []) => {
    stats.statements++;
    return db.query({ name, text, values }).then((r) => r.rows);
  };
  const tx = async (fn) => {
    const c = await pool.connect();
    try {
      stats.transactionControl++;
      await c.query('BEGIN');
      const out = await fn(c);
      stats.transactionControl++;
      await c.query('COMMIT');
      return out;
    } catch (e) {
      await c.query('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      c.release();
    }
  };

  // ---- money ------------------------------------------------------------
  const cents = (s) => Math.round(Number(s) * 100); // numeric(11,3) strings of USD amounts ("19.990") → integer cents (exact for these sizes)
  const money = (c) => (c < 0 ? '-' : '') + (Math.abs(c) / 100).toFixed(2);
  const display = (c) => (c < 0 ? '-$' : '$') + (Math.abs(c) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

  // ---- catalog ----------------------------------------------------------
  // A product's own columns and, in the same statement (a page's rows chosen first, in a subquery: details only for them), every detail its JSON shows: variants with price, stock,
  // option values and images; taxons, option types, properties (as JSON built by PostgreSQL).
  const PRODUCT_COLS = `p.id, p.name, p.description, p.available_on, p.slug, p.meta_description, p.meta_keywords, p.shipping_category_id, p.deleted_at,
        (SELECT json_agg(json_build_object('id', v.id, 'product_id', v.product_id, 'sku', v.sku, 'weight', v.weight::text, 'height', v.height::text, 'width', v.width::text,
            'depth', v.depth::text, 'is_master', v.is_master, 'track_inventory', v.track_inventory,
            'price', (SELECT amount::text FROM prices pr WHERE pr.variant_id = v.id AND pr.currency = 'USD' LIMIT 1),
            'on_hand', COALESCE((SELECT sum(count_on_hand) FROM stock_items s WHERE s.variant_id = v.id AND s.deleted_at IS NULL), 0)::int,
            'available', COALESCE((SELECT bool_or(count_on_hand > 0 OR backorderable) FROM stock_items s WHERE s.variant_id = v.id AND s.deleted_at IS NULL), false),
            'option_values', (SELECT json_agg(json_build_object('id', ov.id, 'name', ov.name, 'presentation', ov.presentation, 'option_type_name', ot.name, 'option_type_id', ot.id,
                'option_type_presentation', ot.presentation) ORDER BY ot.position, ov.position)
              FROM option_values_variants ovv JOIN option_values ov ON ov.id = ovv.option_value_id JOIN option_types ot ON ot.id = ov.option_type_id WHERE ovv.variant_id = v.id),
            'images', (SELECT json_agg(i ORDER BY i.position, i.id) FROM images i WHERE i.variant_id = v.id)
          ) ORDER BY v.is_master DESC, v.position, v.id) FROM variants v WHERE v.product_id = p.id AND v.deleted_at IS NULL) AS variants,
        (SELECT json_agg(c.taxon_id ORDER BY c.position, c.id) FROM classifications c WHERE c.product_id = p.id) AS taxon_ids,
        (SELECT json_agg(json_build_object('id', ot.id, 'name', ot.name, 'presentation', ot.presentation, 'position', ot.position) ORDER BY pot.position, ot.position)
           FROM product_option_types pot JOIN option_types ot ON ot.id = pot.option_type_id WHERE pot.product_id = p.id) AS option_types,
        (SELECT json_agg(json_build_object('id', pp.id, 'product_id', pp.product_id, 'property_id', pp.property_id, 'value', pp.value, 'property_name', pr.name) ORDER BY pp.position, pp.id)
           FROM product_properties pp JOIN properties pr ON pr.id = pp.property_id WHERE pp.product_id = p.id) AS product_properties`;
  function productsJson(products) {
    if (products.length === 0) return [];
    const details = products;
    const variants = details.flatMap((d) => d.variants ?? []);
    const ovs = variants.flatMap((v) => (v.option_values ?? []).map((o) => ({ ...o, variant_id: v.id })));
    const images = variants.flatMap((v) => v.images ?? []);
    const taxons = details.flatMap((d) => (d.taxon_ids ?? []).map((taxon_id) => ({ product_id: d.id, taxon_id })));
    const types = details.flatMap((d) => (d.option_types ?? []).map((t) => ({ ...t, product_id: d.id })));
    const props = details.flatMap((d) => d.product_properties ?? []);
    const group = (rows, k) => rows.reduce((m, r) => (m.get(r[k]) ?? m.set(r[k], []).get(r[k])).push(r) && m, new Map());
    const ovBy = group(ovs, 'variant_id'), imgBy = group(images, 'variant_id'), vBy = group(variants, 'product_id');
    const taxBy = group(taxons, 'product_id'), typeBy = group(types, 'product_id'), propBy = group(props, 'product_id');
    return products.map((p) => {
      const vs = vBy.get(p.id) ?? [];
      const master = vs.find((v) => v.is_master) ?? null;
      const others = vs.filter((v) => !v.is_master);
      return {
        id: p.id, name: p.name, description: p.description,
        price: master?.price ? money(cents(master.price)) : null, display_price: master?.price ? display(cents(master.price)) : null,
        available_on: p.available_on, slug: p.slug, meta_description: p.meta_description, meta_keywords: p.meta_keywords,
        shipping_category_id: p.shipping_category_id, taxon_ids: (taxBy.get(p.id) ?? []).map((t) => t.taxon_id),
        total_on_hand: vs.reduce((s, v) => s + v.on_hand, 0), permalink: p.slug, deleted_at: p.deleted_at,
        has_variants: others.length > 0,
        master: master ? variantSmall(master, p, ovBy, imgBy) : null,
        variants: others.map((v) => variantSmall(v, p, ovBy, imgBy)),
        option_types: (typeBy.get(p.id) ?? []).map(({ id, name, presentation, position }) => ({ id, name, presentation, position })),
        product_properties: (propBy.get(p.id) ?? []).map(({ id, product_id, property_id, value, property_name }) => ({ id, product_id, property_id, value, property_name })),
      };
    });
  }
  function variantSmall(v, p, ovBy, imgBy) {
    const ovs = ovBy.get(v.id) ?? [];
    return {
      id: v.id, name: p.name, sku: v.sku, price: v.price ? money(cents(v.price)) : null, weight: v.weight, height: v.height, width: v.width, depth: v.depth,
      is_master: v.is_master, slug: p.slug, description: p.description, track_inventory: v.track_inventory,
      display_price: v.price ? display(cents(v.price)) : null,
      options_text: ovs.map((o) => `${o.option_type_presentation}: ${o.presentation}`).join(', '),
      in_stock: !v.track_inventory || v.available,
      option_values: ovs.map(({ id, name, presentation, option_type_name, option_type_id, option_type_presentation }) => ({ id, name, presentation, option_type_name, option_type_id, option_type_presentation })),
      images: (imgBy.get(v.id) ?? []).map((i) => {
        const url = (size) => `/spree/products/${i.id}/${size}/${i.attachment_file_name}`;
        return { id: i.id, position: i.position, attachment_content_type: i.attachment_content_type, attachment_file_name: i.attachment_file_name, type: 'Spree::Image',
          attachment_updated_at: i.attachment_updated_at && new Date(i.attachment_updated_at).toISOString(), attachment_width: i.attachment_width, attachment_height: i.attachment_height, alt: i.alt,
          viewable_type: 'Spree::Variant', viewable_id: i.variant_id, mini_url: url('mini'), small_url: url('small'), product_url: url('product'), large_url: url('large') };
      }),
    };
  }
  const likePattern = (s) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  async function productIndex(params) {
    const perPage = Math.min(100, Math.max(1, Number(params.get('per_page')) || 25));
    const page = Math.max(1, Number(params.get('page')) || 1);
    const term = params.get('q[name_cont]');
    const [rows, [{ total }]] = term
      ? await Promise.all([
          q(pool, 'lean_search', `SELECT ${PRODUCT_COLS} FROM (SELECT * FROM products WHERE deleted_at IS NULL AND available_on <= now() AND name ILIKE $1 ORDER BY id LIMIT $2 OFFSET $3) p ORDER BY p.id`, [likePattern(term), perPage, (page - 1) * perPage]),
          q(pool, 'lean_search_count', `SELECT count(*)::int AS total FROM products WHERE deleted_at IS NULL AND available_on <= now() AND name ILIKE $1`, [likePattern(term)]),
        ])
      : await Promise.all([
          q(pool, 'lean_index', `SELECT ${PRODUCT_COLS} FROM (SELECT * FROM products WHERE deleted_at IS NULL AND available_on <= now() ORDER BY id LIMIT $1 OFFSET $2) p ORDER BY p.id`, [perPage, (page - 1) * perPage]),
          q(pool, 'lean_index_count', `SELECT count(*)::int AS total FROM products WHERE deleted_at IS NULL AND available_on <= now()`),
        ]);
    const products = productsJson(rows);
    return { count: products.length, total_count: total, current_page: page, per_page: perPage, pages: Math.ceil(total / perPage), products };
  }
  async function productShow(idOrSlug) {
    const rows = /^\d+$/.test(idOrSlug)
      ? await q(pool, 'lean_product_by_id', `SELECT ${PRODUCT_COLS} FROM products p WHERE id = $1 AND deleted_at IS NULL AND available_on <= now()`, [Number(idOrSlug)])
      : await q(pool, 'lean_product_by_slug', `SELECT ${PRODUCT_COLS} FROM products p WHERE slug = $1 AND deleted_at IS NULL AND available_on <= now()`, [idOrSlug]);
    return rows.length ? productsJson(rows)[0] : null;
  }

  // ---- orders -----------------------------------------------------------
  const ORDER = 'SELECT * FROM orders WHERE number = $1 AND token_digest = $2';
  const stateChange = (c, name, type, id, from, to) =>
    q(c, 'lean_state_change', `INSERT INTO state_changes (name, stateful_type, stateful_id, previous_state, next_state, created_at) VALUES ($1, $2, $3, $4, $5, now())`, [name, type, id, from, to]);
  const checkoutSteps = (o, hasItems) => (o.state === 'cart' && !hasItems ? ['address', 'delivery', 'complete'] : ['confirm', 'complete'].includes(o.state) || o.payment_total_seen ? ['address', 'delivery', 'payment', 'confirm', 'complete'] : ['address', 'delivery', 'payment', 'complete']);
  /** The order's whole JSON, read in one round of statements. */
  async function orderJson(c, o, token) {
    // The order's graph in one statement (JSON built by PostgreSQL); nothing to read for a new, empty cart.
    const empty = o.item_count === 0 && !o.bill_address_id;
    const [g] = empty
      ? [{}]
      : await q(c, 'lean_order_graph', `SELECT
        (SELECT json_agg(json_build_object('a', a, 'country', co, 'state', st)) FROM addresses a JOIN countries co ON co.id = a.country_id LEFT JOIN states st ON st.id = a.state_id WHERE a.id IN ($2, $3)) AS addresses,
        (SELECT json_agg(json_build_object('id', li.id, 'quantity', li.quantity, 'price', li.price::text, 'variant_id', li.variant_id, 'product_id', v.product_id) ORDER BY li.id) FROM line_items li JOIN variants v ON v.id = li.variant_id WHERE li.order_id = $1) AS items,
        (SELECT json_agg(json_build_object('s', s, 'stock_location_name', sl.name,
          'rates', (SELECT json_agg(json_build_object('id', r.id, 'name', m.name, 'cost', r.cost::text, 'selected', r.selected, 'shipping_method_id', r.shipping_method_id) ORDER BY r.cost, r.id) FROM shipping_rates r JOIN shipping_methods m ON m.id = r.shipping_method_id WHERE r.shipment_id = s.id),
          'units', (SELECT json_agg(json_build_object('variant_id', u.variant_id, 'state', u.state, 'quantity', u.n)) FROM (SELECT variant_id, state, count(*)::int AS n FROM inventory_units WHERE shipment_id = s.id GROUP BY variant_id, state) u)) ORDER BY s.id)
          FROM shipments s JOIN stock_locations sl ON sl.id = s.stock_location_id WHERE s.order_id = $1) AS shipments,
        (SELECT json_agg(json_build_object('p', p, 'method_name', pm.name, 'card', cc) ORDER BY p.id) FROM payments p JOIN payment_methods pm ON pm.id = p.payment_method_id LEFT JOIN credit_cards cc ON cc.id = p.source_id AND p.source_type = 'Spree::CreditCard' WHERE p.order_id = $1) AS payments,
        (SELECT json_agg(json_build_object('id', m.id, 'name', m.name,
          'zones', (SELECT json_agg(json_build_object('id', z.id, 'name', z.name, 'description', z.description)) FROM shipping_method_zones mz JOIN zones z ON z.id = mz.zone_id WHERE mz.shipping_method_id = m.id),
          'shipping_categories', (SELECT json_agg(json_build_object('id', sc.id, 'name', sc.name)) FROM shipping_method_categories mc JOIN shipping_categories sc ON sc.id = mc.shipping_category_id WHERE mc.shipping_method_id = m.id)) ORDER BY m.id)
          FROM shipping_methods m WHERE m.deleted_at IS NULL AND EXISTS (SELECT 1 FROM shipments WHERE order_id = $1)) AS methods`, [o.id, o.bill_address_id ?? 0, o.ship_address_id ?? 0]);
    const addresses = (g.addresses ?? []).map((x) => ({ ...x.a, country: x.country, state: x.state }));
    const items = g.items ?? [];
    const shipments = (g.shipments ?? []).map((x) => ({ ...x.s, stock_location_name: x.stock_location_name, rates: x.rates, units: x.units }));
    const payments = (g.payments ?? []).map((x) => ({ ...x.p, method_name: x.method_name, card: x.card }));
    const methods = g.methods ?? [];
    const products = items.length ? productsJson(await q(c, 'lean_order_products', `SELECT ${PRODUCT_COLS} FROM products p WHERE id = ANY($1)`, [[...new Set(items.map((i) => i.product_id))]])) : [];
    const variantOf = (id, productId) => {
      const p = products.find((x) => x.id === productId);
      const v = [p.master, ...p.variants].find((x) => x.id === id);
      return { ...v, product_id: productId };
    };
    const addr = (id) => {
      const a = addresses.find((x) => x.id === id);
      if (!a) return null;
      return { id: a.id, firstname: a.firstname, lastname: a.lastname, full_name: `${a.firstname ?? ''} ${a.lastname ?? ''}`.trim(), address1: a.address1, address2: a.address2,
        city: a.city, zipcode: a.zipcode, phone: a.phone, company: a.company, alternative_phone: a.alternative_phone, country_id: a.country_id, state_id: a.state_id,
        state_name: a.state_name, state_text: a.state?.abbr ?? a.state?.name ?? a.state_name,
        country: { id: a.country.id, iso_name: a.country.iso_name, iso: a.country.iso, iso3: a.country.iso3, name: a.country.name, numcode: a.country.numcode },
        state: a.state ? { id: a.state.id, name: a.state.name, abbr: a.state.abbr, country_id: a.state.country_id } : null };
    };
    const card = (cc) => cc && { id: cc.id, month: String(cc.month), year: String(cc.year), cc_type: cc.cc_type, last_digits: cc.last_digits, name: cc.name };
    const rate = (r) => ({ ...r, cost: money(cents(r.cost)), display_cost: display(cents(r.cost)) });
    const json = {
      id: o.id, number: o.number, item_total: money(cents(o.item_total)), total: money(cents(o.total)), ship_total: money(cents(o.shipment_total)), state: o.state,
      adjustment_total: money(cents(o.adjustment_total)), user_id: o.user_id, created_at: o.created_at, updated_at: o.updated_at, completed_at: o.completed_at,
      payment_total: money(cents(o.payment_total)), shipment_state: o.shipment_state, payment_state: o.payment_state, email: o.email,
      special_instructions: o.special_instructions, channel: o.channel, included_tax_total: '0.00', additional_tax_total: '0.00',
      display_included_tax_total: '$0.00', display_additional_tax_total: '$0.00', tax_total: '0.00', currency: o.currency,
      display_item_total: display(cents(o.item_total)), total_quantity: o.item_count, display_total: display(cents(o.total)),
      display_ship_total: display(cents(o.shipment_total)), display_tax_total: '$0.00', display_adjustment_total: display(cents(o.adjustment_total)),
      token, checkout_steps: checkoutSteps({ ...o, payment_total_seen: payments.length > 0 }, items.length > 0),
      bill_address: addr(o.bill_address_id), ship_address: addr(o.ship_address_id),
      line_items: items.map((li) => lineItemJson(li, variantOf(li.variant_id, li.product_id))),
      payments: payments.map((p) => ({ id: p.id, source_type: p.source_type, source_id: p.source_id, amount: money(cents(p.amount)), display_amount: display(cents(p.amount)),
        payment_method_id: p.payment_method_id, response_code: p.response_code, state: p.state, avs_response: p.avs_response, created_at: p.created_at, updated_at: p.updated_at,
        payment_method: { id: p.payment_method_id, name: p.method_name, environment: 'development' }, source: card(p.card) })),
      shipments: shipments.map((s) => {
        const rates = (s.rates ?? []).map(rate);
        return { id: s.id, tracking: s.tracking, number: s.number, cost: money(cents(s.cost)), shipped_at: s.shipped_at, state: s.state, order_id: o.number,
          stock_location_name: s.stock_location_name, shipping_rates: rates, selected_shipping_rate: rates.find((r) => r.selected) ?? null,
          shipping_methods: methods.map((m) => ({ id: m.id, name: m.name, zones: m.zones ?? [], shipping_categories: m.shipping_categories ?? [] })),
          manifest: Object.values((s.units ?? []).reduce((acc, u) => {
            const e = (acc[u.variant_id] ??= { variant_id: u.variant_id, quantity: 0, states: {} });
            e.quantity += u.quantity;
            e.states[u.state] = u.quantity;
            return acc;
          }, {})) };
      }),
      adjustments: [],
      credit_cards: payments.filter((p) => p.card).map((p) => card(p.card)),
      permissions: { can_update: true },
    };
    if (o.state === 'payment') json.payment_methods = (await q(c, 'lean_payment_methods', `SELECT id, name, type FROM payment_methods WHERE active AND deleted_at IS NULL ORDER BY id`)).map((m) => ({ id: m.id, name: m.name, environment: 'development', method_type: m.type === 'Spree::PaymentMethod::Check' ? 'check' : 'gateway' }));
    return json;
  }
  const lineItemJson = (li, variant) => {
    const price = cents(li.price);
    return { id: li.id, quantity: li.quantity, price: money(price), variant_id: li.variant_id, single_display_amount: display(price), display_amount: display(price * li.quantity),
      total: money(price * li.quantity), display_total: display(price * li.quantity), variant, adjustments: [] };
  };
  const recalc = (c, orderId) =>
    q(c, 'lean_recalc', `UPDATE orders o SET item_total = t.item_total, item_count = t.item_count, shipment_total = t.ship, total = t.item_total + t.ship, updated_at = now()
      FROM (SELECT COALESCE((SELECT sum(price * quantity) FROM line_items WHERE order_id = $1), 0) AS item_total, COALESCE((SELECT sum(quantity) FROM line_items WHERE order_id = $1), 0)::int AS item_count,
                   COALESCE((SELECT sum(cost) FROM shipments WHERE order_id = $1), 0) AS ship) t WHERE o.id = $1 RETURNING o.*`, [orderId]).then((r) => r[0]);

  async function createOrder() {
    const token = randomBytes(16).toString('hex');
    const number = `R${String(randomInt(0, 1e9)).padStart(9, '0')}`;
    return tx(async (c) => {
      const [o] = await q(c, 'lean_order_insert', `INSERT INTO orders (number, state, email, currency, channel, item_total, shipment_total, adjustment_total, promo_total, included_tax_total, additional_tax_total, payment_total, total, item_count, token_digest, token_sealed, created_at, updated_at)
        VALUES ($1, 'cart', NULL, 'USD', 'spree', 0, 0, 0, 0, 0, 0, 0, 0, 0, $2, $3, now(), now()) RETURNING *`, [number, digest(token), seal('orders.token', token)]);
      const json = await orderJson(c, o, token);
      json.permissions.can_update = false; // as the service answers a guest's new order
      return [201, json];
    });
  }
  async function withOrder(number, token, fn) {
    if (!token) return [401, { error: 'You are not authorized to perform that action.' }];
    return tx(async (c) => {
      const [o] = await q(c, 'lean_order_lock', `${ORDER} FOR UPDATE`, [number, digest(token)]);
      if (!o) return [404, { error: 'The resource you were looking for could not be found.' }];
      return fn(c, o);
    });
  }
  const addLineItem = (number, token, body) =>
    withOrder(number, token, async (c, o) => {
      const variantId = Number(body?.line_item?.variant_id);
      const quantity = Number(body?.line_item?.quantity ?? 1);
      if (!Number.isInteger(variantId) || !Number.isInteger(quantity) || quantity < 1) return [422, { error: 'Invalid resource. Please fix errors and try again.', errors: { quantity: ['is invalid'] } }];
      const [li] = await q(c, 'lean_line_item_upsert', `WITH v AS (SELECT v.id, v.cost_price, p.amount FROM variants v JOIN prices p ON p.variant_id = v.id AND p.currency = 'USD' WHERE v.id = $2 AND v.deleted_at IS NULL),
          updated AS (UPDATE line_items li SET quantity = li.quantity + $3, updated_at = now() FROM v WHERE li.order_id = $1 AND li.variant_id = v.id RETURNING li.*)
        INSERT INTO line_items (order_id, variant_id, quantity, price, cost_price, currency, adjustment_total, additional_tax_total, included_tax_total, promo_total, created_at, updated_at)
        SELECT $1, v.id, $3, v.amount, v.cost_price, 'USD', 0, 0, 0, 0, now(), now() FROM v WHERE NOT EXISTS (SELECT 1 FROM updated)
        RETURNING *`, [o.id, variantId, quantity]);
      const item = li ?? (await q(c, 'lean_line_item_find', `SELECT * FROM line_items WHERE order_id = $1 AND variant_id = $2`, [o.id, variantId]))[0];
      if (!item) return [422, { error: 'Invalid resource. Please fix errors and try again.', errors: { variant_id: ['is invalid'] } }];
      await recalc(c, o.id);
      const [product] = productsJson(await q(c, 'lean_variant_product', `SELECT ${PRODUCT_COLS} FROM products p WHERE id = (SELECT product_id FROM variants WHERE id = $1)`, [variantId]));
      const variant = [product.master, ...product.variants].find((v) => v.id === variantId);
      return [201, lineItemJson({ ...item, price: String(item.price) }, { ...variant, product_id: product.id })];
    });
  const advance = (c, o, to) =>
    Promise.all([
      q(c, 'lean_order_state', `UPDATE orders SET state = $2, updated_at = now() WHERE id = $1 RETURNING *`, [o.id, to]).then((r) => r[0]),
      stateChange(c, 'order', 'Spree::Order', o.id, o.state, to),
    ]).then(([row]) => row);
  const next = (number, token) =>
    withOrder(number, token, async (c, o) => {
      if (o.state !== 'cart' || o.item_count === 0) return [422, { error: 'The order could not be transitioned. Please fix the errors and try again.', errors: { base: ['cannot transition'] } }];
      return [200, await orderJson(c, await advance(c, o, 'address'), token)];
    });
  const update = (number, token, body) =>
    withOrder(number, token, async (c, o) => {
      const order = body?.order ?? {};
      if (o.state === 'address' && order.ship_address_attributes) {
        const a = (x) => [x.firstname, x.lastname, x.address1, x.address2 ?? null, x.city, x.zipcode, x.phone, x.state_name ?? null, x.alternative_phone ?? null, x.company ?? null, Number(x.state_id) || null, Number(x.country_id)];
        const [bill, ship] = await q(c, 'lean_addresses', `INSERT INTO addresses (firstname, lastname, address1, address2, city, zipcode, phone, state_name, alternative_phone, company, state_id, country_id, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now(), now()), ($13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, now(), now()) RETURNING id`, [...a(order.bill_address_attributes ?? order.ship_address_attributes), ...a(order.ship_address_attributes)]);
        // Packages: one shipment from the default location, a rate per shipping method (flat rates), the cheapest chosen, a unit per item.
        const [shipment] = await q(c, 'lean_shipment', `INSERT INTO shipments (order_id, number, stock_location_id, state, cost, adjustment_total, additional_tax_total, included_tax_total, promo_total, created_at, updated_at)
          SELECT $1, $2, (SELECT id FROM stock_locations WHERE active ORDER BY id LIMIT 1), 'pending', 0, 0, 0, 0, 0, now(), now() RETURNING id`, [o.id, `H${String(randomInt(0, 1e11)).padStart(11, '0')}`]);
        await Promise.all([
          q(c, 'lean_rates', `WITH r AS (SELECT id, calculator_amount AS cost, row_number() OVER (ORDER BY calculator_amount, id) AS n FROM shipping_methods WHERE deleted_at IS NULL)
            INSERT INTO shipping_rates (shipment_id, shipping_method_id, cost, selected, created_at, updated_at) SELECT $1, id, cost, n = 1, now(), now() FROM r`, [shipment.id]),
          q(c, 'lean_units', `INSERT INTO inventory_units (order_id, shipment_id, line_item_id, variant_id, state, pending, lock_version, created_at, updated_at)
            SELECT $1, $2, li.id, li.variant_id, 'on_hand', true, 0, now(), now() FROM line_items li CROSS JOIN LATERAL generate_series(1, li.quantity) WHERE li.order_id = $1`, [o.id, shipment.id]),
          q(c, 'lean_order_addresses_set', `UPDATE orders SET email = $2, bill_address_id = $3, ship_address_id = $4 WHERE id = $1`, [o.id, order.email ?? o.email, bill.id, ship.id]),
          stateChange(c, 'order', 'Spree::Order', o.id, 'address', 'delivery'),
        ]);
        await q(c, 'lean_shipment_cost', `UPDATE shipments s SET cost = r.cost FROM shipping_rates r WHERE r.shipment_id = s.id AND r.selected AND s.id = $1`, [shipment.id]);
        await q(c, 'lean_order_state_only', `UPDATE orders SET state = $2 WHERE id = $1`, [o.id, 'delivery']);
        return [200, await orderJson(c, await recalc(c, o.id), token)];
      }
      if (o.state === 'delivery' && order.shipments_attributes) {
        for (const s of order.shipments_attributes) {
          // Two statements: one shipment has at most one selected rate (a unique index checked row by row).
          await q(c, 'lean_rate_unselect', `UPDATE shipping_rates r SET selected = false, updated_at = now() FROM shipments s
            WHERE s.id = r.shipment_id AND s.id = $2 AND s.order_id = $1 AND r.selected AND r.id <> $3`, [o.id, Number(s.id), Number(s.selected_shipping_rate_id)]);
          await q(c, 'lean_rate_select', `WITH r AS (UPDATE shipping_rates SET selected = true, updated_at = now() WHERE id = $3 AND shipment_id = (SELECT id FROM shipments WHERE id = $2 AND order_id = $1) RETURNING cost)
            UPDATE shipments SET cost = r.cost, updated_at = now() FROM r WHERE id = $2 AND order_id = $1`, [o.id, Number(s.id), Number(s.selected_shipping_rate_id)]);
        }
        await recalc(c, o.id);
        return [200, await orderJson(c, await advance(c, o, 'payment'), token)];
      }
      if (o.state === 'payment' && order.payments_attributes) {
        const methodId = Number(order.payments_attributes[0].payment_method_id);
        const src = body.payment_source?.[methodId] ?? body.payment_source?.[String(methodId)];
        if (!src?.number) return [422, { error: 'Invalid resource. Please fix errors and try again.', errors: { source: ["can't be blank"] } }];
        const digits = String(src.number).replace(/\D/g, '');
        const [card] = await q(c, 'lean_card', `INSERT INTO credit_cards (payment_method_id, month, year, cc_type, last_digits, name, gateway_customer_profile_id, "default", created_at, updated_at)
          VALUES ($1, $2, $3, $4, $5, $6, $7, false, now(), now()) RETURNING id`, [methodId, Number(src.month), Number(src.year), digits.startsWith('4') ? 'visa' : 'master', digits.slice(-4), src.name, `BGS-${randomInt(100000, 999999)}`]);
        await q(c, 'lean_payment', `INSERT INTO payments (order_id, payment_method_id, source_type, source_id, amount, state, identifier, amount_fixed, created_at, updated_at)
          SELECT $1, $2, 'Spree::CreditCard', $3, total, 'checkout', $4, false, now(), now() FROM orders WHERE id = $1`, [o.id, methodId, card.id, randomBytes(6).toString('hex').toUpperCase()]);
        return [200, await orderJson(c, await advance(c, o, 'confirm'), token)];
      }
      if (o.state === 'confirm') {
        // Stock: the stock items the units draw from, locked, decremented, a movement each.
        const items = await q(c, 'lean_stock_lock', `SELECT si.id, u.n FROM (SELECT variant_id, count(*)::int AS n FROM inventory_units WHERE order_id = $1 GROUP BY variant_id) u
          JOIN shipments s ON s.order_id = $1 JOIN stock_items si ON si.variant_id = u.variant_id AND si.stock_location_id = s.stock_location_id AND si.deleted_at IS NULL ORDER BY si.id FOR UPDATE OF si`, [o.id]);
        const [shipment] = await q(c, 'lean_stock_apply', `WITH d AS (SELECT * FROM unnest($2::int[], $3::int[]) AS d(id, n)),
            upd AS (UPDATE stock_items si SET count_on_hand = si.count_on_hand - d.n, updated_at = now() FROM d WHERE si.id = d.id RETURNING si.id),
            mv AS (INSERT INTO stock_movements (stock_item_id, quantity, originator_type, originator_id, created_at, updated_at) SELECT d.id, -d.n, 'Spree::Shipment', (SELECT id FROM shipments WHERE order_id = $1 LIMIT 1), now(), now() FROM d RETURNING id),
            iu AS (UPDATE inventory_units SET pending = false, updated_at = now() WHERE order_id = $1 RETURNING id)
          SELECT (SELECT count(*) FROM upd) + (SELECT count(*) FROM mv) + (SELECT count(*) FROM iu) AS n`, [o.id, items.map((i) => i.id), items.map((i) => i.n)]);
        void shipment;
        const [payment] = await q(c, 'lean_payment_process', `UPDATE payments SET state = 'pending', response_code = '12345', avs_response = 'D', updated_at = now() WHERE order_id = $1 AND state = 'checkout' RETURNING id`, [o.id]);
        await Promise.all([
          stateChange(c, 'payment', 'Spree::Payment', payment.id, 'checkout', 'processing'),
          stateChange(c, 'payment', 'Spree::Payment', payment.id, 'processing', 'pending'),
          stateChange(c, 'order', 'Spree::Order', o.id, 'confirm', 'complete'),
        ]);
        const [done] = await q(c, 'lean_complete', `UPDATE orders SET state = 'complete', completed_at = now(), payment_state = 'balance_due', shipment_state = 'pending', updated_at = now() WHERE id = $1 RETURNING *`, [o.id]);
        return [200, await orderJson(c, done, token)];
      }
      return [422, { error: 'The order could not be transitioned. Please fix the errors and try again.', errors: { base: [`nothing to do at ${o.state}`] } }];
    });

  // ---- HTTP -------------------------------------------------------------
  const readBody = (req) =>
    new Promise((resolve, reject) => {
      let data = '';
      req.setEncoding('utf8');
      req.on('data', (d) => (data += d));
      req.on('end', () => {
        try {
          resolve(data ? JSON.parse(data) : undefined);
        } catch (e) {
          reject(e);
        }
      });
      req.on('error', reject);
    });
  const server = http.createServer(async (req, res) => {
    const send = (status, body) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
    };
    try {
      const url = new URL(req.url, 'http://x');
      const path = url.pathname;
      const token = req.headers['x-spree-order-token'] ?? url.searchParams.get('order_token');
      let m;
      if (req.method === 'GET' && path === '/api/products') return send(200, await productIndex(url.searchParams));
      if (req.method === 'GET' && (m = path.match(/^\/api\/products\/([^/]+)$/))) {
        const p = await productShow(decodeURIComponent(m[1]));
        return p ? send(200, p) : send(404, { error: 'The resource you were looking for could not be found.' });
      }
      if (req.method === 'GET' && path === '/__lean/stats') return send(200, stats);
      const body = req.method === 'GET' ? undefined : await readBody(req);
      if (req.method === 'POST' && path === '/api/orders') return send(...(await createOrder()));
      if (req.method === 'POST' && (m = path.match(/^\/api\/orders\/([^/]+)\/line_items$/))) return send(...(await addLineItem(m[1], token, body)));
      if (req.method === 'PUT' && (m = path.match(/^\/api\/checkouts\/([^/]+)\/next$/))) return send(...(await next(m[1], token)));
      if (req.method === 'PUT' && (m = path.match(/^\/api\/checkouts\/([^/]+)$/))) return send(...(await update(m[1], token, body)));
      return send(404, { error: 'The resource you were looking for could not be found.' });
    } catch (error) {
      if (!res.headersSent) send(500, { error: String(error?.message ?? error) });
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    stats,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const lean = await startLeanReference({ databaseUrl: process.env.DATABASE_URL, port: Number(process.env.PORT ?? 4001), poolSize: Number(process.env.LEAN_POOL ?? 10) });
  console.error(`lean reference on :${lean.port}`);
  const stop = () => lean.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
