import { moveOrderState } from '../../src/orders/order/order-moves';
import { defaultStockLocationId } from '../support/catalog';
import { linkToken, mailTestEnv, TestMailServer } from '../support/mail-server';
import { completeCheckout, createOrder, orderAtConfirm, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { eventually } from '../support/webhook-receiver';

/** Waits a moment longer than a relay and a job take, so that a mail that should not come would have. */
const settle = () => new Promise((r) => setTimeout(r, 1500));

// Issue 30: the shop's mail, sent from the outbox's events through a real SMTP server on loopback.
describe("the shop's mail", () => {
  let smtp: TestMailServer;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    smtp = await TestMailServer.start();
    t = await createTestApp(mailTestEnv(smtp));
    admin = await createAdmin(t.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  const mailsOf = (orderId: number) => t.db.query(`SELECT kind, state, attempts, recipient FROM mail_deliveries WHERE order_id = $1 ORDER BY id`, [orderId]);

  it('order → confirmation, ship → tracking, return authorized and received, refund: one mail each to the order e-mail', async () => {
    const customer = await createUser(t.db);
    const product = await stockedProduct(t.db, { price: '19.99', count: 10, name: 'Ruby Tote' });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], customer.auth);
    const placed = await completeCheckout(t, order, { email: customer.email });

    const [confirmation] = await smtp.waitFor(customer.email, 1);
    expect(confirmation.subject).toBe(`Test Shop: order confirmation ${order.number}`);
    expect(confirmation.text).toContain(`Order ${order.number}`);
    expect(confirmation.text).toContain('2 x Ruby Tote  $39.98');
    expect(confirmation.text).toContain(`Total: ${placed.display_total}`);
    expect(placed.display_total).toBe('$44.98');
    expect(confirmation.text).toContain('7735 Old Georgetown Road');
    expect(confirmation.html).toContain('<strong>$44.98</strong>');
    expect(confirmation.messageId).toMatch(/^<mail-\d+-\d+@shop\.test>$/);

    await t.http().put(`/api/orders/${order.number}/payments/${placed.payments[0].id}/capture`).set(admin.auth).expect(200);
    await t.http().put(`/api/shipments/${placed.shipments[0].number}/ship`).set(admin.auth).send({ shipment: { tracking: '1Z999AA10123456784' } }).expect(200);
    const shipped = (await smtp.waitFor(customer.email, 2))[1];
    expect(shipped.subject).toBe(`Test Shop: your order ${order.number} has shipped`);
    expect(shipped.text).toContain('Tracking number: 1Z999AA10123456784');
    expect(shipped.text).toContain('2 x Ruby Tote');

    const locationId = await defaultStockLocationId(t.db);
    const rma = await t
      .http()
      .post(`/api/orders/${order.number}/return_authorizations`)
      .set(admin.auth)
      .send({ return_authorization: { amount: '19.99', reason: 'Too small', stock_location_id: locationId } })
      .expect(201);
    const authorized = (await smtp.waitFor(customer.email, 3))[2];
    expect(authorized.subject).toBe(`Test Shop: return ${rma.body.number} for order ${order.number}`);
    expect(authorized.text).toContain('Reason: Too small');
    expect(authorized.text).toContain('we will credit $19.99');
    await t.http().put(`/api/orders/${order.number}/return_authorizations/${rma.body.id}/add`).set(admin.auth).send({ variant_id: product.masterVariantId, quantity: 1 }).expect(200);
    await t.http().put(`/api/orders/${order.number}/return_authorizations/${rma.body.id}/receive`).set(admin.auth).expect(200);
    const received = (await smtp.waitFor(customer.email, 4))[3];
    expect(received.subject).toBe(`Test Shop: we received your return ${rma.body.number}`);

    await t.http().put(`/api/orders/${order.number}/payments/${placed.payments[0].id}/credit`).set(admin.auth).send({ amount: '19.99' }).expect(200);
    const refund = (await smtp.waitFor(customer.email, 5))[4];
    expect(refund.subject).toBe(`Test Shop: refund of $19.99 for order ${order.number}`);
    expect(refund.text).toContain('We have refunded $19.99 for your order');

    await settle();
    expect(smtp.to(customer.email)).toHaveLength(5);
    expect(await mailsOf(order.id)).toEqual(
      ['order_confirmation', 'shipment_shipped', 'return_authorized', 'return_received', 'refund_issued'].map((kind) => ({ kind, state: 'sent', attempts: 1, recipient: customer.email })),
    );
  });

  it("mails a guest's confirmation to the order's e-mail, exactly once", async () => {
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'guest-once@example.com');
    const completed = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
    expect(completed.body.state).toBe('complete');
    const [mail] = await smtp.waitFor('guest-once@example.com');
    expect(mail.subject).toContain(order.number);
    expect(mail.text).toContain(`Total: ${completed.body.display_total}`);
    await settle();
    expect(smtp.to('guest-once@example.com')).toHaveLength(1);
  });

  it('a change that rolls back mails nothing; the same change committed mails once', async () => {
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'guest-rollback@example.com');
    // The order moves to complete (raising order.completed), then its transaction fails.
    await expect(
      t.db.transaction(async (em) => {
        await moveOrderState(em, { id: order.id, state: 'confirm' }, { event: 'next', from: 'confirm', to: 'complete', recorded: true } as never, null);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    expect(smtp.to('guest-rollback@example.com')).toEqual([]);
    expect(await mailsOf(order.id)).toEqual([]);

    await t.db.transaction((em) => moveOrderState(em, { id: order.id, state: 'confirm' }, { event: 'next', from: 'confirm', to: 'complete', recorded: true } as never, null));
    await smtp.waitFor('guest-rollback@example.com');
    await settle();
    expect(smtp.to('guest-rollback@example.com')).toHaveLength(1);
  });

  it('with the SMTP server down, the mail waits and goes out once it is back', async () => {
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'guest-outage@example.com');
    await smtp.stop();
    try {
      await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      const [failing] = await eventually(
        () => t.db.query(`SELECT state, attempts, error, next_attempt_at FROM mail_deliveries WHERE order_id = $1`, [order.id]),
        (rows) => rows.length === 1 && rows[0].attempts >= 2,
      );
      expect(failing.state).toBe('pending');
      expect(failing.error).toMatch(/ECONNREFUSED|connect/i);
      expect(failing.next_attempt_at).not.toBeNull();
    } finally {
      await smtp.listen();
    }
    const [mail] = await smtp.waitFor('guest-outage@example.com');
    expect(mail.subject).toContain(order.number);
    const [sent] = await eventually(
      () => t.db.query(`SELECT state, attempts, error, sent_at FROM mail_deliveries WHERE order_id = $1`, [order.id]),
      (rows) => rows[0]?.state === 'sent',
    );
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(sent.error).toBeNull();
    await settle();
    expect(smtp.to('guest-outage@example.com')).toHaveLength(1);
  });

  describe('the mail log (admin)', () => {
    it('lists the mails, newest first, searchable; shows one; refuses non-admins', async () => {
      const product = await stockedProduct(t.db);
      const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'guest-log@example.com');
      await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      await smtp.waitFor('guest-log@example.com');
      const [row] = await eventually(
        () => t.db.query(`SELECT id FROM mail_deliveries WHERE order_id = $1 AND state = 'sent'`, [order.id]),
        (rows) => rows.length === 1,
      );

      const list = await t.http().get('/api/mail_deliveries').query({ q: { order_number_eq: order.number } }).set(admin.auth).expect(200);
      expect(list.body).toMatchObject({ count: 1, total_count: 1, current_page: 1, pages: 1 });
      expect(list.body.mail_deliveries[0]).toMatchObject({
        id: Number(row.id),
        kind: 'order_confirmation',
        state: 'sent',
        recipient: 'guest-log@example.com',
        subject: `Test Shop: order confirmation ${order.number}`,
        order_number: order.number,
        event_type: 'order.completed',
        attempts: 1,
        error: null,
        resent_from_id: null,
      });
      expect(list.body.mail_deliveries[0].event_id).toMatch(/^evt_/);
      expect(list.body.mail_deliveries[0].response).toMatch(/^250/);
      const all = await t.http().get('/api/mail_deliveries').query({ q: { kind_eq: 'order_confirmation' } }).set(admin.auth).expect(200);
      const ids = all.body.mail_deliveries.map((m: { id: number }) => m.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      expect(all.body.mail_deliveries.every((m: { kind: string }) => m.kind === 'order_confirmation')).toBe(true);

      await t.http().get(`/api/mail_deliveries/${row.id}`).set(admin.auth).expect(200);
      const customer = await createUser(t.db);
      await t.http().get('/api/mail_deliveries').set(customer.auth).expect(401);
      await t.http().get('/api/mail_deliveries').expect(401);
      await t.http().get(`/api/mail_deliveries/${row.id}`).set(customer.auth).expect(404);
      await t.http().post(`/api/mail_deliveries/${row.id}/resend`).set(customer.auth).expect(404);
      await t.http().get('/api/mail_deliveries/999999999').set(admin.auth).expect(404);
    });

    it('resends a mail as a new one; never a mail carrying a one-time link', async () => {
      const product = await stockedProduct(t.db);
      const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'guest-resend@example.com');
      await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
      await smtp.waitFor('guest-resend@example.com');
      const [row] = await eventually(
        () => t.db.query(`SELECT id FROM mail_deliveries WHERE order_id = $1 AND state = 'sent'`, [order.id]),
        (rows) => rows.length === 1,
      );
      const resent = await t.http().post(`/api/mail_deliveries/${row.id}/resend`).set(admin.auth).expect(202);
      expect(resent.body).toMatchObject({ kind: 'order_confirmation', state: 'pending', resent_from_id: Number(row.id), recipient: 'guest-resend@example.com', order_number: order.number });
      const [first, second] = await smtp.waitFor('guest-resend@example.com', 2);
      expect(second.subject).toBe(first.subject);
      expect(second.text).toBe(first.text);
      expect(second.messageId).not.toBe(first.messageId);

      const user = await createUser(t.db);
      await t.http().post('/api/passwords').send({ user: { email: user.email } }).expect(202);
      const [reset] = await smtp.waitFor(user.email);
      expect(linkToken(reset)).toBeTruthy();
      const [link] = await eventually(
        () => t.db.query(`SELECT id FROM mail_deliveries WHERE user_id = $1 AND kind = 'password_reset' AND state = 'sent'`, [user.id]),
        (rows) => rows.length === 1,
      );
      const refused = await t.http().post(`/api/mail_deliveries/${link.id}/resend`).set(admin.auth).expect(422);
      expect(refused.body.errors).toEqual({ kind: ['carries a one-time link and is never sent again: the customer asks for a new one'] });
    });
  });
});
