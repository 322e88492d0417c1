import type { INestApplication, LoggerService } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { AppConfig, loadConfig } from '../../src/config/configuration';
import { configureApp } from '../../src/configure-app';
import { freshDatabaseUrl } from './database';
import { auditResponses, OpenApiAudit } from './openapi-audit';
import { TEST_SECRET_KEY } from './secrets';

export interface TestApp {
  app: INestApplication;
  /** supertest against the app's HTTP server. */
  http: () => ReturnType<typeof request>;
  db: DataSource;
  /** The database this app serves; pass it to a second `createTestApp` for two instances on one database. */
  databaseUrl: string;
  config: AppConfig;
  /** Every answer checked against the OpenAPI document (openapi-audit.ts); `close()` fails on a departure. */
  audit: OpenApiAudit;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /**
   * Serve this database instead of a fresh one: a second instance of the
   * service on the first one's database (`t.db.options.url`), or a database
   * on a server the test controls itself.
   */
  databaseUrl?: string;
  /**
   * Log as the service does in production, into these: the access log at
   * `logLevel` (default `info`) into `logDestination`, Nest's application log
   * into `logger`. Without them the test app logs nothing.
   */
  logLevel?: string;
  logDestination?: DestinationStream;
  logger?: LoggerService;
}

/**
 * The real app (all modules, filters, guards, body parsers) on its own fresh
 * PostgreSQL database. Use one per test file: `beforeAll(async () => t = await createTestApp())`.
 */
export async function createTestApp(env: NodeJS.ProcessEnv = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = options.databaseUrl ?? (await freshDatabaseUrl());
  // Fewer delivery workers than the default 16: each test app holds fewer background
  // connections, so two Jest workers with two apps each stay well within max_connections.
  // The shop's mail (no SMTP_URL: .eml files) goes to a folder of this app, removed when it closes, not into the clone's .data/mail.
  const mailDir = env.MAIL_DIR ? undefined : mkdtempSync(join(tmpdir(), 'commerce-test-mail-'));
  const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY: TEST_SECRET_KEY, WEBHOOKS_CONCURRENCY: '4', ...(mailDir ? { MAIL_DIR: mailDir } : {}), ...env });
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.register({ config, databaseUrl })] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: options.logger ?? false });
  // First, so that it sees every answer, those of the body parsers and guards included.
  const audit = auditResponses(app);
  configureApp(app, options.logDestination ? { logLevel: options.logLevel ?? 'info', logDestination: options.logDestination } : {});
  // A start that fails half-way (a module's hook threw) leaves what started before it open
  // (pools, pg-boss, timers), which would keep the Jest worker from exiting: close it.
  await app.init().catch(async (error: unknown) => {
    await app.close().catch(() => undefined);
    throw error;
  });
  const db = app.get(DataSource);
  return {
    app,
    http: () => request(app.getHttpServer()),
    db,
    databaseUrl,
    config,
    audit,
    close: async () => {
      await app.close();
      if (mailDir) rmSync(mailDir, { recursive: true, force: true });
      if (audit.problems.length > 0) {
        throw new Error(`${audit.problems.length} answer(s) departed from the OpenAPI document:\n${[...new Set(audit.problems)].slice(0, 50).join('\n')}`);
      }
    },
  };
}
