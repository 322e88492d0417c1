// DataSource for the TypeORM migration CLI: `npm run migration:run`.
// Needs DATABASE_URL (the embedded database is started by the app itself).
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/database/data-source-options';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to run migrations from the CLI.');
export default new DataSource(dataSourceOptions(url));
