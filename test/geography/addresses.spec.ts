import { createOrder, stockedProduct, usAddress } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { INVALID, NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/addresses_controller_spec.rb,
// "without order" part (the "with order" part is test/orders/order-addresses.spec.ts),
// with the tighter access rule of contract section 3: an address is readable and
// updatable only by an admin or by the user whose bill or ship address it is.
const ADDRESS_KEYS = [
  'id',
  'firstname',
  'lastname',
  'full_name',
  'address1',
  'address2',
  'city',
  'zipcode',
  'phone',
  'company',
  'alternative_phone',
  'country_id',
  'state_id',
  'state_name',
  'state_text',
  'country',
  'state',
];

describe('addresses', () => {
  let t: TestApp;
  let admin: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    stranger = await createUser(t.db);
  });
  afterAll(() => t.close());

  const addressRow = async (id: number) =>
    (await t.db.query('SELECT firstname, lastname, address1, city, zipcode, phone, country_id, state_id, state_name FROM addresses WHERE id = $1', [id]))[0];

  /** A user whose bill and ship addresses are set through PUT /api/users/:id. */
  const userWithAddresses = async () => {
    const user = await createUser(t.db);
    const bill = await usAddress(t.db, { address1: '1 Bill Street' });
    const ship = await usAddress(t.db, { address1: '2 Ship Street', firstname: 'Jane' });
    const res = await t.http().put(`/api/users/${user.id}`).set(user.auth).send({ user: { bill_address_attributes: bill, ship_address_attributes: ship } }).expect(200);
    const billId: number = res.body.bill_address.id;
    const shipId: number = res.body.ship_address.id;
    const [row] = await t.db.query('SELECT bill_address_id, ship_address_id FROM users WHERE id = $1', [user.id]);
    expect(row).toEqual({ bill_address_id: billId, ship_address_id: shipId });
    return { user, billId, shipId, bill, ship };
  };

  describe('with their own address', () => {
    it('gets an address', async () => {
      const { user, billId, bill } = await userWithAddresses();
      const res = await t.http().get(`/api/addresses/${billId}`).set(user.auth).expect(200);
      expect(res.body.address1).toBe(bill.address1);
      expect(Object.keys(res.body).sort()).toEqual([...ADDRESS_KEYS].sort());
      expect(res.body).toMatchObject({
        id: billId,
        firstname: 'John',
        lastname: 'Doe',
        full_name: 'John Doe',
        city: 'Bethesda',
        zipcode: '20814',
        country_id: bill.country_id,
        state_id: bill.state_id,
        state_text: 'MD',
        country: { id: bill.country_id, iso: 'US' },
        state: { id: bill.state_id, abbr: 'MD' },
      });
    });

    it('gets the ship address too, also with .json', async () => {
      const { user, shipId } = await userWithAddresses();
      const res = await t.http().get(`/api/addresses/${shipId}.json`).set(user.auth).expect(200);
      expect(res.body).toMatchObject({ id: shipId, address1: '2 Ship Street', firstname: 'Jane' });
    });

    it('updates an address', async () => {
      const { user, billId } = await userWithAddresses();
      const res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: { address1: '123 Test Lane' } }).expect(200);
      expect(res.body).toMatchObject({ id: billId, address1: '123 Test Lane', firstname: 'John', city: 'Bethesda' });
      expect((await addressRow(billId)).address1).toBe('123 Test Lane');
    });

    it('updates the ship address with form fields, and moves it to another state', async () => {
      const { user, shipId, ship } = await userWithAddresses();
      const [ny] = await t.db.query(`SELECT id FROM states WHERE abbr = 'NY' AND country_id = $1`, [ship.country_id]);
      const res = await t.http().put(`/api/addresses/${shipId}`).set(user.auth).type('form').send(`address[city]=Albany&address[state_id]=${ny.id}&address[zipcode]=12207`).expect(200);
      expect(await addressRow(shipId)).toMatchObject({ city: 'Albany', state_id: ny.id, zipcode: '12207' });
      expect(res.body).toMatchObject({ city: 'Albany', state_id: ny.id, zipcode: '12207', state: { abbr: 'NY' } });
      const shown = await t.http().get(`/api/addresses/${shipId}`).set(user.auth).expect(200);
      expect(shown.body).toMatchObject({ state_id: ny.id, state_text: 'NY', state: { abbr: 'NY' } });
    });

    it('moves an address to another country and state', async () => {
      const { user, billId } = await userWithAddresses();
      const [on] = await t.db.query(`SELECT s.id, s.country_id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.iso = 'CA' AND s.abbr = 'ON'`);
      const res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: { country_id: on.country_id, state_id: on.id, city: 'Toronto', zipcode: 'M5V 2T6' } }).expect(200);
      expect(await addressRow(billId)).toMatchObject({ country_id: on.country_id, state_id: on.id, city: 'Toronto' });
      expect(res.body).toMatchObject({ country_id: on.country_id, state_id: on.id, country: { iso: 'CA' }, state: { abbr: 'ON' } });
    });

    it('ignores fields that are not address fields', async () => {
      const { user, billId } = await userWithAddresses();
      const res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: { id: 999999, user_id: stranger.id, city: 'Rockville' } }).expect(200);
      expect(res.body).toMatchObject({ id: billId, city: 'Rockville' });
      const [row] = await t.db.query('SELECT id, city FROM addresses WHERE id = $1', [billId]);
      expect(row).toEqual({ id: billId, city: 'Rockville' });
    });

    it('refuses an invalid update with a 422 naming the fields, and leaves the address unchanged', async () => {
      const { user, billId } = await userWithAddresses();
      const before = await addressRow(billId);
      const [on] = await t.db.query(`SELECT s.id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.iso = 'CA' AND s.abbr = 'ON'`);
      let res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: { state_id: on.id, firstname: '', address1: 'Moved' } }).expect(422);
      expect(res.body.error).toBe(INVALID);
      expect(res.body.errors).toMatchObject({ firstname: ["can't be blank"], state: ['is invalid'] });
      expect(await addressRow(billId)).toEqual(before);

      res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: { firstname: '   ' } }).expect(422);
      expect(res.body.errors).toEqual({ firstname: ["can't be blank"] });
      res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: { country_id: 'usa' } }).expect(422);
      expect(res.body.errors.country_id).toEqual([expect.any(String)]);
      expect(await addressRow(billId)).toEqual(before);
    });

    it('answers 400 when address is not an object', async () => {
      const { user, billId } = await userWithAddresses();
      const res = await t.http().put(`/api/addresses/${billId}`).set(user.auth).send({ address: 'Main Street' }).expect(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    });
  });

  describe('on an address that does not belong to this user', () => {
    it('cannot retrieve address information', async () => {
      const { billId, shipId } = await userWithAddresses();
      const res = await t.http().get(`/api/addresses/${billId}`).set(stranger.auth).expect(401, UNAUTHORIZED);
      expect(res.body.address1).toBeUndefined();
      await t.http().get(`/api/addresses/${shipId}`).set(stranger.auth).expect(401, UNAUTHORIZED);
    });

    it('cannot update address information', async () => {
      const { billId } = await userWithAddresses();
      const res = await t.http().put(`/api/addresses/${billId}`).set(stranger.auth).send({ address: { address1: '123 Test Lane' } }).expect(401, UNAUTHORIZED);
      expect(res.body.address1).toBeUndefined();
      expect((await addressRow(billId)).address1).toBe('1 Bill Street');
    });

    it('refuses anonymous callers', async () => {
      const { billId } = await userWithAddresses();
      await t.http().get(`/api/addresses/${billId}`).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/addresses/${billId}`).send({ address: { address1: '123 Test Lane' } }).expect(401, UNAUTHORIZED);
      expect((await addressRow(billId)).address1).toBe('1 Bill Street');
    });

    it('refuses an invalid API key', async () => {
      const { billId } = await userWithAddresses();
      const res = await t.http().get(`/api/addresses/${billId}`).set({ Authorization: 'Bearer not-a-key' }).expect(401);
      expect(res.body.address1).toBeUndefined();
    });

    it("does not open an order's address to its order token or owner (that goes through /api/orders/:number/addresses/:id)", async () => {
      const owner = await createUser(t.db);
      const product = await stockedProduct(t.db);
      const address = await usAddress(t.db);
      const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }], owner.auth, { bill_address_attributes: address, ship_address_attributes: address });
      const json = (await t.http().get(`/api/orders/${order.number}`).set(owner.auth).expect(200)).body;
      const billId = json.bill_address.id;
      await t.http().get(`/api/addresses/${billId}`).set(order.guest).expect(401, UNAUTHORIZED);
      await t.http().get(`/api/addresses/${billId}?order_token=${order.token}`).expect(401, UNAUTHORIZED);
      await t.http().put(`/api/addresses/${billId}`).set(stranger.auth).send({ address: { address1: 'Hijacked' } }).expect(401, UNAUTHORIZED);
      expect((await addressRow(billId)).address1).toBe(address.address1);
    });
  });

  describe('as an admin', () => {
    it("shows and updates anyone's address", async () => {
      const { billId } = await userWithAddresses();
      const shown = await t.http().get(`/api/addresses/${billId}`).set(admin.auth).expect(200);
      expect(shown.body).toMatchObject({ id: billId, address1: '1 Bill Street' });
      const updated = await t.http().put(`/api/addresses/${billId}`).set(admin.auth).send({ address: { address1: '9 Admin Way', company: 'ACME' } }).expect(200);
      expect(updated.body).toMatchObject({ id: billId, address1: '9 Admin Way', company: 'ACME' });
      expect((await addressRow(billId)).address1).toBe('9 Admin Way');
    });

    it('gets a 422 for an invalid update too', async () => {
      const { shipId } = await userWithAddresses();
      const res = await t.http().put(`/api/addresses/${shipId}`).set(admin.auth).send({ address: { lastname: '', zipcode: '' } }).expect(422);
      expect(res.body.errors).toMatchObject({ lastname: ["can't be blank"], zipcode: ["can't be blank"] });
      expect((await addressRow(shipId)).lastname).toBe('Doe');
    });
  });

  describe('unknown addresses', () => {
    it('answers 404 to admins, and 401 to everyone else as for an address that is not theirs', async () => {
      const { user } = await userWithAddresses();
      await t.http().get('/api/addresses/999999999').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put('/api/addresses/999999999').set(admin.auth).send({ address: { address1: 'x' } }).expect(404, NOT_FOUND);
      // Anyone but an admin is told 401, as for someone else's address, so ids cannot be probed.
      await t.http().get('/api/addresses/999999999').set(user.auth).expect(401, UNAUTHORIZED);
      await t.http().put('/api/addresses/999999999').send({ address: { address1: 'x' } }).expect(401, UNAUTHORIZED);
      await t.http().get('/api/addresses/abc').set(admin.auth).expect(404, NOT_FOUND);
    });
  });
});
