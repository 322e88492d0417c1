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
  apiRequiresAuthentication: boolean;
  currency: string;
  /** ISO code of the country a new address defaults to (Spree's default_country_id). */
  defaultCountry: string;
  logLevel: string;
  /** Origins browsers may call the API from (CORS_ORIGINS, comma-separated), or '*' for any. */
  corsOrigins: string[] | '*';
  /** On SIGTERM, how long requests in flight may take to finish before their connections are cut (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());
}

function corsOrigins(value: string | undefined): string[] | '*' {
  const origins = (value ?? '*').split(',').map((o) => o.trim().replace(/\/$/, '')).filter((o) => o !== '');
  return origins.length === 0 || origins.includes('*') ? '*' : origins;
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
    apiRequiresAuthentication: flag(env.API_REQUIRES_AUTHENTICATION, false),
    currency: (env.CURRENCY || 'USD').toUpperCase(),
    defaultCountry: (env.DEFAULT_COUNTRY || 'US').trim().toUpperCase(),
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS) > 0 ? Number(env.SHUTDOWN_TIMEOUT_MS) : 10_000,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
