/**
 * The whole store through the typed client, as its three users drive it:
 * the back-office sets up a catalog and stock, a guest searches, fills a cart
 * and checks out, a customer signs up, orders and reads their order history,
 * and the back-office captures the payments and ships. Runs against a real
 * service at `baseUrl` (test/clients/typescript-client.spec.ts starts one).
 *
 * Type-checked in strict mode with no type assertions (clients/typescript/tsconfig.json,
 * and ESLint forbids `as` here): what compiles is what the document promises.
 */
import assert from 'node:assert/strict';
import { type CommerceClient, createCommerceClient, type Middleware, noContent, ok, orderTokenHeader, type Schema } from '../src';

export interface JourneyOptions {
  baseUrl: string;
  /** An admin's API key (the back-office). */
  adminApiKey: string;
  /** Middleware every client uses (the spec's checks every answer against the document). */
  middleware?: Middleware[];
}

export interface JourneyResult {
  /** Every operation called, as `METHOD /path/{template}`. */
  operations: Set<string>;
  guestOrder: string;
  customerOrder: string;
}

type Order = Schema<'OrderJson'>;

export async function runStoreJourney(options: JourneyOptions): Promise<JourneyResult> {
  const operations = new Set<string>();
  const record: Middleware = {
    onRequest({ request, schemaPath }) {
      operations.add(`${request.method} ${schemaPath}`);
    },
  };
  const client = (apiKey?: string): CommerceClient => {
    const c = createCommerceClient({ baseUrl: options.baseUrl, apiKey });
    c.use(record, ...(options.middleware ?? []));
    return c;
  };
  const admin = client(options.adminApiKey);
  const guest = client();
  const stamp = Date.now().toString(36);

  // ---- Back-office: the store's settings and a catalog.
  const config = ok(await guest.GET('/api/config'));
  assert.equal(typeof config.currency, 'string');
  const money = ok(await guest.GET('/api/config/money'));
  assert.equal(money.currency, config.currency);

  const shippingCategories = ok(await admin.GET('/api/shipping_categories'));
  const shippingCategory = shippingCategories.shipping_categories[0];
  assert.ok(shippingCategory, 'the reference data has a shipping category');
  ok(await admin.GET('/api/shipping_methods'));
  ok(await admin.GET('/api/payment_methods'));
  ok(await admin.GET('/api/tax_categories'));
  ok(await admin.GET('/api/zones'));

  const taxonomy = ok(await admin.POST('/api/taxonomies', { body: { taxonomy: { name: `Categories ${stamp}` } } }));
  ok(await admin.GET('/api/taxonomies/{id}', { params: { path: { id: taxonomy.id } } }));
  assert.ok(taxonomy.root, 'a taxonomy has a root taxon');
  const root = taxonomy.root;
  const mugs = ok(
    await admin.POST('/api/taxonomies/{taxonomy_id}/taxons', {
      params: { path: { taxonomy_id: taxonomy.id } },
      body: { taxon: { name: 'Mugs', parent_id: root.id } },
    }),
  );

  const size = ok(await admin.POST('/api/option_types', { body: { option_type: { name: `size-${stamp}`, presentation: 'Size' } } }));
  const large = ok(
    await admin.POST('/api/option_types/{option_type_id}/option_values', {
      params: { path: { option_type_id: size.id } },
      body: { option_value: { name: 'large', presentation: 'L' } },
    }),
  );
  const material = ok(await admin.POST('/api/properties', { body: { property: { name: `material-${stamp}`, presentation: 'Material' } } }));

  const productName = `Stoneware Mug ${stamp}`;
  const product = ok(
    await admin.POST('/api/products', {
      body: { product: { name: productName, price: '12.50', shipping_category_id: shippingCategory.id, option_type_ids: [size.id] } },
    }),
  );
  ok(await admin.PUT('/api/products/{id}', { params: { path: { id: String(product.id) } }, body: { product: { description: 'Holds 350 ml.', taxon_ids: [mugs.id] } } }));
  ok(
    await admin.POST('/api/products/{product_id}/product_properties', {
      params: { path: { product_id: String(product.id) } },
      body: { product_property: { property_name: material.name, value: 'stoneware' } },
    }),
  );
  const largeMug = ok(
    await admin.POST('/api/products/{product_id}/variants', {
      params: { path: { product_id: String(product.id) } },
      body: { variant: { sku: `MUG-L-${stamp}`, price: '14.00', option_value_ids: [large.id] } },
    }),
  );
  // First among the mugs.
  noContent(await admin.PUT('/api/classifications', { body: { product_id: product.id, taxon_id: mugs.id, position: 0 } }));

  // Stock: 10 large mugs at the default location.
  const locations = ok(await admin.GET('/api/stock_locations'));
  const location = locations.stock_locations[0];
  assert.ok(location, 'the reference data has a stock location');
  const items = ok(
    await admin.GET('/api/stock_locations/{stock_location_id}/stock_items', {
      params: { path: { stock_location_id: location.id }, query: { q: { variant_id_eq: String(largeMug.id) } } },
    }),
  );
  const item = items.stock_items[0];
  assert.ok(item, 'a new variant has a stock item at each location');
  ok(
    await admin.POST('/api/stock_locations/{stock_location_id}/stock_movements', {
      params: { path: { stock_location_id: location.id } },
      body: { stock_movement: { stock_item_id: item.id, quantity: 10 } },
    }),
  );
  const stocked = ok(
    await admin.GET('/api/stock_locations/{stock_location_id}/stock_items/{id}', { params: { path: { stock_location_id: location.id, id: item.id } } }),
  );
  assert.equal(stocked.count_on_hand, 10);

  // ---- Storefront: a guest finds the mug and checks out.
  const found = ok(await guest.GET('/api/products', { params: { query: { q: { name_cont: productName }, per_page: 10 } } }));
  sameList(found.products.map((p) => p.id), [product.id]);
  const shown = ok(await guest.GET('/api/products/{id}', { params: { path: { id: product.slug } } }));
  assert.equal(shown.description, 'Holds 350 ml.');
  sameList(shown.product_properties.map((p) => p.value), ['stoneware']);
  const inTaxon = ok(await guest.GET('/api/taxons/products', { params: { query: { id: mugs.id } } }));
  sameList(inTaxon.products.map((p) => p.id), [product.id]);
  ok(await guest.GET('/api/taxons', { params: { query: { q: { name_cont: 'Mugs' } } } }));
  const variants = ok(await guest.GET('/api/products/{product_id}/variants', { params: { path: { product_id: String(product.id) } } }));
  assert.ok(variants.variants.some((v) => v.id === largeMug.id));

  const address = await usAddress(guest);
  const guestOrder = await checkout(guest, largeMug.id, address, 'guest@example.com');
  assert.equal(guestOrder.state, 'complete');
  assert.equal(guestOrder.item_total, '28.00');

  // ---- A customer signs up, signs in, orders, and reads their history.
  const email = `customer-${stamp}@example.com`;
  const signedUp = ok(await guest.POST('/api/users', { body: { user: { email, password: 'secret123', password_confirmation: 'secret123' } } }));
  const session = ok(await guest.POST('/api/sessions', { body: { email, password: 'secret123' } }));
  assert.equal(session.user.id, signedUp.id);
  const customer = client(session.api_key);
  const me = ok(await customer.GET('/api/users/{id}', { params: { path: { id: signedUp.id } } }));
  assert.equal(me.email, email);
  const customerOrder = await checkout(customer, largeMug.id, address, undefined);
  assert.equal(customerOrder.email, email);
  const mine = ok(await customer.GET('/api/orders/mine'));
  sameList(mine.orders.map((o) => o.number), [customerOrder.number]);
  const again = ok(await customer.GET('/api/orders/{number}', { params: { path: { number: customerOrder.number } } }));
  assert.equal(again.state, 'complete');

  // ---- Back-office: find the completed orders, capture their payments, ship.
  const completed = ok(await admin.GET('/api/orders', { params: { query: { q: { state_eq: 'complete', s: 'completed_at asc' }, per_page: 100 } } }));
  const numbers = completed.orders.map((o) => o.number);
  assert.ok(numbers.includes(guestOrder.number) && numbers.includes(customerOrder.number));
  for (const number of [guestOrder.number, customerOrder.number]) {
    const payments = ok(await admin.GET('/api/orders/{number}/payments', { params: { path: { number } } }));
    const payment = payments.payments[0];
    assert.ok(payment);
    assert.equal(payment.state, 'pending');
    const captured = ok(await admin.PUT('/api/orders/{number}/payments/{id}/capture', { params: { path: { number, id: payment.id } } }));
    assert.equal(captured.state, 'completed');
    ok(await admin.GET('/api/orders/{number}/payments/{id}', { params: { path: { number, id: payment.id } } }));
    const paid = ok(await admin.GET('/api/orders/{number}', { params: { path: { number } } }));
    assert.equal(paid.payment_state, 'paid');
    assert.equal(paid.shipment_state, 'ready');
    const shipment = paid.shipments[0];
    assert.ok(shipment);
    const shipped = ok(await admin.PUT('/api/shipments/{number}/ship', { params: { path: { number: shipment.number } }, body: { shipment: { tracking: `1Z${stamp}` } } }));
    assert.equal(shipped.state, 'shipped');
    const done = ok(await admin.GET('/api/orders/{number}', { params: { path: { number } } }));
    assert.equal(done.shipment_state, 'shipped');
  }
  const movements = ok(
    await admin.GET('/api/stock_locations/{stock_location_id}/stock_movements', { params: { path: { stock_location_id: location.id } } }),
  );
  assert.ok(movements.stock_movements.length >= 1);
  const after = ok(
    await admin.GET('/api/stock_locations/{stock_location_id}/stock_items/{id}', { params: { path: { stock_location_id: location.id, id: item.id } } }),
  );
  assert.equal(after.count_on_hand, 6);

  return { operations, guestOrder: guestOrder.number, customerOrder: customerOrder.number };
}

/**
 * The same items in the same order. Copies both lists first: under Jest the
 * answers' arrays come from another realm than the test's literals, and a
 * strict deep comparison tells their prototypes apart.
 */
function sameList(actual: readonly unknown[], expected: readonly unknown[]): void {
  assert.deepEqual([...actual], [...expected]);
}

interface AddressInput {
  firstname: string;
  lastname: string;
  address1: string;
  city: string;
  phone: string;
  zipcode: string;
  state_id: number;
  country_id: number;
}

/** A Maryland address, with the ids the store gives the US and Maryland. */
async function usAddress(guest: CommerceClient): Promise<AddressInput> {
  const countries = ok(await guest.GET('/api/countries', { params: { query: { q: { iso_eq: 'US' } } } }));
  const us = countries.countries[0];
  assert.ok(us, 'the store ships to the US');
  ok(await guest.GET('/api/countries/{id}', { params: { path: { id: us.id } } }));
  const states = ok(await guest.GET('/api/countries/{country_id}/states', { params: { path: { country_id: us.id } } }));
  const maryland = states.states.find((s) => s.abbr === 'MD');
  assert.ok(maryland);
  return { firstname: 'Jane', lastname: 'Doe', address1: '7735 Old Georgetown Road', city: 'Bethesda', phone: '3014445002', zipcode: '20814', state_id: maryland.id, country_id: us.id };
}

/**
 * Cart → address → delivery → payment → confirm → complete for two of `variantId`,
 * paid by card (authorized: the payment stays pending until the back-office captures it).
 * `email` for a guest; a signed-in customer's order takes theirs.
 */
async function checkout(shopper: CommerceClient, variantId: number, address: AddressInput, email: string | undefined): Promise<Order> {
  const created = ok(await shopper.POST('/api/orders', { body: { order: {} } }));
  const number = created.number;
  const token = orderTokenHeader(created.token);
  const path = { number };
  const line = ok(
    await shopper.POST('/api/orders/{number}/line_items', { params: { path, header: token }, body: { line_item: { variant_id: variantId, quantity: 1 } } }),
  );
  ok(await shopper.PUT('/api/orders/{number}/line_items/{id}', { params: { path: { number, id: line.id }, header: token }, body: { line_item: { quantity: 2 } } }));
  const cart = ok(await shopper.GET('/api/orders/{number}', { params: { path, header: token } }));
  assert.equal(cart.total_quantity, 2);

  let order = ok(await shopper.PUT('/api/checkouts/{number}/next', { params: { path, header: token } }));
  assert.equal(order.state, 'address');
  order = ok(
    await shopper.PUT('/api/checkouts/{number}', {
      params: { path, header: token },
      body: { order: { ...(email ? { email } : {}), bill_address: address, ship_address: address } },
    }),
  );
  assert.equal(order.state, 'delivery');
  const shipment = order.shipments[0];
  assert.ok(shipment);
  const cheapest = shipment.shipping_rates[0];
  assert.ok(cheapest);
  order = ok(
    await shopper.PUT('/api/checkouts/{number}', {
      params: { path, header: token },
      body: { order: { shipments_attributes: [{ id: shipment.id, selected_shipping_rate_id: cheapest.id }] } },
    }),
  );
  assert.equal(order.state, 'payment');
  const card = order.payment_methods?.find((m) => m.method_type === 'gateway');
  assert.ok(card, 'a card payment method is offered');
  ok(await shopper.GET('/api/orders/{number}/payments/new', { params: { path, header: token } }));
  order = ok(
    await shopper.PUT('/api/checkouts/{number}', {
      params: { path, header: token },
      body: {
        order: { payments_attributes: [{ payment_method_id: card.id }] },
        payment_source: { [String(card.id)]: { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 3), verification_value: '123', name: 'Jane Doe' } },
      },
    }),
  );
  assert.equal(order.state, 'confirm');
  order = ok(await shopper.PUT('/api/checkouts/{number}', { params: { path, header: token } }));
  assert.equal(order.state, 'complete');
  assert.equal(order.payment_state, 'balance_due');
  return order;
}
