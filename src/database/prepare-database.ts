import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/configuration';
import { secretKeyOf } from '../config/secret-key';
import { SecretBox } from '../config/secret-box';
import { dataSourceOptions } from './data-source-options';
import { provideMigrationSecrets } from './migration-secrets';
import { seedReferenceData } from './seeds/reference-data';
import { ensureAdmin } from './seeds/admin';
import { createFileStorage } from '../common/storage/storage.module';
import { installQueueSchema } from '../webhooks/delivery/queue-schema';

export interface PrepareOptions {
  sampleData: boolean;
  /** Make sure the configured admin exists (off in tests, which make their own users). */
  admin: boolean;
}

/**
 * Brings a database up to date before the app serves: migrations, reference
 * data, the demo catalog when asked, and the bootstrap admin, after making
 * sure SECRET_KEY is the key the database's secrets are sealed with. Every step is
 * idempotent and runs under an advisory lock, so several instances starting
 * together do the work once. Answers the API key of an admin created by this
 * call (options.admin, a store without any), for the caller to show once.
 */
export async function prepareDatabase(url: string, config: AppConfig, options: PrepareOptions): Promise<string | undefined> {
  const logger = new Logger('Database');
  const box = SecretBox.fromSecretKey(secretKeyOf(config));
  const dataSource = provideMigrationSecrets(new DataSource(dataSourceOptions(url)), box);
  await dataSource.initialize();
  try {
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock(7426001)');
      const applied = await dataSource.runMigrations({ transaction: 'each' });
      if (applied.length > 0) logger.log(`Applied ${applied.length} migration(s)`);
      await checkSecretKey(dataSource, box);
      // The webhook delivery queue's tables: pg-boss's own migrator (idempotent, under its own lock).
      await installQueueSchema(url, config.webhooks);
      await dataSource.transaction((em) => seedReferenceData(em, config.currency));
      if (options.sampleData) {
        const { seedSampleData } = await import('./seeds/sample-data');
        const { SamplePictures } = await import('./seeds/sample-pictures');
        const pictures = new SamplePictures(createFileStorage(config.storage));
        await dataSource.transaction((em) => seedSampleData(em, config.currency, pictures));
      }
      return options.admin ? await ensureAdmin(dataSource, config, logger) : undefined;
    } finally {
      await runner.query('SELECT pg_advisory_unlock(7426001)').catch(() => undefined);
      await runner.release();
    }
  } finally {
    await dataSource.destroy();
  }
}

/**
 * Refuses to serve with another SECRET_KEY than the one the database's
 * secrets were sealed with (a lost key file, or another instance's key):
 * every guest would be locked out of their order and replays would fail.
 */
async function checkSecretKey(dataSource: DataSource, box: SecretBox): Promise<void> {
  const [row]: { fingerprint: string }[] = await dataSource.query(`SELECT fingerprint FROM secret_key`);
  if (!row) {
    await dataSource.query(`INSERT INTO secret_key (fingerprint) VALUES ($1)`, [box.fingerprint()]);
  } else if (row.fingerprint !== box.fingerprint()) {
    throw new Error(
      'SECRET_KEY is not the key this database\'s order tokens and idempotent answers were sealed with: ' +
        'set SECRET_KEY to that key (every instance needs the same one); see README, Configuration.',
    );
  }
}
