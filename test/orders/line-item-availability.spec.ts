import { addOptionValues, createOptionType, createStockItem, createStockLocation, defaultStockLocationId } from '../support/catalog';
import { INVALID } from '../support/error-bodies';
import { completeCheckout, createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/*
 * Spree 2.2's Stock::AvailabilityValidator (issue 24): a line item is checked against the stock when it is
 * added or raised, not only at the delivery step. What its units do not hold yet must be on hand over the
 * active stock locations (Stock::Quantifier), unless the variant does not track inventory or a stock item
 * takes backorders: otherwise 422 on `quantity` ("Selected quantity of … is not available.") and nothing
 * is written. For every way a line item comes: a cart created with line items, the line items API, an
 * order's update, an admin's edit of a placed order, the shipments API, an order import.
 */
describe('a line item is checked against the stock when added or changed', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let locationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    locationId = await defaultStockLocationId(t.db);
  });
  afterAll(() => t.close());

  const notAvailable = (item: string) => `Selected quantity of "${item}" is not available.`;
  const orderCount = async () => (await t.db.query(`SELECT count(*)::int AS n FROM orders`))[0].n as number;
  const lineItems = async (orderId: number) => t.db.query(`SELECT variant_id, quantity FROM line_items WHERE order_id = $1 ORDER BY id`, [orderId]);
  const setStock = (variantId: number, count: number, backorderable = false) =>
    t.db.query(`UPDATE stock_items SET count_on_hand = $2, backorderable = $3 WHERE variant_id = $1`, [variantId, count, backorderable]);

  it('refuses a new cart with more than is on hand, creating nothing, and takes what is on hand', async () => {
    const product = await stockedProduct(t.db, { count: 3 });
    const before = await orderCount();
    const res = await t.http().post('/api/orders').send({ order: { line_items: [{ variant_id: product.masterVariantId, quantity: 4 }] } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { 'line_items.quantity': [notAvailable(product.name)] } } });
    expect(await orderCount()).toBe(before);
    await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 3 }]);
  });

  it('refuses to add or raise a line item past the stock (the line items API), keeping it as it was; lowering is always allowed', async () => {
    const product = await stockedProduct(t.db, { count: 3 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }]);
    const base = `/api/orders/${order.number}/line_items`;
    // The same variant again: the line item would hold 4.
    const added = await t.http().post(base).set(order.guest).send({ line_item: { variant_id: product.masterVariantId, quantity: 2 } });
    expect({ status: added.status, body: added.body }).toEqual({ status: 422, body: { error: INVALID, errors: { quantity: [notAvailable(product.name)] } } });
    const [item] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);
    const raised = await t.http().put(`${base}/${item.id}`).set(order.guest).send({ line_item: { quantity: 5 } });
    expect({ status: raised.status, body: raised.body }).toEqual({ status: 422, body: { error: INVALID, errors: { quantity: [notAvailable(product.name)] } } });
    expect(await lineItems(order.id)).toEqual([{ variant_id: product.masterVariantId, quantity: 2 }]);
    await t.http().put(`${base}/${item.id}`).set(order.guest).send({ line_item: { quantity: 3 } }).expect(200);

    // The stock fell meanwhile: the shopper may still lower the quantity, not raise it.
    await setStock(product.masterVariantId, 1);
    await t.http().put(`${base}/${item.id}`).set(order.guest).send({ line_item: { quantity: 2 } }).expect(200);
    expect((await t.http().put(`${base}/${item.id}`).set(order.guest).send({ line_item: { quantity: 3 } })).status).toBe(422);
    expect(await lineItems(order.id)).toEqual([{ variant_id: product.masterVariantId, quantity: 2 }]);
  });

  it("names the variant with its options, as Spree does, through an order's update too", async () => {
    const product = await stockedProduct(t.db, { count: 5, name: 'Ruby Tote' });
    const size = await createOptionType(t.db, `size-${Date.now()}`, ['M']);
    await addOptionValues(t.db, product.masterVariantId, size.valueIds);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const [item] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);
    const res = await t.http().put(`/api/orders/${order.number}`).set(order.guest).send({ order: { line_items: [{ id: item.id, quantity: 6 }] } });
    const type = (await t.db.query(`SELECT presentation FROM option_types WHERE id = $1`, [size.id]))[0].presentation;
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { 'line_items.quantity': [notAvailable(`Ruby Tote (${type}: M)`)] } } });
    expect(await lineItems(order.id)).toEqual([{ variant_id: product.masterVariantId, quantity: 1 }]);
  });

  it('counts the stock of every active location, not of an inactive one nor a deleted stock item', async () => {
    const product = await stockedProduct(t.db, { count: 2 });
    const other = await createStockLocation(t.db, { name: `back room ${Date.now()}` });
    await createStockItem(t.db, other, product.masterVariantId, { countOnHand: 2 });
    const closed = await createStockLocation(t.db, { name: `closed ${Date.now()}`, active: false });
    await createStockItem(t.db, closed, product.masterVariantId, { countOnHand: 50 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 4 }]);
    const [item] = await t.db.query(`SELECT id FROM line_items WHERE order_id = $1`, [order.id]);
    expect((await t.http().put(`/api/orders/${order.number}/line_items/${item.id}`).set(order.guest).send({ line_item: { quantity: 5 } })).status).toBe(422);
    await t.db.query(`UPDATE stock_items SET deleted_at = now() WHERE stock_location_id = $1 AND variant_id = $2`, [other, product.masterVariantId]);
    const cart = (quantity: number) => t.http().post('/api/orders').send({ order: { line_items: [{ variant_id: product.masterVariantId, quantity }] } });
    expect((await cart(3)).status).toBe(422);
    expect((await cart(2)).status).toBe(201);
  });

  it('takes any quantity of a variant a stock item back-orders, or one that does not track inventory', async () => {
    const backordered = await stockedProduct(t.db, { count: 0, backorderable: true });
    const untracked = await stockedProduct(t.db, { count: 0 });
    await t.db.query(`UPDATE variants SET track_inventory = false WHERE id = $1`, [untracked.masterVariantId]);
    const order = await createOrder(t, [
      { variant_id: backordered.masterVariantId, quantity: 40 },
      { variant_id: untracked.masterVariantId, quantity: 40 },
    ]);
    expect(await lineItems(order.id)).toEqual([
      { variant_id: backordered.masterVariantId, quantity: 40 },
      { variant_id: untracked.masterVariantId, quantity: 40 },
    ]);
  });

  it("checks an admin's edit of a placed order against what its units do not hold yet", async () => {
    const product = await stockedProduct(t.db, { price: '10.00', count: 3 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], user.auth);
    const placed = await completeCheckout(t, order);
    const lineItemId = placed.line_items[0].id;
    const count = async () => (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1 AND stock_location_id = $2`, [product.masterVariantId, locationId]))[0].count_on_hand;
    expect(await count()).toBe(1);
    // Its two units hold their stock: 4 needs 2 more, and 1 is on hand.
    const refused = await t.http().put(`/api/orders/${order.number}/line_items/${lineItemId}`).set(admin.auth).send({ line_item: { quantity: 4 } });
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 422, body: { error: INVALID, errors: { quantity: [notAvailable(product.name)] } } });
    expect(await count()).toBe(1);
    // 3 needs 1 more: taken.
    await t.http().put(`/api/orders/${order.number}/line_items/${lineItemId}`).set(admin.auth).send({ line_item: { quantity: 3 } }).expect(200);
    expect(await count()).toBe(0);
    // The shipments API adds units the same way.
    const shipment = placed.shipments[0].number;
    const added = await t.http().put(`/api/shipments/${shipment}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 });
    expect({ status: added.status, body: added.body }).toEqual({ status: 422, body: { error: INVALID, errors: { quantity: [notAvailable(product.name)] } } });
    expect(await lineItems(order.id)).toEqual([{ variant_id: product.masterVariantId, quantity: 3 }]);
  });

  it("refuses an order import's line item past the stock, naming it, importing nothing", async () => {
    const product = await stockedProduct(t.db, { count: 2 });
    const [{ sku }] = await t.db.query(`SELECT sku FROM variants WHERE id = $1`, [product.masterVariantId]);
    const before = await orderCount();
    const res = await t.http().post('/api/orders').set(admin.auth).send({ order: { line_items_attributes: [{ sku, quantity: 3 }] } });
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: INVALID, errors: { 'line_items_attributes[0].quantity': [notAvailable(product.name)] } } });
    expect(await orderCount()).toBe(before);
  });
});
