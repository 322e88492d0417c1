import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './config/configuration';
import { configureApp } from './configure-app';
import { shutDownGracefully } from './common/http/graceful-shutdown';
import { startEmbeddedPostgres } from './database/embedded-postgres';
import { prepareDatabase } from './database/prepare-database';

async function bootstrap(): Promise<void> {
  const logger = new Logger('Main');
  const config = loadConfig();
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    logger.log(`No DATABASE_URL: starting the embedded PostgreSQL in ${config.embeddedPgDir}`);
    const embedded = await startEmbeddedPostgres(config.embeddedPgDir);
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  await prepareDatabase(databaseUrl, config, { sampleData: config.sampleData, admin: true });

  const app = await NestFactory.create(AppModule.register({ config, databaseUrl }), {
    bodyParser: false,
    logger: config.logLevel === 'silent' ? false : undefined,
  });
  configureApp(app, { logLevel: config.logLevel });
  // SIGTERM/SIGINT: finish the requests in flight, close the pool (and the embedded server), exit 0.
  shutDownGracefully(app, { timeoutMs: config.shutdownTimeoutMs, afterClose: stopEmbedded });
  // Should the process end another way, the embedded server is still told to stop.
  if (stopEmbedded) process.once('exit', () => void stopEmbedded?.());
  await app.listen(config.port);
  logger.log(`Commerce API listening on http://localhost:${config.port} (docs at /api/docs)`);
}

bootstrap().catch((error) => {
  // eslint-disable-next-line no-console
  console.error(error);
  process.exit(1);
});
