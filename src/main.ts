import 'reflect-metadata';
import cluster from 'node:cluster';
import { Logger, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { AppConfig, loadConfig } from './config/configuration';
import { withSecretKey } from './config/secret-key';
import { configureApp } from './configure-app';
import { runPrimary, webConcurrency } from './cluster';
import { shutDownGracefully } from './common/http/graceful-shutdown';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';

async function bootstrap(): Promise<void> {
  const loaded = loadConfig();
  if (loaded.logLevel !== 'silent') Logger.overrideLogger(nestLogLevels(loaded.logLevel));
  // Before the workers are forked: the primary generates the key file they then read.
  const config = withSecretKey(loaded);
  const logger = new Logger('Main');
  // A cluster worker serves the database its primary prepared (passed as DATABASE_URL).
  if (cluster.isWorker) return serve(config, config.databaseUrl!);
  const workers = webConcurrency();
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    logger.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.embeddedPgDir}`);
    const embedded = await startEmbeddedPostgres(config.embeddedPgDir);
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  // Behind a pooler in transaction mode, the preparation's session lock needs another way in (DATABASE_MIGRATION_URL).
  await prepareDatabase(config.migrationUrl ?? databaseUrl, config, { sampleData: config.sampleData, admin: true });
  if (workers > 1) return runPrimary(workers, { databaseUrl, stopEmbedded, logger, shutdownTimeoutMs: config.shutdownTimeoutMs });
  await serve(config, databaseUrl, stopEmbedded);
}

async function serve(config: AppConfig, databaseUrl: string, stopEmbedded?: () => Promise<void>): Promise<void> {
  const logger = new Logger('Main');
  const app = await NestFactory.create(AppModule.register({ config, databaseUrl }), {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : nestLogLevels(config.logLevel),
  });
  configureApp(app, { logLevel: config.logLevel });
  // SIGTERM/SIGINT: finish the requests in flight, close the pool (and the embedded server), exit 0.
  shutDownGracefully(app, { timeoutMs: config.shutdownTimeoutMs, afterClose: stopEmbedded });
  // Should the process end another way, the embedded server is still told to stop.
  if (stopEmbedded) process.once('exit', () => void stopEmbedded?.());
  await app.listen(config.port);
  logger.log(`Commerce API listening on http://localhost:${config.port} (docs at /api/docs)${cluster.isWorker ? ` (worker ${process.pid})` : ''}`);
}

/** Nest's own messages follow LOG_LEVEL too (pino's names): at `warn`, start-up chatter is left out. */
function nestLogLevels(level: string): LogLevel[] {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const upTo = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5 }[level] ?? 3;
  return order.slice(0, upTo + 1);
}

bootstrap().catch((error) => {
  // eslint-disable-next-line no-console
  console.error(error);
  process.exit(1);
});
