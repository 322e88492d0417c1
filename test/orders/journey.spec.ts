import { createTestApp, TestApp } from '../support/test-app';
import { checkoutToPayment, createOrder, paymentMethodId, stockedProduct, usAddress, VISA } from '../support/orders';

describe('storefront journey', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('takes a guest from an empty cart to a completed, paid order', async () => {
    const product = await stockedProduct(t.db, { price: '19.99', count: 5 });
    const created = await t.http().post('/api/orders').expect(201);
    expect(created.body.state).toBe('cart');
    expect(created.body.checkout_steps).toEqual(['address', 'delivery', 'complete']);
    const guest = { 'X-Spree-Order-Token': created.body.token };
    const number = created.body.number;

    const li = await t.http().post(`/api/orders/${number}/line_items`).set(guest).send({ line_item: { variant_id: product.masterVariantId, quantity: 2 } });
    expect(li.status).toBe(201);
    expect(li.body.total).toBe('39.98');

    let res = await t.http().put(`/api/checkouts/${number}/next`).set(guest);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('address');

    const address = await usAddress(t.db);
    res = await t.http().put(`/api/checkouts/${number}`).set(guest).send({ order: { email: 'guest@example.com', bill_address_attributes: address, ship_address_attributes: address } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('delivery');
    expect(res.body.shipments).toHaveLength(1);
    const shipment = res.body.shipments[0];
    expect(shipment.shipping_rates.map((r: any) => r.cost)).toEqual(['5.00', '10.00', '15.00']);
    expect(shipment.selected_shipping_rate.cost).toBe('5.00');
    expect(shipment.manifest).toEqual([{ variant_id: product.masterVariantId, quantity: 2, states: { on_hand: 2 } }]);

    const twoDay = shipment.shipping_rates[1];
    res = await t.http().put(`/api/checkouts/${number}`).set(guest).send({ order: { shipments_attributes: [{ id: shipment.id, selected_shipping_rate_id: twoDay.id }] } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('payment');
    expect(res.body.ship_total).toBe('10.00');
    expect(res.body.total).toBe('49.98');
    expect(res.body.payment_methods.map((m: any) => m.name)).toEqual(expect.arrayContaining(['Credit Card', 'Check']));

    const cc = await paymentMethodId(t.db, 'Credit Card');
    res = await t.http().put(`/api/checkouts/${number}`).set(guest).send({ order: { payments_attributes: [{ payment_method_id: cc }] }, payment_source: { [cc]: VISA } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('confirm');
    expect(res.body.payments[0].amount).toBe('49.98');
    expect(res.body.payments[0].source.last_digits).toBe('1111');

    res = await t.http().put(`/api/checkouts/${number}`).set(guest);
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('complete');
    expect(res.body.completed_at).not.toBeNull();
    expect(res.body.payment_state).toBe('balance_due');
    expect(res.body.payments[0].state).toBe('pending');
    expect(res.body.shipment_state).toBe('pending');
    const [{ count_on_hand }] = await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [product.masterVariantId]);
    expect(count_on_hand).toBe(3);
    const cards = await t.db.query(`SELECT * FROM credit_cards`);
    expect(JSON.stringify(cards)).not.toContain('4111111111111111');
  });

  it('pays by check without a confirm step', async () => {
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const atPayment = await checkoutToPayment(t, order);
    expect(atPayment.state).toBe('payment');
    expect(atPayment.checkout_steps).toEqual(['address', 'delivery', 'payment', 'complete']);
    const check = await paymentMethodId(t.db, 'Check');
    const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: { payment_method_id: check } } });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('complete');
  });
});
