import { createProduct, createStockLocation, createVariant } from '../support/catalog';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { NOT_FOUND, UNAUTHORIZED } from '../support/error-bodies';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/stock_locations_controller_spec.rb
const ATTRIBUTES = ['id', 'name', 'address1', 'address2', 'city', 'state_id', 'state_name', 'country_id', 'zipcode', 'phone', 'active'];

describe('stock locations', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let locationId: number;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    locationId = await createStockLocation(t.db, { name: 'NY Warehouse' });
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[] = []) => Number((await t.db.query(sql, params))[0].n);

  describe('as a user', () => {
    it('cannot see stock locations', async () => {
      await t.http().get('/api/stock_locations').set(user.auth).expect(401, UNAUTHORIZED);
      await t.http().get('/api/stock_locations').expect(401, UNAUTHORIZED);
    });

    it('cannot see a single stock location', async () => {
      await t.http().get(`/api/stock_locations/${locationId}`).set(user.auth).expect(404, NOT_FOUND);
    });

    it('cannot create a new stock location', async () => {
      const before = await count('SELECT count(*) AS n FROM stock_locations');
      await t.http().post('/api/stock_locations').set(user.auth).send({ stock_location: { name: 'North Pole', active: true } }).expect(401, UNAUTHORIZED);
      expect(await count('SELECT count(*) AS n FROM stock_locations')).toBe(before);
    });

    it('cannot update a stock location', async () => {
      await t.http().put(`/api/stock_locations/${locationId}`).set(user.auth).send({ stock_location: { name: 'South Pole' } }).expect(404, NOT_FOUND);
      expect((await t.db.query('SELECT name FROM stock_locations WHERE id = $1', [locationId]))[0].name).toBe('NY Warehouse');
    });

    it('cannot delete a stock location', async () => {
      await t.http().delete(`/api/stock_locations/${locationId}`).set(user.auth).expect(404, NOT_FOUND);
      expect(await count('SELECT count(*) AS n FROM stock_locations WHERE id = $1', [locationId])).toBe(1);
    });
  });

  describe('as an admin', () => {
    it('gets list of stock locations', async () => {
      const res = await t.http().get('/api/stock_locations').set(admin.auth).expect(200);
      const ny = res.body.stock_locations.find((l: { id: number }) => l.id === locationId);
      expect(Object.keys(ny).sort()).toEqual([...ATTRIBUTES, 'country', 'state'].sort());
      expect(ny.country).toMatchObject({ iso: 'US', iso3: 'USA', numcode: 840 });
      expect(Object.keys(ny.country).sort()).toEqual(['id', 'iso', 'iso3', 'iso_name', 'name', 'numcode']);
      expect(ny.state).toEqual({ id: ny.state_id, name: expect.any(String), abbr: 'DC', country_id: ny.country_id });
      expect(res.body).toMatchObject({ current_page: 1, per_page: 25 });
      expect(res.body.count).toBe(res.body.stock_locations.length);
    });

    it('can control the page size through a parameter', async () => {
      const total = await count('SELECT count(*) AS n FROM stock_locations');
      const res = await t.http().get('/api/stock_locations?per_page=1').set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ count: 1, current_page: 1, per_page: 1, total_count: total, pages: total });
    });

    it('can query the results through a parameter', async () => {
      await createStockLocation(t.db, { name: 'South America' });
      const res = await t.http().get('/api/stock_locations').query({ q: { name_cont: 'south' } }).set(admin.auth).expect(200);
      expect(res.body.count).toBe(1);
      expect(res.body.stock_locations[0].name).toBe('South America');
    });

    it('sorts by an allowed attribute and ignores unknown q keys', async () => {
      const res = await t.http().get('/api/stock_locations?q[s]=id desc&q[secret_cont]=zzz').set(admin.auth).expect(200);
      const ids = res.body.stock_locations.map((l: { id: number }) => l.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(res.body.total_count).toBe(await count('SELECT count(*) AS n FROM stock_locations'));
    });

    it('gets a stock location', async () => {
      const res = await t.http().get(`/api/stock_locations/${locationId}`).set(admin.auth).expect(200);
      expect(res.body).toMatchObject({ id: locationId, name: 'NY Warehouse', city: 'Washington', zipcode: '20500', active: true });
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES, 'country', 'state'].sort());
      await t.http().get(`/api/stock_locations/${locationId}.json`).set(admin.auth).expect(200);
    });

    it('answers 404 for a missing or malformed id', async () => {
      await t.http().get('/api/stock_locations/999999').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().get('/api/stock_locations/abc').set(admin.auth).expect(404, NOT_FOUND);
      await t.http().put('/api/stock_locations/999999').set(admin.auth).send({ stock_location: { name: 'x' } }).expect(404, NOT_FOUND);
      await t.http().delete('/api/stock_locations/999999').set(admin.auth).expect(404, NOT_FOUND);
    });

    it('can create a new stock location', async () => {
      const res = await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { name: 'North Pole', active: true } }).expect(201);
      expect(Object.keys(res.body).sort()).toEqual([...ATTRIBUTES, 'country', 'state'].sort());
      expect(res.body).toMatchObject({ name: 'North Pole', active: true, country: null, state: null });
    });

    it('creates a stock item for every live variant, backorderable as backorderable_default, in one go', async () => {
      const product = await createProduct(t.db);
      const variantId = await createVariant(t.db, product.id);
      const deleted = await createProduct(t.db, { deletedAt: new Date() });
      const us = (await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`))[0].id;
      const res = await t
        .http()
        .post('/api/stock_locations')
        .set(admin.auth)
        .type('form')
        .send(`stock_location[name]=Depot&stock_location[backorderable_default]=true&stock_location[country_id]=${us}`)
        .expect(201);
      expect(res.body.country.id).toBe(us);
      const items = await t.db.query('SELECT variant_id, count_on_hand, backorderable FROM stock_items WHERE stock_location_id = $1 ORDER BY variant_id', [res.body.id]);
      const variants = await t.db.query('SELECT id FROM variants WHERE deleted_at IS NULL ORDER BY id');
      expect(items.map((i: { variant_id: number }) => i.variant_id)).toEqual(variants.map((v: { id: number }) => v.id));
      expect(items.map((i: { variant_id: number }) => i.variant_id)).toEqual(expect.arrayContaining([product.masterVariantId, variantId]));
      expect(items.map((i: { variant_id: number }) => i.variant_id)).not.toContain(deleted.masterVariantId);
      expect(items.every((i: { count_on_hand: number; backorderable: boolean }) => i.count_on_hand === 0 && i.backorderable)).toBe(true);
    });

    it('does not propagate variants when propagate_all_variants is false', async () => {
      await createProduct(t.db);
      const res = await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { name: 'Empty', propagate_all_variants: 'false' } }).expect(201);
      expect(await count('SELECT count(*) AS n FROM stock_items WHERE stock_location_id = $1', [res.body.id])).toBe(0);
    });

    it('refuses a stock location without a name, and writes nothing', async () => {
      const before = await count('SELECT count(*) AS n FROM stock_locations');
      const res = await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { active: true } }).expect(422);
      expect(res.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { name: ["can't be blank"] } });
      await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { name: '   ' } }).expect(422);
      expect(await count('SELECT count(*) AS n FROM stock_locations')).toBe(before);
    });

    it('names fields of the wrong type, unknown countries and states', async () => {
      const items = await count('SELECT count(*) AS n FROM stock_items');
      const before = await count('SELECT count(*) AS n FROM stock_locations');
      let res = await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { name: 'X', active: 'maybe', country_id: 'usa' } }).expect(422);
      expect(res.body.errors).toEqual({ active: ['is not a boolean'], country_id: ['is not a number'] });
      res = await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { name: 'X', country_id: 999999, state_id: 999999 } }).expect(422);
      expect(res.body.errors).toEqual({ country_id: ['is invalid'], state_id: ['is invalid'] });
      const ca = (await t.db.query(`SELECT id FROM countries WHERE iso = 'CA'`))[0].id;
      const ny = (await t.db.query(`SELECT s.id FROM states s JOIN countries c ON c.id = s.country_id WHERE c.iso = 'US' AND s.abbr = 'NY'`))[0].id;
      res = await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: { name: 'X', country_id: ca, state_id: ny } }).expect(422);
      expect(res.body.errors).toEqual({ state_id: ['is invalid'] });
      await t.http().post('/api/stock_locations').set(admin.auth).send({ stock_location: 'North Pole' }).expect(400);
      expect(await count('SELECT count(*) AS n FROM stock_locations')).toBe(before);
      expect(await count('SELECT count(*) AS n FROM stock_items')).toBe(items);
    });

    it('can update a stock location', async () => {
      const res = await t.http().put(`/api/stock_locations/${locationId}`).set(admin.auth).send({ stock_location: { name: 'South Pole' } }).expect(200);
      expect(res.body).toMatchObject({ id: locationId, name: 'South Pole', city: 'Washington', active: true });
      const again = await t.http().put(`/api/stock_locations/${locationId}?stock_location[active]=false&stock_location[phone]=555`).set(admin.auth).expect(200);
      expect(again.body).toMatchObject({ name: 'South Pole', active: false, phone: '555' });
    });

    it('refuses a blank name on update and keeps the record', async () => {
      const res = await t.http().put(`/api/stock_locations/${locationId}`).set(admin.auth).send({ stock_location: { name: '', city: 'Elsewhere' } }).expect(422);
      expect(res.body.errors).toEqual({ name: ["can't be blank"] });
      const [row] = await t.db.query('SELECT name, city FROM stock_locations WHERE id = $1', [locationId]);
      expect(row).toEqual({ name: 'South Pole', city: 'Washington' });
    });

    it('can delete a stock location, with its stock items and their movements', async () => {
      const id = await createStockLocation(t.db);
      const product = await createProduct(t.db);
      const [{ id: itemId }] = await t.db.query('INSERT INTO stock_items (stock_location_id, variant_id, count_on_hand, backorderable) VALUES ($1, $2, 3, false) RETURNING id', [
        id,
        product.masterVariantId,
      ]);
      await t.db.query('INSERT INTO stock_movements (stock_item_id, quantity) VALUES ($1, 3)', [itemId]);
      const res = await t.http().delete(`/api/stock_locations/${id}`).set(admin.auth).expect(204);
      expect(res.text).toBe('');
      expect(await count('SELECT count(*) AS n FROM stock_locations WHERE id = $1', [id])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM stock_items WHERE stock_location_id = $1', [id])).toBe(0);
      await t.http().get(`/api/stock_locations/${id}`).set(admin.auth).expect(404);
    });

    it('is described in the OpenAPI document', async () => {
      const doc = await t.http().get('/api/openapi.json').expect(200);
      expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/stock_locations', '/api/stock_locations/{id}']));
      expect(doc.body.components.schemas.StockLocationJson.properties.country).toBeDefined();
    });
  });
});
