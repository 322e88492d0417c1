import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/configuration';
import { dataSourceOptions } from './data-source-options';
import { seedReferenceData } from './seeds/reference-data';
import { ensureAdmin } from './seeds/admin';

export interface PrepareOptions {
  sampleData: boolean;
  /** Make sure the configured admin exists (off in tests, which make their own users). */
  admin: boolean;
}

/**
 * Brings a database up to date before the app serves: migrations, reference
 * data, the demo catalog when asked, and the bootstrap admin. Every step is
 * idempotent and runs under an advisory lock, so several instances starting
 * together do the work once.
 */
export async function prepareDatabase(url: string, config: AppConfig, options: PrepareOptions): Promise<void> {
  const logger = new Logger('Database');
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(7426001)');
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0) logger.log(`Applied ${applied.length} migration(s)`);
      await dataSource.transaction((em) => seedReferenceData(em, config.currency));
      if (options.sampleData) {
        const { seedSampleData } = await import('./seeds/sample-data');
        await dataSource.transaction((em) => seedSampleData(em, config.currency));
      }
      if (options.admin) await ensureAdmin(dataSource, config, logger);
    } finally {
      await runner.query('SELECT pg_advisory_unlock(7426001)').catch(() => undefined);
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }
}
