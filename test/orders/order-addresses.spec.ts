import { createOrder, CreatedOrder, paymentMethodId, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';
import { cents } from '../support/database';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/addresses_controller_spec.rb,
// "with order" part: /api/orders/:number/addresses/:id (the "without order" part is
// test/geography/addresses.spec.ts), plus the checkout consequences of a change.

describe('order addresses', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.db);
    stranger = await createUser(t.db);
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  type OrderWithAddresses = CreatedOrder & { billId: number; shipId: number };

  const addressRow = async (id: number) =>
    (await t.db.query('SELECT firstname, lastname, address1, city, zipcode, phone, country_id, state_id FROM addresses WHERE id = $1', [id]))[0];
  const orderRow = async (id: number) =>
    cents(await t.db.query('SELECT state, bill_address_id, ship_address_id, total::text AS total, shipment_total::text AS ship_total FROM orders WHERE id = $1', [id]))[0];
  const shipmentCount = async (orderId: number) => (await t.db.query('SELECT count(*)::int AS n FROM shipments WHERE order_id = $1', [orderId]))[0].n;

  /** An order (the owner's when `auth` is given) with a bill address and a different ship address. */
  const orderWithAddresses = async (auth: Record<string, string> = {}): Promise<OrderWithAddresses> => {
    const product = await stockedProduct(t.db, { price: '10.00' });
    const bill = await usAddress(t.db, { address1: '1 Bill Street' });
    const ship = await usAddress(t.db, { address1: '2 Ship Street', firstname: 'Jane' });
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], auth, {
      email: 'buyer@example.com',
      bill_address_attributes: bill,
      ship_address_attributes: ship,
    });
    const row = await orderRow(order.id);
    expect(row.bill_address_id).not.toBeNull();
    expect(row.ship_address_id).not.toBeNull();
    expect(row.bill_address_id).not.toBe(row.ship_address_id);
    return { ...order, billId: row.bill_address_id, shipId: row.ship_address_id };
  };

  /** Takes an order with addresses from cart to delivery (shipments proposed). */
  const toDelivery = async (order: CreatedOrder) => {
    await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    const res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    expect(res.body.state).toBe('delivery');
    expect(await shipmentCount(order.id)).toBe(1);
  };

  const complete = async (order: CreatedOrder) => {
    await toDelivery(order);
    let res = await t.http().put(`/api/checkouts/${order.number}/next`).set(order.guest).expect(200);
    expect(res.body.state).toBe('payment');
    const check = await paymentMethodId(t.db, 'Check');
    res = await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).send({ order: { payments_attributes: [{ payment_method_id: check }] } }).expect(200);
    expect(res.body.state).toBe('complete');
  };

  describe('with their own address', () => {
    it('gets an address', async () => {
      const order = await orderWithAddresses(owner.auth);
      const res = await t.http().get(`/api/orders/${order.number}/addresses/${order.billId}`).set(owner.auth).expect(200);
      expect(res.body.address1).toBe('1 Bill Street');
      expect(res.body).toMatchObject({ id: order.billId, firstname: 'John', lastname: 'Doe', city: 'Bethesda', country: { iso: 'US' }, state: { abbr: 'MD' } });
      const ship = await t.http().get(`/api/orders/${order.number}/addresses/${order.shipId}`).set(owner.auth).expect(200);
      expect(ship.body).toMatchObject({ id: order.shipId, address1: '2 Ship Street', firstname: 'Jane' });
    });

    it('updates an address', async () => {
      const order = await orderWithAddresses(owner.auth);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}`).set(owner.auth).send({ address: { address1: '123 Test Lane' } }).expect(200);
      expect(res.body.address1).toBe('123 Test Lane');
      expect(res.body).toMatchObject({ firstname: 'John', city: 'Bethesda' });
      const json = (await t.http().get(`/api/orders/${order.number}`).set(owner.auth).expect(200)).body;
      expect(json.bill_address.address1).toBe('123 Test Lane');
      expect(json.ship_address.address1).toBe('2 Ship Street');
    });

    it('receives the errors object if address is invalid, and nothing changes', async () => {
      const order = await orderWithAddresses(owner.auth);
      const before = await addressRow(order.billId);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}`).set(owner.auth).send({ address: { address1: '' } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors).not.toBeNull();
      expect(res.body.errors.address1[0]).toBe("can't be blank");
      expect(await addressRow(order.billId)).toEqual(before);
    });

    it('refuses a state of another country and a blank name, naming both, and nothing changes', async () => {
      const order = await orderWithAddresses(owner.auth);
      const before = { bill: await addressRow(order.billId), order: await orderRow(order.id) };
      const [on] = await t.db.query(`SELECT s.id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.iso = 'CA' AND s.abbr = 'ON'`);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}`).set(owner.auth).send({ address: { state_id: on.id, lastname: '', city: 'Elsewhere' } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors).toMatchObject({ lastname: ["can't be blank"], state: ['is invalid'] });
      expect(await addressRow(order.billId)).toEqual(before.bill);
      expect(await orderRow(order.id)).toEqual(before.order);
    });

    it('works with the order token (header or parameter) for a guest order', async () => {
      const order = await orderWithAddresses();
      const shown = await t.http().get(`/api/orders/${order.number}/addresses/${order.shipId}`).set(order.guest).expect(200);
      expect(shown.body.address1).toBe('2 Ship Street');
      await t.http().get(`/api/orders/${order.number}/addresses/${order.billId}?order_token=${order.token}`).expect(200);
      const updated = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).send({ address: { city: 'Rockville' }, order_token: order.token }).expect(200);
      expect(updated.body).toMatchObject({ id: order.shipId, city: 'Rockville', address1: '2 Ship Street' });
      expect((await addressRow(order.shipId)).city).toBe('Rockville');
    });

    it('updates the ship address to another state', async () => {
      const order = await orderWithAddresses(owner.auth);
      const [ny] = await t.db.query(`SELECT s.id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.iso = 'US' AND s.abbr = 'NY'`);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).set(owner.auth).send({ address: { state_id: ny.id, city: 'New York', zipcode: '10001' } }).expect(200);
      expect(res.body).toMatchObject({ state_id: ny.id, state: { abbr: 'NY' }, city: 'New York' });
      expect(await addressRow(order.shipId)).toMatchObject({ state_id: ny.id, city: 'New York' });
    });

    it('also answers under /api/checkouts/:number/addresses/:id', async () => {
      const order = await orderWithAddresses();
      const res = await t.http().get(`/api/checkouts/${order.number}/addresses/${order.billId}`).set(order.guest).expect(200);
      expect(res.body.address1).toBe('1 Bill Street');
    });
  });

  describe('on an address that does not belong to this order', () => {
    it('cannot retrieve address information', async () => {
      const order = await orderWithAddresses(owner.auth);
      const other = await orderWithAddresses(owner.auth);
      const res = await t.http().get(`/api/orders/${order.number}/addresses/${other.billId}`).set(owner.auth).expect(401, UNAUTHORIZED);
      expect(res.body.address1).toBeUndefined();
      await t.http().get(`/api/orders/${order.number}/addresses/999999999`).set(owner.auth).expect(401, UNAUTHORIZED);
    });

    it('cannot update address information', async () => {
      const order = await orderWithAddresses();
      const other = await orderWithAddresses();
      await t.http().put(`/api/orders/${order.number}/addresses/${other.shipId}`).set(order.guest).send({ address: { address1: '123 Test Lane' } }).expect(401, UNAUTHORIZED);
      expect((await addressRow(other.shipId)).address1).toBe('2 Ship Street');
      expect(await orderRow(order.id)).toMatchObject({ bill_address_id: order.billId, ship_address_id: order.shipId });
    });

    it('cannot reach an address of a user through an order', async () => {
      const order = await orderWithAddresses(owner.auth);
      const victim = await createUser(t.db);
      const put = await t.http().put(`/api/users/${victim.id}`).set(victim.auth).send({ user: { bill_address_attributes: await usAddress(t.db, { address1: '3 Private Road' }) } }).expect(200);
      const victimAddressId = put.body.bill_address.id;
      await t.http().get(`/api/orders/${order.number}/addresses/${victimAddressId}`).set(owner.auth).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/orders/${order.number}/addresses/${victimAddressId}`).set(owner.auth).send({ address: { address1: 'Mine now' } }).expect(401, UNAUTHORIZED);
      expect((await addressRow(victimAddressId)).address1).toBe('3 Private Road');
    });
  });

  describe('as someone else', () => {
    it("refuses another user's key", async () => {
      const order = await orderWithAddresses(owner.auth);
      await t.http().get(`/api/orders/${order.number}/addresses/${order.billId}`).set(stranger.auth).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}`).set(stranger.auth).send({ address: { address1: 'Hijacked' } }).expect(401, UNAUTHORIZED);
      expect((await addressRow(order.billId)).address1).toBe('1 Bill Street');
    });

    it('refuses a wrong token, and no credentials', async () => {
      const order = await orderWithAddresses();
      const wrong = { 'X-Spree-Order-Token': 'not-the-token' };
      await t.http().get(`/api/orders/${order.number}/addresses/${order.billId}`).set(wrong).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}`).set(wrong).send({ address: { address1: 'Hijacked' } }).expect(401, UNAUTHORIZED);
      await t.http().get(`/api/orders/${order.number}/addresses/${order.billId}`).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}?order_token=nope`).send({ address: { address1: 'Hijacked' } }).expect(401, UNAUTHORIZED);
      expect((await addressRow(order.billId)).address1).toBe('1 Bill Street');
    });

    it("lets an admin read and change any order's address", async () => {
      const order = await orderWithAddresses(owner.auth);
      await t.http().get(`/api/orders/${order.number}/addresses/${order.shipId}`).set(admin.auth).expect(200);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).set(admin.auth).send({ address: { phone: '555-0199' } }).expect(200);
      expect(res.body.phone).toBe('555-0199');
    });

    it('answers 404 for an unknown order', async () => {
      await t.http().get('/api/orders/R000000000/addresses/1').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put('/api/orders/R000000000/addresses/1').send({ address: { address1: 'x' } }).expect(404, NOT_FOUND);
    });
  });

  describe('checkout consequences', () => {
    it('sends an order in delivery back to address and removes its shipments when the ship address changes', async () => {
      const order = await orderWithAddresses(owner.auth);
      await toDelivery(order);
      expect((await orderRow(order.id)).ship_total).toBe('5.00');
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).set(owner.auth).send({ address: { address1: '99 New Street' } }).expect(200);
      expect(res.body.address1).toBe('99 New Street');
      expect(await shipmentCount(order.id)).toBe(0);
      expect(await orderRow(order.id)).toMatchObject({ state: 'address', ship_total: '0.00', total: '10.00' });
      const json = (await t.http().get(`/api/orders/${order.number}`).set(owner.auth).expect(200)).body;
      expect(json).toMatchObject({ state: 'address', shipments: [], ship_address: { address1: '99 New Street' } });
      // The checkout carries on from there with the new address.
      const next = await t.http().put(`/api/checkouts/${order.number}/next`).set(owner.auth).expect(200);
      expect(next.body.state).toBe('delivery');
      expect(await shipmentCount(order.id)).toBe(1);
    });

    it('keeps the order in delivery with its shipments when the change is invalid', async () => {
      const order = await orderWithAddresses(owner.auth);
      await toDelivery(order);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).set(owner.auth).send({ address: { zipcode: '' } }).expect(422);
      expect(res.body.errors.zipcode).toEqual(["can't be blank"]);
      expect((await orderRow(order.id)).state).toBe('delivery');
      expect(await shipmentCount(order.id)).toBe(1);
    });

    it('refuses a non-admin on a completed order with a 422, and nothing changes', async () => {
      const order = await orderWithAddresses(owner.auth);
      await complete(order);
      const before = { ship: await addressRow(order.shipId), bill: await addressRow(order.billId), order: await orderRow(order.id) };
      for (const auth of [owner.auth, order.guest]) {
        const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).set(auth).send({ address: { address1: '99 New Street' } }).expect(422);
        expect(res.body.error).toBe(INVALID);
        expect(res.body.errors).toEqual(expect.any(Object));
      }
      await t.http().put(`/api/orders/${order.number}/addresses/${order.billId}`).set(owner.auth).send({ address: { address1: '99 New Street' } }).expect(422);
      expect(await addressRow(order.shipId)).toEqual(before.ship);
      expect(await addressRow(order.billId)).toEqual(before.bill);
      expect(await orderRow(order.id)).toEqual(before.order);
      expect(await shipmentCount(order.id)).toBe(1);
      // Reading is still fine.
      await t.http().get(`/api/orders/${order.number}/addresses/${order.shipId}`).set(owner.auth).expect(200);
    });

    it('lets an admin correct the address of a completed order without reopening it', async () => {
      const order = await orderWithAddresses(owner.auth);
      await complete(order);
      const res = await t.http().put(`/api/orders/${order.number}/addresses/${order.shipId}`).set(admin.auth).send({ address: { address2: 'Apt 4' } }).expect(200);
      expect(res.body.address2).toBe('Apt 4');
      expect((await orderRow(order.id)).state).toBe('complete');
      expect(await shipmentCount(order.id)).toBe(1);
    });
  });
});
