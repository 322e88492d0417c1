import { NOT_FOUND } from '../support/error-bodies';
import { completeCheckout, createOrder, checkoutToPayment, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// A signed-in customer's saved cards (issue 28): GET /api/users/:id/credit_cards (Spree 2.3's route), the
// default card, removal; `existing_card` pays with a saved card, never with a removed one.
describe('saved cards: /api/users/:id/credit_cards', () => {
  let t: TestApp;
  let admin: TestUser;
  let variantId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    variantId = (await stockedProduct(t.db, { price: '15.00', count: 1000 })).masterVariantId;
  });
  afterAll(() => t.close());

  /** A completed order of `user` paid by card: the card it saved. */
  async function cardFromOrder(user: TestUser): Promise<number> {
    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }], user.auth);
    const done = await completeCheckout(t, order, { email: user.email });
    return done.payments[0].source.id;
  }
  const list = (user: TestUser, auth: Record<string, string> = user.auth) => t.http().get(`/api/users/${user.id}/credit_cards`).set(auth);
  const setDefault = (user: TestUser, cardId: number, value: unknown) => t.http().put(`/api/users/${user.id}/credit_cards/${cardId}`).set(user.auth).send({ credit_card: { default: value } });

  it('lists the cards the customer paid with, latest first, the latest as default until one is chosen; never gateway ids', async () => {
    const user = await createUser(t.db);
    const first = await cardFromOrder(user);
    const second = await cardFromOrder(user);
    const res = await list(user).expect(200);
    expect(res.body).toMatchObject({ count: 2, total_count: 2, current_page: 1, pages: 1 });
    expect(res.body.credit_cards.map((c: { id: number; default: boolean }) => [c.id, c.default])).toEqual([
      [second, true],
      [first, false],
    ]);
    expect(Object.keys(res.body.credit_cards[0]).sort()).toEqual(['cc_type', 'created_at', 'default', 'id', 'last_digits', 'month', 'name', 'payment_method_id', 'year']);
    expect(res.body.credit_cards[0]).toMatchObject({ last_digits: '1111', cc_type: 'visa' });
    expect((await t.http().get(`/api/users/${user.id}/credit_cards/${first}`).set(user.auth).expect(200)).body).toMatchObject({ id: first, default: false });
  });

  it('makes a chosen card the default, one at a time, and back to the latest when unchosen', async () => {
    const user = await createUser(t.db);
    const first = await cardFromOrder(user);
    const second = await cardFromOrder(user);
    expect((await setDefault(user, first, true).expect(200)).body).toMatchObject({ id: first, default: true });
    const defaults = async () => (await list(user).expect(200)).body.credit_cards.filter((c: { default: boolean }) => c.default).map((c: { id: number }) => c.id);
    expect(await defaults()).toEqual([first]);
    expect((await setDefault(user, second, 'true').expect(200)).body.default).toBe(true);
    expect(await defaults()).toEqual([second]);
    await setDefault(user, second, false).expect(200);
    expect(await defaults()).toEqual([second]); // the latest again
    await setDefault(user, first, 'maybe').expect(422);
  });

  it('two requests choosing different defaults at once leave exactly one default, never a 500', async () => {
    const user = await createUser(t.db);
    const cards = [await cardFromOrder(user), await cardFromOrder(user), await cardFromOrder(user)];
    const answers = await Promise.all([...cards, ...cards].map((id) => setDefault(user, id, true)));
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM credit_cards WHERE user_id = $1 AND "default"`, [user.id]);
    expect(n).toBe(1);
  });

  it('removes a card: gone from the list, still shown on the payment that used it, refused by existing_card', async () => {
    const user = await createUser(t.db);
    const kept = await cardFromOrder(user);
    const removed = await cardFromOrder(user);
    await t.http().delete(`/api/users/${user.id}/credit_cards/${removed}`).set(user.auth).expect(204);
    expect((await list(user).expect(200)).body.credit_cards.map((c: { id: number; default: boolean }) => [c.id, c.default])).toEqual([[kept, true]]);
    await t.http().delete(`/api/users/${user.id}/credit_cards/${removed}`).set(user.auth).expect(404);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM payments WHERE source_type = 'Spree::CreditCard' AND source_id = $1`, [removed]);
    expect(n).toBe(1);

    const order = await createOrder(t, [{ variant_id: variantId, quantity: 1 }], user.auth);
    await checkoutToPayment(t, order, user.email);
    const refused = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { existing_card: String(removed) } }).expect(422);
    expect(refused.body.error).toBe('Invalid credit card.');
    const paid = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { existing_card: String(kept) } }).expect(200);
    expect(paid.body.payments[0].source_id).toBe(kept);
  });

  it("is the customer's own: another customer and anonymous callers are told there is no such user; an admin sees it", async () => {
    const user = await createUser(t.db);
    const card = await cardFromOrder(user);
    const other = await createUser(t.db);
    expect((await list(user, other.auth).expect(404)).body).toEqual(NOT_FOUND);
    await t.http().get(`/api/users/${user.id}/credit_cards`).expect(404);
    await t.http().put(`/api/users/${user.id}/credit_cards/${card}`).set(other.auth).send({ credit_card: { default: true } }).expect(404);
    await t.http().delete(`/api/users/${user.id}/credit_cards/${card}`).set(other.auth).expect(404);
    // Another user's card id under one's own user: no such card.
    const otherCard = await cardFromOrder(other);
    await t.http().get(`/api/users/${user.id}/credit_cards/${otherCard}`).set(user.auth).expect(404);
    expect((await list(user, admin.auth).expect(200)).body.credit_cards.map((c: { id: number }) => c.id)).toEqual([card]);
    const [{ deleted }] = await t.db.query(`SELECT deleted_at IS NOT NULL AS deleted FROM credit_cards WHERE id = $1`, [card]);
    expect(deleted).toBe(false);
  });

  it("a guest's card belongs to nobody's list", async () => {
    const user = await createUser(t.db);
    const guestOrder = await createOrder(t, [{ variant_id: variantId, quantity: 1 }]);
    const done = await completeCheckout(t, guestOrder, { email: user.email });
    const [{ user_id }] = await t.db.query(`SELECT user_id FROM credit_cards WHERE id = $1`, [done.payments[0].source.id]);
    expect(user_id).toBeNull();
    expect((await list(user).expect(200)).body.credit_cards).toEqual([]);
  });
});
