import { DataSourceOptions } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { join } from 'node:path';
import { benchQueryCounter } from './query-counter';

/**
 * The one description of how we talk to PostgreSQL, shared by the app, the
 * migration CLI (ormconfig.ts) and the tests. Schema changes only through
 * migrations: `synchronize` stays off everywhere.
 */
export function dataSourceOptions(url: string): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    namingStrategy: new SnakeNamingStrategy(),
    entities: [join(__dirname, '..', '**', 'entities', '*.entity.{ts,js}')],
    migrations: [join(__dirname, 'migrations', '*.{ts,js}')],
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // Counts statements for the benchmark when BENCH_QUERY_COUNT_DIR is set; TypeORM's silent default otherwise.
    logger: benchQueryCounter(),
    extra: { max: Number(process.env.DATABASE_POOL_SIZE ?? 10) },
  };
}
