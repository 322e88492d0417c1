/**
 * Settings of the service, read once from the environment (contract section 1).
 * Every other module reads them through `AppConfig`, never from process.env.
 */
export interface AppConfig {
  port: number;
  databaseUrl: string | undefined;
  embeddedPgDir: string;
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
  currency: string;
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
  };
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

/** At most `limit` requests per fixed window of `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function corsOrigins(value: string | undefined): string[] | '*' {
  const origins = (value ?? '*').split(',').map((o) => o.trim().replace(/\/$/, '')).filter((o) => o !== '');
  return origins.length === 0 || origins.includes('*') ? '*' : origins;
}

function trustProxy(value: string | undefined): boolean | number | string {
  const text = (value ?? '').trim();
  if (text === '' || ['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false;
  if (['true', 'yes', 'on'].includes(text.toLowerCase())) return true;
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl,
    embeddedPgDir: env.EMBEDDED_PG_DIR || '.data/postgres',
    // The demo catalog is on by default only with the embedded database, so a
    // real server is never filled with sample products by accident.
    sampleData: flag(env.SAMPLE_DATA, databaseUrl === undefined),
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    adminApiKey: env.ADMIN_API_KEY || undefined,
    secretKey: env.SECRET_KEY?.trim() || undefined,
    apiRequiresAuthentication: flag(env.API_REQUIRES_AUTHENTICATION, false),
    currency: (env.CURRENCY || 'USD').toUpperCase(),
    defaultCountry: (env.DEFAULT_COUNTRY || 'US').trim().toUpperCase(),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    rateLimits: {
      signInAccount: parseRateLimit('SIGN_IN_RATE_LIMIT', env.SIGN_IN_RATE_LIMIT, '10/300'),
      signInIp: parseRateLimit('SIGN_IN_IP_RATE_LIMIT', env.SIGN_IN_IP_RATE_LIMIT, '100/300'),
      signUpAccount: parseRateLimit('SIGN_UP_RATE_LIMIT', env.SIGN_UP_RATE_LIMIT, '5/3600'),
      signUpIp: parseRateLimit('SIGN_UP_IP_RATE_LIMIT', env.SIGN_UP_IP_RATE_LIMIT, '20/3600'),
    },
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(env.SHUTDOWN_TIMEOUT_MS) : 10_000,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
