import type { RequestHandler } from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';

/**
 * Query parameters whose values must never reach a log: keys and tokens, and
 * anything ending in a secret name at any nesting (`user[password]`, a card's
 * `payment_source[1][number]` and `[verification_value]`), brackets plain or
 * percent-encoded.
 */
const SECRET_NAME = '(?:token|order_token|api_key|password|password_confirmation|access_token|number|verification_value)';
const SECRET_PARAMS = new RegExp(`([?&](?:[^=&]*(?:\\[|%5B))?${SECRET_NAME}(?:\\]|%5D)?=)[^&]*`, 'gi');

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}

/**
 * One JSON line per request: method, path (secrets redacted), status, time.
 * Headers and bodies are not logged at all, so API keys, order tokens,
 * passwords and card numbers cannot leak through the access log.
 */
export function accessLog(level: string, destination?: pino.DestinationStream): RequestHandler {
  return pinoHttp({
    // Standard output unless told (tests capture the log to check what it holds).
    logger: destination ? pino({ level }, destination) : pino({ level }),
    serializers: {
      req: (req: { method: string; url: string; id: unknown }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
  }) as unknown as RequestHandler;
}
