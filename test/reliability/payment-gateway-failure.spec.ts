import { BogusGateway } from '../../src/payments/payment/gateways/bogus.gateway';
import { checkoutToPayment, createOrder, CreatedOrder, paymentMethodId, stockedProduct, VISA } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';

// The payment gateway fails while an order completes (confirm → complete).
// Completion takes the stock first, then authorizes the payment, all in one
// transaction: a refusal or an unexpected failure of the gateway must leave
// the order, its payments, shipments, inventory units and the stock exactly as
// they were, and answer with a contract body (no stack). The declined card at
// the payment step is covered in test/orders/checkouts.spec.ts.

describe('the payment gateway fails at completion', () => {
  let t: TestApp;
  let creditCardId: number;

  beforeAll(async () => {
    t = await createTestApp();
    creditCardId = await paymentMethodId(t.db, 'Credit Card');
  });
  afterAll(() => t.close());
  afterEach(() => jest.restoreAllMocks());

  async function orderAtConfirm(): Promise<CreatedOrder & { variantId: number }> {
    const product = await stockedProduct(t.db, { count: 3 });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }]);
    await checkoutToPayment(t, order);
    const res = await t
      .http()
      .put(`/api/checkouts/${order.number}`)
      .set(order.guest)
      .send({ order: { payments_attributes: [{ payment_method_id: creditCardId }] }, payment_source: { [creditCardId]: VISA } });
    expect({ status: res.status, state: res.body.state }).toEqual({ status: 200, state: 'confirm' });
    return { ...order, variantId: product.masterVariantId };
  }

  /** Every row a completion touches. */
  async function snapshot(): Promise<Record<string, unknown[]>> {
    const tables = ['orders', 'line_items', 'shipments', 'shipping_rates', 'inventory_units', 'payments', 'credit_cards', 'stock_items', 'stock_movements', 'state_changes', 'adjustments'];
    const rows: Record<string, unknown[]> = {};
    for (const table of tables) rows[table] = await t.db.query(`SELECT * FROM ${table} ORDER BY id`);
    return rows;
  }

  async function expectUntouched(order: CreatedOrder & { variantId: number }, before: Record<string, unknown[]>) {
    expect(await snapshot()).toEqual(before);
    // Spelled out, so the test says what "untouched" means.
    const [row] = await t.db.query(`SELECT state, completed_at, payment_state, shipment_state FROM orders WHERE id = $1`, [order.id]);
    expect(row).toEqual({ state: 'confirm', completed_at: null, payment_state: null, shipment_state: null });
    expect(await t.db.query(`SELECT state, response_code FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'checkout', response_code: null }]);
    expect(await t.db.query(`SELECT pending FROM inventory_units WHERE order_id = $1`, [order.id])).toEqual([{ pending: true }, { pending: true }]);
    const [{ count_on_hand }] = await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [order.variantId]);
    expect(count_on_hand).toBe(3);
    expect(await t.db.query(`SELECT m.id FROM stock_movements m JOIN stock_items i ON i.id = m.stock_item_id WHERE i.variant_id = $1`, [order.variantId])).toEqual([]);
  }

  it('declined: the bogus gateway refuses the kept card profile → 422 with its message, nothing changed', async () => {
    const order = await orderAtConfirm();
    // The bogus gateway approves only the profiles it made (BGS-…): this one it no longer knows.
    await t.db.query(`UPDATE credit_cards SET gateway_customer_profile_id = 'UNKNOWN-1' WHERE id = (SELECT source_id FROM payments WHERE order_id = $1)`, [order.id]);
    const before = await snapshot();
    const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
    expect({ status: res.status, body: res.body }).toEqual({ status: 422, body: { error: 'Bogus Gateway: Forced failure', errors: { base: ['Bogus Gateway: Forced failure'] } } });
    await expectUntouched(order, before);
  });

  it('an unexpected failure inside the gateway (it throws) → 500 with the contract body, nothing changed, and the order completes once the gateway works', async () => {
    const order = await orderAtConfirm();
    const gateway = BogusGateway.prototype;
    const authorize = jest.spyOn(gateway, 'authorize').mockImplementation(() => {
      throw new Error('connect ETIMEDOUT gateway.example:443 (secret detail)');
    });
    const before = await snapshot();
    const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
    expect(authorize).toHaveBeenCalledTimes(1);
    expect({ status: res.status, body: res.body }).toEqual({ status: 500, body: { error: 'Internal server error' } });
    expect(res.text).not.toMatch(/ETIMEDOUT|secret|at .*\.ts/);
    await expectUntouched(order, before);

    authorize.mockRestore();
    const again = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
    expect({ status: again.status, state: again.body.state, payments: again.body.payments.map((p: { state: string }) => p.state) }).toEqual({ status: 200, state: 'complete', payments: ['pending'] });
    const [{ count_on_hand }] = await t.db.query(`SELECT count_on_hand FROM stock_items WHERE variant_id = $1`, [order.variantId]);
    expect(count_on_hand).toBe(1);
  });
});
