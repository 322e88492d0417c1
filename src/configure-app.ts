import type { INestApplication } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { accessLog } from './common/http/access-log';
import { bodyParsers, parseNested } from './common/http/body-parsers';
import { stripJsonSuffix } from './common/http/json-suffix.middleware';
import { refuseNulInPath } from './common/http/nul-in-path.middleware';
import { serveOpenApi } from './common/openapi/openapi';
import { adminApp } from './common/http/admin-app';
import { enableCors, securityHeaders } from './common/http/security';
import { APP_CONFIG, AppConfig } from './config/configuration';
import { FILE_STORAGE, FileStorage } from './common/storage/file-storage';
import { validateWithoutNoCache } from './common/http/catalog-cache';
import { UploadRoutes } from './common/http/upload-routes';
import { trackRequestClient } from './common/http/request-client';
import { PROVIDER_WEBHOOK_ROUTE } from './order-actions/checkout/provider-webhooks.controller';
import type { Request } from 'express';

/**
 * Everything the HTTP app needs besides its modules; shared by main.ts and the
 * tests so both serve exactly the same API. Create the app with
 * `{ bodyParser: false }`: our parsers answer unreadable bodies themselves.
 */
export function configureApp(app: INestApplication, options: { logLevel?: string; logDestination?: DestinationStream } = {}): INestApplication {
  const express = app as NestExpressApplication;
  if (options.logLevel && options.logLevel !== 'silent') express.use(accessLog(options.logLevel, options.logDestination));
  // Bracket nesting (`q[name_cont]=x`, `order[payment_source][3][number]=…`) as forms are read.
  express.set('query parser', parseNested);
  express.set('x-powered-by', false);
  // Answers are Cache-Control: no-store, so a validator is never used (hashing every body cost CPU); the cacheable
  // catalog reads set their own ETag (common/http/catalog-cache.ts), and Express still answers 304 to it.
  express.set('etag', false);
  // A matching If-None-Match is a 304 even when the request says `Cache-Control: no-cache` (as fetch() does).
  validateWithoutNoCache((express.getHttpAdapter().getInstance() as { request: object }).request);
  const config = app.get<AppConfig>(APP_CONFIG);
  // Behind a load balancer, req.ip (rate limits, access log) comes from X-Forwarded-For only as far as trusted.
  express.set('trust proxy', config.trustProxy);
  // The back-office app at /admin (its own headers and caching), before the API's.
  express.use(adminApp());
  express.use(securityHeaders());
  enableCors(app, config.corsOrigins);
  express.use(stripJsonSuffix);
  express.use(refuseNulInPath);
  // Uploaded images (when stored in UPLOADS_DIR): plain static files, before the body parsers and outside Nest's
  // pipeline (no guards, no auth lookup, no JSON error filter), so a page of thumbnails costs little.
  const uploads = app.get<FileStorage>(FILE_STORAGE, { strict: false }).handler();
  if (uploads) express.use(uploads.mountPath, ...uploads.handle);
  // Multipart bodies of the routes that take uploads are read by those routes, after their guards.
  const uploadRoutes = app.get(UploadRoutes);
  // A payment provider's webhook is signed over its raw bytes: they are kept for it, unparsed.
  const keepsRawBody = (req: Request) => req.method === 'POST' && PROVIDER_WEBHOOK_ROUTE.test(req.path);
  for (const parser of bodyParsers({ takesUpload: (req) => uploadRoutes.takes(req), keepsRawBody })) express.use(parser);
  // Who each request is, for the search gate's fair shares (common/listing/search-gate.ts).
  express.use(trackRequestClient);
  serveOpenApi(app);
  return app;
}
