import { completeCheckout, createOrder, paymentMethodId, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

const INVALID = 'Invalid resource. Please fix errors and try again.';
const NOT_FOUND = { error: 'The resource you were looking for could not be found.' };

// Issue 30: a user's address book, its defaults, and checkout with a saved address by id.
describe('address book', () => {
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const book = (user: TestUser) => `/api/users/${user.id}/addresses`;

  it('adds, lists, shows, changes and removes addresses; the first becomes the default bill and ship address', async () => {
    const user = await createUser(t.db);
    const home = await usAddress(t.db, { firstname: 'Jane', address1: '1 Home Street' });
    const work = await usAddress(t.db, { firstname: 'Jane', address1: '2 Work Avenue' });

    const first = await t.http().post(book(user)).set(user.auth).send({ address: home }).expect(201);
    expect(first.body).toMatchObject({ address1: '1 Home Street', full_name: 'Jane Doe', state_text: 'MD', default_bill: true, default_ship: true });
    const second = await t.http().post(book(user)).set(user.auth).send({ address: { ...work, default_ship: true } }).expect(201);
    expect(second.body).toMatchObject({ address1: '2 Work Avenue', default_bill: false, default_ship: true });

    const list = await t.http().get(book(user)).set(user.auth).expect(200);
    expect(list.body).toMatchObject({ count: 2, total_count: 2, current_page: 1, per_page: 25, pages: 1 });
    expect(list.body.addresses.map((a: { id: number; default_bill: boolean; default_ship: boolean }) => [a.id, a.default_bill, a.default_ship])).toEqual([
      [first.body.id, true, false],
      [second.body.id, false, true],
    ]);
    const me = await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
    expect([me.body.bill_address.id, me.body.ship_address.id]).toEqual([first.body.id, second.body.id]);

    const changed = await t.http().patch(`${book(user)}/${second.body.id}`).set(user.auth).send({ address: { city: 'Rockville', default_bill: true } }).expect(200);
    expect(changed.body).toMatchObject({ id: second.body.id, city: 'Rockville', default_bill: true, default_ship: true });
    await t.http().get(`${book(user)}/${second.body.id}`).set(user.auth).expect(200);

    const bad = await t.http().put(`${book(user)}/${second.body.id}`).set(user.auth).send({ address: { zipcode: '', country_id: 999999 } }).expect(422);
    expect(bad.body).toEqual({ error: INVALID, errors: { zipcode: ["can't be blank"], country: ['is invalid'] } });

    await t.http().delete(`${book(user)}/${second.body.id}`).set(user.auth).expect(204);
    const after = await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200);
    expect([after.body.bill_address, after.body.ship_address]).toEqual([null, null]);
    expect((await t.http().get(book(user)).set(user.auth).expect(200)).body.addresses.map((a: { id: number }) => a.id)).toEqual([first.body.id]);
    await t.http().get(`${book(user)}/${second.body.id}`).set(user.auth).expect(404);
  });

  it('refuses another customer (404, as for the user itself) and anyone without a key; admins reach any book', async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const address = (await t.http().post(book(owner)).set(owner.auth).send({ address: await usAddress(t.db) }).expect(201)).body;
    await t.http().get(book(owner)).set(stranger.auth).expect(404, NOT_FOUND);
    await t.http().get(`${book(owner)}/${address.id}`).set(stranger.auth).expect(404);
    await t.http().post(book(owner)).set(stranger.auth).send({ address: await usAddress(t.db) }).expect(404);
    await t.http().put(`${book(owner)}/${address.id}`).set(stranger.auth).send({ address: { city: 'Stolen' } }).expect(404);
    await t.http().delete(`${book(owner)}/${address.id}`).set(stranger.auth).expect(404);
    await t.http().get(book(owner)).expect(404);
    // Someone else's address through one's own book is no address of it.
    await t.http().get(`${book(stranger)}/${address.id}`).set(stranger.auth).expect(404);
    await t.http().put(`${book(stranger)}/${address.id}`).set(stranger.auth).send({ address: { city: 'Stolen' } }).expect(404);
    expect((await t.db.query(`SELECT city FROM addresses WHERE id = $1`, [address.id]))[0].city).toBe('Bethesda');

    const adminView = await t.http().get(book(owner)).set(admin.auth).expect(200);
    expect(adminView.body.addresses.map((a: { id: number }) => a.id)).toEqual([address.id]);
    await t.http().put(`${book(owner)}/${address.id}`).set(admin.auth).send({ address: { city: 'Annapolis' } }).expect(200);
  });

  it('checks out with saved addresses by id: the order gets copies; someone else\'s address is refused', async () => {
    const user = await createUser(t.db);
    const stranger = await createUser(t.db);
    const bill = (await t.http().post(book(user)).set(user.auth).send({ address: await usAddress(t.db, { address1: '10 Bill Road' }) }).expect(201)).body;
    const ship = (await t.http().post(book(user)).set(user.auth).send({ address: await usAddress(t.db, { address1: '20 Ship Lane' }) }).expect(201)).body;
    const theirs = (await t.http().post(book(stranger)).set(stranger.auth).send({ address: await usAddress(t.db, { address1: '30 Other Way' }) }).expect(201)).body;
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);

    const refused = await t.http().put(`/api/checkouts/${order.number}`).set(user.auth).send({ order: { bill_address_id: theirs.id } }).expect(422);
    expect(refused.body.errors).toEqual({ bill_address_id: ["is not an address of the user's address book"] });
    await t.http().put(`/api/checkouts/${order.number}`).set(user.auth).send({ order: { ship_address_id: 999999 } }).expect(422);
    // A guest's order has no book.
    const guest = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await t.http().put(`/api/checkouts/${guest.number}`).set(guest.guest).send({ order: { bill_address_id: bill.id } }).expect(422);

    const res = await t.http().put(`/api/checkouts/${order.number}`).set(user.auth).send({ order: { email: user.email, bill_address_id: bill.id, ship_address_id: ship.id } }).expect(200);
    expect(res.body.bill_address).toMatchObject({ address1: '10 Bill Road' });
    expect(res.body.ship_address).toMatchObject({ address1: '20 Ship Lane' });
    expect(res.body.bill_address.id).not.toBe(bill.id);
    expect(res.body.ship_address.id).not.toBe(ship.id);
    // The copies are the order's own: not in the book.
    expect((await t.http().get(book(user)).set(user.auth).expect(200)).body.total_count).toBe(2);

    // On through the checkout with those addresses: delivery, payment by check, complete.
    let step = await t.http().put(`/api/checkouts/${order.number}/next`).set(user.auth).expect(200);
    while (step.body.state !== 'payment') step = await t.http().put(`/api/checkouts/${order.number}/next`).set(user.auth).expect(200);
    step = await t.http().put(`/api/checkouts/${order.number}`).set(user.auth).send({ order: { payments_attributes: [{ payment_method_id: await paymentMethodId(t.db, 'Check') }] } }).expect(200);
    if (step.body.state === 'confirm') step = await t.http().put(`/api/checkouts/${order.number}`).set(user.auth).expect(200);
    expect(step.body.state).toBe('complete');
    expect(step.body.ship_address).toMatchObject({ address1: '20 Ship Lane' });
    expect(step.body.bill_address).toMatchObject({ address1: '10 Bill Road' });
  });

  it('never changes in place an address a completed order uses: a change makes a new one that takes its place', async () => {
    const user = await createUser(t.db);
    const saved = (await t.http().post(book(user)).set(user.auth).send({ address: await usAddress(t.db, { address1: '5 Kept Street' }) }).expect(201)).body;
    const product = await stockedProduct(t.db);
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], user.auth);
    const placed = await completeCheckout(t, order, { email: user.email });
    // An address shared with a completed order (as older data may hold): the order's ship address is the book's row.
    await t.db.query(`UPDATE addresses SET user_id = $1 WHERE id = $2`, [user.id, placed.ship_address.id]);
    await t.db.query(`UPDATE users SET ship_address_id = $2 WHERE id = $1`, [user.id, placed.ship_address.id]);

    const changed = await t.http().put(`${book(user)}/${placed.ship_address.id}`).set(user.auth).send({ address: { address1: '6 New Street' } }).expect(200);
    expect(changed.body.id).not.toBe(placed.ship_address.id);
    expect(changed.body).toMatchObject({ address1: '6 New Street', city: placed.ship_address.city, default_ship: true });
    const orderNow = await t.http().get(`/api/orders/${order.number}`).set(user.auth).expect(200);
    expect(orderNow.body.ship_address).toEqual(placed.ship_address);
    const ids = (await t.http().get(book(user)).set(user.auth).expect(200)).body.addresses.map((a: { id: number }) => a.id);
    expect(ids).toEqual([saved.id, changed.body.id]);
    expect((await t.http().get(`/api/users/${user.id}`).set(user.auth).expect(200)).body.ship_address.id).toBe(changed.body.id);

    // Removing an address an order uses unlinks it from the book; the order keeps it.
    await t.db.query(`UPDATE addresses SET user_id = $1 WHERE id = $2`, [user.id, placed.bill_address.id]);
    await t.http().delete(`${book(user)}/${placed.bill_address.id}`).set(user.auth).expect(204);
    expect((await t.http().get(`/api/orders/${order.number}`).set(user.auth).expect(200)).body.bill_address).toEqual(placed.bill_address);
  });
});
