import type { RequestHandler } from 'express';
import pino from 'pino';

/**
 * Names whose values must never reach a log: keys and tokens, passwords, a
 * card's number and verification value. A parameter is secret when any name
 * in its key is one of these, in any case, at any nesting and in any shape the
 * query parser reads (`token`, `token[]`, `token[0]`, `token[a]`,
 * `token%5B%5D`, `%74oken`, `user[password]`, `payment_source[1][number]`).
 */
const SECRET_NAMES = new Set([
  'token',
  'order_token',
  'api_key',
  'password',
  'password_confirmation',
  'current_password',
  'access_token',
  'number',
  'verification_value',
  // A payment method's sealed settings (Stripe's keys), should a client send them in a query string.
  'preferred_secret_key',
  'preferred_webhook_signing_secret',
]);
const NAME = /[A-Za-z0-9_]+/g;

/**
 * A URL with the value of every secret parameter replaced by `[REDACTED]`. Each
 * `&`-separated pair of the query string is cut where the parser cuts it (qs:
 * at the first `]=`, else the first `=`) and its key decoded as the parser
 * decodes it (`+` a space, then percent-decoding; kept as sent when that
 * fails), so no spelling the parser would take for a secret name escapes.
 */
export function redactUrl(url: string): string {
  url = redactPath(url);
  const q = url.indexOf('?');
  if (q === -1) return url;
  const pairs = url.slice(q + 1).split('&');
  let changed = false;
  for (let i = 0; i < pairs.length; i++) {
    const pair = pairs[i];
    const bracketEquals = pair.indexOf(']=');
    const end = bracketEquals === -1 ? pair.indexOf('=') : bracketEquals + 1;
    if (end === -1 || end === pair.length - 1) continue;
    if (!namesSecret(decodeKey(pair.slice(0, end)))) continue;
    pairs[i] = `${pair.slice(0, end)}=[REDACTED]`;
    changed = true;
  }
  return changed ? `${url.slice(0, q + 1)}${pairs.join('&')}` : url;
}

/**
 * Paths whose last segment is a one-time token (a password reset, an e-mail
 * confirmation: `PUT /api/passwords/:token`): that segment is redacted,
 * however it is spelt (percent-encoded, with the `.json` suffix).
 */
const SECRET_PATH = /^(\/api\/(?:passwords|confirmations)\/)([^?#]+)/i;

function redactPath(url: string): string {
  return url.replace(SECRET_PATH, '$1[REDACTED]');
}

function decodeKey(key: string): string {
  if (!/[%+]/.test(key)) return key;
  const spaced = key.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** Whether any name in a key (the words between its brackets, dots and other marks) is a secret one. */
function namesSecret(key: string): boolean {
  for (const [name] of key.matchAll(NAME)) if (SECRET_NAMES.has(name.toLowerCase())) return true;
  return false;
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
