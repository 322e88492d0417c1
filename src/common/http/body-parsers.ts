import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { json, text } from 'express';
import qs from 'qs';
import { BadRequestError } from '../errors/api-errors';
import { MAX_ARRAY_LENGTH, MAX_PARAMETERS, ParameterSource, shapeProblem, ShapeText, tooManyParameters } from './body-shape';

const LIMIT = '1mb';

/**
 * Bracket nesting as Rails reads it, for query strings and forms. Sparse
 * arrays keep their indexes, so `payment_source[3][number]=…` still names
 * payment method 3 (qs would otherwise renumber it to 0). Lists as long as a
 * JSON body may send stay lists (qs's default turns a 21st item into a hash).
 * More pairs than qs keeps are refused rather than silently cut off.
 */
export function parseNested(input: string, where: ParameterSource = 'query string'): Record<string, unknown> {
  if (typeof input === 'string' && tooManyParameters(input)) throw new BadRequestError(ShapeText.tooManyParameters(where));
  return qs.parse(input, { allowSparse: true, depth: 10, parameterLimit: MAX_PARAMETERS, arrayLimit: MAX_ARRAY_LENGTH }) as Record<string, unknown>;
}

/** Form bodies: read as text, then nested like the query string. */
function urlencoded(options: { limit: string }): RequestHandler {
  const read = text({ type: 'application/x-www-form-urlencoded', limit: options.limit });
  return (req, res, next) =>
    read(req, res, (err?: unknown) => {
      if (err) return next(err);
      if (typeof req.body !== 'string') return next();
      try {
        req.body = parseNested(req.body, 'request body');
      } catch (parseError) {
        return next(parseError);
      }
      next();
    });
}

/**
 * The query string and the body within the shape limits (body-shape.ts),
 * before any DTO binding walks them by recursion.
 */
function limitShape(req: Request, res: Response, next: NextFunction): void {
  let problem: string | undefined;
  try {
    problem = shapeProblem(req.query, 'query string') ?? shapeProblem(req.body, 'request body');
  } catch (err) {
    if (!(err instanceof BadRequestError)) throw err;
    problem = err.body.error;
  }
  if (problem) return void res.status(400).json({ error: problem });
  next();
}

/**
 * JSON and form bodies (bracket nesting, as Rails reads them), then their
 * shape limits. A body that cannot be read is answered here with the
 * contract's 400/413 body, because these parsers run before Nest's exception
 * filter can see the request.
 */
export function bodyParsers(): RequestHandler[] {
  const parsers = [json({ limit: LIMIT, type: ['application/json', 'application/*+json'] }), urlencoded({ limit: LIMIT })].map(
    (parser) => (req: Request, res: Response, next: NextFunction) =>
      parser(req, res, (err?: unknown) => {
        if (!err) return next();
        const e = err as { status?: number; type?: string };
        if (e.status === 413 || e.type === 'entity.too.large') return void res.status(413).json({ error: 'Request body is too large (1 MB at most).' });
        if (e.type === 'entity.parse.failed') return void res.status(400).json({ error: 'The request body is not valid JSON.' });
        if (err instanceof BadRequestError) return void res.status(400).json(err.body);
        return void res.status(400).json({ error: 'The request body could not be read.' });
      }),
  );
  return [...parsers, limitShape];
}
