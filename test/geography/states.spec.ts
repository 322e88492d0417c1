import { createTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/states_controller_spec.rb
describe('states', () => {
  let t: TestApp;
  let countryId: number; // a country of our own, holding Victoria and New South Wales
  let victoriaId: number;
  let usId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [{ id: countryId }] = await t.db.query(
      `INSERT INTO countries (iso, iso3, iso_name, name, numcode, states_required) VALUES ('XA', 'XAA', 'TESTLAND', 'Testland', 9991, true) RETURNING id`,
    );
    [{ id: victoriaId }] = await t.db.query(`INSERT INTO states (name, abbr, country_id) VALUES ('Victoria', 'VIC', $1) RETURNING id`, [countryId]);
    await t.db.query(`INSERT INTO states (name, abbr, country_id) VALUES ('New South Wales', 'NSW', $1)`, [countryId]);
    [{ id: usId }] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
  });
  afterAll(() => t.close());

  const attributes = ['abbr', 'country_id', 'id', 'name'];
  const allStates = async (): Promise<number> => Number((await t.db.query(`SELECT count(*) AS n FROM states`))[0].n);

  // "gets all states" / "can view all states"
  it('gets all states with their attributes', async () => {
    const res = await t.http().get('/api/states').expect(200);
    expect(Object.keys(res.body.states[0]).sort()).toEqual(attributes);
    const victoria = res.body.states.find((s: { id: number }) => s.id === victoriaId);
    expect(victoria).toEqual({ id: victoriaId, name: 'Victoria', abbr: 'VIC', country_id: countryId });
    // ordered by name, as in Spree
    const names = res.body.states.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  // "gets all the states for a particular country"
  it('gets all the states for a particular country', async () => {
    const res = await t.http().get(`/api/countries/${countryId}/states`).expect(200);
    expect(Object.keys(res.body.states[0]).sort()).toEqual(attributes);
    expect(res.body.states.map((s: { name: string }) => s.name)).toEqual(['New South Wales', 'Victoria']);
    expect(res.body).toMatchObject({ states_required: true, count: 2, total_count: 2, current_page: 1, pages: 1 });
  });

  // pagination: "does not paginate states results when asked not to do so"
  it('does not paginate without page or per_page, still with the list fields', async () => {
    const total = await allStates();
    expect(total).toBeGreaterThan(25);
    const res = await t.http().get('/api/states').expect(200);
    expect(res.body.states).toHaveLength(total);
    expect(res.body).toMatchObject({ count: total, total_count: total, current_page: 1, per_page: total, pages: 1 });
    expect(res.body.states_required).toBeUndefined();
  });

  // pagination: "paginates when page parameter is passed through"
  it('paginates when page is passed', async () => {
    const total = await allStates();
    const res = await t.http().get('/api/states?page=2').expect(200);
    expect(res.body).toMatchObject({ count: 25, total_count: total, current_page: 2, per_page: 25, pages: Math.ceil(total / 25) });
    const first = await t.http().get('/api/states?page=1').expect(200);
    expect(first.body.states[0].id).not.toBe(res.body.states[0].id);
  });

  // pagination: "paginates when per_page parameter is passed through"
  it('paginates when per_page is passed', async () => {
    const res = await t.http().get('/api/states?per_page=5').expect(200);
    expect(res.body).toMatchObject({ count: 5, current_page: 1, per_page: 5 });
    const capped = await t.http().get(`/api/countries/${usId}/states?per_page=1000`).expect(200);
    expect(capped.body.per_page).toBe(100);
    expect(capped.body.states_required).toBe(true);
  });

  // with two states: "gets all states for a country"
  it('limits the states to the country and reports states_required', async () => {
    const [{ id: otherId }] = await t.db.query(
      `INSERT INTO countries (iso, iso3, iso_name, name, numcode, states_required) VALUES ('XB', 'XBB', 'OTHERLAND', 'Otherland', 9992, false) RETURNING id`,
    );
    await t.db.query(`INSERT INTO states (name, abbr, country_id) VALUES ('Lonely', 'LO', $1)`, [otherId]);
    const res = await t.http().get(`/api/countries/${otherId}/states`).expect(200);
    expect(res.body.states).toEqual([{ id: expect.any(Number), name: 'Lonely', abbr: 'LO', country_id: otherId }]);
    expect(res.body).toMatchObject({ states_required: false, count: 1, total_count: 1 });
  });

  // with two states: "can query the results through a paramter"
  it('can query the results through a parameter', async () => {
    const res = await t.http().get('/api/states').query({ q: { name_cont: 'Vic' } }).expect(200);
    expect(res.body.states[0].name).toBe('Victoria');
    expect(res.body.states.every((s: { name: string }) => /vic/i.test(s.name))).toBe(true);
    expect(res.body.count).toBe(res.body.states.length);
  });

  it('searches on abbr, within a country, sorts, and ignores unknown q keys', async () => {
    const res = await t.http().get(`/api/countries/${usId}/states?q[abbr_eq]=NY&q[secret_cont]=x`).expect(200);
    expect(res.body.states).toEqual([{ id: expect.any(Number), name: 'New York', abbr: 'NY', country_id: usId }]);
    const sorted = await t.http().get(`/api/countries/${countryId}/states?q[s]=name desc`).expect(200);
    expect(sorted.body.states.map((s: { name: string }) => s.name)).toEqual(['Victoria', 'New South Wales']);
    const orSearch = await t.http().get(`/api/countries/${countryId}/states?q[name_or_abbr_cont]=nsw`).expect(200);
    expect(orSearch.body.states.map((s: { abbr: string }) => s.abbr)).toEqual(['NSW']);
  });

  // "can view a state"
  it('can view a state, also through its country', async () => {
    const res = await t.http().get(`/api/states/${victoriaId}`).expect(200);
    expect(res.body).toEqual({ id: victoriaId, name: 'Victoria', abbr: 'VIC', country_id: countryId });
    const nested = await t.http().get(`/api/countries/${countryId}/states/${victoriaId}.json`).expect(200);
    expect(nested.body).toEqual(res.body);
  });

  it('is readable by anyone: anonymous and signed-in users', async () => {
    const user = await createUser(t.db);
    await t.http().get(`/api/states/${victoriaId}`).set(user.auth).expect(200);
    await t.http().get('/api/states?per_page=1').set(user.auth).expect(200);
  });

  it('answers 404 for unknown or malformed ids and for a state of another country', async () => {
    const notFound = { error: 'The resource you were looking for could not be found.' };
    await t.http().get('/api/states/99999999').expect(404, notFound);
    await t.http().get('/api/states/abc').expect(404, notFound);
    await t.http().get(`/api/countries/${usId}/states/${victoriaId}`).expect(404, notFound);
    await t.http().get('/api/countries/99999999/states').expect(404, notFound);
    await t.http().get('/api/countries/xyz/states').expect(404, notFound);
  });

  it('falls back to defaults on unreadable paging values', async () => {
    const res = await t.http().get('/api/states?page=abc&per_page=-1').expect(200);
    expect(res.body).toMatchObject({ current_page: 1, per_page: 25, count: 25 });
  });
});
