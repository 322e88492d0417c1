import { createTestApp, TestApp } from '../support/test-app';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/countries_controller_spec.rb
describe('countries', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp()));
  afterAll(() => t.close());

  it('gets all countries, paginated, with the list fields', async () => {
    const res = await t.http().get('/api/countries').expect(200);
    expect(res.body.countries).toHaveLength(25);
    expect(res.body.count).toBe(25);
    expect(res.body.total_count).toBeGreaterThanOrEqual(249);
    expect(res.body.current_page).toBe(1);
    expect(res.body.per_page).toBe(25);
    expect(res.body.pages).toBe(Math.ceil(res.body.total_count / 25));
    expect(Object.keys(res.body.countries[0]).sort()).toEqual(['id', 'iso', 'iso3', 'iso_name', 'name', 'numcode']);
  });

  it('can search for a country', async () => {
    const res = await t.http().get('/api/countries').query({ q: { name_cont: 'united states' } }).expect(200);
    expect(res.body.countries.map((c: { iso: string }) => c.iso)).toContain('US');
    expect(res.body.countries.every((c: { name: string }) => /united states/i.test(c.name))).toBe(true);
  });

  it('reads bracket parameters from the query string', async () => {
    const res = await t.http().get('/api/countries?q[iso_eq]=CA').expect(200);
    expect(res.body.countries).toHaveLength(1);
    expect(res.body.countries[0]).toMatchObject({ iso: 'CA', iso3: 'CAN', numcode: 124 });
  });

  it('sorts by an allowed attribute and ignores unknown q keys', async () => {
    const res = await t.http().get('/api/countries?q[s]=numcode desc&q[password_cont]=x&per_page=3').expect(200);
    const codes = res.body.countries.map((c: { numcode: number }) => c.numcode);
    expect(codes).toEqual([...codes].sort((a, b) => b - a));
    expect(res.body.total_count).toBeGreaterThanOrEqual(249);
  });

  it('caps per_page at 100 and falls back to defaults on garbage', async () => {
    expect((await t.http().get('/api/countries?per_page=100000').expect(200)).body.per_page).toBe(100);
    expect((await t.http().get('/api/countries?per_page=-3&page=abc').expect(200)).body).toMatchObject({ per_page: 25, current_page: 1 });
  });

  it('includes states', async () => {
    const list = await t.http().get('/api/countries?q[iso_eq]=US').expect(200);
    const res = await t.http().get(`/api/countries/${list.body.countries[0].id}`).expect(200);
    expect(res.body.iso).toBe('US');
    const ny = res.body.states.find((s: { abbr: string }) => s.abbr === 'NY');
    expect(ny).toEqual({ id: expect.any(Number), name: 'New York', abbr: 'NY', country_id: res.body.id });
  });

  it('answers 404 for a missing or malformed id', async () => {
    await t.http().get('/api/countries/999999').expect(404, { error: 'The resource you were looking for could not be found.' });
    await t.http().get('/api/countries/abc').expect(404);
  });
});
