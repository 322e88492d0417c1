import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { loadConfig } from './config/configuration';
import { openApiDocument } from './common/openapi/openapi';

/**
 * `npm run openapi`: writes the document the service serves at
 * /api/openapi.json to `openapi.json` at the repository root (or the path
 * given), from the routes alone: no database is connected.
 * test/foundation/openapi-lint.spec.ts fails when the committed copy and the
 * served document differ.
 */
async function main(target = resolve(__dirname, '..', 'openapi.json')): Promise<void> {
  const config = { ...loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'x'.repeat(64) }), logLevel: 'silent' };
  const app = await NestFactory.create(AppModule.register({ config, databaseUrl: 'postgres://unused.invalid/none', connect: false }), { logger: false, bodyParser: false });
  writeFileSync(target, `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
  await app.close();
  process.stdout.write(`wrote ${target}\n`);
}

main(process.argv[2]).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
