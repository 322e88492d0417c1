import { DataSource } from 'typeorm';
import { createProduct, createStockItem, defaultStockLocationId, TestProduct } from './catalog';
import type { TestApp } from './test-app';

/**
 * Orders and checkout helpers for tests. Orders are built through the HTTP
 * API (the behaviour under test); catalog rows come from `catalog.ts`.
 */
export interface AddressFields {
  firstname: string;
  lastname: string;
  address1: string;
  city: string;
  phone: string;
  zipcode: string;
  state_id: number;
  country_id: number;
}

/** A valid US address (Bethesda, Maryland), as a storefront sends it. */
export async function usAddress(db: DataSource, overrides: Partial<AddressFields> = {}): Promise<AddressFields> {
  const [{ country_id, state_id }] = await db.query(
    `SELECT c.id AS country_id, s.id AS state_id FROM countries c JOIN states s ON s.country_id = c.id WHERE c.iso = 'US' AND s.abbr = 'MD'`,
  );
  return { firstname: 'John', lastname: 'Doe', address1: '7735 Old Georgetown Road', city: 'Bethesda', phone: '3014445002', zipcode: '20814', state_id, country_id, ...overrides };
}

/** A product on sale with `count` units at the default stock location (not backorderable unless told). */
export async function stockedProduct(db: DataSource, options: { price?: string; count?: number; backorderable?: boolean; name?: string } = {}): Promise<TestProduct> {
  const product = await createProduct(db, { price: options.price ?? '19.99', name: options.name });
  await createStockItem(db, await defaultStockLocationId(db), product.masterVariantId, { countOnHand: options.count ?? 10, backorderable: options.backorderable ?? false });
  return product;
}

export interface CreatedOrder {
  number: string;
  token: string;
  id: number;
  /** Headers that reach this order as its guest (order token). */
  guest: { 'X-Spree-Order-Token': string };
}

/** POST /api/orders with line items; `auth` makes it a signed-in user's order. */
export async function createOrder(t: TestApp, lineItems: Array<{ variant_id: number; quantity: number }>, auth: Record<string, string> = {}, extra: Record<string, unknown> = {}): Promise<CreatedOrder> {
  const res = await t.http().post('/api/orders').set(auth).send({ order: { line_items: lineItems, ...extra } }).expect(201);
  return { number: res.body.number, token: res.body.token, id: res.body.id, guest: { 'X-Spree-Order-Token': res.body.token } };
}

/** Payment methods of the reference data. */
export async function paymentMethodId(db: DataSource, name: 'Credit Card' | 'Check'): Promise<number> {
  const [{ id }] = await db.query(`SELECT id FROM payment_methods WHERE name = $1`, [name]);
  return id;
}

/** An approved card of the bogus gateway, valid for years. */
export const VISA = { number: '4111111111111111', month: '12', year: String(new Date().getFullYear() + 3), verification_value: '123', name: 'John Doe' };

/**
 * Takes an order from cart to the confirm (or payment) step through the
 * checkout endpoints, as a storefront would; returns the last response body.
 */
export async function checkoutToPayment(t: TestApp, order: CreatedOrder, email = 'guest@example.com'): Promise<Record<string, any>> {
  await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
  const address = await usAddress(t.db);
  await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { email, bill_address_attributes: address, ship_address_attributes: address } }).expect(200);
  const res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
  return res.body;
}

/**
 * Takes an order from cart to complete through the checkout endpoints, paying
 * with the bogus gateway's approved card (authorized: the payment is `pending`,
 * the order's payment state `balance_due`) or by check. Returns the order JSON.
 */
export async function completeCheckout(t: TestApp, order: CreatedOrder, options: { pay?: 'card' | 'check'; email?: string } = {}): Promise<Record<string, any>> {
  await checkoutToPayment(t, order, options.email);
  const method = await paymentMethodId(t.db, options.pay === 'check' ? 'Check' : 'Credit Card');
  const source = options.pay === 'check' ? {} : { payment_source: { [method]: VISA } };
  let res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: method }] }, ...source }).expect(200);
  if (res.body.state === 'confirm') res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
  if (res.body.state !== 'complete') throw new Error(`checkout stopped at ${res.body.state}`);
  return res.body;
}

/**
 * A guest order taken to the confirm step in three requests (create with
 * email and addresses, advance, pay with the approved card): the quick way
 * to prepare many orders for a test about what happens at completion.
 */
export async function orderAtConfirm(
  t: TestApp,
  lineItems: Array<{ variant_id: number; quantity: number }>,
  email = 'guest@example.com',
  /** Runs on the new cart before the checkout, e.g. to apply a coupon code. */
  inCart?: (order: CreatedOrder) => Promise<unknown>,
): Promise<CreatedOrder> {
  const address = await usAddress(t.db);
  const order = await createOrder(t, lineItems, {}, { email, bill_address: address, ship_address: address });
  if (inCart) await inCart(order);
  const advanced = await t.http().put(`/api/checkouts/${order.number}/advance`).set(order.guest).expect(200);
  if (advanced.body.state !== 'payment') throw new Error(`advance stopped at ${advanced.body.state}`);
  const method = await paymentMethodId(t.db, 'Credit Card');
  const res = await t
    .http()
    .put(`/api/checkouts/${order.number}`)
    .set(order.guest)
    .send({ order: { payments_attributes: [{ payment_method_id: method }] }, payment_source: { [method]: VISA } })
    .expect(200);
  if (res.body.state !== 'confirm') throw new Error(`checkout stopped at ${res.body.state}`);
  return order;
}

// ---- Named builders, one per order state, all through the HTTP API ----------------------------

export type OrderLines = Array<{ variant_id: number; quantity: number }>;

/** What an order built by the builders below holds and whose it is. */
export interface OrderRecipe {
  /** The order's lines; by default `quantity` (1) of `product`, or of a new product at `price` (19.99) with `onHand` (10) units, not backorderable unless told. */
  lines?: OrderLines;
  product?: Pick<TestProduct, 'masterVariantId'>;
  quantity?: number;
  price?: string;
  onHand?: number;
  backorderable?: boolean;
  /** A signed-in user's headers: the order is theirs. A guest's order otherwise (its token in `guest` either way). */
  auth?: Record<string, string>;
  /** The e-mail given at the address step (guest@example.com). */
  email?: string;
}

async function recipeLines(t: TestApp, recipe: OrderRecipe): Promise<OrderLines> {
  if (recipe.lines) return recipe.lines;
  const product = recipe.product ?? (await stockedProduct(t.db, { price: recipe.price, count: recipe.onHand, backorderable: recipe.backorderable }));
  return [{ variant_id: product.masterVariantId, quantity: recipe.quantity ?? 1 }];
}

/** A cart (state `cart`) with the recipe's lines: POST /api/orders. */
export async function cartWith(t: TestApp, recipe: OrderRecipe = {}): Promise<CreatedOrder> {
  return createOrder(t, await recipeLines(t, recipe), recipe.auth ?? {});
}

/** An order at the payment step: a cart taken through next, the addresses and e-mail, next. */
export async function orderAtPayment(t: TestApp, recipe: OrderRecipe = {}): Promise<CreatedOrder & { body: Record<string, any> }> {
  const order = await cartWith(t, recipe);
  const body = await checkoutToPayment(t, order, recipe.email);
  if (body.state !== 'payment') throw new Error(`checkout stopped at ${body.state}`);
  return { ...order, body };
}

export interface PlacedOrder extends CreatedOrder {
  /** The order's JSON when it completed (or, `capturedBy`, after its payment was captured). */
  body: Record<string, any>;
  total: string;
  /** Its one payment. */
  paymentId: number;
  /** Its one shipment. */
  shipment: { id: number; number: string };
  /** Its first line item, and that line's variant. */
  lineItemId: number;
  variantId: number;
}

export interface PlacedRecipe extends OrderRecipe {
  /** Card (the bogus gateway's approved card, authorized: `balance_due`) by default, or check. */
  pay?: 'card' | 'check';
  /** An admin's headers: the payment is captured through the payments API, so the order is paid and its shipment ready. */
  capturedBy?: Record<string, string>;
}

/** A placed order (state `complete`): the whole checkout, paid by card (authorized) or check; captured when told. */
export async function placedOrder(t: TestApp, recipe: PlacedRecipe = {}): Promise<PlacedOrder> {
  const order = await cartWith(t, recipe);
  let body = await completeCheckout(t, order, { pay: recipe.pay, email: recipe.email });
  if (body.payments.length !== 1) throw new Error(`the order has ${body.payments.length} payments`);
  const paymentId = body.payments[0].id as number;
  if (recipe.capturedBy) {
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(recipe.capturedBy).expect(200);
    body = (await t.http().get(`/api/orders/${order.number}`).set(recipe.capturedBy).expect(200)).body;
  }
  return { ...order, body, total: body.total, paymentId, shipment: { id: body.shipments[0].id, number: body.shipments[0].number }, lineItemId: body.line_items[0].id, variantId: body.line_items[0].variant_id };
}

/** A shipped order: placed, its payment captured and every shipment shipped by the admin (`admin`: their headers), through the API. */
export async function shippedOrder(t: TestApp, admin: Record<string, string>, recipe: PlacedRecipe = {}): Promise<PlacedOrder> {
  const order = await placedOrder(t, { ...recipe, capturedBy: admin });
  for (const shipment of order.body.shipments as Array<{ number: string }>) await t.http().put(`/api/shipments/${shipment.number}/ship`).set(admin).expect(200);
  const body = (await t.http().get(`/api/orders/${order.number}`).set(admin).expect(200)).body;
  if (body.shipment_state !== 'shipped') throw new Error(`the order's shipment state is ${body.shipment_state}`);
  return { ...order, body };
}
