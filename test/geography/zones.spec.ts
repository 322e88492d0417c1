import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/zones_controller_spec.rb
describe('zones', () => {
  let t: TestApp;
  let admin: TestUser;
  let user: TestUser;
  let usId: number;
  let caId: number;
  let nyId: number;
  let europeId: number;

  const notFound = { error: 'The resource you were looking for could not be found.' };
  const unauthorized = { error: 'You are not authorized to perform that action.' };
  const attributes = ['description', 'id', 'name', 'zone_members'];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
    user = await createUser(t.db);
    [{ id: usId }] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
    [{ id: caId }] = await t.db.query(`SELECT id FROM countries WHERE iso = 'CA'`);
    [{ id: nyId }] = await t.db.query(`SELECT id FROM states WHERE abbr = 'NY' AND country_id = $1`, [usId]);
  });
  afterAll(() => t.close());

  // Spree's `before { @zone = create(:zone, name: 'Europe') }`
  beforeEach(async () => {
    await t.db.query(`DELETE FROM zones WHERE name NOT IN ('North America', 'EU_VAT')`);
    [{ id: europeId }] = await t.db.query(`INSERT INTO zones (name, description, kind) VALUES ('Europe', 'European countries', 'country') RETURNING id`);
    const [{ id: frId }] = await t.db.query(`SELECT id FROM countries WHERE iso = 'FR'`);
    await t.db.query(`INSERT INTO zone_members (zone_id, zoneable_type, zoneable_id) VALUES ($1, 'Spree::Country', $2)`, [europeId, frId]);
  });

  const zoneCount = async () => Number((await t.db.query(`SELECT count(*) AS n FROM zones`))[0].n);
  const memberRows = async (zoneId: number) =>
    t.db.query(`SELECT zoneable_type, zoneable_id FROM zone_members WHERE zone_id = $1 ORDER BY zoneable_id`, [zoneId]);

  // "gets list of zones"
  it('gets list of zones', async () => {
    const res = await t.http().get('/api/zones').expect(200);
    expect(Object.keys(res.body.zones[0]).sort()).toEqual(attributes);
    expect(res.body).toMatchObject({ count: 3, total_count: 3, current_page: 1, per_page: 25, pages: 1 });
    expect(res.body.zones.map((z: { name: string }) => z.name)).toEqual(['EU_VAT', 'Europe', 'North America']);
    const na = res.body.zones.find((z: { name: string }) => z.name === 'North America');
    expect(na.zone_members.map((m: { name: string }) => m.name).sort()).toEqual(['Canada', 'United States of America']);
    expect(na.zone_members[0]).toEqual({ id: expect.any(Number), name: expect.any(String), zoneable_type: 'Spree::Country', zoneable_id: expect.any(Number) });
  });

  // "can control the page size through a parameter"
  it('can control the page size through a parameter', async () => {
    const res = await t.http().get('/api/zones?per_page=1').expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.current_page).toBe(1);
    expect(res.body.pages).toBe(3);
    const second = await t.http().get('/api/zones?per_page=1&page=2').expect(200);
    expect(second.body.zones[0].name).toBe('Europe');
  });

  // "can query the results through a paramter"
  it('can query the results through a parameter', async () => {
    await t.db.query(`INSERT INTO zones (name, kind) VALUES ('South America', 'country')`);
    const res = await t.http().get('/api/zones').query({ q: { name_cont: 'south' } }).expect(200);
    expect(res.body.count).toBe(1);
    expect(res.body.zones[0].name).toBe('South America');
    const byDescription = await t.http().get('/api/zones?q[description_cont]=european').expect(200);
    expect(byDescription.body.zones.map((z: { name: string }) => z.name)).toEqual(['Europe']);
  });

  // "gets a zone"
  it('gets a zone', async () => {
    const res = await t.http().get(`/api/zones/${europeId}`).expect(200);
    expect(Object.keys(res.body).sort()).toEqual(attributes);
    expect(res.body.name).toBe('Europe');
    expect(res.body.description).toBe('European countries');
    expect(res.body.zone_members).toHaveLength(1);
    expect(res.body.zone_members[0]).toMatchObject({ name: 'France', zoneable_type: 'Spree::Country' });
  });

  it('lets anyone read zones (anonymous and users)', async () => {
    await t.http().get(`/api/zones/${europeId}`).set(user.auth).expect(200);
    await t.http().get('/api/zones').set(user.auth).expect(200);
  });

  it('answers 404 for a missing or malformed id', async () => {
    await t.http().get('/api/zones/99999999').expect(404, notFound);
    await t.http().get('/api/zones/abc').expect(404, notFound);
    await t.http().put('/api/zones/99999999').set(admin.auth).send({ zone: { name: 'x' } }).expect(404, notFound);
    await t.http().delete('/api/zones/99999999').set(admin.auth).expect(404, notFound);
  });

  describe('as an admin', () => {
    // "can create a new zone"
    it('can create a new zone', async () => {
      const res = await t
        .http()
        .post('/api/zones')
        .set(admin.auth)
        .send({ zone: { name: 'North Pole', zone_members: [{ zoneable_type: 'Spree::Country', zoneable_id: usId }] } })
        .expect(201);
      expect(Object.keys(res.body).sort()).toEqual(attributes);
      expect(res.body.zone_members).toEqual([{ id: expect.any(Number), name: 'United States of America', zoneable_type: 'Spree::Country', zoneable_id: usId }]);
      expect(res.body.description).toBeNull();
      const [row] = await t.db.query(`SELECT kind FROM zones WHERE id = $1`, [res.body.id]);
      expect(row.kind).toBe('country');
      await t.http().get(`/api/zones/${res.body.id}`).expect(200);
    });

    it('creates a state zone from zone_members_attributes in a form body, skipping blank and _destroy entries', async () => {
      const res = await t
        .http()
        .post('/api/zones')
        .set(admin.auth)
        .type('form')
        .send(`zone[name]=New York only&zone[zone_members_attributes][0][zoneable_type]=Spree::State&zone[zone_members_attributes][0][zoneable_id]=${nyId}&zone[zone_members_attributes][1][zoneable_type]=Spree::State&zone[zone_members_attributes][1][zoneable_id]=` +
          `&zone[zone_members_attributes][2][zoneable_type]=Spree::State&zone[zone_members_attributes][2][zoneable_id]=${nyId + 1}&zone[zone_members_attributes][2][_destroy]=1`)
        .expect(201);
      expect(res.body.zone_members).toEqual([{ id: expect.any(Number), name: 'New York', zoneable_type: 'Spree::State', zoneable_id: nyId }]);
      const [row] = await t.db.query(`SELECT kind FROM zones WHERE id = $1`, [res.body.id]);
      expect(row.kind).toBe('state');
    });

    // "updates a zone"
    it('updates a zone, replacing its members', async () => {
      const res = await t
        .http()
        .put(`/api/zones/${europeId}`)
        .set(admin.auth)
        .send({ zone: { name: 'North Pole', zone_members: [{ zoneable_type: 'Spree::Country', zoneable_id: usId }, { zoneable_type: 'Spree::Country', zoneable_id: caId }] } })
        .expect(200);
      expect(res.body.name).toBe('North Pole');
      expect(res.body.description).toBe('European countries');
      expect(res.body.zone_members.map((m: { zoneable_id: number }) => m.zoneable_id).sort()).toEqual([usId, caId].sort());
      expect(await memberRows(europeId)).toHaveLength(2);
    });

    it('keeps the members when the update does not send them, and can clear them', async () => {
      const res = await t.http().put(`/api/zones/${europeId}.json`).set(admin.auth).send({ zone: { description: 'Changed' } }).expect(200);
      expect(res.body).toMatchObject({ name: 'Europe', description: 'Changed' });
      expect(res.body.zone_members).toHaveLength(1);
      const cleared = await t.http().put(`/api/zones/${europeId}`).set(admin.auth).send({ zone: { zone_members: [] } }).expect(200);
      expect(cleared.body.zone_members).toEqual([]);
    });

    // "can delete a zone"
    it('can delete a zone', async () => {
      await t.http().delete(`/api/zones/${europeId}`).set(admin.auth).expect(204);
      expect(await t.db.query(`SELECT 1 FROM zones WHERE id = $1`, [europeId])).toHaveLength(0);
      expect(await memberRows(europeId)).toHaveLength(0);
      await t.http().get(`/api/zones/${europeId}`).expect(404);
    });

    it('refuses to delete a zone that live tax rates use', async () => {
      const [{ id: categoryId }] = await t.db.query(`SELECT id FROM tax_categories WHERE name = 'Default'`);
      const [{ id: rateId }] = await t.db.query(`INSERT INTO tax_rates (name, amount, zone_id, tax_category_id) VALUES ('VAT', 0.2, $1, $2) RETURNING id`, [europeId, categoryId]);
      const res = await t.http().delete(`/api/zones/${europeId}`).set(admin.auth).expect(422);
      expect(res.body.errors.base).toEqual(['Cannot delete record because dependent tax rates exist']);
      // once the rate is deleted (softly), the zone can go
      await t.db.query(`UPDATE tax_rates SET deleted_at = now() WHERE id = $1`, [rateId]);
      await t.http().delete(`/api/zones/${europeId}`).set(admin.auth).expect(204);
    });

    it('requires a unique, present name', async () => {
      const before = await zoneCount();
      const blank = await t.http().post('/api/zones').set(admin.auth).send({ zone: { description: 'x' } }).expect(422);
      expect(blank.body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { name: ["can't be blank"] } });
      const taken = await t.http().post('/api/zones').set(admin.auth).send({ zone: { name: 'North America' } }).expect(422);
      expect(taken.body.errors).toEqual({ name: ['has already been taken'] });
      const renamed = await t.http().put(`/api/zones/${europeId}`).set(admin.auth).send({ zone: { name: 'EU_VAT' } }).expect(422);
      expect(renamed.body.errors).toEqual({ name: ['has already been taken'] });
      const emptied = await t.http().put(`/api/zones/${europeId}`).set(admin.auth).send({ zone: { name: '  ' } }).expect(422);
      expect(emptied.body.errors).toEqual({ name: ["can't be blank"] });
      expect(await zoneCount()).toBe(before);
      expect((await t.db.query(`SELECT name FROM zones WHERE id = $1`, [europeId]))[0].name).toBe('Europe');
    });

    it('rejects members that do not exist, are of an unknown type, or mix countries and states, writing nothing', async () => {
      const before = await zoneCount();
      const cases = [
        [{ zoneable_type: 'Spree::Country', zoneable_id: 99999999 }],
        [{ zoneable_type: 'Spree::State', zoneable_id: usId + 100000 }],
        [{ zoneable_type: 'Spree::User', zoneable_id: 1 }],
        [{ zoneable_type: 'Spree::Country', zoneable_id: 'abc' }],
        'not a list',
        ['not an object'],
      ];
      for (const zone_members of cases) {
        const res = await t.http().post('/api/zones').set(admin.auth).send({ zone: { name: 'Bad', zone_members } }).expect(422);
        expect(res.body.errors).toEqual({ zone_members: ['is invalid'] });
      }
      const mixed = await t
        .http()
        .post('/api/zones')
        .set(admin.auth)
        .send({ zone: { name: 'Mixed', zone_members: [{ zoneable_type: 'Spree::Country', zoneable_id: usId }, { zoneable_type: 'Spree::State', zoneable_id: nyId }] } })
        .expect(422);
      expect(mixed.body.errors).toEqual({ zone_members: ['must be all countries or all states'] });
      expect(await zoneCount()).toBe(before);
      // a failed update leaves name and members alone
      await t
        .http()
        .put(`/api/zones/${europeId}`)
        .set(admin.auth)
        .send({ zone: { name: 'Renamed', zone_members: [{ zoneable_type: 'Spree::Country', zoneable_id: 99999999 }] } })
        .expect(422);
      expect((await t.db.query(`SELECT name FROM zones WHERE id = $1`, [europeId]))[0].name).toBe('Europe');
      expect(await memberRows(europeId)).toHaveLength(1);
    });

    it('answers 422 naming the field for unreadable values and 400 for a malformed group', async () => {
      const res = await t.http().post('/api/zones').set(admin.auth).send({ zone: { name: { nested: true } } }).expect(422);
      expect(res.body.errors).toEqual({ name: ['is invalid'] });
      await t.http().post('/api/zones').set(admin.auth).send({ zone: 'North Pole' }).expect(400);
    });
  });

  describe('as a non-admin', () => {
    it('cannot create a zone', async () => {
      const before = await zoneCount();
      await t.http().post('/api/zones').set(user.auth).send({ zone: { name: 'Mine' } }).expect(401, unauthorized);
      await t.http().post('/api/zones').send({ zone: { name: 'Mine' } }).expect(401, unauthorized);
      expect(await zoneCount()).toBe(before);
    });

    it('cannot update or delete a zone (401), and a missing zone is still 404', async () => {
      await t.http().put(`/api/zones/${europeId}`).set(user.auth).send({ zone: { name: 'Hacked' } }).expect(401, unauthorized);
      await t.http().delete(`/api/zones/${europeId}`).expect(401, unauthorized);
      await t.http().put('/api/zones/99999999').set(user.auth).send({ zone: { name: 'x' } }).expect(404, notFound);
      expect((await t.db.query(`SELECT name FROM zones WHERE id = $1`, [europeId]))[0].name).toBe('Europe');
    });
  });
});
