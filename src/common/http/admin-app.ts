import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import serveStatic from 'serve-static';

/** Where `npm run build` / `npm start` put the back-office (scripts/build-admin.mjs): dist/admin, from src/ or dist/ alike. */
export const ADMIN_DIST = resolve(__dirname, '../../../dist/admin');

/**
 * The back-office single-page app at /admin (admin/, docs/back-office.md),
 * same origin as the API it calls. Its assets have hashed names and are
 * cached for a year (immutable); index.html, which names them, is never
 * cached, so a new build is picked up on the next load. Every other path
 * under /admin is the app's own route (client-side routing): index.html.
 * Its policy lets it run its own script and the styles it injects, call the
 * API on this origin, and show images from anywhere (an ASSET_HOST); no
 * framing.
 */
export function adminApp(folder: string = ADMIN_DIST): RequestHandler {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Over plain http (a LAN deployment) browsers ignore these with a console message.
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
  });
  const assets = serveStatic(join(folder, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false, dotfiles: 'ignore', fallthrough: false });
  const gzipped = serveStatic(join(folder, 'assets'), {
    immutable: true,
    maxAge: '1y',
    index: false,
    redirect: false,
    dotfiles: 'ignore',
    fallthrough: false,
    setHeaders: (res, path) => res.setHeader('Content-Type', path.endsWith('.css.gz') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8'),
  });
  // Read on each load (a few hundred bytes): a rebuild while the service runs is served at once.
  const indexHtml = (): string | undefined => {
    const path = join(folder, 'index.html');
    return existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  };
  return (req, res, next) => {
    if (req.path !== '/admin' && !req.path.startsWith('/admin/')) return next();
    headers(req, res, () => {
      res.removeHeader('Cache-Control');
      if (req.path.startsWith('/admin/assets/')) {
        req.url = req.url.slice('/admin/assets'.length);
        // The build's gzipped copy (name.js.gz) to browsers that take it: the bundle goes over the wire compressed.
        const name = req.path.split('/').pop() ?? '';
        res.setHeader('Vary', 'Accept-Encoding');
        if (/^[\w.-]+\.(js|css)$/.test(name) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && existsSync(join(folder, 'assets', `${name}.gz`))) {
          res.setHeader('Content-Encoding', 'gzip');
          res.type(name.endsWith('.css') ? 'css' : 'js');
          req.url = `${req.url.split('?')[0]}.gz`;
          // serve-static would name the .gz file's type; the type set above stays.
          return gzipped(req, res, (error?: { status?: number }) => void res.status(error?.status ?? 404).end());
        }
        return assets(req, res, (error?: { status?: number }) => void res.status(error?.status ?? 404).end());
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') return void res.status(405).setHeader('Allow', 'GET, HEAD').end();
      const html = indexHtml();
      res.setHeader('Cache-Control', 'no-cache');
      if (html === undefined) return void res.status(503).type('text/plain').send('The back-office is not built: run `npm run build` (or `npm start`).\n');
      res.type('html').send(html);
    });
  };
}
