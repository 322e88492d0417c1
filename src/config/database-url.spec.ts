import { loadConfig } from './configuration';
import { databaseNameOf, refuseServerDatabases } from './database-url';

describe('the database a URL names', () => {
  it('reads it as node-postgres does: the path, percent-decoded, or the db of a socket: URL', () => {
    expect(databaseNameOf('postgres://u:p@host:5432/commerce')).toBe('commerce');
    expect(databaseNameOf('postgresql://host/commerce?sslmode=verify-full')).toBe('commerce');
    expect(databaseNameOf('postgres://host/%70ostgres')).toBe('postgres');
    expect(databaseNameOf('postgres:///shop?host=/var/run/postgresql')).toBe('shop');
    expect(databaseNameOf('socket:/var/run/postgresql?db=shop')).toBe('shop');
  });

  it('is none without a path, with an empty one, or in what is not a URL', () => {
    for (const url of ['postgres://postgres@127.0.0.1:5432', 'postgres://postgres@127.0.0.1:5432/', 'postgres://h/?sslmode=disable', 'socket:/tmp', 'not a url']) {
      expect(databaseNameOf(url)).toBeUndefined();
    }
  });
});

describe('refusing the server databases at start', () => {
  const refuse = (env: NodeJS.ProcessEnv) => () => refuseServerDatabases(loadConfig(env));

  it('refuses a DATABASE_URL naming no database, saying where the tables would go, without the password', () => {
    expect(refuse({ DATABASE_URL: 'postgres://shop:s3cret@db.example:5432' })).toThrow(/DATABASE_URL names no database \(postgres:\/\/shop:\*\*\*@db\.example:5432\).*maintenance database/);
    expect(refuse({ DATABASE_URL: 'postgres://shop:s3cret@db.example:5432' })).not.toThrow(/s3cret/);
  });

  it('refuses postgres, template0 and template1 in DATABASE_URL, DATABASE_MIGRATION_URL and the replicas', () => {
    expect(refuse({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' })).toThrow(/DATABASE_URL names the database `postgres`.*maintenance database/);
    expect(refuse({ DATABASE_URL: 'postgres://h/template1' })).toThrow(/`template1`.*template database/);
    expect(refuse({ DATABASE_URL: 'postgres://h/commerce', DATABASE_MIGRATION_URL: 'postgres://h/template0' })).toThrow(/DATABASE_MIGRATION_URL names the database `template0`/);
    expect(refuse({ DATABASE_URL: 'postgres://h/commerce', DATABASE_REPLICA_URLS: 'postgres://r1/commerce,postgres://r2' })).toThrow(/DATABASE_REPLICA_URLS names no database/);
  });

  it('says what to do: name the database, or allow it explicitly', () => {
    try {
      refuseServerDatabases(loadConfig({ DATABASE_URL: 'postgres://h' }));
      throw new Error('not refused');
    } catch (error) {
      expect((error as { advice: string }).advice).toMatch(/postgres:\/\/user:password@host:5432\/commerce.*DATABASE_ALLOW_MAINTENANCE_DB=true/);
    }
  });

  it('lets a named database through, the embedded database (no URL), and anything when DATABASE_ALLOW_MAINTENANCE_DB=true', () => {
    expect(refuse({ DATABASE_URL: 'postgres://h/commerce', DATABASE_MIGRATION_URL: 'postgres://h:6432/commerce', DATABASE_REPLICA_URLS: 'postgres://r/commerce' })).not.toThrow();
    expect(refuse({})).not.toThrow();
    expect(refuse({ DATABASE_URL: 'postgres://h/postgres', DATABASE_ALLOW_MAINTENANCE_DB: 'true' })).not.toThrow();
    expect(refuse({ DATABASE_URL: 'postgres://h', DATABASE_ALLOW_MAINTENANCE_DB: 'yes' })).not.toThrow();
  });
});

describe('EMBEDDED_PG_PORT', () => {
  it('is unset unless given (the data folder remembers its port), and a port number when given', () => {
    expect(loadConfig({}).embeddedPgPort).toBeUndefined();
    expect(loadConfig({ EMBEDDED_PG_PORT: '54400' }).embeddedPgPort).toBe(54400);
    for (const bad of ['0', '65536', 'abc', '54.3']) expect(() => loadConfig({ EMBEDDED_PG_PORT: bad })).toThrow(`EMBEDDED_PG_PORT must be a port number (1 to 65535), not "${bad}"`);
  });
});
