import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is calling: an anonymous shopper, a signed-in user, or an admin. */
export interface Caller {
  userId: number | null;
  email: string | null;
  admin: boolean;
  /** The API key the request was made with (its row id), when there was one. */
  apiKeyId?: number;
  /** The permissions the caller's staff roles give (none for most users; an admin has them all without roles). */
  permissions?: ReadonlySet<string>;
  /** The scopes of the API key the request was made with; undefined: a key without scopes (every right of its user). */
  scopes?: ReadonlySet<string>;
  /**
   * Set when `admin` comes from a staff role's permission for this one
   * operation (ApiKeyGuard), not from the user's admin flag.
   */
  staff?: boolean;
}

/**
 * An admin in full: the admin flag, with a key without scopes. Staff acting
 * as admins by a permission, and scoped keys, may not grant rights (roles,
 * API keys) nor take over an admin's account.
 */
export function isFullAdmin(caller: Caller): boolean {
  return caller.admin && !caller.staff && caller.scopes === undefined;
}

export const ANONYMOUS: Caller = Object.freeze({ userId: null, email: null, admin: false });

export function callerOf(req: Request): Caller {
  return ((req as Request & { user?: Caller }).user as Caller | undefined) ?? ANONYMOUS;
}

/** `@CurrentCaller() caller: Caller` in a controller method. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => callerOf(ctx.switchToHttp().getRequest<Request>()));
