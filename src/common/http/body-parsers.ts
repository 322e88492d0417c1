import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json, text } from 'express';
import qs from 'qs';

const LIMIT = '1mb';

/**
 * Bracket nesting as Rails reads it, for query strings and forms. Sparse
 * arrays keep their indexes, so `payment_source[3][number]=…` still names
 * payment method 3 (qs would otherwise renumber it to 0).
 */
export function parseNested(input: string): Record<string, unknown> {
  return qs.parse(input, { allowSparse: true, depth: 10, parameterLimit: 5000 }) as Record<string, unknown>;
}

/** Form bodies: read as text, then nested like the query string. */
function urlencoded(options: { limit: string }): RequestHandler {
  const read = text({ type: 'application/x-www-form-urlencoded', limit: options.limit });
  return (req, res, next) =>
    read(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (typeof req.body === 'string') req.body = parseNested(req.body);
      next();
    });
}

/**
 * JSON and form bodies (bracket nesting, as Rails reads them). A body that
 * cannot be read is answered here with the contract's 400/413 body, because
 * these parsers run before Nest's exception filter can see the request.
 */
export function bodyParsers(): RequestHandler[] {
  return [json({ limit: LIMIT, type: ['application/json', 'application/*+json'] }), urlencoded({ limit: LIMIT })].map(
    (parser) => (req: Request, res: Response, next: NextFunction) =>
      parser(req, res, (err?: unknown) => {
        if (!err) return next();
        const e = err as { status?: number; type?: string };
        if (e.status === 413 || e.type === 'entity.too.large') return void res.status(413).json({ error: 'Request body is too large (1 MB at most).' });
        if (e.type === 'entity.parse.failed') return void res.status(400).json({ error: 'The request body is not valid JSON.' });
        return void res.status(400).json({ error: 'The request body could not be read.' });
      }),
  );
}
