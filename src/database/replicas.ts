import { DynamicModule, Inject, Injectable, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Pool, PoolClient } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { mayReadFromReplica, ReplicaState, servedByReplica, usableReplicas } from '../common/db/read-routing';
import { APP_CONFIG, AppConfig, DatabaseSettings } from '../config/configuration';
import { ConnectingClient, poolOptions, UnpreparedClient } from './data-source-options';

/** How often each replica is asked whether it is up and how far behind it is. */
export const REPLICA_CHECK_INTERVAL_MS = 1_000;
/** How long a check may take before the replica counts as down. */
const CHECK_TIMEOUT_MS = 1_000;

/**
 * How far behind the primary a replica is, in ms: 0 when it is the primary
 * or a stand-in that is not replicating, 0 when it has replayed all it has
 * received and is connected to the primary (an idle primary sends nothing,
 * so the last replayed commit may be old), else the age of the last
 * replayed commit; NULL (unknown, never caught up) when none was replayed.
 */
const LAG_SQL = `SELECT CASE
    WHEN NOT pg_is_in_recovery() THEN 0
    WHEN pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() AND EXISTS (SELECT 1 FROM pg_stat_wal_receiver WHERE pid IS NOT NULL) THEN 0
    ELSE EXTRACT(EPOCH FROM clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000
  END::float8 AS lag_ms`;

interface Replica extends ReplicaState {
  /** The URL without its password, for the log. */
  label: string;
  pool: Pool;
}

const REPLICA_SETTINGS = Symbol('REPLICA_SETTINGS');

type Acquired = [PoolClient, (err?: Error | boolean) => void];

/**
 * Read replicas (DATABASE_REPLICA_URLS): a small router of our own in front
 * of TypeORM's primary pool, rather than TypeORM's `replication` option,
 * which sends every query-builder read outside a transaction to a random
 * replica (raw statements, our hot reads, to the primary) with no notion of
 * a replica that is down or behind.
 *
 * Every connection the data source takes goes through `acquire`: inside
 * `readsMayLag` (anonymous catalog reads) it comes from a usable replica's
 * pool, in turn; anywhere else, and when no replica is usable or the chosen
 * one refuses the connection, from the primary's. Each replica is checked
 * every second (`LAG_SQL`); one that fails the check or is further behind
 * than DATABASE_REPLICA_MAX_LAG_MS is skipped until a check finds it well.
 */
@Injectable()
export class ReplicaRouter implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Replicas');
  private readonly replicas: Replica[];
  private readonly maxLagMs: number;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REPLICA_SETTINGS) settings: AppConfig['replicas'],
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.maxLagMs = settings.maxLagMs;
    this.replicas = settings.urls.map((url) => ({ label: withoutPassword(url), pool: replicaPool(url, config.database), up: false, lagMs: Infinity }));
    for (const replica of this.replicas) {
      replica.pool.on('error', (error: Error) => this.logger.warn(`Idle connection to replica ${replica.label} lost: ${error.message}`));
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.replicas.length === 0) return;
    const driver = this.dataSource.driver as PostgresDriver;
    const primary = driver.obtainMasterConnection.bind(driver) as () => Promise<Acquired>;
    driver.obtainMasterConnection = () => (mayReadFromReplica() ? this.fromReplica(primary) : primary());
    await this.checkAll();
    this.timer = setInterval(() => void this.checkAll(), REPLICA_CHECK_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.checking;
    await Promise.all(this.replicas.map((r) => r.pool.end().catch(() => undefined)));
  }

  /** The replicas as last checked (for tests and the readiness check). */
  states(): Array<{ label: string; up: boolean; lagMs: number }> {
    return this.replicas.map(({ label, up, lagMs }) => ({ label, up, lagMs }));
  }

  /** Checks every replica now (the timer does it every second). */
  checkAll(): Promise<void> {
    this.checking ??= Promise.all(this.replicas.map((r) => this.check(r))).then(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async check(replica: Replica): Promise<void> {
    const was = usableReplicas([replica], this.maxLagMs).length === 1;
    try {
      // Bounded apart from the pool's statement timeouts: a replica that does not answer within a second is not well.
      const { rows } = await replica.pool.query<{ lag_ms: number | null }>({ text: LAG_SQL, query_timeout: CHECK_TIMEOUT_MS } as { text: string });
      replica.up = true;
      replica.lagMs = rows[0].lag_ms ?? Infinity;
    } catch (error) {
      replica.up = false;
      if (was) this.logger.warn(`Replica ${replica.label} is down (${(error as Error).message}): reading from the primary`);
    }
    const is = usableReplicas([replica], this.maxLagMs).length === 1;
    if (was && !is && replica.up) this.logger.warn(`Replica ${replica.label} is ${Math.round(replica.lagMs)} ms behind: reading from the primary`);
    if (!was && is) this.logger.log(`Replica ${replica.label} serves reads (${Math.round(replica.lagMs)} ms behind)`);
  }

  private async fromReplica(primary: () => Promise<Acquired>): Promise<Acquired> {
    const usable = usableReplicas(this.replicas, this.maxLagMs);
    if (usable.length === 0) return primary();
    const replica = usable[this.next++ % usable.length];
    try {
      const client = await replica.pool.connect();
      servedByReplica();
      return [client, (err) => client.release(err)];
    } catch (error) {
      // Down since its last check: skip it until a check finds it up again.
      replica.up = false;
      this.logger.warn(`Replica ${replica.label} refused a connection (${(error as Error).message}): reading from the primary`);
      return primary();
    }
  }
}

/** A replica's pool: the primary's settings (pool size, timeouts, prepared statements). */
function replicaPool(url: string, settings: DatabaseSettings): Pool {
  return new Pool({
    connectionString: url,
    Client: settings.preparedStatements ? ConnectingClient : UnpreparedClient,
    ...poolOptions(settings, true),
  } as ConstructorParameters<typeof Pool>[0]);
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(unreadable URL)';
  }
}

/** The router, when DATABASE_REPLICA_URLS lists replicas; it does nothing without. */
@Module({})
export class ReplicasModule {
  static register(settings: AppConfig['replicas']): DynamicModule {
    return {
      module: ReplicasModule,
      providers: [{ provide: REPLICA_SETTINGS, useValue: settings }, ReplicaRouter],
      exports: [ReplicaRouter],
    };
  }
}
