import { displayMoney } from '../../src/common/money/money';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser } from '../support/users';

// Port of Spree 2-2-stable api/spec/controllers/spree/api/config_controller_spec.rb:
// the store settings, readable by anyone (the controller authorizes nothing).
describe('config', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  const documented = (body: unknown, path: string) => shapeProblems(doc, responseSchema(doc, path, 'get', 200), body);

  it('returns Spree::Money settings', async () => {
    const res = await t.http().get('/api/config/money').expect(200);
    expect(res.body).toEqual({ symbol: '$', symbol_position: 'before', no_cents: false, decimal_mark: '.', thousands_separator: ',', currency: 'USD' });
    expect(documented(res.body, '/api/config/money')).toEqual([]);
  });

  it('returns some configuration settings: the default country (US) and the currency', async () => {
    const [us] = await t.db.query(`SELECT id FROM countries WHERE iso = 'US'`);
    const res = await t.http().get('/api/config').expect(200);
    expect(res.body).toEqual({ default_country_id: us.id, currency: 'USD', supported_currencies: ['USD'] });
    expect(documented(res.body, '/api/config')).toEqual([]);
  });

  it('the money settings describe how amounts are really displayed', async () => {
    const { body: money } = await t.http().get('/api/config/money').expect(200);
    // 1234.5 written with the reported settings is what display_ amounts look like.
    const written = `${money.symbol_position === 'before' ? money.symbol : ''}1${money.thousands_separator}234${money.decimal_mark}50`;
    expect(displayMoney('1234.5', 'USD')).toBe(written);
  });

  it('is readable by users and admins alike, with or without the .json suffix', async () => {
    const user = await createUser(t.db);
    const admin = await createAdmin(t.db);
    const anonymous = (await t.http().get('/api/config.json').expect(200)).body;
    expect((await t.http().get('/api/config').set(user.auth).expect(200)).body).toEqual(anonymous);
    expect((await t.http().get('/api/config/money.json').set(admin.auth).expect(200)).body.symbol).toBe('$');
  });

  it('refuses an API key that matches no user', async () => {
    await t.http().get('/api/config').set('X-Spree-Token', 'nope').expect(401, { error: 'Invalid API key specified.' });
  });
});
