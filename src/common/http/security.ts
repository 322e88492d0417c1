import type { INestApplication } from '@nestjs/common';
import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every response (helmet). The API answers JSON only, so
 * its pages may load nothing and be framed nowhere; the interactive docs at
 * /api/docs keep helmet's default policy, which lets Swagger UI run. Over
 * plain http (a LAN deployment reached by host name) the docs go without
 * `upgrade-insecure-requests`, which would turn Swagger UI's own assets into
 * https requests that fail (a blank page), and without
 * Cross-Origin-Opener-Policy and Origin-Agent-Cluster, which browsers ignore
 * there with a console message.
 */
export function securityHeaders(): RequestHandler {
  const api = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Storefronts on other origins read our JSON (CORS decides who may).
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  const docs = helmet();
  const docsOverHttp = helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } }, crossOriginOpenerPolicy: false, originAgentCluster: false });
  return (req, res, next) => {
    if (req.path.startsWith('/api/docs')) return (req.secure ? docs : docsOverHttp)(req, res, next);
    // Answers carry keys (sign-in), order tokens and personal data: no browser or proxy may keep them.
    if (req.path !== '/api/openapi.json') res.setHeader('Cache-Control', 'no-store');
    return api(req, res, next);
  };
}

/** Headers a storefront or back-office on another origin sends us. */
const ALLOWED_HEADERS = ['Accept', 'Authorization', 'Content-Type', 'Idempotency-Key', 'X-Spree-Token', 'X-Spree-Order-Token'];

/**
 * CORS: `CORS_ORIGINS` lists the origins allowed to call the API from a
 * browser (comma-separated), or `*` for any. Credentials are keys and order
 * tokens sent in headers, never cookies, so no origin gets cookie access.
 */
export function enableCors(app: INestApplication, origins: string[] | '*'): void {
  app.enableCors({
    origin: origins === '*' ? '*' : origins,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['Retry-After', 'Location', 'Idempotent-Replayed'],
    credentials: false,
    maxAge: 600,
  });
}
