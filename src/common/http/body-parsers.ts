import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json, urlencoded } from 'express';

const LIMIT = '1mb';

/**
 * JSON and form bodies (bracket nesting, as Rails reads them). A body that
 * cannot be read is answered here with the contract's 400/413 body, because
 * these parsers run before Nest's exception filter can see the request.
 */
export function bodyParsers(): RequestHandler[] {
  return [json({ limit: LIMIT, type: ['application/json', 'application/*+json'] }), urlencoded({ extended: true, limit: LIMIT, parameterLimit: 5000 })].map(
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
