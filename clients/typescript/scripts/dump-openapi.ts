/**
 * Prints the OpenAPI document the service serves at /api/openapi.json, built
 * from the app's modules without a database: Nest's preview mode builds the
 * module graph without instantiating providers, and `serveOpenApi` (the code
 * path the running service takes) hands its document to `SwaggerModule.setup`,
 * which is captured here instead of mounted. Run with
 * `node -r ./test/support/swc-register.cjs clients/typescript/scripts/dump-openapi.ts`.
 */
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { SwaggerModule } from '@nestjs/swagger';
import { AppModule } from '../../../src/app.module';
import { loadConfig } from '../../../src/config/configuration';
import { serveOpenApi } from '../../../src/common/openapi/openapi';

async function main(): Promise<void> {
  const config = loadConfig({ NODE_ENV: 'test', SECRET_KEY: '0'.repeat(64) });
  // Never connected to: preview mode instantiates no provider.
  const databaseUrl = 'postgres://nobody@127.0.0.1:1/none';
  const app = await NestFactory.create(AppModule.register({ config, databaseUrl }), { preview: true, logger: false, bodyParser: false });
  let served: unknown;
  SwaggerModule.setup = (_path, _app, document) => {
    served = typeof document === 'function' ? document() : document;
  };
  serveOpenApi(app);
  if (!served) throw new Error('serveOpenApi did not hand a document to SwaggerModule.setup');
  process.stdout.write(`${JSON.stringify(served, null, 2)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
