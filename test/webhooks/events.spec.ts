import { pruneDispatchedEvents, raiseEvent } from '../../src/common/events/events';
import { OrdersService } from '../../src/orders/order/orders.service';
import { createTaxon, createTaxonomy, defaultShippingCategoryId } from '../support/catalog';
import { checkoutToPayment, completeCheckout, createOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/** The events raised by each owner's writers, read from the outbox: type and data (the resource's API JSON then). */
describe('Events raised by the changes (the outbox)', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    // Nothing delivers here: the outbox is what is checked.
    t = await createTestApp({ WEBHOOKS_DELIVERY: 'false' });
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  let seen = 0;
  /** The events written since the last call, oldest first. */
  async function newEvents(): Promise<Array<{ type: string; data: any }>> {
    const rows = await t.db.query(`SELECT id, type, data FROM events WHERE id > $1 ORDER BY id`, [seen]);
    if (rows.length) seen = Number(rows[rows.length - 1].id);
    return rows.map((r: any) => ({ type: r.type, data: r.data }));
  }
  const types = (events: Array<{ type: string }>) => events.map((e) => e.type);

  it('user.created on sign-up, with the user as an admin sees it', async () => {
    await newEvents();
    const res = await t.http().post('/api/users').send({ user: { email: 'new-customer@example.com', password: 'secret123', password_confirmation: 'secret123' } }).expect(201);
    const events = await newEvents();
    expect(types(events)).toEqual(['user.created']);
    expect(events[0].data).toEqual((await t.http().get(`/api/users/${res.body.id}`).set(admin.auth).expect(200)).body);
  });

  it('product.created, product.updated and product.deleted, with the product as an admin sees it', async () => {
    await newEvents();
    const shipping = await defaultShippingCategoryId(t.db);
    const created = await t.http().post('/api/products').set(admin.auth).send({ product: { name: 'Event Mug', price: '12.00', shipping_category_id: shipping } }).expect(201);
    await t.http().put(`/api/products/${created.body.id}`).set(admin.auth).send({ product: { name: 'Event Mug II' } }).expect(201); // Spree answers an update with 201
    const shown = (await t.http().get(`/api/products/${created.body.id}`).set(admin.auth).expect(200)).body;
    await t.http().delete(`/api/products/${created.body.id}`).set(admin.auth).expect(204);
    const events = await newEvents();
    expect(types(events)).toEqual(['product.created', 'product.updated', 'product.deleted']);
    expect(events[0].data).toMatchObject({ id: created.body.id, name: 'Event Mug' });
    expect(events[1].data).toEqual(shown);
    expect(events[2].data).toMatchObject({ id: created.body.id, name: 'Event Mug II' });
  });

  it('product.updated, once per transaction, for every change that shows in the product JSON: variants, images, properties, taxons', async () => {
    const shipping = await defaultShippingCategoryId(t.db);
    const taxonomy = await createTaxonomy(t.db);
    const taxon = await createTaxon(t.db, taxonomy.rootId);
    // A product created with its taxons and properties in one request is one product.created (no product.updated beside it).
    await newEvents();
    const created = await t
      .http()
      .post('/api/products')
      .set(admin.auth)
      .send({ product: { name: 'Search Mug', price: '9.00', shipping_category_id: shipping, taxon_ids: String(taxon), product_properties_attributes: [{ property_name: 'material', value: 'clay' }] } })
      .expect(201);
    expect(types(await newEvents())).toEqual(['product.created']);
    const id = created.body.id;
    const product = `/api/products/${id}`;
    /** One request's events: exactly one product.updated, whose data is the product as an admin's GET shows it after the change. */
    async function expectOneUpdate(change: () => Promise<unknown>): Promise<any> {
      await newEvents();
      await change();
      const events = await newEvents();
      expect(types(events)).toEqual(['product.updated']);
      const shown = (await t.http().get(product).set(admin.auth).expect(200)).body;
      expect(events[0].data).toEqual(shown);
      return shown;
    }

    let variantId = 0;
    let shown = await expectOneUpdate(async () => {
      variantId = (await t.http().post(`${product}/variants`).set(admin.auth).send({ variant: { sku: 'MUG-BIG', price: '11.00', options: [{ name: 'size', value: 'Big' }] } }).expect(201)).body.id;
    });
    expect(shown.variants.map((v: any) => v.sku)).toEqual(['MUG-BIG']);
    shown = await expectOneUpdate(() => t.http().put(`${product}/variants/${variantId}`).set(admin.auth).send({ variant: { price: '12.50' } }).expect(200));
    expect(shown.variants[0].price).toBe('12.50');
    let imageId = 0;
    shown = await expectOneUpdate(async () => {
      imageId = (await t.http().post(`${product}/images`).set(admin.auth).send({ image: { attachment_file_name: 'mug.jpg', attachment_content_type: 'image/jpeg' } }).expect(201)).body.id;
    });
    expect(shown.master.images.map((i: any) => i.id)).toEqual([imageId]);
    shown = await expectOneUpdate(() => t.http().put(`${product}/images/${imageId}`).set(admin.auth).send({ image: { alt: 'A mug' } }).expect(200));
    expect(shown.master.images[0].alt).toBe('A mug');
    shown = await expectOneUpdate(() => t.http().delete(`${product}/images/${imageId}`).set(admin.auth).expect(204));
    expect(shown.master.images).toEqual([]);
    await expectOneUpdate(() => t.http().post(`${product}/product_properties`).set(admin.auth).send({ product_property: { property_name: 'colour', value: 'blue' } }).expect(201));
    shown = await expectOneUpdate(() => t.http().put(`${product}/product_properties/colour`).set(admin.auth).send({ product_property: { value: 'green' } }).expect(200));
    expect(shown.product_properties.map((pp: any) => pp.value).sort()).toEqual(['clay', 'green']);
    shown = await expectOneUpdate(() => t.http().delete(`${product}/product_properties/colour`).set(admin.auth).expect(204));
    expect(shown.product_properties.map((pp: any) => pp.property_name)).toEqual(['material']);
    // A product update that also changes its master and taxons: still one product.updated.
    shown = await expectOneUpdate(() => t.http().put(product).set(admin.auth).send({ product: { price: '10.00', sku: 'MUG', taxon_ids: '' } }).expect(201));
    expect(shown.taxon_ids).toEqual([]);
    await expectOneUpdate(() => t.http().put(product).set(admin.auth).send({ product: { taxon_ids: String(taxon) } }).expect(201));
    // The taxon deleted: its classifications go with it, the product's taxon_ids change.
    shown = await expectOneUpdate(() => t.http().delete(`/api/taxonomies/${taxonomy.id}/taxons/${taxon}`).set(admin.auth).expect(204));
    expect(shown.taxon_ids).toEqual([]);
    shown = await expectOneUpdate(() => t.http().delete(`${product}/variants/${variantId}`).set(admin.auth).expect(204));
    expect(shown.variants).toEqual([]);
    // Stock counts do not raise product.updated (stock_item.out_of_stock / back_in_stock do).
    await newEvents();
    const [item] = await t.db.query(`SELECT si.id FROM stock_items si JOIN variants v ON v.id = si.variant_id WHERE v.product_id = $1 AND v.is_master LIMIT 1`, [id]);
    await t.http().post(`/api/stock_locations/${(await t.db.query(`SELECT stock_location_id FROM stock_items WHERE id = $1`, [item.id]))[0].stock_location_id}/stock_movements`).set(admin.auth).send({ stock_movement: { stock_item_id: item.id, quantity: 3 } }).expect(201);
    expect(types(await newEvents())).toEqual(['stock_item.back_in_stock']);
  });

  it('product.updated for each product showing a property, option type or option value renamed or deleted', async () => {
    const shipping = await defaultShippingCategoryId(t.db);
    const created = await t
      .http()
      .post('/api/products')
      .set(admin.auth)
      .send({ product: { name: 'Glazed Bowl', price: '7.00', shipping_category_id: shipping, product_properties_attributes: [{ property_name: 'glaze', value: 'matte' }] } })
      .expect(201);
    const product = `/api/products/${created.body.id}`;
    await t.http().post(`${product}/variants`).set(admin.auth).send({ variant: { sku: 'BOWL-XL', options: [{ name: 'bowl-size', value: 'XL' }] } }).expect(201);
    const [{ id: propertyId }] = await t.db.query(`SELECT id FROM properties WHERE name = 'glaze'`);
    const [{ id: typeId }] = await t.db.query(`SELECT id FROM option_types WHERE name = 'bowl-size'`);
    const [{ id: valueId }] = await t.db.query(`SELECT id FROM option_values WHERE option_type_id = $1`, [typeId]);
    async function expectProductUpdate(change: () => Promise<unknown>): Promise<any> {
      await newEvents();
      await change();
      const events = await newEvents();
      expect(types(events)).toEqual(['product.updated']);
      const shown = (await t.http().get(product).set(admin.auth).expect(200)).body;
      expect(events[0].data).toEqual(shown);
      return shown;
    }
    await expectProductUpdate(() => t.http().put(`/api/properties/${propertyId}`).set(admin.auth).send({ property: { presentation: 'Glaze' } }).expect(200));
    let shown: any;
    shown = await expectProductUpdate(() => t.http().put(`/api/option_types/${typeId}/option_values/${valueId}`).set(admin.auth).send({ option_value: { presentation: 'Extra large' } }).expect(200));
    expect(shown.variants[0].option_values[0].presentation).toBe('Extra large');
    shown = await expectProductUpdate(() => t.http().put(`/api/option_types/${typeId}`).set(admin.auth).send({ option_type: { presentation: 'Bowl size' } }).expect(200));
    expect(shown.option_types[0].presentation).toBe('Bowl size');
    shown = await expectProductUpdate(() => t.http().delete(`/api/option_types/${typeId}`).set(admin.auth).expect(204));
    expect(shown.option_types).toEqual([]);
    shown = await expectProductUpdate(() => t.http().delete(`/api/properties/${propertyId}`).set(admin.auth).expect(204));
    expect(shown.product_properties).toEqual([]);
  });

  it('a failed product change raises nothing', async () => {
    await newEvents();
    await t.http().post('/api/products').set(admin.auth).send({ product: { name: 'No price' } }).expect(422);
    expect(await newEvents()).toEqual([]);
  });

  it('the life of an order: completed, payments, stock, shipments, edits, returns, cancel', async () => {
    const product = await stockedProduct(t.db, { count: 1 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await newEvents();
    await completeCheckout(t, order);
    let events = await newEvents();
    expect(types(events).sort()).toEqual(['order.completed', 'payment.authorized', 'stock_item.out_of_stock']);
    const completed = events.find((e) => e.type === 'order.completed')!;
    const { token: _token, ...shownWithoutToken } = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    expect(completed.data).toEqual(shownWithoutToken);
    const payment = completed.data.payments[0];
    expect(events.find((e) => e.type === 'payment.authorized')!.data).toMatchObject({ id: payment.id, state: 'pending' });
    // The payment's JSON, taken from the order graph the completion read (not read again): as the payments API shows it.
    expect(events.find((e) => e.type === 'payment.authorized')!.data).toEqual((await t.http().get(`/api/orders/${order.number}/payments/${payment.id}`).set(admin.auth).expect(200)).body);
    expect(events.find((e) => e.type === 'stock_item.out_of_stock')!.data).toMatchObject({ count_on_hand: 0, variant_id: product.masterVariantId });

    await t.http().put(`/api/orders/${order.number}/payments/${payment.id}/capture`).set(admin.auth).expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['payment.captured', 'shipment.ready']);
    expect(events[0].data).toEqual((await t.http().get(`/api/orders/${order.number}/payments/${payment.id}`).set(admin.auth).expect(200)).body);
    const shipmentNumber = completed.data.shipments[0].number;
    expect(events[1].data).toMatchObject({ number: shipmentNumber, state: 'ready' });

    await t.http().put(`/api/orders/${order.number}`).set(admin.auth).send({ order: { special_instructions: 'Leave at the door' } }).expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['order.updated']);
    expect(events[0].data.special_instructions).toBe('Leave at the door');

    await t.http().put(`/api/shipments/${shipmentNumber}/ship`).set(admin.auth).expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['shipment.shipped']);
    expect(events[0].data).toMatchObject({ number: shipmentNumber, state: 'shipped' });

    const ra = await t.http().post(`/api/orders/${order.number}/return_authorizations`).set(admin.auth).send({ return_authorization: { amount: '5.00', reason: 'Too big' } }).expect(201);
    await t.http().put(`/api/orders/${order.number}/return_authorizations/${ra.body.id}/cancel`).set(admin.auth).expect(200);
    events = await newEvents();
    expect(types(events)).toEqual(['return_authorization.authorized', 'return_authorization.canceled']);
    expect(events[1].data).toMatchObject({ id: ra.body.id, state: 'canceled' });

    // The unit comes back: a return authorized for it, then received (the unit back on the shelf).
    const back = await t.http().post(`/api/orders/${order.number}/return_authorizations`).set(admin.auth).send({ return_authorization: { amount: '5.00', reason: 'Too small' } }).expect(201);
    await t.http().put(`/api/orders/${order.number}/return_authorizations/${back.body.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
    expect(types(await newEvents())).toEqual(['return_authorization.authorized']);
    const received = await t.http().put(`/api/orders/${order.number}/return_authorizations/${back.body.id}/receive`).set(admin.auth).expect(200);
    events = await newEvents();
    expect(types(events).sort()).toEqual(['return_authorization.received', 'stock_item.back_in_stock']);
    expect(events.find((e) => e.type === 'return_authorization.received')!.data).toEqual(received.body);
  });

  it('a declined card raises nothing: the refused request rolls back whole, so no payment.failed (docs/webhooks.md)', async () => {
    const product = await stockedProduct(t.db, { count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await newEvents();
    await checkoutToPayment(t, order);
    const method = await paymentMethodId(t.db, 'Credit Card');
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: method }] }, payment_source: { [method]: { ...VISA, number: '4000000000000002' } } })
      .expect(422);
    expect(res.body.error).toMatch(/declin|gateway|card/i);
    expect(await newEvents()).toEqual([]);
    const shown = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    expect(shown.state).toBe('payment');
    expect(shown.payments.map((p: any) => p.state)).not.toContain('failed');
  });

  it('order.resumed when an admin resumes a canceled order (PUT /api/orders/:number/resume)', async () => {
    const product = await stockedProduct(t.db, { count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await completeCheckout(t, order);
    await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
    await newEvents();
    await t.http().put(`/api/orders/${order.number}/resume`).set(admin.auth).expect(200);
    const events = await newEvents();
    expect(types(events)).toEqual(['order.resumed']);
    expect(events[0].data).toMatchObject({ number: order.number, state: 'resumed' });
  });

  it("an event's data is read again when its transaction wrote after reading it (reads kept per transaction are forgotten at a write)", async () => {
    const product = await stockedProduct(t.db, { count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await completeCheckout(t, order);
    await newEvents();
    const orders = t.app.get(OrdersService);
    await t.db.transaction(async (em) => {
      // Read (and kept) as an answer would be, then a write after it, then the event.
      expect((await orders.render(em, order.id, { userId: null, email: null, admin: true }, undefined)).special_instructions).toBeNull();
      await em.query(`UPDATE orders SET special_instructions = 'Ring twice' WHERE id = $1`, [order.id]);
      raiseEvent(em, 'order.updated', { resource: 'order', id: order.id });
    });
    const events = await newEvents();
    expect(types(events)).toEqual(['order.updated']);
    expect(events[0].data.special_instructions).toBe('Ring twice');
  });

  it('order.canceled, payment.voided and stock_item.back_in_stock when an order is canceled', async () => {
    const product = await stockedProduct(t.db, { count: 1 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await completeCheckout(t, order);
    await newEvents();
    await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
    const events = await newEvents();
    expect(types(events).sort()).toEqual(['order.canceled', 'payment.voided', 'stock_item.back_in_stock']);
    const { token: _token, ...shownWithoutToken } = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    expect(events.find((e) => e.type === 'order.canceled')!.data).toEqual(shownWithoutToken);
  });

  it('payment.credited when a captured order is canceled (its money given back)', async () => {
    const product = await stockedProduct(t.db, { count: 5 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const completed = await completeCheckout(t, order);
    await t.http().put(`/api/orders/${order.number}/payments/${completed.payments[0].id}/capture`).set(admin.auth).expect(200);
    await newEvents();
    await t.http().put(`/api/orders/${order.number}/cancel`).set(admin.auth).expect(200);
    const events = await newEvents();
    expect(types(events).sort()).toEqual(['order.canceled', 'payment.credited']);
    const credit = events.find((e) => e.type === 'payment.credited')!.data;
    expect(credit).toMatchObject({ source_type: 'Spree::Payment', source_id: completed.payments[0].id, state: 'completed' });
    expect(credit.amount).toMatch(/^-/);
  });

  it('retention: dispatched events older than the retention go, with their deliveries, unless a delivery still waits', async () => {
    const [endpoint] = await t.db.query(`INSERT INTO webhook_endpoints (url, events, secret_sealed) VALUES ('https://example.com/h', '{order.completed}', 'x') RETURNING id`);
    const old = async (publicId: string, dispatchedDaysAgo: number) =>
      (await t.db.query(`INSERT INTO events (public_id, type, data, created_at, dispatched_at) VALUES ($1, 'order.completed', '{}', now() - make_interval(days => $2), now() - make_interval(days => $2)) RETURNING id`, [publicId, dispatchedDaysAgo]))[0].id;
    const gone = await old('evt_old_done', 40);
    const waiting = await old('evt_old_waiting', 40);
    const recent = await old('evt_recent', 5);
    await t.db.query(`INSERT INTO webhook_deliveries (endpoint_id, event_id, state) VALUES ($1, $2, 'succeeded'), ($1, $3, 'pending'), ($1, $4, 'succeeded')`, [endpoint.id, gone, waiting, recent]);
    expect(await pruneDispatchedEvents(t.db.manager, 30)).toBe(1);
    const left = await t.db.query(`SELECT public_id FROM events WHERE public_id IN ('evt_old_done', 'evt_old_waiting', 'evt_recent') ORDER BY id`);
    expect(left.map((r: any) => r.public_id)).toEqual(['evt_old_waiting', 'evt_recent']);
    const [{ count }] = await t.db.query(`SELECT count(*)::int AS count FROM webhook_deliveries WHERE endpoint_id = $1`, [endpoint.id]);
    expect(count).toBe(2);
    await t.db.query(`DELETE FROM webhook_endpoints WHERE id = $1`, [endpoint.id]);
  });
});
