import type { NextFunction, Request, Response } from 'express';

/**
 * Every API path works with and without a `.json` suffix (contract section 2):
 * `/api/orders/R123.json` is routed as `/api/orders/R123`.
 */
export function stripJsonSuffix(req: Request, _res: Response, next: NextFunction): void {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (path.startsWith('/api/') && path.endsWith('.json') && path !== '/api/openapi.json') {
    req.url = path.slice(0, -'.json'.length) + (q === -1 ? '' : req.url.slice(q));
  }
  next();
}
