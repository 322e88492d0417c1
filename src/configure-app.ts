import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { accessLog } from './common/http/access-log';
import { bodyParsers, parseNested } from './common/http/body-parsers';
import { stripJsonSuffix } from './common/http/json-suffix.middleware';
import { serveOpenApi } from './common/openapi/openapi';
import { enableCors, securityHeaders } from './common/http/security';
import { APP_CONFIG, AppConfig } from './config/configuration';

/**
 * Everything the HTTP app needs besides its modules; shared by main.ts and the
 * tests so both serve exactly the same API. Create the app with
 * `{ bodyParser: false }`: our parsers answer unreadable bodies themselves.
 */
export function configureApp(app: INestApplication, options: { logLevel?: string } = {}): INestApplication {
  const express = app as NestExpressApplication;
  if (options.logLevel && options.logLevel !== 'silent') express.use(accessLog(options.logLevel));
  // Bracket nesting (`q[name_cont]=x`, `order[payment_source][3][number]=…`) as forms are read.
  express.set('query parser', parseNested);
  express.set('x-powered-by', false);
  express.use(securityHeaders());
  enableCors(app, app.get<AppConfig>(APP_CONFIG).corsOrigins);
  express.use(stripJsonSuffix);
  for (const parser of bodyParsers()) express.use(parser);
  serveOpenApi(app);
  return app;
}
