import { AsyncLocalStorage } from 'node:async_hooks';
import type { NextFunction, Request, Response } from 'express';
import { callerOf } from '../auth/caller';
import { clientNetwork } from '../net/ip-address';

/** The request being served: what `currentClient` reads, wherever the work it started runs. */
const requests = new AsyncLocalStorage<Request>();

/**
 * Express middleware: the rest of the request runs with it as the current
 * request. Mounted after the body parsers: a parser waiting for the body
 * resumes from the socket's events, outside any context set before it.
 */
export function trackRequestClient(req: Request, _res: Response, next: NextFunction): void {
  requests.run(req, next);
}

/**
 * Who is asking, as one client for a fair share of something scarce: the API
 * key or signed-in user (read when called, after the guards identified
 * them), else the address, an IPv6 /64 counting as one (`clientNetwork`).
 * Undefined outside a request (a job, a script): no client to share with.
 */
export function currentClient(): string | undefined {
  const req = requests.getStore();
  if (!req) return undefined;
  const caller = callerOf(req);
  if (caller.apiKeyId !== undefined) return `api_key:${caller.apiKeyId}`;
  if (caller.userId !== null) return `user:${caller.userId}`;
  return `address:${clientNetwork(req.ip ?? 'unknown')}`;
}
