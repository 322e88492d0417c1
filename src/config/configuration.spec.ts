import { booleanSetting, loadConfig } from './configuration';

describe('image and storage settings', () => {
  it('defaults to 10 MB uploads, pixel and side limits, one upload processed at a time within 20 s, and the local folder', () => {
    const config = loadConfig({});
    expect(config.images).toEqual({ maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 16_384, concurrency: 1, timeoutSeconds: 20 });
    expect(config.storage).toEqual({ driver: 'local', uploadsDir: '.data/uploads', assetHost: undefined });
  });

  it('reads the limits and refuses what is not a positive whole number', () => {
    const env = { IMAGE_MAX_BYTES: '2048', IMAGE_MAX_PIXELS: '1000000', IMAGE_MAX_SIDE: '4000', IMAGE_PROCESSING_CONCURRENCY: '2', IMAGE_PROCESSING_TIMEOUT_SECONDS: '5' };
    expect(loadConfig(env).images).toEqual({ maxBytes: 2048, maxPixels: 1_000_000, maxSide: 4000, concurrency: 2, timeoutSeconds: 5 });
    for (const name of ['IMAGE_MAX_SIDE', 'IMAGE_PROCESSING_CONCURRENCY', 'IMAGE_PROCESSING_TIMEOUT_SECONDS']) expect(() => loadConfig({ [name]: '0' })).toThrow(name);
    expect(() => loadConfig({ IMAGE_MAX_BYTES: '10mb' })).toThrow('IMAGE_MAX_BYTES must be a positive whole number, not "10mb"');
    expect(() => loadConfig({ IMAGE_MAX_PIXELS: '0' })).toThrow(/IMAGE_MAX_PIXELS/);
  });

  it('uses S3 when S3_BUCKET is set: path-style URLs on a custom endpoint, ASSET_HOST first', () => {
    const env = { S3_BUCKET: 'shop', S3_ENDPOINT: 'http://minio:9000/', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(env).storage).toEqual({
      driver: 's3',
      bucket: 'shop',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      assetHost: 'http://minio:9000/shop',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret', sessionToken: undefined },
    });
    expect(loadConfig({ S3_BUCKET: 'shop', S3_REGION: 'eu-west-3' }).storage).toMatchObject({ assetHost: 'https://shop.s3.eu-west-3.amazonaws.com', credentials: undefined });
    expect(loadConfig({ S3_BUCKET: 'shop', ASSET_HOST: 'https://cdn.example/' }).storage).toMatchObject({ assetHost: 'https://cdn.example' });
  });
});

describe('API_KEY_TTL', () => {
  it('is off unless set: keys work until revoked', () => {
    expect(loadConfig({}).apiKeyTtlSeconds).toBeNull();
    for (const off of ['', ' ', 'off', 'OFF', '0', 'none']) expect(loadConfig({ API_KEY_TTL: off }).apiKeyTtlSeconds).toBeNull();
  });

  it('reads seconds, or a number with a unit (s, m, h, d)', () => {
    expect(loadConfig({ API_KEY_TTL: '3600' }).apiKeyTtlSeconds).toBe(3600);
    expect(loadConfig({ API_KEY_TTL: '90s' }).apiKeyTtlSeconds).toBe(90);
    expect(loadConfig({ API_KEY_TTL: ' 30m ' }).apiKeyTtlSeconds).toBe(1800);
    expect(loadConfig({ API_KEY_TTL: '12h' }).apiKeyTtlSeconds).toBe(43_200);
    expect(loadConfig({ API_KEY_TTL: '30D' }).apiKeyTtlSeconds).toBe(2_592_000);
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['-5', '1.5h', '10 years', 'h', '1w', '99999999999999999999d']) {
      expect(() => loadConfig({ API_KEY_TTL: bad })).toThrow(`API_KEY_TTL must be a duration in seconds, or with a unit (90s, 30m, 12h, 30d), or off, not "${bad}"`);
    }
  });
});

describe('catalog caching and replica settings', () => {
  it('defaults to 60 s of public caching, no replicas and 5 s of tolerated lag', () => {
    const config = loadConfig({});
    expect(config.catalogCacheSeconds).toBe(60);
    expect(config.replicas).toEqual({ urls: [], maxLagMs: 5_000 });
  });

  it('reads them, and refuses what is not a whole number', () => {
    const config = loadConfig({ CATALOG_CACHE_SECONDS: '0', DATABASE_REPLICA_URLS: ' postgres://a/db , ,postgres://b/db', DATABASE_REPLICA_MAX_LAG_MS: '250' });
    expect(config.catalogCacheSeconds).toBe(0);
    expect(config.replicas).toEqual({ urls: ['postgres://a/db', 'postgres://b/db'], maxLagMs: 250 });
    expect(() => loadConfig({ CATALOG_CACHE_SECONDS: '1m' })).toThrow('CATALOG_CACHE_SECONDS must be a whole number (0 or more), not "1m"');
    expect(() => loadConfig({ DATABASE_REPLICA_MAX_LAG_MS: '-1' })).toThrow(/DATABASE_REPLICA_MAX_LAG_MS/);
  });
});

describe('reliability settings', () => {
  it('defaults: reconcile charges every 60 s those older than 60 s; take over keys silent for 30 s; no gateway log', () => {
    const config = loadConfig({});
    expect(config.charges).toEqual({ reconcileGraceSeconds: 60, reconcileIntervalSeconds: 60, awaitingCustomerTimeoutSeconds: 3600 });
    expect(config.idempotencyStaleSeconds).toBe(30);
    expect(config.bogusGatewayLog).toBeUndefined();
  });

  it('reads them and refuses what is not a positive whole number', () => {
    const config = loadConfig({
      CHARGE_RECONCILE_GRACE_SECONDS: '5',
      CHARGE_RECONCILE_INTERVAL_SECONDS: '2',
      PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS: '900',
      IDEMPOTENCY_STALE_SECONDS: '10',
      BOGUS_GATEWAY_LOG: '/tmp/g.log',
    });
    expect(config.charges).toEqual({ reconcileGraceSeconds: 5, reconcileIntervalSeconds: 2, awaitingCustomerTimeoutSeconds: 900 });
    expect(config.idempotencyStaleSeconds).toBe(10);
    expect(config.bogusGatewayLog).toBe('/tmp/g.log');
    expect(() => loadConfig({ IDEMPOTENCY_STALE_SECONDS: '0' })).toThrow(/IDEMPOTENCY_STALE_SECONDS/);
    expect(() => loadConfig({ CHARGE_RECONCILE_GRACE_SECONDS: '1.5' })).toThrow(/CHARGE_RECONCILE_GRACE_SECONDS/);
  });
});

describe('provider settings', () => {
  it('sends the Stripe SDK to Stripe unless STRIPE_API_BASE (tests) points it elsewhere', () => {
    expect(loadConfig({}).stripeApiBase).toBeUndefined();
    expect(loadConfig({ STRIPE_API_BASE: ' ' }).stripeApiBase).toBeUndefined();
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:4242' }).stripeApiBase).toEqual({ host: '127.0.0.1', port: 4242, protocol: 'http' });
    expect(loadConfig({ STRIPE_API_BASE: 'https://stripe.internal' }).stripeApiBase).toEqual({ host: 'stripe.internal', port: 443, protocol: 'https' });
    expect(() => loadConfig({ STRIPE_API_BASE: 'localhost:4242' })).toThrow(/STRIPE_API_BASE/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_BASE/);
  });

  it('prices shipping with the built-in calculators unless SHIPPING_RATE_PROVIDER names another provider', () => {
    expect(loadConfig({}).shippingRateProvider).toBe('builtin');
    expect(loadConfig({ SHIPPING_RATE_PROVIDER: ' ' }).shippingRateProvider).toBe('builtin');
    expect(loadConfig({ SHIPPING_RATE_PROVIDER: 'carrier ' }).shippingRateProvider).toBe('carrier');
  });
});

describe('webhook settings', () => {
  it('sends 16 deliveries at a time unless WEBHOOKS_CONCURRENCY says otherwise, a positive whole number', () => {
    expect(loadConfig({}).webhooks.concurrency).toBe(16);
    expect(loadConfig({ WEBHOOKS_CONCURRENCY: '64' }).webhooks.concurrency).toBe(64);
    expect(() => loadConfig({ WEBHOOKS_CONCURRENCY: '0' })).toThrow(/WEBHOOKS_CONCURRENCY/);
  });

  it('sends a quarter of those to one endpoint at a time unless WEBHOOKS_ENDPOINT_CONCURRENCY says otherwise', () => {
    expect(loadConfig({}).webhooks.endpointConcurrency).toBe(4);
    expect(loadConfig({ WEBHOOKS_CONCURRENCY: '2' }).webhooks.endpointConcurrency).toBe(1);
    expect(loadConfig({ WEBHOOKS_ENDPOINT_CONCURRENCY: '8' }).webhooks.endpointConcurrency).toBe(8);
    expect(() => loadConfig({ WEBHOOKS_ENDPOINT_CONCURRENCY: 'x' })).toThrow(/WEBHOOKS_ENDPOINT_CONCURRENCY/);
  });
});

describe('mail and account settings', () => {
  it('defaults to .eml files under .data/mail, the built-in templates, a 1 hour reset link and no sign-up verification', () => {
    const config = loadConfig({});
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: '"Shop" <shop@example.com>',
      dir: '.data/mail',
      templatesDir: undefined,
      storeName: 'Shop',
      storefrontUrl: 'http://localhost:3000',
    });
    expect(config.accounts).toEqual({ passwordResetTtlSeconds: 3600, emailConfirmationTtlSeconds: 3 * 86_400, requireEmailVerification: false });
    expect(config.rateLimits.accountMailAccount).toEqual({ limit: 5, windowSeconds: 3600 });
  });

  it('reads SMTP_URL with MAIL_FROM, the store name, the storefront (without a trailing slash) and the durations', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://shop:pw@mail.example.com:465',
      MAIL_FROM: 'Acme <orders@acme.test>',
      STORE_NAME: 'Acme',
      STOREFRONT_URL: 'https://acme.test/',
      PASSWORD_RESET_TTL: '30m',
      EMAIL_CONFIRMATION_TTL: '1d',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      MAIL_TEMPLATES_DIR: 'mail-templates',
    });
    expect(config.mail).toMatchObject({ smtpUrl: 'smtps://shop:pw@mail.example.com:465', from: 'Acme <orders@acme.test>', storeName: 'Acme', storefrontUrl: 'https://acme.test', templatesDir: 'mail-templates' });
    expect(config.accounts).toEqual({ passwordResetTtlSeconds: 1800, emailConfirmationTtlSeconds: 86_400, requireEmailVerification: true });
  });

  it('refuses an SMTP_URL that is not one (without repeating it), SMTP without MAIL_FROM, a reset link that never expires', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail', MAIL_FROM: 'a@b.c' })).toThrow('SMTP_URL must be an smtp:// or smtps:// URL');
    try {
      loadConfig({ SMTP_URL: 'nonsense:secret', MAIL_FROM: 'a@b.c' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25' })).toThrow('MAIL_FROM must be set with SMTP_URL');
    expect(() => loadConfig({ PASSWORD_RESET_TTL: 'off' })).toThrow('PASSWORD_RESET_TTL must be a duration');
    expect(() => loadConfig({ STOREFRONT_URL: 'shop.example' })).toThrow('STOREFRONT_URL must be an http(s) URL');
  });
});

describe('CURRENCY', () => {
  it('is USD by default, any ISO 4217 code in any case otherwise', () => {
    expect(loadConfig({}).currency).toBe('USD');
    expect(loadConfig({ CURRENCY: 'eur' }).currency).toBe('EUR');
    expect(loadConfig({ CURRENCY: ' JPY ' }).currency).toBe('JPY');
  });

  it('stops the start on a code that is not ISO 4217', () => {
    expect(() => loadConfig({ CURRENCY: 'XYZ' })).toThrow('CURRENCY must be an ISO 4217 currency code (like USD, EUR, JPY), not "XYZ"');
    expect(() => loadConfig({ CURRENCY: 'DOLLARS' })).toThrow('CURRENCY must be an ISO 4217');
  });

  it('takes a currency of 3 decimal places (the money columns keep 3), and stops the start on one with more', () => {
    expect(loadConfig({ CURRENCY: 'kwd' }).currency).toBe('KWD');
    expect(loadConfig({ CURRENCY: 'BHD' }).currency).toBe('BHD');
    expect(() => loadConfig({ CURRENCY: 'CLF' })).toThrow('CURRENCY CLF has 4 decimal places (ISO 4217), but the money columns keep 3');
  });
});

describe('SUPPORTED_CURRENCIES', () => {
  it('is the store currency alone by default, the store currency first and each code once otherwise', () => {
    expect(loadConfig({}).supportedCurrencies).toEqual(['USD']);
    expect(loadConfig({ SUPPORTED_CURRENCIES: 'eur, jpy,USD,EUR' }).supportedCurrencies).toEqual(['USD', 'EUR', 'JPY']);
    expect(loadConfig({ CURRENCY: 'EUR', SUPPORTED_CURRENCIES: 'USD' }).supportedCurrencies).toEqual(['EUR', 'USD']);
    expect(loadConfig({ SUPPORTED_CURRENCIES: ' , ' }).supportedCurrencies).toEqual(['USD']);
  });

  it('stops the start on a code that is not ISO 4217 or has more decimal places than the money columns keep', () => {
    expect(() => loadConfig({ SUPPORTED_CURRENCIES: 'EUR,XYZ' })).toThrow('SUPPORTED_CURRENCIES must be an ISO 4217 currency code (like USD, EUR, JPY), not "XYZ"');
    expect(loadConfig({ SUPPORTED_CURRENCIES: 'KWD,jod' }).supportedCurrencies).toEqual(['USD', 'KWD', 'JOD']);
    expect(() => loadConfig({ SUPPORTED_CURRENCIES: 'KWD,UYW' })).toThrow('SUPPORTED_CURRENCIES UYW has 4 decimal places (ISO 4217), but the money columns keep 3');
  });
});

describe('boolean settings', () => {
  it('take one truth set, in any case: 1/true/yes/on and 0/false/no/off', () => {
    for (const yes of ['1', 'true', 'YES', ' on ']) expect(booleanSetting('X', yes, false)).toBe(true);
    for (const no of ['0', 'False', 'no', 'OFF']) expect(booleanSetting('X', no, true)).toBe(false);
    expect(booleanSetting('X', undefined, true)).toBe(true);
    expect(booleanSetting('X', ' ', false)).toBe(false);
  });

  it('stop the start on another word, naming the setting (a typo never means false)', () => {
    expect(() => loadConfig({ SAMPLE_DATA: 'ture' })).toThrow('SAMPLE_DATA must be true or false, not "ture"');
    expect(() => loadConfig({ API_REQUIRES_AUTHENTICATION: 'y' })).toThrow('API_REQUIRES_AUTHENTICATION must be true or false');
  });

  it('TRUST_PROXY reads the same words, 1 as one hop', () => {
    expect(loadConfig({ TRUST_PROXY: 'ON' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'no' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
});
