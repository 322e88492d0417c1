import 'reflect-metadata';
import { DynamicModule, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig, loadConfig } from './config/configuration';
import { ConfigModule } from './config/config.module';
import { refuseServerDatabases } from './config/database-url';
import { withSecretKey } from './config/secret-key';
import { StartupError } from './config/startup-error';
import { dataSourceOptions } from './database/data-source-options';
import { WebhookDeliveryModule } from './webhooks/delivery/webhook-delivery.module';
import { MailDeliveryModule } from './mail/delivery/mail-delivery.module';
import { reportStartFailure, serviceLogger } from './start-up';

/** The webhook worker: the relay and the deliveries (webhooks/delivery) and the shop's mail (mail/delivery), no HTTP. */
@Module({})
class WorkerModule {
  static register(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.register(config), TypeOrmModule.forRoot({ ...dataSourceOptions(databaseUrl, { serving: true, database: config.database }), autoLoadEntities: false }), WebhookDeliveryModule.forRoot({ worker: true }), MailDeliveryModule],
    };
  }
}

/**
 * `npm run worker`: delivers webhooks apart from the service (which then runs
 * with WEBHOOKS_DELIVERY=false, or alongside it: instances share the work).
 * It serves the database the service prepared (DATABASE_URL, same SECRET_KEY);
 * SIGTERM/SIGINT stop it after the deliveries in flight.
 */
async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.databaseUrl) throw new StartupError('npm run worker needs DATABASE_URL.', 'Set it to the database the service prepared (the same SECRET_KEY too).');
  refuseServerDatabases(loaded);
  const nestLogger = serviceLogger(loaded.logLevel);
  if (nestLogger) Logger.overrideLogger(nestLogger);
  const config = withSecretKey(loaded);
  const databaseUrl = loaded.databaseUrl;
  const logger = new Logger('Worker');
  // The service prepares the database (migrations, pg-boss's schema); the worker only serves one that is ready.
  const probe = await new DataSource(dataSourceOptions(databaseUrl, { database: config.database })).initialize();
  const unprepared = await probe.showMigrations().finally(() => probe.destroy());
  if (unprepared) throw new StartupError('The database has migrations to run.', 'Start the service on it first (it prepares the database), then the worker.');
  const app = await NestFactory.createApplicationContext(WorkerModule.register(config, databaseUrl), { logger: nestLogger });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  logger.log(`Worker delivering webhooks and mail (pid ${process.pid})`);
}

main().catch((error) => {
  reportStartFailure(error);
  process.exit(1);
});
