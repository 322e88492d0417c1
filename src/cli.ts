import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { AppModule } from './app.module';
import { loadConfig } from './config/configuration';
import { refuseServerDatabases } from './config/database-url';
import { withSecretKey } from './config/secret-key';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';
import { UsersService } from './accounts/users/users.service';
import { ApiError } from './common/errors/api-errors';
import { reportStartFailure } from './start-up';

const USAGE = 'usage: npm run cli -- user:create --email E --password P [--admin]';

/** Store administration from the shell. The new user's API key is the last line printed. */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'user:create') {
    console.error(USAGE);
    return 2;
  }
  const { values } = parseArgs({ args: rest, options: { email: { type: 'string' }, password: { type: 'string' }, admin: { type: 'boolean', default: false } } });
  if (!values.email || !values.password) {
    console.error(USAGE);
    return 2;
  }
  const loaded = loadConfig();
  refuseServerDatabases(loaded);
  // A one-off command: it raises events (user.created) but leaves their delivery to the service.
  const config = withSecretKey({ ...loaded, logLevel: 'silent', webhooks: { ...loaded.webhooks, delivery: false } });
  // With `npm start` running on this data folder, its embedded server (left running); else one of its own for the command.
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.embeddedPgDir, { port: config.embeddedPgPort, share: true });
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  try {
    await prepareDatabase(databaseUrl, config, { sampleData: false, admin: false });
    const app = await NestFactory.createApplicationContext(AppModule.register({ config, databaseUrl }), { logger: false });
    try {
      const users = app.get(UsersService);
      const user = await users.create({ email: values.email, password: values.password }, { verified: true });
      if (values.admin) await users.makeAdmin(user.id);
      const { apiKey } = await users.issueApiKey(app.get(DataSource).manager, user.id);
      console.log(`Created ${values.admin ? 'admin' : 'user'} ${user.email} (id ${user.id}). API key:`);
      console.log(apiKey);
      return 0;
    } catch (error) {
      if (error instanceof ApiError) {
        console.error(JSON.stringify(error.body));
        return 1;
      }
      throw error;
    } finally {
      await app.close();
    }
  } finally {
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    reportStartFailure(error);
    process.exit(1);
  },
);
