import type { RequestHandler } from 'express';

const MESSAGE = 'The request holds a NUL character (\\u0000), which no parameter may contain.';

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: a parameter carrying one would
 * fail deep inside a query as a 500 (and an error log line per request). No
 * field of this API has a use for it, so a request holding one anywhere (path,
 * query or body; `%00` or a JSON `\u0000`) is refused up front as a bad
 * request (contract §2: never a 500 for bad input). Runs after the body parsers.
 */
export const rejectNulCharacters: RequestHandler = (req, res, next) => {
  if (/%00/.test(req.url) || req.url.includes('\u0000') || holdsNul(req.query) || holdsNul(req.body)) {
    res.status(400).json({ error: MESSAGE });
    return;
  }
  next();
};
