import { ANONYMISED_EMAIL } from '../../src/orders/order/order-anonymisation';
import { completeCheckout, createOrder, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { eventually } from '../support/webhook-receiver';

const INVALID = 'Invalid resource. Please fix errors and try again.';

// Issue 30: a user exports the account's data as JSON; deleting the account anonymises its orders and addresses, keeping the books.
describe("a user's data: export and deletion", () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ WEBHOOKS_POLL_MS: '200' });
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  /** A user with an address book, a placed order paid by card, and a cart. */
  async function customerWithHistory() {
    const user = await createUser(t.db);
    await t.http().post(`/api/users/${user.id}/addresses`).set(user.auth).send({ address: await usAddress(t.db, { firstname: 'Jane', lastname: 'Roe', address1: `${user.id} Private Lane` }) }).expect(201);
    const product = await stockedProduct(t.db, { name: 'Export Mug' });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
    const placed = await completeCheckout(t, order, { email: user.email });
    const cart = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }], user.auth);
    return { user, order, placed, cart };
  }

  const ship = async (placed: Record<string, any>) => {
    await t.http().put(`/api/orders/${placed.number}/payments/${placed.payments[0].id}/capture`).set(admin.auth).expect(200);
    await t.http().put(`/api/shipments/${placed.shipments[0].number}/ship`).set(admin.auth).send({ shipment: { tracking: 'TRACK1' } }).expect(200);
  };

  it('exports the user, the address book, the orders as GET /api/orders/:number shows them without the token, the cards by last digits, the mails', async () => {
    const { user, order, cart } = await customerWithHistory();
    await eventually(
      () => t.db.query(`SELECT state FROM mail_deliveries WHERE order_id = $1`, [order.id]),
      (rows) => rows.length === 1 && rows[0].state === 'sent',
    );
    const res = await t.http().get(`/api/users/${user.id}/export`).set(user.auth).expect(200);
    const shown = await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
    expect(res.body.user).toEqual(shown.body);
    expect(res.body.addresses).toEqual([expect.objectContaining({ address1: `${user.id} Private Lane`, default_bill: true, default_ship: true })]);
    expect(res.body.orders.map((o: { number: string }) => o.number)).toEqual([order.number, cart.number]);
    for (const exported of res.body.orders) {
      const { token, ...asShown } = (await t.http().get(`/api/orders/${exported.number}`).set(user.auth).expect(200)).body;
      expect(token).toEqual(expect.any(String));
      expect(exported).toEqual(asShown);
      expect(JSON.stringify(exported)).not.toContain(token);
    }
    expect(res.body.credit_cards).toEqual([{ id: expect.any(Number), month: '12', year: expect.any(String), cc_type: expect.any(String), last_digits: '1111', name: 'John Doe' }]);
    expect(JSON.stringify(res.body)).not.toContain('4111111111111111');
    expect(res.body.mails).toEqual([expect.objectContaining({ kind: 'order_confirmation', recipient: user.email, state: 'sent' })]);
    expect(new Date(res.body.exported_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // An admin exports anyone; another customer, or nobody, is told there is no such user.
    await t.http().get(`/api/users/${user.id}/export`).set(admin.auth).expect(200);
    const stranger = await createUser(t.db);
    await t.http().get(`/api/users/${user.id}/export`).set(stranger.auth).expect(404);
    await t.http().get(`/api/users/${user.id}/export`).expect(404);
  });

  it('refuses to delete while a placed order is under way; once shipped, deletes the account and anonymises its orders, keeping the books', async () => {
    const { user, order, placed, cart } = await customerWithHistory();
    await eventually(
      () => t.db.query(`SELECT state FROM mail_deliveries WHERE order_id = $1`, [order.id]),
      (rows) => rows.length === 1 && rows[0].state === 'sent',
    );
    const stranger = await createUser(t.db);
    await t.http().delete(`/api/users/${user.id}`).set(stranger.auth).expect(404);

    const refused = await t.http().delete(`/api/users/${user.id}`).set(user.auth).expect(422);
    expect(refused.body).toEqual({ error: INVALID, errors: { base: [`Cannot delete a user with orders in progress (${order.number}): cancel them, or delete once they are shipped`] } });
    await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);

    await ship(placed);
    const before = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    await t.http().delete(`/api/users/${user.id}`).set(user.auth).expect(204);

    // The account and its keys are gone.
    await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(401, { error: 'Invalid API key specified.' });
    await t.http().post('/api/sessions').send({ email: user.email, password: user.password }).expect(401);
    expect(await t.db.query(`SELECT 1 FROM users WHERE id = $1`, [user.id])).toEqual([]);
    expect(await t.db.query(`SELECT 1 FROM api_keys WHERE user_id = $1`, [user.id])).toEqual([]);
    expect(await t.db.query(`SELECT 1 FROM addresses WHERE user_id = $1 OR address1 = $2`, [user.id, `${user.id} Private Lane`])).toEqual([]);

    // The order stays for the books, without the person.
    const after = (await t.http().get(`/api/orders/${order.number}`).set(admin.auth).expect(200)).body;
    for (const kept of ['number', 'state', 'total', 'item_total', 'ship_total', 'payment_state', 'shipment_state', 'completed_at', 'line_items', 'shipments', 'currency']) {
      expect([kept, after[kept]]).toEqual([kept, before[kept]]);
    }
    // The payments too, their card without the cardholder's name.
    const withoutName = (payments: Array<Record<string, any>>) => payments.map((p) => ({ ...p, source: p.source && { ...p.source, name: null } }));
    expect(after.payments).toEqual(withoutName(before.payments));
    expect(after).toMatchObject({ user_id: null, email: ANONYMISED_EMAIL, special_instructions: null });
    for (const address of [after.bill_address, after.ship_address]) {
      expect(address).toMatchObject({ firstname: 'Deleted', lastname: 'customer', address1: 'deleted', address2: null, city: 'deleted', zipcode: 'deleted', phone: 'deleted' });
      expect(address).toMatchObject({ country_id: before.ship_address.country_id, state_id: before.ship_address.state_id });
    }
    expect(after.credit_cards.map((c: { name: string | null; last_digits: string }) => [c.name, c.last_digits])).toEqual([[null, '1111']]);
    const cartAfter = (await t.http().get(`/api/orders/${cart.number}`).set(admin.auth).expect(200)).body;
    expect(cartAfter).toMatchObject({ user_id: null, email: ANONYMISED_EMAIL, state: 'cart', total: '39.98' });

    // Nothing of the person is left in the database: not in the mail log, the outbox, or any other row.
    const rows: { row: string }[] = [];
    for (const { name } of await t.db.query(`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`)) {
      rows.push(...(await t.db.query(`SELECT '${name}: ' || r::text AS row FROM "${name}" r`)));
    }
    expect(rows.map((r) => r.row).filter((row) => row.includes(user.email) || row.includes(`${user.id} Private Lane`))).toEqual([]);
    const [mail] = await t.db.query(`SELECT recipient, context, state FROM mail_deliveries WHERE order_id = $1`, [order.id]);
    expect(mail).toEqual({ recipient: null, context: null, state: 'sent' });
  });

  it('an admin deletes a user without orders at once', async () => {
    const user = await createUser(t.db);
    await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(204);
    await t.http().delete(`/api/users/${user.id}`).set(admin.auth).expect(404);
  });
});
