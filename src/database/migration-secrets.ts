import { DataSource } from 'typeorm';
import { SecretBox } from '../config/secret-box';

const boxes = new WeakMap<DataSource, SecretBox>();

/**
 * Migrations that seal or digest existing secrets need SECRET_KEY, which is
 * config, not schema: whoever runs the migrations (prepare-database.ts, the
 * TypeORM CLI's ormconfig.ts) hands the key's box to its data source here,
 * and such a migration takes it with `migrationSecrets(queryRunner.connection)`.
 */
export function provideMigrationSecrets(dataSource: DataSource, box: SecretBox): DataSource {
  boxes.set(dataSource, box);
  return dataSource;
}

export function migrationSecrets(dataSource: DataSource): SecretBox {
  const box = boxes.get(dataSource);
  if (!box) throw new Error('This migration seals secrets with SECRET_KEY: run it through the service (npm start) or npm run migration:run');
  return box;
}
