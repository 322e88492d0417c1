import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { AppConfig, loadConfig } from './config/configuration';
import { redacted, refuseServerDatabases } from './config/database-url';
import { withSecretKey } from './config/secret-key';
import { configureApp } from './configure-app';
import { runPrimary } from './cluster';
import { shutDownGracefully } from './common/http/graceful-shutdown';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';
import { ReadyFacts, readyBlock, reportStartFailure, serviceLogger } from './start-up';

/** An admin key created at this start, until it has been shown (in the closing block, or with the error if the start fails). */
let unshownAdminKey: string | undefined;

async function bootstrap(): Promise<void> {
  const loaded = loadConfig();
  const logger = serviceLogger(loaded.logLevel);
  if (logger) Logger.overrideLogger(logger);
  // A cluster worker serves the database its primary prepared (passed as DATABASE_URL).
  if (cluster.isWorker) return serve(withSecretKey(loaded), loaded.databaseUrl!);
  refuseServerDatabases(loaded);
  // Before the workers are forked: the primary generates the key file they then read.
  const config = withSecretKey(loaded);
  const workers = config.webConcurrency;
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let database = `DATABASE_URL ${redacted(config.databaseUrl ?? '')}`;
  if (!databaseUrl) {
    const embedded = await startEmbeddedPostgres(config.embeddedPgDir, { port: config.embeddedPgPort, share: false });
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
    database = `${embedded.description} (${embedded.url})`;
  }
  // Behind a pooler in transaction mode, the preparation's session lock needs another way in (DATABASE_MIGRATION_URL).
  unshownAdminKey = await prepareDatabase(config.migrationUrl ?? databaseUrl, config, { sampleData: config.sampleData, admin: true });
  const ready: ReadyFacts = { port: config.port, adminEmail: config.adminEmail, database };
  if (workers > 1) {
    return runPrimary(workers, { databaseUrl, stopEmbedded, logger: new Logger('Main'), shutdownTimeoutMs: config.shutdownTimeoutMs, onListening: () => announce(config, ready) });
  }
  await serve(config, databaseUrl, stopEmbedded);
  announce(config, ready);
}

async function serve(config: AppConfig, databaseUrl: string, stopEmbedded?: () => Promise<void>): Promise<void> {
  const app = await NestFactory.create(AppModule.register({ config, databaseUrl }), { bodyParser: false, logger: serviceLogger(config.logLevel) });
  configureApp(app, { logLevel: config.logLevel });
  // SIGTERM/SIGINT: finish the requests in flight, close the pool (and the embedded server), exit 0.
  shutDownGracefully(app, { timeoutMs: config.shutdownTimeoutMs, afterClose: stopEmbedded });
  await app.listen(config.port);
  if (cluster.isWorker) new Logger('Main').debug(`Worker ${process.pid} listening on port ${config.port}`);
}

/** The closing block of the start-up log (at `info`; at `warn` only the admin key, which must not be lost). */
function announce(config: AppConfig, ready: ReadyFacts): void {
  const adminApiKey = unshownAdminKey;
  unshownAdminKey = undefined;
  if (['info', 'debug', 'trace'].includes(config.logLevel)) process.stdout.write(readyBlock({ ...ready, adminApiKey }));
  else if (adminApiKey && config.logLevel !== 'silent') new Logger('Main').warn(`Created admin ${config.adminEmail} with API key ${adminApiKey}: shown this once, keep it`);
}

bootstrap().catch((error) => {
  reportStartFailure(error, unshownAdminKey);
  process.exit(1);
});
