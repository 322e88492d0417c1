import { classify, createOptionType, createStockLocation, createTaxon, createTaxonomy, createVariant } from './catalog';
import { checkoutToPayment, completeCheckout, createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress } from './orders';
import type { TestApp } from './test-app';
import { createAdmin, createUser, TestUser } from './users';

/**
 * A shop with one record of every kind, most of them a victim's: a user with
 * addresses and a completed, paid and shipped order (payment, shipment,
 * inventory units, a return authorization), plus a stranger with an order of
 * his own, a guest's cart, inventory, store configuration and catalog. For
 * tests that call every route (security: access matrix, search, logs).
 */
export interface SecurityWorld {
  admin: TestUser;
  victim: TestUser;
  stranger: TestUser;
  victimOrder: CreatedOrder;
  strangerOrder: CreatedOrder;
  guestOrder: CreatedOrder;
  /** Record ids by path segment (`orders` → the victim's order number, `payments` → its payment id, …). */
  ids: Record<string, string | number>;
  /** The stranger's order's records. */
  strangerIds: Record<string, string | number>;
}

export async function buildSecurityWorld(t: TestApp): Promise<SecurityWorld> {
  const admin = await createAdmin(t.db);
  const victim = await createUser(t.db);
  const stranger = await createUser(t.db);
  const ids: Record<string, string | number> = {};
  const strangerIds: Record<string, string | number> = {};
  // The victim: a user with addresses, a completed, paid and shipped order with a return authorization.
  const product = await stockedProduct(t.db, { count: 50 });
  ids.variant = product.masterVariantId;
  ids.check = await paymentMethodId(t.db, 'Check');
  const address = await usAddress(t.db);
  await t.http().put(`/api/users/${victim.id}`).set(victim.auth).send({ user: { bill_address_attributes: address, ship_address_attributes: address } }).expect(200);
  const [user] = await t.db.query(`SELECT bill_address_id FROM users WHERE id = $1`, [victim.id]);
  ids.user_addresses = user.bill_address_id;
  ids.users = victim.id;

  const victimOrder = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], victim.auth);
  await completeCheckout(t, victimOrder);
  ids.orders = ids.checkouts = victimOrder.number;
  ids.credit_cards = (await t.db.query(`SELECT id FROM credit_cards WHERE user_id = $1`, [victim.id]))[0].id;
  const [order] = await t.db.query(`SELECT bill_address_id FROM orders WHERE id = $1`, [victimOrder.id]);
  ids.order_addresses = order.bill_address_id;
  ids.payments = (await t.db.query(`SELECT id FROM payments WHERE order_id = $1`, [victimOrder.id]))[0].id;
  ids.line_items = (await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [victimOrder.id]))[0].id;
  ids.shipments = (await t.db.query(`SELECT number FROM shipments WHERE order_id = $1`, [victimOrder.id]))[0].number;
  ids.inventory_units = (await t.db.query(`SELECT id FROM inventory_units WHERE order_id = $1 ORDER BY id LIMIT 1`, [victimOrder.id]))[0].id;
  await t.db.query(`UPDATE payments SET state = 'completed' WHERE order_id = $1`, [victimOrder.id]);
  await t.db.query(`UPDATE orders SET payment_total = total, payment_state = 'paid', shipment_state = 'shipped' WHERE id = $1`, [victimOrder.id]);
  await t.db.query(`UPDATE shipments SET state = 'shipped', shipped_at = now() WHERE order_id = $1`, [victimOrder.id]);
  await t.db.query(`UPDATE inventory_units SET state = 'shipped' WHERE order_id = $1`, [victimOrder.id]);
  const ra = await t.http().post(`/api/orders/${victimOrder.number}/return_authorizations`).set(admin.auth).send({ return_authorization: { reason: 'too big', amount: '0' } });
  expect(ra.status).toBe(201);
  ids.return_authorizations = ra.body.id;

  // The stranger's own order (address step done) and a guest's order whose token is the "wrong token".
  const strangerOrder = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], stranger.auth);
  await checkoutToPayment(t, strangerOrder, stranger.email);
  const [own] = await t.db.query(`SELECT bill_address_id FROM orders WHERE id = $1`, [strangerOrder.id]);
  strangerIds.order_addresses = own.bill_address_id;
  strangerIds.line_items = (await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [strangerOrder.id]))[0].id;
  const guestOrder = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);

  // Inventory and store configuration.
  const location = await createStockLocation(t.db);
  ids.stock_locations = location;
  const item = await t.http().post(`/api/stock_locations/${location}/stock_items`).set(admin.auth).send({ stock_item: { variant_id: product.masterVariantId, count_on_hand: 5 } });
  expect(item.status).toBe(201);
  ids.stock_items = item.body.id;
  const movement = await t.http().post(`/api/stock_locations/${location}/stock_movements`).set(admin.auth).send({ stock_movement: { stock_item_id: item.body.id, quantity: 1 } });
  expect(movement.status).toBe(201);
  ids.stock_movements = movement.body.id;
  const transfer = await t.http().post('/api/stock_transfers').set(admin.auth).send({ stock_transfer: { destination_location_id: location, transfer_items: [{ variant_id: product.masterVariantId, quantity: 2 }] } });
  expect(transfer.status).toBe(201);
  ids.stock_transfers = transfer.body.number;
  ids.shipping_categories = (await t.db.query(`SELECT id FROM shipping_categories LIMIT 1`))[0].id;
  ids.shipping_methods = (await t.db.query(`SELECT id FROM shipping_methods LIMIT 1`))[0].id;
  ids.payment_methods = ids.check;
  const category = await t.http().post('/api/tax_categories').set(admin.auth).send({ tax_category: { name: 'Clothing' } });
  ids.tax_categories = category.body.id;
  ids.zones = (await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`))[0].id;
  const rate = await t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: { name: 'VAT', amount: '0.05', zone_id: ids.zones, tax_category_id: ids.tax_categories } });
  expect(rate.status).toBe(201);
  ids.tax_rates = rate.body.id;
  const promotion = await t.http().post('/api/promotions').set(admin.auth).send({ promotion: { name: 'Five off', code: 'FIVE', discount_type: 'flat_rate', amount: '5' } });
  expect(promotion.status).toBe(201);
  ids.promotions = promotion.body.id;
  ids.coupon_codes = 'FIVE';
  // Staff roles and the victim's scoped key (admins only).
  const role = await t.http().post('/api/roles').set(admin.auth).send({ role: { name: 'Clerk', permissions: ['orders:read'] } });
  expect(role.status).toBe(201);
  ids.roles = role.body.id;
  const key = await t.http().post(`/api/users/${victim.id}/api_keys`).set(admin.auth).send({ api_key: { name: 'integration', scopes: ['orders:read'] } });
  expect(key.status).toBe(201);
  ids.api_keys = key.body.id;

  // The catalog (public records; only writes are refused).
  ids.products = product.id;
  ids.product_id = product.id;
  ids.variants = await createVariant(t.db, product.id);
  // A variant's price in a currency: the store's (another would need SUPPORTED_CURRENCIES; its removal is refused, a 422).
  ids.prices = 'USD';
  ids.variant_id = ids.variants;
  const upload = { attachment_file_name: 'cat.jpg', attachment_content_type: 'image/jpeg', attachment_width: 10, attachment_height: 10 };
  ids.products_images = (await t.http().post(`/api/products/${product.id}/images`).set(admin.auth).send({ image: upload }).expect(201)).body.id;
  ids.variants_images = (await t.http().post(`/api/variants/${ids.variants}/images`).set(admin.auth).send({ image: upload }).expect(201)).body.id;
  ids.properties = (await t.http().post('/api/properties').set(admin.auth).send({ property: { name: 'fabric', presentation: 'Fabric' } }).expect(201)).body.id;
  ids.product_properties = (await t.http().post(`/api/products/${product.id}/product_properties`).set(admin.auth).send({ product_property: { property_name: 'fabric', value: 'cotton' } }).expect(201)).body.id;
  const optionType = await createOptionType(t.db);
  ids.option_types = optionType.id;
  ids.option_values = optionType.valueIds[0];
  const taxonomy = await createTaxonomy(t.db);
  ids.taxonomies = taxonomy.id;
  ids.taxons = await createTaxon(t.db, taxonomy.rootId);
  await classify(t.db, product.id, Number(ids.taxons));
  const [us] = await t.db.query(`SELECT c.id AS country, s.id AS state FROM countries c JOIN states s ON s.country_id = c.id WHERE c.iso = 'US' AND s.abbr = 'MD'`);
  ids.countries = us.country;
  ids.states = us.state;
  // A webhook endpoint (admin only) and a delivery of it, already failed: nothing runs in the background for them.
  const endpoint = await t.http().post('/api/webhook_endpoints').set(admin.auth).send({ webhook_endpoint: { url: 'https://webhooks.invalid/hooks', events: ['order.canceled'] } }).expect(201);
  ids.webhook_endpoints = endpoint.body.id;
  const [event] = await t.db.query(`INSERT INTO events (public_id, type, data, dispatched_at) VALUES ('evt_security_world', 'ping', '{}', now()) RETURNING id`);
  ids.deliveries = (await t.db.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id, state) VALUES ($1, $2, 'failed') RETURNING id`, [endpoint.body.id, event.id]))[0].id;
  // A mail of the victim's order in the mail log (admin only), sent already.
  ids.mail_deliveries = (
    await t.db.query(`INSERT INTO mail_deliveries (kind, order_id, user_id, recipient, subject, context, state, attempts) VALUES ('order_confirmation', $1, $2, $3, 'Order', '{}', 'sent', 1) RETURNING id`, [
      victimOrder.id,
      victim.id,
      victim.email,
    ])
  )[0].id;
  // Account links (PUT /api/passwords/{token}, /api/confirmations/{token}): a token nobody holds.
  ids.passwords = ids.confirmations = 'no-such-token-0000000000000000000000000000';
  return { admin, victim, stranger, victimOrder, strangerOrder, guestOrder, ids, strangerIds };
}

/** The segment naming the record a path parameter identifies: `/api/orders/{number}` → `orders`. */
export function segmentOf(path: string, param: string): string {
  const parts = path.split('/');
  const i = parts.indexOf(`{${param}}`);
  return parts[i - 1];
}

/** The world's record for a path parameter of an OpenAPI path (`/api/orders/{number}/payments/{id}`). */
export function recordFor(world: SecurityWorld, path: string, param: string): string | number {
  const { ids } = world;
  const segment = segmentOf(path, param);
  const key = segment === 'addresses' ? (path.startsWith('/api/addresses') || path.startsWith('/api/users') ? 'user_addresses' : 'order_addresses') : segment === 'images' ? `${segmentOf(path, path.includes('/variants/{variant_id}') ? 'variant_id' : 'product_id')}_images` : segment;
  const value = ids[key];
  if (value === undefined) throw new Error(`no record for ${param} in ${path}: add one to the world`);
  return value;
}

/** An OpenAPI path with its parameters filled in. */
export function urlOf(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
}
