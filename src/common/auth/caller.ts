import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who is calling: an anonymous shopper, a signed-in user, or an admin. */
export interface Caller {
  userId: number | null;
  email: string | null;
  admin: boolean;
  /** The API key the request was made with (its row id), when there was one. */
  apiKeyId?: number;
}

export const ANONYMOUS: Caller = Object.freeze({ userId: null, email: null, admin: false });

export function callerOf(req: Request): Caller {
  return ((req as Request & { user?: Caller }).user as Caller | undefined) ?? ANONYMOUS;
}

/** `@CurrentCaller() caller: Caller` in a controller method. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => callerOf(ctx.switchToHttp().getRequest<Request>()));
