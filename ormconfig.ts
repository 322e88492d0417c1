// DataSource for the TypeORM migration CLI: `npm run migration:run`.
// Needs DATABASE_URL (the embedded database is started by the app itself),
// and the SECRET_KEY the service uses (the variable, or .data/secret-key).
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { SecretBox } from './src/config/secret-box';
import { loadConfig } from './src/config/configuration';
import { secretKeyOf, withSecretKey } from './src/config/secret-key';
import { dataSourceOptions } from './src/database/data-source-options';
import { provideMigrationSecrets } from './src/database/migration-secrets';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to run migrations from the CLI.');
export default provideMigrationSecrets(new DataSource(dataSourceOptions(url)), SecretBox.fromSecretKey(secretKeyOf(withSecretKey(loadConfig()))));
