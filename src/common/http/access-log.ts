import type { RequestHandler } from 'express';
import pino from 'pino';

/**
 * Query parameters whose values must never reach a log: keys and tokens, and
 * anything ending in a secret name at any nesting (`user[password]`, a card's
 * `payment_source[1][number]` and `[verification_value]`), brackets plain or
 * percent-encoded.
 */
const SECRET_NAME = '(?:token|order_token|api_key|password|password_confirmation|current_password|access_token|number|verification_value)';
const SECRET_PARAMS = new RegExp(`([?&](?:[^=&]*(?:\\[|%5B))?${SECRET_NAME}(?:\\]|%5D)?=)[^&]*`, 'gi');

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAMS, '$1[REDACTED]');
}

/** Characters of a URL a log line keeps: a search of 14 KB would otherwise be written whole, on every request. */
export const MAX_LOGGED_URL = 256;

/** A URL as a log line may carry it: secrets redacted, cut at MAX_LOGGED_URL characters. */
export function loggableUrl(url: string): string {
  const redacted = redactUrl(url);
  return redacted.length <= MAX_LOGGED_URL ? redacted : `${redacted.slice(0, MAX_LOGGED_URL)}…(${redacted.length - MAX_LOGGED_URL} more)`;
}

/**
 * One JSON line per request: method, URL (secrets redacted, cut short), status, time;
 * at `info` for answers below 500, at `error` for 5xx. Headers and bodies are
 * not logged at all, so API keys, order tokens, passwords and card numbers
 * cannot leak through the access log.
 *
 * Written by hand rather than with pino-http, which built a child logger and
 * serialized every request up front even when its line was below the level
 * (at `warn`, about a tenth of the CPU of a small request went there). Here
 * nothing is built unless the line is written.
 */
export function accessLog(level: string, destination?: pino.DestinationStream): RequestHandler {
  // Standard output unless told (tests capture the log to check what it holds).
  const logger = destination ? pino({ level }, destination) : pino({ level });
  let lastId = 0;
  return (req, res, next) => {
    const id = ++lastId;
    const start = performance.now();
    // req.url is rewritten by routing on the way; the line names what the client asked for.
    const url = req.originalUrl ?? req.url;
    const done = (): void => {
      res.removeListener('finish', done);
      res.removeListener('close', done);
      const lineLevel = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isLevelEnabled(lineLevel)) return;
      logger[lineLevel](
        {
          req: { id, method: req.method, url: loggableUrl(url) },
          res: { statusCode: res.statusCode },
          responseTime: Math.round(performance.now() - start),
        },
        res.statusCode >= 500 ? 'request errored' : res.writableFinished ? 'request completed' : 'request aborted',
      );
    };
    res.on('finish', done);
    res.on('close', done);
    next();
  };
}
