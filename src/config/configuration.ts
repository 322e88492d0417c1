import { currencyProblem } from './currencies';

/**
 * Settings of the service, read once from the environment (contract section 1).
 * Every other module reads them through `AppConfig`, never from process.env.
 */
export interface AppConfig {
  port: number;
  databaseUrl: string | undefined;
  /**
   * DATABASE_MIGRATION_URL: where the start-up preparation (migrations, seeds,
   * under a session advisory lock) connects, when DATABASE_URL goes through a
   * pooler in transaction mode; a direct or session-mode connection. Unset: DATABASE_URL.
   */
  migrationUrl: string | undefined;
  embeddedPgDir: string;
  /** EMBEDDED_PG_PORT: the embedded PostgreSQL's port; unset: the one its data folder remembers, else 54329, else a free one (database/embedded-postgres.ts). */
  embeddedPgPort: number | undefined;
  /** DATABASE_ALLOW_MAINTENANCE_DB: the database URLs may name no database, or the server's own (postgres, template0/1): see database-url.ts. */
  allowMaintenanceDatabase: boolean;
  sampleData: boolean;
  adminEmail: string;
  adminPassword: string | undefined;
  adminApiKey: string | undefined;
  /**
   * The key sealing secrets at rest (SECRET_KEY; see common/secrets/secret-box.ts).
   * Unset here means "the one in the data folder": `withSecretKey` fills it in at start.
   */
  secretKey: string | undefined;
  apiRequiresAuthentication: boolean;
  /** API_KEY_TTL: how long a new API key works, in seconds; null: until revoked (sign-out, a new password, an admin). */
  apiKeyTtlSeconds: number | null;
  /** CURRENCY: the store's default currency (prices, orders and money when a request names none). */
  currency: string;
  /**
   * SUPPORTED_CURRENCIES: the currencies the store sells in (CURRENCY first, then the others listed, each once):
   * catalog reads show prices in any of them (`currency` or `X-Currency`).
   */
  supportedCurrencies: string[];
  /** ISO code of the country a new address defaults to (Spree's default_country_id). */
  defaultCountry: string;
  logLevel: string;
  /** Origins browsers may call the API from (CORS_ORIGINS, comma-separated), or '*' for any. */
  corsOrigins: string[] | '*';
  /**
   * Express 'trust proxy' (TRUST_PROXY): whom to believe about the client's
   * address in X-Forwarded-For. false: nobody (the peer address is the client).
   */
  trustProxy: boolean | number | string;
  /** Sign-in and sign-up attempts allowed per window; null turns a limit off. */
  rateLimits: {
    /** Sign-in attempts per account (the e-mail sent, lower-cased), from any address. */
    signInAccount: RateLimit | null;
    /** Sign-in attempts per client address, whatever the account. */
    signInIp: RateLimit | null;
    /** Sign-ups per e-mail sent. */
    signUpAccount: RateLimit | null;
    /** Sign-ups per client address. */
    signUpIp: RateLimit | null;
    /** Password reset and confirmation mail requests per e-mail sent (POST /api/passwords, /api/confirmations). */
    accountMailAccount: RateLimit | null;
    /** The same per client address. */
    accountMailIp: RateLimit | null;
  };
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** Uploaded product images: the limits checked before anything is kept. */
  images: {
    /** IMAGE_MAX_BYTES: a larger upload is a 413. */
    maxBytes: number;
    /** IMAGE_MAX_PIXELS: width × height at most, against decompression bombs. */
    maxPixels: number;
    /** IMAGE_MAX_SIDE: width and height each at most (a 1 × 40,000,000 picture is within the pixels but takes minutes). */
    maxSide: number;
    /** IMAGE_PROCESSING_CONCURRENCY: uploads one process decodes and resizes at once (each on one thread); the others wait their turn. */
    concurrency: number;
    /** IMAGE_PROCESSING_TIMEOUT_SECONDS: the longest an upload may wait for its turn (then 503), and then the longest its processing may take (then 422). */
    timeoutSeconds: number;
  };
  /** Where uploaded files go: a local folder (default) or S3-compatible object storage when S3_BUCKET is set. */
  storage: StorageConfig;
  /** CATALOG_CACHE_SECONDS: how long any cache may keep an anonymous catalog read (common/http/catalog-cache.ts); 0: revalidate every time. */
  catalogCacheSeconds: number;
  /** RESPONSE_CACHE_MB: the memory each process may give to built product pages (catalog/products/product-page-cache.ts), in bytes; 0: no cache. */
  responseCacheBytes: number;
  /** How the service talks to PostgreSQL (database/data-source-options.ts): every pool, the replicas' too. */
  database: DatabaseSettings;
  /** bcrypt's work factor for passwords: 12; 4 under NODE_ENV=test, where hundreds of users are made. */
  passwordHashCost: number;
  /** WEB_CONCURRENCY: worker processes serving one port (node:cluster, src/cluster.ts); 1: the process serves by itself. */
  webConcurrency: number;
  /** Read replicas (database/replicas.ts). */
  replicas: {
    /** DATABASE_REPLICA_URLS, comma-separated: where reads that may lag go; none: everything on DATABASE_URL. */
    urls: string[];
    /** DATABASE_REPLICA_MAX_LAG_MS: a replica further behind than this is skipped in favour of the primary. */
    maxLagMs: number;
  };
  /** No charge without an order (docs/reliability.md): the gateway operations left unsettled by a failed request. */
  charges: {
    /** CHARGE_RECONCILE_GRACE_SECONDS: an operation neither settled nor compensated this long is compensated by the reconciler. */
    reconcileGraceSeconds: number;
    /** CHARGE_RECONCILE_INTERVAL_SECONDS: how often each process runs the reconciler (also once at start). */
    reconcileIntervalSeconds: number;
    /**
     * PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS: a payment waiting this long for its customer to authenticate (3-D
     * Secure, `processing`) is abandoned: its attempt canceled at the provider, the payment failed (checked at each
     * reconciler interval).
     */
    awaitingCustomerTimeoutSeconds: number;
  };
  /**
   * IDEMPOTENCY_STALE_SECONDS: an Idempotency-Key in progress whose process has not
   * shown it alive (a heartbeat) for this long is taken over by a retry instead of a 409.
   */
  idempotencyStaleSeconds: number;
  /**
   * BOGUS_GATEWAY_LOG: a file where the test gateway (Spree::Gateway::Bogus) appends each
   * operation it answers (JSON lines, no card data), standing in for the gateway's own records.
   */
  bogusGatewayLog: string | undefined;
  /**
   * STRIPE_API_BASE (tests only): where the Stripe SDK sends its requests, e.g. `http://127.0.0.1:4242` (the test
   * server of test/support/stripe); unset, Stripe's own API.
   */
  stripeApiBase: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** SHIPPING_RATE_PROVIDER: who prices shipments (fulfilment/shipping-methods/shipping-rate-providers.ts); `builtin`, the shipping methods' own calculators, by default. */
  shippingRateProvider: string;
  /** TAX_PROVIDER: who says which tax rates apply to an order (tax/tax-rates/tax-providers.ts); `builtin`, the rates of the zones covering its address, by default. */
  taxProvider: string;
  webhooks: WebhooksConfig;
  /** The shop's mail (docs/accounts.md). */
  mail: MailConfig;
  /** Accounts that look after themselves: password resets, e-mail confirmation (docs/accounts.md). */
  accounts: AccountsConfig;
}

/** The shop's mail: how it is sent and what it looks like. */
export interface MailConfig {
  /** SMTP_URL (`smtp://user:pass@host:587`, `smtps://…:465`): send through this server; unset: write `.eml` files into `dir`. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail (`"Shop" <shop@example.com>`); required with SMTP_URL. */
  from: string;
  /** MAIL_DIR: where mail is written as `.eml` files when there is no SMTP_URL. */
  dir: string;
  /** MAIL_TEMPLATES_DIR: a folder whose templates replace the built-in ones, file by file; unset: the built-in ones. */
  templatesDir: string | undefined;
  /** STORE_NAME: how the mail names the shop. */
  storeName: string;
  /** STOREFRONT_URL: the storefront the mail links to (password reset, e-mail confirmation, orders). */
  storefrontUrl: string;
}

export interface AccountsConfig {
  /** PASSWORD_RESET_TTL: how long a password reset link works, in seconds. */
  passwordResetTtlSeconds: number;
  /** EMAIL_CONFIRMATION_TTL: how long an e-mail confirmation link works, in seconds. */
  emailConfirmationTtlSeconds: number;
  /** REQUIRE_EMAIL_VERIFICATION: a customer who signs up confirms the e-mail before signing in. */
  requireEmailVerification: boolean;
}

/** Events delivered to webhook endpoints (docs/webhooks.md). */
export interface WebhooksConfig {
  /** WEBHOOKS_DELIVERY: this process relays events and delivers them (default); off leaves it to `npm run worker`. */
  delivery: boolean;
  /** WEBHOOKS_ALLOW_PRIVATE_URLS: endpoints may be plain http and resolve to loopback, private or link-local addresses (tests, development). */
  allowPrivateUrls: boolean;
  /** WEBHOOKS_RETRY_BASE_MS: the first retry's delay; each next one doubles (with jitter) up to WEBHOOKS_RETRY_MAX_DELAY_MS. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
  /** WEBHOOKS_MAX_ATTEMPTS: attempts of one delivery before it is marked failed (the defaults span about a day). */
  maxAttempts: number;
  /** WEBHOOKS_DISABLE_AFTER_HOURS: an endpoint failing without a success for this long is disabled. */
  disableAfterMs: number;
  /** WEBHOOKS_TIMEOUT_MS: connecting and answering, each. */
  timeoutMs: number;
  /** WEBHOOKS_JOB_EXPIRE_SECONDS: a delivery whose process died is tried again after this long. */
  jobExpireSeconds: number;
  /** WEBHOOKS_POLL_MS: how often idle relays and workers look for work (they are woken by NOTIFY too). */
  pollMs: number;
  /** WEBHOOKS_EVENT_RETENTION_DAYS: dispatched events (and their delivery logs) are kept this long. */
  eventRetentionDays: number;
  /** WEBHOOKS_CONCURRENCY: deliveries one delivering process sends at the same time. */
  concurrency: number;
  /**
   * WEBHOOKS_ENDPOINT_CONCURRENCY: of those, deliveries to one endpoint at the same time (default a quarter of
   * WEBHOOKS_CONCURRENCY, at least 1): a slow or dead receiver holds only these slots.
   */
  endpointConcurrency: number;
}

export type StorageConfig =
  | {
      driver: 'local';
      /** UPLOADS_DIR, served by the app itself. */
      uploadsDir: string;
      /** ASSET_HOST: prefix of the files' public URLs (a CDN in front of the app); none means same-origin paths. */
      assetHost: string | undefined;
    }
  | {
      driver: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      /** Public URL prefix of the bucket's objects (ASSET_HOST); by default the endpoint's (or AWS's) own. */
      assetHost: string;
      /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY; undefined leaves the SDK to its usual chain (profile, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
    };

/** At most `limit` requests per fixed window of `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

/** The one truth set of boolean settings (`booleanSetting`). */
const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const FALSE_WORDS = ['0', 'false', 'no', 'off'];

/** A boolean setting as a word of the truth set, or undefined when it is none of them. */
function booleanWord(value: string): boolean | undefined {
  const word = value.trim().toLowerCase();
  return TRUE_WORDS.includes(word) ? true : FALSE_WORDS.includes(word) ? false : undefined;
}

/**
 * The one parser of boolean settings: 1/true/yes/on or 0/false/no/off (any case), `fallback` when unset or
 * blank; anything else stops the start, naming the setting (a typo never silently means false).
 */
export function booleanSetting(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = booleanWord(value);
  if (parsed === undefined) throw new Error(`${name} must be true or false, not "${value}" (1/0, yes/no, on/off)`);
  return parsed;
}

function corsOrigins(value: string | undefined): string[] | '*' {
  const origins = (value ?? '*').split(',').map((o) => o.trim().replace(/\/$/, '')).filter((o) => o !== '');
  return origins.length === 0 || origins.includes('*') ? '*' : origins;
}

function trustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  // A word of the truth set (but 1, a hop count) is a boolean.
  const word = text === '1' ? undefined : booleanWord(text);
  if (text === '' || word === false) return false;
  if (word === true) return true;
  // A number is how many proxies stand in front (hops); anything else is Express's list of trusted addresses/subnets.
  return /^\d+$/.test(text) ? Number(text) : text;
}

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600 };

/** `10/300` (10 per 300 s), `10/5m`, `100/1h`; `off` or `0` turns the limit off. */
export function parseRateLimit(name: string, value: string | undefined, fallback: string): RateLimit | null {
  const text = (value === undefined || value.trim() === '' ? fallback : value).trim().toLowerCase();
  if (['off', 'false', 'none', '0'].includes(text)) return null;
  const match = text.match(/^(\d+)\s*\/\s*(\d+)\s*([smh]?)$/);
  const limit = Number(match?.[1]);
  const windowSeconds = Number(match?.[2]) * UNIT_SECONDS[match?.[3] || 's'];
  if (!match || limit < 1 || windowSeconds < 1) throw new Error(`${name} must be <requests>/<seconds> (e.g. ${fallback}) or off, not "${value}"`);
  return { limit, windowSeconds };
}

const DURATION_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** A duration in seconds: `3600`, `90s`, `30m`, `12h`, `30d`; unset, `off` or `0`: none (null). */
export function parseDuration(name: string, value: string | undefined): number | null {
  const text = (value ?? '').trim().toLowerCase();
  if (['', 'off', 'false', 'none', '0'].includes(text)) return null;
  const match = text.match(/^(\d+)\s*([smhd]?)$/);
  const seconds = Number(match?.[1]) * DURATION_SECONDS[match?.[2] || 's'];
  if (!match || !Number.isSafeInteger(seconds) || seconds < 1) throw new Error(`${name} must be a duration in seconds, or with a unit (90s, 30m, 12h, 30d), or off, not "${value}"`);
  return seconds;
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number, not "${value}"`);
  return n;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value.trim());
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${name} must be a whole number (0 or more), not "${value}"`);
  return n;
}

function port(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.trim());
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} must be a port number (1 to 65535), not "${value}"`);
  return n;
}

function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const assetHost = env.ASSET_HOST?.trim().replace(/\/+$/, '') || undefined;
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) return { driver: 'local', uploadsDir: env.UPLOADS_DIR || '.data/uploads', assetHost };
  const endpoint = env.S3_ENDPOINT?.trim().replace(/\/+$/, '') || undefined;
  const region = env.S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1';
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  return {
    driver: 's3',
    bucket,
    endpoint,
    region,
    // A custom endpoint (MinIO, R2…) is addressed path-style; AWS itself by virtual host.
    assetHost: assetHost ?? (endpoint ? `${endpoint}/${bucket}` : `https://${bucket}.s3.${region}.amazonaws.com`),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken: env.AWS_SESSION_TOKEN || undefined } : undefined,
  };
}

/** CURRENCY: an ISO 4217 code whose minor units the money columns can keep (USD by default); anything else stops the start. */
function storeCurrency(value: string | undefined): string {
  const code = (value?.trim() || 'USD').toUpperCase();
  const problem = currencyProblem(code);
  if (problem) throw new Error(problem);
  return code;
}

/** SUPPORTED_CURRENCIES (comma-separated ISO 4217 codes, each as CURRENCY must be): the store currency first, then the others once each. */
function supportedCurrencies(value: string | undefined, store: string): string[] {
  const codes = [store];
  for (const part of (value ?? '').split(',')) {
    const code = part.trim().toUpperCase();
    if (code === '') continue;
    const problem = currencyProblem(code, 'SUPPORTED_CURRENCIES');
    if (problem) throw new Error(problem);
    if (!codes.includes(code)) codes.push(code);
  }
  return codes;
}

/** How the service talks to PostgreSQL: each pool's settings. */
export interface DatabaseSettings {
  /** DATABASE_PREPARED_STATEMENTS: named statements are prepared once per connection; off behind a pooler in transaction mode. */
  preparedStatements: boolean;
  /** DATABASE_POOL_SIZE: connections per pool. */
  poolSize: number;
  /** DATABASE_STATEMENT_TIMEOUT_MS: a serving statement running longer is cancelled; 0: none. */
  statementTimeoutMs: number;
  /** DATABASE_CONNECT_TIMEOUT_MS: opening a connection, or waiting for a free one. */
  connectTimeoutMs: number;
  /** BENCH_QUERY_COUNT_DIR: where the benchmark's statement counts are written (database/query-counter.ts); unset: not counted. */
  benchQueryCountDir: string | undefined;
}

/** Milliseconds, or `fallback` when unset or not a number of 0 or more. */
function milliseconds(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : fallback;
}

/**
 * The database settings alone: what `loadConfig` gives as `database`, for the CLI, migrations and tests that open
 * a data source without the rest of the configuration.
 */
export function databaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  return {
    preparedStatements: booleanSetting('DATABASE_PREPARED_STATEMENTS', env.DATABASE_PREPARED_STATEMENTS, true),
    poolSize: Number(env.DATABASE_POOL_SIZE ?? 10),
    statementTimeoutMs: milliseconds(env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000),
    connectTimeoutMs: milliseconds(env.DATABASE_CONNECT_TIMEOUT_MS, 5_000) || 5_000,
    benchQueryCountDir: env.BENCH_QUERY_COUNT_DIR || undefined,
  };
}

/** WEB_CONCURRENCY: a whole number of at least 1; unset: 1. */
export function webConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const count = Number(raw);
  if (!Number.isInteger(count) || count < 1) throw new Error(`WEB_CONCURRENCY must be a whole number of at least 1, got "${raw}"`);
  return count;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl,
    migrationUrl: env.DATABASE_MIGRATION_URL || undefined,
    embeddedPgDir: env.EMBEDDED_PG_DIR || '.data/postgres',
    embeddedPgPort: port('EMBEDDED_PG_PORT', env.EMBEDDED_PG_PORT),
    allowMaintenanceDatabase: booleanSetting('DATABASE_ALLOW_MAINTENANCE_DB', env.DATABASE_ALLOW_MAINTENANCE_DB, false),
    // The demo catalog is on by default only with the embedded database, so a
    // real server is never filled with sample products by accident.
    sampleData: booleanSetting('SAMPLE_DATA', env.SAMPLE_DATA, databaseUrl === undefined),
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminApiKey: env.ADMIN_API_KEY || undefined,
    secretKey: env.SECRET_KEY?.trim() || undefined,
    apiRequiresAuthentication: booleanSetting('API_REQUIRES_AUTHENTICATION', env.API_REQUIRES_AUTHENTICATION, false),
    apiKeyTtlSeconds: parseDuration('API_KEY_TTL', env.API_KEY_TTL),
    currency: storeCurrency(env.CURRENCY),
    supportedCurrencies: supportedCurrencies(env.SUPPORTED_CURRENCIES, storeCurrency(env.CURRENCY)),
    defaultCountry: (env.DEFAULT_COUNTRY || 'US').trim().toUpperCase(),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateLimits: {
      signInAccount: parseRateLimit('SIGN_IN_RATE_LIMIT', env.SIGN_IN_RATE_LIMIT, '10/300'),
      signInIp: parseRateLimit('SIGN_IN_IP_RATE_LIMIT', env.SIGN_IN_IP_RATE_LIMIT, '100/300'),
      signUpAccount: parseRateLimit('SIGN_UP_RATE_LIMIT', env.SIGN_UP_RATE_LIMIT, '5/3600'),
      signUpIp: parseRateLimit('SIGN_UP_IP_RATE_LIMIT', env.SIGN_UP_IP_RATE_LIMIT, '20/3600'),
      accountMailAccount: parseRateLimit('ACCOUNT_MAIL_RATE_LIMIT', env.ACCOUNT_MAIL_RATE_LIMIT, '5/3600'),
      accountMailIp: parseRateLimit('ACCOUNT_MAIL_IP_RATE_LIMIT', env.ACCOUNT_MAIL_IP_RATE_LIMIT, '20/3600'),
    },
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(env.SHUTDOWN_TIMEOUT_MS) : 10_000,
    images: {
      maxBytes: positiveInteger('IMAGE_MAX_BYTES', env.IMAGE_MAX_BYTES, 10 * 1024 * 1024),
      // 40 megapixels: any camera's photo, far below what would exhaust memory when decoded.
      maxPixels: positiveInteger('IMAGE_MAX_PIXELS', env.IMAGE_MAX_PIXELS, 40_000_000),
      // 16384 a side: a 40-megapixel picture in any shape a camera or a panorama makes, at most 2441 pixels the other way.
      maxSide: positiveInteger('IMAGE_MAX_SIDE', env.IMAGE_MAX_SIDE, 16_384),
      concurrency: positiveInteger('IMAGE_PROCESSING_CONCURRENCY', env.IMAGE_PROCESSING_CONCURRENCY, 1),
      timeoutSeconds: positiveInteger('IMAGE_PROCESSING_TIMEOUT_SECONDS', env.IMAGE_PROCESSING_TIMEOUT_SECONDS, 20),
    },
    storage: storageConfig(env),
    catalogCacheSeconds: wholeNumber('CATALOG_CACHE_SECONDS', env.CATALOG_CACHE_SECONDS, 60),
    responseCacheBytes: wholeNumber('RESPONSE_CACHE_MB', env.RESPONSE_CACHE_MB, 32) * 1024 * 1024,
    database: databaseSettings(env),
    webConcurrency: webConcurrency(env),
    passwordHashCost: env.NODE_ENV === 'test' ? 4 : 12,
    replicas: {
      urls: (env.DATABASE_REPLICA_URLS ?? '').split(',').map((u) => u.trim()).filter((u) => u !== ''),
      maxLagMs: wholeNumber('DATABASE_REPLICA_MAX_LAG_MS', env.DATABASE_REPLICA_MAX_LAG_MS, 5_000),
    },
    charges: {
      reconcileGraceSeconds: positiveInteger('CHARGE_RECONCILE_GRACE_SECONDS', env.CHARGE_RECONCILE_GRACE_SECONDS, 60),
      reconcileIntervalSeconds: positiveInteger('CHARGE_RECONCILE_INTERVAL_SECONDS', env.CHARGE_RECONCILE_INTERVAL_SECONDS, 60),
      awaitingCustomerTimeoutSeconds: positiveInteger('PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS', env.PAYMENT_AWAITING_CUSTOMER_TIMEOUT_SECONDS, 3600),
    },
    idempotencyStaleSeconds: positiveInteger('IDEMPOTENCY_STALE_SECONDS', env.IDEMPOTENCY_STALE_SECONDS, 30),
    bogusGatewayLog: env.BOGUS_GATEWAY_LOG?.trim() || undefined,
    stripeApiBase: stripeApiBase(env.STRIPE_API_BASE),
    shippingRateProvider: env.SHIPPING_RATE_PROVIDER?.trim() || 'builtin',
    taxProvider: env.TAX_PROVIDER?.trim() || 'builtin',
    webhooks: {
      delivery: booleanSetting('WEBHOOKS_DELIVERY', env.WEBHOOKS_DELIVERY, true),
      allowPrivateUrls: booleanSetting('WEBHOOKS_ALLOW_PRIVATE_URLS', env.WEBHOOKS_ALLOW_PRIVATE_URLS, false),
      retryBaseMs: positiveInteger('WEBHOOKS_RETRY_BASE_MS', env.WEBHOOKS_RETRY_BASE_MS, 30_000),
      retryMaxDelayMs: positiveInteger('WEBHOOKS_RETRY_MAX_DELAY_MS', env.WEBHOOKS_RETRY_MAX_DELAY_MS, 4 * 3600_000),
      maxAttempts: positiveInteger('WEBHOOKS_MAX_ATTEMPTS', env.WEBHOOKS_MAX_ATTEMPTS, 15),
      disableAfterMs: positiveInteger('WEBHOOKS_DISABLE_AFTER_HOURS', env.WEBHOOKS_DISABLE_AFTER_HOURS, 72) * 3600_000,
      timeoutMs: positiveInteger('WEBHOOKS_TIMEOUT_MS', env.WEBHOOKS_TIMEOUT_MS, 10_000),
      jobExpireSeconds: positiveInteger('WEBHOOKS_JOB_EXPIRE_SECONDS', env.WEBHOOKS_JOB_EXPIRE_SECONDS, 120),
      pollMs: positiveInteger('WEBHOOKS_POLL_MS', env.WEBHOOKS_POLL_MS, 1000),
      eventRetentionDays: positiveInteger('WEBHOOKS_EVENT_RETENTION_DAYS', env.WEBHOOKS_EVENT_RETENTION_DAYS, 30),
      concurrency: positiveInteger('WEBHOOKS_CONCURRENCY', env.WEBHOOKS_CONCURRENCY, 16),
      endpointConcurrency: positiveInteger(
        'WEBHOOKS_ENDPOINT_CONCURRENCY',
        env.WEBHOOKS_ENDPOINT_CONCURRENCY,
        Math.max(1, Math.ceil(positiveInteger('WEBHOOKS_CONCURRENCY', env.WEBHOOKS_CONCURRENCY, 16) / 4)),
      ),
    },
    mail: mailConfig(env),
    accounts: {
      passwordResetTtlSeconds: requiredDuration('PASSWORD_RESET_TTL', env.PASSWORD_RESET_TTL, 3600),
      emailConfirmationTtlSeconds: requiredDuration('EMAIL_CONFIRMATION_TTL', env.EMAIL_CONFIRMATION_TTL, 3 * 86_400),
      requireEmailVerification: booleanSetting('REQUIRE_EMAIL_VERIFICATION', env.REQUIRE_EMAIL_VERIFICATION, false),
    },
  };
}

/** A duration that cannot be off: unset takes the default. */
function requiredDuration(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const seconds = parseDuration(name, value);
  if (seconds === null) throw new Error(`${name} must be a duration in seconds, or with a unit (90s, 30m, 12h, 30d), not "${value}"`);
  return seconds;
}

function mailConfig(env: NodeJS.ProcessEnv): MailConfig {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    let url: URL | undefined;
    try {
      url = new URL(smtpUrl);
    } catch {
      url = undefined;
    }
    // The URL may hold the server's password: never repeat it in the message.
    if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) throw new Error('SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:587)');
    // A real server with a made-up sender: mail refused or marked as spam. Say so at start rather than lose mail.
    if (!env.MAIL_FROM?.trim()) throw new Error('MAIL_FROM must be set with SMTP_URL: the address the shop sends its mail from (e.g. "Shop" <shop@your-domain>)');
  }
  const storeName = env.STORE_NAME?.trim() || 'Shop';
  const storefrontUrl = (env.STOREFRONT_URL?.trim() || 'http://localhost:3000').replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]/i.test(storefrontUrl)) throw new Error(`STOREFRONT_URL must be an http(s) URL, not "${env.STOREFRONT_URL}"`);
  return {
    smtpUrl,
    from: env.MAIL_FROM?.trim() || `"${storeName.replace(/["\\]/g, '')}" <shop@example.com>`,
    dir: env.MAIL_DIR?.trim() || '.data/mail',
    templatesDir: env.MAIL_TEMPLATES_DIR?.trim() || undefined,
    storeName,
    storefrontUrl,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** STRIPE_API_BASE as the Stripe SDK's `host`, `port` and `protocol` options; unset or blank: Stripe's own API. */
function stripeApiBase(value: string | undefined): AppConfig['stripeApiBase'] {
  if (!value?.trim()) return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`STRIPE_API_BASE must be a URL such as http://127.0.0.1:4242, not ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('STRIPE_API_BASE must be an http or https URL');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}
