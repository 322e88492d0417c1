import { AppConfig } from './configuration';
import { StartupError } from './startup-error';

/** The server's own databases: the maintenance database and the templates every new database is copied from. */
const SERVER_DATABASES = new Set(['postgres', 'template0', 'template1']);

/** The database a `postgres://` URL names (as node-postgres reads it), or undefined when it names none. */
export function databaseNameOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol === 'socket:') return parsed.searchParams.get('db') || undefined;
  try {
    return decodeURIComponent(parsed.pathname.replace(/^\//, '')) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The service migrates, seeds and serves the database its URLs name. A URL
 * without a database name connects to the database named like the user
 * (`postgres`, the server's maintenance database, for most), and the store's
 * tables would land there unnoticed: refused, as are the server's own
 * databases, unless DATABASE_ALLOW_MAINTENANCE_DB says it is meant.
 */
export function refuseServerDatabases(config: AppConfig): void {
  if (config.allowMaintenanceDatabase) return;
  const urls: Array<[string, string | undefined]> = [
    ['DATABASE_URL', config.databaseUrl],
    ['DATABASE_MIGRATION_URL', config.migrationUrl],
    ...config.replicas.urls.map((url): [string, string] => ['DATABASE_REPLICA_URLS', url]),
  ];
  for (const [setting, url] of urls) {
    if (url === undefined) continue;
    const name = databaseNameOf(url);
    if (name !== undefined && !SERVER_DATABASES.has(name)) continue;
    throw new StartupError(
      name === undefined
        ? `${setting} names no database (${redacted(url)}): the service would create its tables in the database named like the user, on most servers \`postgres\`, the server's maintenance database.`
        : `${setting} names the database \`${name}\` (${redacted(url)}), the server's own ${name === 'postgres' ? 'maintenance database' : 'template database'}: the service would create its tables there.`,
      `Name the store's database at the end of the URL (e.g. postgres://user:password@host:5432/commerce; create it first with \`createdb commerce\`), or set DATABASE_ALLOW_MAINTENANCE_DB=true if that database is really meant.`,
    );
  }
}

/** The URL without its password, to show it. */
export function redacted(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '"' + url.replace(/:[^:@/]*@/, ':***@') + '"';
  }
}
