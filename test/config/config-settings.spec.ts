import { createTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';

// The same endpoints on a store configured otherwise: another currency and default
// country, and API_REQUIRES_AUTHENTICATION (Spree's requires_authentication).
describe('config of a configured store', () => {
  let t: TestApp;
  beforeAll(async () => (t = await createTestApp({ CURRENCY: 'eur', DEFAULT_COUNTRY: 'ca', API_REQUIRES_AUTHENTICATION: 'true' })));
  afterAll(() => t.close());

  it('needs an API key when the store requires authentication', async () => {
    await t.http().get('/api/config').expect(401, { error: 'You must specify an API key.' });
    await t.http().get('/api/config/money').expect(401, { error: 'You must specify an API key.' });
  });

  it('reports the configured currency, its symbol and the configured default country', async () => {
    const user = await createUser(t.db);
    const [ca] = await t.db.query(`SELECT id FROM countries WHERE iso = 'CA'`);
    expect((await t.http().get('/api/config').set(user.auth).expect(200)).body).toEqual({ default_country_id: ca.id, currency: 'EUR', supported_currencies: ['EUR'] });
    expect((await t.http().get('/api/config/money').set(user.auth).expect(200)).body).toEqual({
      symbol: '€',
      symbol_position: 'before',
      no_cents: false,
      decimal_mark: '.',
      thousands_separator: ',',
      currency: 'EUR',
    });
  });
});
