import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GatewayOperations } from '../../src/payments/payment/gateway-operations.service';
import type { BogusOperation } from '../../src/payments/payment/gateways/bogus.gateway';
import { injectCommitFailures } from '../support/commit-failures';
import { orderAtConfirm, stockedProduct } from '../support/orders';
import { createAdmin, TestUser } from '../support/users';
import { createTestApp, TestApp } from '../support/test-app';
import { cents } from '../support/database';

// No charge without an order: the database fails at COMMIT after the payment
// gateway authorized, charged or captured. The failure is injected with a
// deferred constraint trigger made by the test in its own database (no hook in
// the service): it raises at COMMIT for the orders listed in
// `test_commit_failures`, after every statement of the request succeeded.
// The gateway's own record is the bogus gateway's log (BOGUS_GATEWAY_LOG):
// each operation it answered, one JSON line each.
// The restart (a process killed between the gateway and the commit) is in
// no-charge-without-order-restart.spec.ts.

describe('no charge without an order', () => {
  let t: TestApp;
  let admin: TestUser;
  let log: string;

  beforeAll(async () => {
    log = join(mkdtempSync(join(tmpdir(), 'bogus-')), 'gateway.log');
    t = await createTestApp({ BOGUS_GATEWAY_LOG: log });
    admin = await createAdmin(t.db);
    await injectCommitFailures(t);
  });
  afterAll(() => t.close());

  /** What the bogus gateway answered, in order (since `from`). */
  const gatewayLog = (from = 0): BogusOperation[] =>
    (existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []).map((line) => JSON.parse(line) as BogusOperation).slice(from);
  const journal = (orderId: number) =>
    t.db.query(`SELECT operation, amount_cents::int AS cents, state, "authorization", compensation FROM gateway_operations WHERE order_id = $1 ORDER BY id`, [orderId]);
  const failAtCommit = (orderId: number) => t.db.query(`INSERT INTO test_commit_failures (order_id) VALUES ($1)`, [orderId]);
  const stopFailing = (orderId: number) => t.db.query(`DELETE FROM test_commit_failures WHERE order_id = $1`, [orderId]);
  const cardAutoCapture = (on: boolean) => t.db.query(`UPDATE payment_methods SET auto_capture = $1 WHERE type = 'Spree::Gateway::Bogus'`, [on]);

  async function confirmedOrder() {
    const product = await stockedProduct(t.db, { price: '20.00', count: 5 });
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    const [{ total }] = await t.db.query(`SELECT total FROM orders WHERE id = $1`, [order.id]);
    return { ...order, cents: Math.round(Number(total) * 100) };
  }

  it('a charge at completion (auto-capture) is credited back when the commit fails; the order stays unpaid at confirm', async () => {
    await cardAutoCapture(true);
    try {
      const order = await confirmedOrder();
      await failAtCommit(order.id);
      const from = gatewayLog().length;

      const res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body).toHaveProperty('error');

      // The gateway charged, then gave it all back.
      expect(gatewayLog(from).map(({ operation, amountCents, success }) => ({ operation, amountCents, success }))).toEqual([
        { operation: 'purchase', amountCents: order.cents, success: true },
        { operation: 'credit', amountCents: order.cents, success: true },
      ]);
      expect(await journal(order.id)).toEqual([{ operation: 'purchase', cents: order.cents, state: 'compensated', authorization: '12345', compensation: 'credit' }]);
      // Nothing of the completion was kept.
      expect(cents(await t.db.query(`SELECT state, completed_at, payment_total FROM orders WHERE id = $1`, [order.id]))).toEqual([{ state: 'confirm', completed_at: null, payment_total: '0.00' }]);
      expect(await t.db.query(`SELECT state, response_code FROM payments WHERE order_id = $1`, [order.id])).toEqual([{ state: 'checkout', response_code: null }]);

      // Once the database commits again, the shopper completes it: charged once more, and that charge settled.
      await stopFailing(order.id);
      const retry = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      expect(retry.body.state).toBe('complete');
      expect((await journal(order.id)).map((r: { state: string }) => r.state)).toEqual(['compensated', 'settled']);
      expect(gatewayLog(from).map((o) => o.operation)).toEqual(['purchase', 'credit', 'purchase']);
    } finally {
      await cardAutoCapture(false);
    }
  });

  it('an authorization at completion is voided when the commit fails', async () => {
    const order = await confirmedOrder();
    await failAtCommit(order.id);
    const from = gatewayLog().length;

    const res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest);
    expect(res.status).toBeGreaterThanOrEqual(500);

    expect(gatewayLog(from).map(({ operation, authorization }) => ({ operation, authorization }))).toEqual([
      { operation: 'authorize', authorization: '12345' },
      { operation: 'void', authorization: '12345' },
    ]);
    expect(await journal(order.id)).toEqual([{ operation: 'authorize', cents: order.cents, state: 'compensated', authorization: '12345', compensation: 'void' }]);
    expect((await t.db.query(`SELECT state FROM orders WHERE id = $1`, [order.id]))[0].state).toBe('confirm');
  });

  it('a capture through the payments API is credited back when the commit fails; the payment stays authorized', async () => {
    const order = await confirmedOrder();
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
    const [{ id: paymentId }] = await t.db.query(`SELECT id FROM payments WHERE order_id = $1 AND state = 'pending'`, [order.id]);
    await failAtCommit(order.id);
    const from = gatewayLog().length;

    const res = await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth);
    expect(res.status).toBeGreaterThanOrEqual(500);

    expect(gatewayLog(from).map(({ operation, amountCents }) => ({ operation, amountCents }))).toEqual([
      { operation: 'capture', amountCents: order.cents },
      { operation: 'credit', amountCents: order.cents },
    ]);
    expect((await journal(order.id)).map((r: { operation: string; state: string }) => [r.operation, r.state])).toEqual([
      ['authorize', 'settled'],
      ['capture', 'compensated'],
    ]);
    expect(await t.db.query(`SELECT state FROM payments WHERE id = $1`, [paymentId])).toEqual([{ state: 'pending' }]);
    expect((await t.db.query(`SELECT payment_state FROM orders WHERE id = $1`, [order.id]))[0].payment_state).toBe('balance_due');

    // And when the commit succeeds, the capture is settled and kept.
    await stopFailing(order.id);
    await t.http().put(`/api/orders/${order.number}/payments/${paymentId}/capture`).set(admin.auth).expect(200);
    expect((await journal(order.id)).map((r: { state: string }) => r.state)).toEqual(['settled', 'compensated', 'settled']);
  });

  it('a declined operation is journaled as declined and needs no compensation', async () => {
    const order = await confirmedOrder();
    await t.db.query(`UPDATE credit_cards SET gateway_customer_profile_id = 'UNKNOWN-1' WHERE id = (SELECT source_id FROM payments WHERE order_id = $1)`, [order.id]);
    const from = gatewayLog().length;
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(422);
    expect(gatewayLog(from).map(({ operation, success }) => ({ operation, success }))).toEqual([{ operation: 'authorize', success: false }]);
    expect(await journal(order.id)).toEqual([{ operation: 'authorize', cents: order.cents, state: 'declined', authorization: null, compensation: null }]);
  });

  it('the reconciler compensates what a request left answered (its process gone), and only once', async () => {
    const order = await confirmedOrder();
    // As a process killed between the gateway's answer and its commit leaves it.
    await t.db.query(
      `INSERT INTO gateway_operations (payment_id, order_id, gateway, operation, amount_cents, state, "authorization", updated_at)
       SELECT id, order_id, 'Spree::Gateway::Bogus', 'purchase', $2, 'answered', '12345', now() - interval '1 hour' FROM payments WHERE order_id = $1`,
      [order.id, order.cents],
    );
    const from = gatewayLog().length;
    // A second instance of the service on the same database (whose start-up run may already take the row).
    const second = await createTestApp({ BOGUS_GATEWAY_LOG: log }, { databaseUrl: t.databaseUrl });
    try {
      // Both instances reconciling at once: one credit (see the gateway's log below).
      const results = await Promise.all([t.app.get(GatewayOperations).reconcile(), second.app.get(GatewayOperations).reconcile()]);
      expect(results.reduce((n, r) => n + r.compensated, 0)).toBeLessThanOrEqual(1);
    } finally {
      await second.close();
    }
    expect(gatewayLog(from).map(({ operation, amountCents }) => ({ operation, amountCents }))).toEqual([{ operation: 'credit', amountCents: order.cents }]);
    expect(await journal(order.id)).toEqual([{ operation: 'purchase', cents: order.cents, state: 'compensated', authorization: '12345', compensation: 'credit' }]);
  });
});
