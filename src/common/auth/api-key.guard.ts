import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import passport from 'passport';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ErrorText, UnauthorizedError } from '../errors/api-errors';
import { ApiKeyStrategy } from './api-key.strategy';
import type { Caller } from './caller';
import { isOrderRoute, orderTokenOf } from './order-access.guard';
import { IS_PUBLIC } from './public.decorator';
import { permissionFor } from './permissions';

/** The API key of a request: `Authorization: Bearer`, `X-Spree-Token`, or `?token=`. */
export function apiKeyOf(req: Request): string | undefined {
  const authorization = req.headers.authorization;
  if (authorization && /^Bearer\s+\S/i.test(authorization)) return authorization.replace(/^Bearer\s+/i, '').trim();
  const header = req.headers['x-spree-token'];
  if (typeof header === 'string' && header !== '') return header;
  const query = (req.query as Record<string, unknown>).token;
  if (typeof query === 'string' && query !== '') return query;
  return undefined;
}

/**
 * Runs on every request (global guard). No key: anonymous, unless the store
 * requires authentication (then only with an order token, on that order's routes). A key that matches no user is always refused, so a
 * client never silently runs as anonymous with a wrong key.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly strategy: ApiKeyStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const key = apiKeyOf(req);
    if (!key) {
      const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
      // As in Spree, an order token stands in for the key on its order's routes
      // (a guest finishing a checkout); the order guard then checks the token.
      const orderToken = orderTokenOf(req) !== undefined && isOrderRoute(this.reflector, context);
      if (this.config.apiRequiresAuthentication && !isPublic && !orderToken) throw new UnauthorizedError(ErrorText.mustSpecifyApiKey);
      return true;
    }
    // passport-http-bearer reads the Authorization header; give it the key from wherever it came.
    req.headers.authorization = `Bearer ${key}`;
    const caller = await this.authenticate(req, context.switchToHttp().getResponse<Response>());
    (req as Request & { user?: Caller }).user = caller && authorizeOperation(caller, req.method, routePathOf(req));
    return true;
  }

  /**
   * Runs passport with this app's strategy instance, not by its name: the
   * name is registered in passport's one registry per process, where the last
   * app started wins, so a second app in the process (tests) would look keys
   * up in its own database, and fail once it is closed. The instance is
   * passport's prototype for the request, as it is for a name.
   */
  private authenticate(req: Request, res: Response): Promise<Caller | undefined> {
    return new Promise((resolve, reject) => {
      const done = (err: unknown, user: Caller | false | undefined) => {
        try {
          resolve(this.handleRequest(err, user));
        } catch (error) {
          reject(error);
        }
      };
      passport.authenticate(Object.create(this.strategy) as ApiKeyStrategy, { session: false }, done)(req, res, (err: unknown) => (err ? reject(err) : resolve(undefined)));
    });
  }

  private handleRequest(err: unknown, user: Caller | false | undefined): Caller {
    // Looking the key up failed (e.g. the database is down: 503): that says nothing about the key.
    if (err) throw err;
    if (!user) throw new UnauthorizedError(ErrorText.invalidApiKey);
    return user;
  }
}

/** The matched route's path (`/api/orders/:number`), or the request's when none matched. */
function routePathOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  return typeof route?.path === 'string' ? route.path : req.path;
}

/**
 * The caller as it runs this operation. A scoped key may run only operations
 * whose permission is among its scopes (401 outside them, operations of no
 * domain included). A user whose staff roles give the operation's permission
 * runs it as an admin does (Spree's admin-only rules then apply as for
 * admins); without it, as today (a user without roles sees what it always did).
 */
export function authorizeOperation(caller: Caller, method: string, path: string): Caller {
  const needed = permissionFor(method, path);
  if (caller.scopes !== undefined && (needed === undefined || !caller.scopes.has(needed))) throw new UnauthorizedError();
  if (!caller.admin && needed !== undefined && caller.permissions?.has(needed)) return { ...caller, admin: true, staff: true };
  return caller;
}
