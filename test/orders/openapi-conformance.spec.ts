import type { Response } from 'supertest';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createOrder, paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

/**
 * The OpenAPI document the app serves (GET /api/openapi.json) against the
 * bodies the order endpoints really send: no undocumented field, no required
 * field missing, no type the document does not allow. Not a Spree spec: our
 * own contract that the published document describes the API.
 */
describe('OpenAPI conformance of the order endpoints', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  /** Asserts the status, then that the body matches the schema documented for that operation and status. */
  function expectDocumented(res: Response, method: string, path: string, status: number): void {
    expect({ status: res.status, body: res.status === status ? 'ok' : res.body }).toEqual({ status, body: 'ok' });
    const problems = shapeProblems(doc, responseSchema(doc, path, method, status), res.body);
    expect({ operation: `${method.toUpperCase()} ${path} ${status}`, problems }).toEqual({ operation: `${method.toUpperCase()} ${path} ${status}`, problems: [] });
  }

  const showOrder = (number: string, headers: Record<string, string>) => t.http().get(`/api/orders/${number}`).set(headers);

  it('serves an OpenAPI 3 document describing orders', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components?.schemas?.OrderJson).toBeDefined();
    expect(() => responseSchema(doc, '/api/orders/{number}', 'get', 200)).not.toThrow();
    expect(() => responseSchema(doc, '/api/orders/{number}', 'get', 418)).toThrow(/No application\/json schema/);
  });

  it('the checker finds undocumented, missing, mistyped and non-nullable fields in a real order', async () => {
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const body = (await showOrder(order.number, order.guest).expect(200)).body;
    expect(shapeProblems(doc, '#/components/schemas/OrderJson', body)).toEqual([]);

    const broken = JSON.parse(JSON.stringify(body));
    broken.secret = 'x';
    delete broken.token;
    broken.total = 12.5;
    broken.item_total = null;
    broken.state = 'limbo';
    broken.line_items[0].variant.extra = true;
    broken.line_items[0].quantity = '1';
    broken.bill_address = { id: 1 }; // a nullable $ref (allOf) that is present must be complete
    broken.permissions.can_update = 'yes';
    expect(shapeProblems(doc, '#/components/schemas/OrderJson', broken).sort()).toEqual(
      [
        '$.secret: not in the schema (undocumented)',
        '$.token: required but missing',
        '$.total: expected string, got number 12.5',
        '$.item_total: null, but the schema (string) is not nullable',
        '$.state: "limbo" is not one of ["cart","address","delivery","payment","confirm","complete","canceled","returned","awaiting_return","resumed"]',
        '$.line_items[0].variant.extra: not in the schema (undocumented)',
        '$.line_items[0].quantity: expected integer, got string "1"',
        '$.permissions.can_update: expected boolean, got string "yes"',
        ...['firstname', 'lastname', 'full_name', 'address1', 'address2', 'city', 'zipcode', 'phone', 'company', 'alternative_phone', 'country_id', 'state_id', 'state_name', 'state_text', 'country', 'state'].map(
          (f) => `$.bill_address.${f}: required but missing`,
        ),
      ].sort(),
    );
    // Inline schemas, additionalProperties and integer.
    const inline = { type: 'object', properties: { n: { type: 'integer' }, m: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } } };
    expect(shapeProblems(doc, inline, { n: 1.5, m: { a: ['x', 2] } })).toEqual(['$.n: expected integer, got number 1.5', '$.m.a[1]: expected string, got integer 2']);
    expect(shapeProblems(doc, inline, { n: 2, m: { a: ['x'], b: [] } })).toEqual([]);
  });

  it('documents GET /api/orders/{number} at every checkout state of a guest order, and the calls that move it', async () => {
    const product = await stockedProduct(t.db, { price: '19.99', count: 5 });
    const created = await t.http().post('/api/orders').send({});
    expectDocumented(created, 'post', '/api/orders', 201);
    const number: string = created.body.number;
    const guest = { 'X-Spree-Order-Token': created.body.token };

    const described = await t.http().get(`/api/orders/${number}/line_items/new`).set(guest);
    expectDocumented(described, 'get', '/api/orders/{number}/line_items/new', 200);

    const added = await t.http().post(`/api/orders/${number}/line_items`).set(guest).send({ line_item: { variant_id: product.masterVariantId, quantity: 1 } });
    expectDocumented(added, 'post', '/api/orders/{number}/line_items', 201);
    const changed = await t.http().put(`/api/orders/${number}/line_items/${added.body.id}`).set(guest).send({ line_item: { quantity: 2 } });
    expectDocumented(changed, 'put', '/api/orders/{number}/line_items/{id}', 200);
    expect(changed.body.quantity).toBe(2);

    const states: string[] = [];
    const checkState = async (state: string) => {
      const res = await showOrder(number, guest);
      expectDocumented(res, 'get', '/api/orders/{number}', 200);
      expect(res.body.state).toBe(state);
      states.push(state);
      return res.body;
    };
    await checkState('cart');

    let res = await t.http().put(`/api/checkouts/${number}/next`).set(guest);
    expectDocumented(res, 'put', '/api/checkouts/{number}/next', 200);
    expect(res.body.state).toBe('address');
    await checkState('address');

    const address = await usAddress(t.db);
    res = await t.http().put(`/api/checkouts/${number}`).set(guest).send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } });
    expectDocumented(res, 'put', '/api/checkouts/{number}', 200);
    expect(res.body.state).toBe('delivery');
    const atDelivery = await checkState('delivery');
    expect(atDelivery.shipments).toHaveLength(1);
    expect(atDelivery.shipments[0].shipping_rates.length).toBeGreaterThan(0);
    expect(atDelivery.bill_address).not.toBeNull();

    res = await t.http().put(`/api/checkouts/${number}/next`).set(guest);
    expectDocumented(res, 'put', '/api/checkouts/{number}/next', 200);
    expect(res.body.state).toBe('payment');
    const atPayment = await checkState('payment');
    expect(atPayment.payment_methods.length).toBeGreaterThan(0);

    const cc = await paymentMethodId(t.db, 'Credit Card');
    res = await t.http().put(`/api/checkouts/${number}`).set(guest).send({ order: { payments_attributes: [{ payment_method_id: cc }] }, payment_source: { [cc]: VISA } });
    expectDocumented(res, 'put', '/api/checkouts/{number}', 200);
    expect(res.body.state).toBe('confirm');
    const atConfirm = await checkState('confirm');
    expect(atConfirm.payments[0].source).not.toBeNull();
    expect(atConfirm.credit_cards).toHaveLength(1);

    res = await t.http().put(`/api/checkouts/${number}/next`).set(guest);
    expectDocumented(res, 'put', '/api/checkouts/{number}/next', 200);
    const complete = await checkState('complete');
    expect(complete.completed_at).not.toBeNull();
    expect(complete.shipments[0].manifest.length).toBeGreaterThan(0);
    expect(states).toEqual(['cart', 'address', 'delivery', 'payment', 'confirm', 'complete']);

    // The order's addresses, through the order (guest) and as an admin.
    const shown = await t.http().get(`/api/orders/${number}/addresses/${complete.bill_address.id}`).set(guest);
    expectDocumented(shown, 'get', '/api/orders/{number}/addresses/{id}', 200);
    expect(shown.body.country).not.toBeNull();
    const asAdmin = await t.http().get(`/api/addresses/${complete.ship_address.id}`).set(admin.auth);
    expectDocumented(asAdmin, 'get', '/api/addresses/{id}', 200);
    expect(asAdmin.body.state).not.toBeNull();

    // The admin list (order summaries).
    const list = await t.http().get('/api/orders').set(admin.auth);
    expectDocumented(list, 'get', '/api/orders', 200);
    expect(list.body.orders.map((o: { number: string }) => o.number)).toContain(number);
  });

  it("documents GET /api/orders/mine with a user's full orders", async () => {
    const user = await createUser(t.db);
    const product = await stockedProduct(t.db);
    const cart = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
    const address = await usAddress(t.db);
    await t.http().put(`/api/orders/${cart.number}`).set(user.auth).send({ order: { bill_address: address, ship_address: address } }).expect(200);
    await createOrder(t, [], user.auth);

    const res = await t.http().get('/api/orders/mine').set(user.auth);
    expectDocumented(res, 'get', '/api/orders/mine', 200);
    expect(res.body.orders).toHaveLength(2);
    expect(res.body.orders.some((o: { line_items: unknown[] }) => o.line_items.length === 1)).toBe(true);
  });

  it('documents the 422 bodies of a checkout step that cannot be taken', async () => {
    const empty = await createOrder(t, []);
    const next = await t.http().put(`/api/checkouts/${empty.number}/next`).set(empty.guest);
    expectDocumented(next, 'put', '/api/checkouts/{number}/next', 422);
    expect(next.body.error).toBe('The order could not be transitioned. Please fix the errors and try again.');

    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const address = await usAddress(t.db, { firstname: '' });
    const update = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } });
    expectDocumented(update, 'put', '/api/checkouts/{number}', 422);
    expect(Object.keys(update.body.errors).length).toBeGreaterThan(0);
  });

  it('documents an order with tax adjustments on its line items, paid by check (payment source null)', async () => {
    const [{ id: zoneId }] = await t.db.query(`SELECT id FROM zones WHERE name = 'North America'`);
    const [{ id: taxCategoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
    await t.http().post('/api/tax_rates').set(admin.auth).send({ tax_rate: { name: 'Sales Tax', amount: '0.05', zone_id: zoneId, tax_category_id: taxCategoryId } }).expect(201);

    const product = await stockedProduct(t.db, { price: '10.00' });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }]);
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const address = await usAddress(t.db);
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } }).expect(200);
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const check = await paymentMethodId(t.db, 'Check');
    const paid = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: check }] } });
    expectDocumented(paid, 'put', '/api/checkouts/{number}', 200);

    const res = await showOrder(order.number, order.guest);
    expectDocumented(res, 'get', '/api/orders/{number}', 200);
    expect(res.body.state).toBe('complete');
    expect(res.body.additional_tax_total).toBe('1.00');
    expect(res.body.line_items[0].adjustments.length).toBeGreaterThan(0);
    expect(res.body.line_items[0].adjustments[0].label).toMatch(/Sales Tax/);
    expect(res.body.payments).toHaveLength(1);
    expect(res.body.payments[0].source).toBeNull();
  });
});
