import type { NextFunction, Request, Response } from 'express';
import { ErrorText } from '../errors/api-errors';

/**
 * A path with a NUL byte (`/api/orders/%00`) names no record: PostgreSQL text
 * cannot hold one, and would refuse it as a query parameter (a 500). Answered
 * here, once for every route, as any unknown record is: 404.
 */
export function refuseNulInPath(req: Request, res: Response, next: NextFunction): void {
  const q = req.url.indexOf('?');
  const path = q === -1 ? req.url : req.url.slice(0, q);
  if (/%00/.test(path) || path.includes('\u0000')) return void res.status(404).json({ error: ErrorText.notFound });
  next();
}
