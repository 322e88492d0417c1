import { Logger } from '@nestjs/common';
import { Client } from 'pg';
import { DataSourceOptions } from 'typeorm';
import { DatabaseConnectionError } from '../common/errors/database-unavailable';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { join } from 'node:path';
import { benchQueryCounter } from './query-counter';
import { OutboxSubscriber } from '../common/events/outbox.subscriber';
import { TransactionReadsSubscriber } from '../common/db/transaction-reads';
import { databaseSettings, DatabaseSettings } from '../config/configuration';

export interface DataSourcePurpose {
  /**
   * Serving requests: every statement is bounded (DATABASE_STATEMENT_TIMEOUT_MS),
   * so a request cannot hang on the database. Off for migrations and the CLI,
   * whose work may rightly take longer.
   */
  serving?: boolean;
  /** The pool's settings (`AppConfig.database`); unset: read by `databaseSettings` (the CLI, migrations, tests). */
  database?: DatabaseSettings;
}

/**
 * The one description of how we talk to PostgreSQL, shared by the app, the
 * migration CLI (ormconfig.ts) and the tests. Schema changes only through
 * migrations: `synchronize` stays off everywhere.
 */
export function dataSourceOptions(url: string, purpose: DataSourcePurpose = {}): DataSourceOptions {
  const settings = purpose.database ?? databaseSettings();
  return {
    type: 'postgres',
    url,
    namingStrategy: new SnakeNamingStrategy(),
    entities: [join(__dirname, '..', '**', 'entities', '*.entity.{ts,js}')],
    migrations: [join(__dirname, 'migrations', '*.{ts,js}')],
    // Writes the events a transaction raised into the outbox as it commits (common/events);
    // forgets a transaction's kept reads when it writes (common/db/transaction-reads).
    subscribers: [OutboxSubscriber, TransactionReadsSubscriber],
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // Counts statements for the benchmark when BENCH_QUERY_COUNT_DIR is set; TypeORM's silent default otherwise.
    logger: benchQueryCounter(settings.benchQueryCountDir),
    // A connection that dies while idle in the pool (server restarted, network
    // cut) is reported here; node-postgres would otherwise crash the process
    // with an unhandled 'error' event. The pool drops it and connects anew.
    poolErrorHandler: (error: Error) => new Logger('Database').warn(`Idle database connection lost: ${error.message}`),
    extra: { Client: settings.preparedStatements ? ConnectingClient : UnpreparedClient, ...poolOptions(settings, purpose.serving ?? false) },
  };
}

/**
 * The pool's connections. PostgreSQL refuses a connection with many codes
 * (55000 for a database not accepting connections, 3D000, 28xxx, 53300, 57P03,
 * …) and some of them also mean something else on a statement: failing here,
 * the failure is marked as what it is, a connection that could not be opened
 * (an outage, 503), whatever its code.
 */
export class ConnectingClient extends Client {
  override connect(): Promise<Client>;
  override connect(callback: ((err: Error) => void) | ((err: null, client: Client) => void)): void;
  override connect(callback?: ((err: Error) => void) | ((err: null, client: Client) => void)): Promise<Client> | void {
    // node-postgres' pool passes a callback; other callers await.
    if (!callback) return super.connect().catch((error: unknown) => Promise.reject(new DatabaseConnectionError(error)));
    const done = callback as (err: Error | null, client?: Client) => void;
    super.connect((error: Error | null) => (error ? done(new DatabaseConnectionError(error)) : done(null, this)));
  }
}

/**
 * DATABASE_PREPARED_STATEMENTS (default on): whether the hot reads run as
 * named prepared statements (common/db/prepared-statement.ts). Off behind a
 * pooler in transaction mode that cannot keep them (PgBouncer before 1.21,
 * Debian's 1.18): a statement's name lives in one server connection, and the
 * next transaction may get another.
 */


/**
 * The pool's connections when prepared statements are off: a named statement
 * (`{ name, text }`, what `PreparedStatement` hands to pg) runs as its text
 * alone, an unnamed statement that PostgreSQL parses and plans each time;
 * everything else goes through untouched.
 */
export class UnpreparedClient extends ConnectingClient {
  override query(...args: unknown[]): never {
    const [config] = args;
    if (config !== null && typeof config === 'object' && typeof (config as { name?: unknown }).name === 'string' && typeof (config as { text?: unknown }).text === 'string') {
      args[0] = (config as { text: string }).text;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** node-postgres pool settings; every wait on the database is bounded so a request fails fast (503) instead of hanging. */
export function poolOptions(settings: DatabaseSettings, serving: boolean): Record<string, number | boolean | string> {
  const statementTimeout = settings.statementTimeoutMs;
  return {
    max: settings.poolSize,
    // No JIT compilation: our statements are short, and a search over many rows is estimated costly
    // enough to be compiled, which took longer than running it (20 conditions on 20k products:
    // 1.1 s of JIT for a 0.3 s search; docs/reliability.md, search limits).
    options: '-c jit=off',
    // Both for opening a connection and for waiting for a free one in the pool.
    connectionTimeoutMillis: settings.connectTimeoutMs,
    // Notice a peer that vanished without closing the connection (network cut).
    keepAlive: true,
    ...(serving && statementTimeout > 0
      ? {
          // Server side: PostgreSQL cancels a statement (lock waits included) running longer.
          statement_timeout: statementTimeout,
          // Client side, a little later: for a server that no longer answers at all.
          query_timeout: statementTimeout + 5_000,
        }
      : {}),
  };
}
