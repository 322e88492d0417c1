import type { Request } from 'express';
import type { RouteLayer } from './route-table';

/**
 * The methods the app answers on the request's path, when it answers that
 * path but not with the request's method: the `Allow` of a 405 (RFC 9110
 * §15.5.6). Undefined for a path no route serves (a plain 404) and for a
 * method some route of the path takes (that route's own 404 stands).
 *
 * Read from the routes Express holds, matched as Express matches them (so
 * `.json` suffixes, case and trailing slashes agree with routing), never from
 * a list of our own that could drift. Asked only once no route answered (the
 * exception filter's 404), so it costs nothing on the requests that are
 * routed. `HEAD` goes with `GET` (Express answers it with the GET route),
 * `OPTIONS` with every path (CORS answers it: security.ts).
 */
export function allowedMethods(req: Request): string[] | undefined {
  const stack = (req.app as unknown as { router?: { stack: RouteLayer[] } } | undefined)?.router?.stack;
  if (!stack) return undefined;
  const methods = new Set<string>();
  for (const layer of stack) {
    if (!layer.route) continue;
    let matched: unknown;
    try {
      matched = layer.match(req.path);
    } catch {
      continue; // a path Express cannot decode is no route's
    }
    if (!matched) continue;
    for (const [method, on] of Object.entries(layer.route.methods)) {
      // A route for every method (`.all`): nothing is refused.
      if (on && method === '_all') return undefined;
      if (on) methods.add(method.toUpperCase());
    }
  }
  if (methods.size === 0) return undefined;
  if (methods.has('GET')) methods.add('HEAD');
  methods.add('OPTIONS');
  if (methods.has(req.method.toUpperCase())) return undefined;
  return [...ORDER.filter((m) => methods.has(m)), ...[...methods].filter((m) => !ORDER.includes(m)).sort()];
}

/** The order `Allow` lists methods in (the usual one; anything else after, alphabetically). */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The 405's text: the method refused and those the path takes (also in `Allow`). */
export function methodNotAllowedText(method: string, allow: string[]): string {
  return `The method ${method} is not allowed here; this path answers ${allow.join(', ')}.`;
}
