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
