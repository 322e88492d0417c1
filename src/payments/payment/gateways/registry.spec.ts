import { SecretBox } from '../../../config/secret-box';
import { BogusGateway } from './bogus.gateway';
import { CheckGateway } from './check.gateway';
import { GatewayResponse } from './gateway';
import { PaymentProvider } from './payment-provider';
import { PAYMENT_PROVIDERS } from './payment-providers';
import { keepsCardProfiles, PAYMENT_METHOD_TYPES, PaymentProviderRegistry, settingsOf } from './registry';

const box = SecretBox.fromSecretKey('a-secret-key-of-at-least-32-characters!!');
const ok: GatewayResponse = { success: true, message: '', authorization: null, avsResult: null };

/** A provider with secret settings, as a real gateway declares its credentials. */
class VaultedGateway implements PaymentProvider {
  static readonly methodType = 'Spree::Gateway::Vaulted';
  static readonly sourceRequired = true;
  static readonly paymentProfilesSupported = false;
  static readonly secretSettings = ['secret_key'];
  createProfile = async () => ok;
  authorize = async () => ok;
  purchase = async () => ok;
  capture = async () => ok;
  void = async () => ok;
  credit = async () => ok;
}

describe('PaymentProviderRegistry', () => {
  const bogus = new BogusGateway({ bogusGatewayLog: undefined });
  const check = new CheckGateway();
  const registry = new PaymentProviderRegistry([bogus, check, new VaultedGateway()], box);

  it('finds each provider by the payment method type its class names, with what its class says of it', () => {
    expect(registry.get('Spree::Gateway::Bogus')).toEqual({ provider: bogus, methodType: 'Spree::Gateway::Bogus', sourceRequired: true, paymentProfilesSupported: true, secretSettings: [], tokenizedCards: false });
    expect(registry.get('Spree::PaymentMethod::Check')).toMatchObject({ provider: check, sourceRequired: false, paymentProfilesSupported: false });
    expect(registry.get('Spree::Gateway::AuthorizeNet')).toBeUndefined();
    expect(registry.types()).toEqual(['Spree::Gateway::Bogus', 'Spree::PaymentMethod::Check', 'Spree::Gateway::Vaulted']);
  });

  it('refuses two providers for one type', () => {
    expect(() => new PaymentProviderRegistry([bogus, new BogusGateway({ bogusGatewayLog: undefined })], box)).toThrow('Two payment providers serve Spree::Gateway::Bogus');
  });

  it("passes a method's preferences as its settings, opening the provider's secret ones", () => {
    const sealed = box.seal('payment_methods.preferences', 'sk_test_123');
    expect(registry.settings({ type: 'Spree::Gateway::Vaulted', preferences: { secret_key: sealed, publishable_key: 'pk_test_1' } })).toEqual({
      secret_key: 'sk_test_123',
      publishable_key: 'pk_test_1',
    });
    expect(registry.settings({ type: 'Spree::Gateway::Bogus', preferences: { server: 'test' } })).toEqual({ server: 'test' });
    expect(registry.settings({ type: 'Spree::Gateway::Bogus', preferences: null })).toEqual({});
  });

  it('refuses a secret setting that does not open (changed in the database, or sealed under another key)', () => {
    const other = SecretBox.fromSecretKey('another-secret-key-of-32-characters-or-more').seal('payment_methods.preferences', 'sk');
    expect(() => registry.settings({ type: 'Spree::Gateway::Vaulted', preferences: { secret_key: other } })).toThrow();
    expect(() => registry.settings({ type: 'Spree::Gateway::Vaulted', preferences: { secret_key: 'sk_live_plain' } })).toThrow('Not a sealed value');
  });
});

describe('the configured providers', () => {
  it('are the types /api/payment_methods accepts, one each', () => {
    expect(PAYMENT_METHOD_TYPES).toEqual(['Spree::Gateway::Bogus', 'Spree::PaymentMethod::Check', 'Spree::Gateway::StripeGateway']);
    expect(new Set(PAYMENT_PROVIDERS.map((p) => p.methodType)).size).toBe(PAYMENT_PROVIDERS.length);
  });

  it('say from their class whether a card profile is kept (the confirm step)', () => {
    expect(keepsCardProfiles('Spree::Gateway::Bogus')).toBe(true);
    expect(keepsCardProfiles('Spree::PaymentMethod::Check')).toBe(false);
    expect(keepsCardProfiles('Spree::Gateway::Unknown')).toBe(false);
  });
});

describe('settingsOf', () => {
  it('names the settings an admin may give a type and the sealed ones; none for a type without settings', () => {
    expect(settingsOf('Spree::Gateway::StripeGateway')).toEqual({
      names: ['secret_key', 'publishable_key', 'webhook_signing_secret'],
      secret: ['secret_key', 'webhook_signing_secret'],
    });
    expect(settingsOf('Spree::Gateway::Bogus')).toEqual({ names: [], secret: [] });
    expect(settingsOf('Spree::Gateway::Unknown')).toEqual({ names: [], secret: [] });
  });
});
