import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ErrorText, UnauthorizedError } from '../errors/api-errors';
import { isOrderRoute, orderTokenOf } from './order-access.guard';
import { IS_PUBLIC } from './public.decorator';

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
export class ApiKeyGuard extends AuthGuard('api-key') {
  constructor(
    private readonly reflector: Reflector,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
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
    return (await super.canActivate(context)) as boolean;
  }

  override handleRequest<T>(err: unknown, user: T): T {
    // Looking the key up failed (e.g. the database is down: 503): that says nothing about the key.
    if (err) throw err;
    if (!user) throw new UnauthorizedError(ErrorText.invalidApiKey);
    return user;
  }
}
