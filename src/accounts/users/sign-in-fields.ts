import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { bindParams, readParamGroup } from '../../common/params/resource-params';
import { SignInDto } from './dto/user-params.dto';

/** The groups a sign-in may come wrapped in: `user` as sign-up takes it, `spree_user` as spree_auth_devise's form sends it. */
export const SIGN_IN_GROUPS = ['user', 'spree_user'] as const;

/**
 * The fields of a sign-in: flat (`email`, `password`: the contract's form;
 * the body wins over the query), or, when neither is sent flat, the first
 * group of SIGN_IN_GROUPS sent (`{"user":{"email":…,"password":…}}`, the
 * shape sign-up takes; `spree_user[email]=…`, Spree's own sign-in form).
 */
export function signInFields(req: Request): Record<string, unknown> {
  const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};
  const flat: Record<string, unknown> = { ...(req.query as Record<string, unknown>), ...body };
  if (flat.email !== undefined || flat.password !== undefined) return flat;
  for (const key of SIGN_IN_GROUPS) {
    if (flat[key] === undefined) continue;
    return readParamGroup(req, key);
  }
  return flat;
}

/** `@SignInParams() params: SignInDto`: the sign-in's fields (`signInFields`), bound. */
export const SignInParams = createParamDecorator((_: unknown, ctx: ExecutionContext) => bindParams(SignInDto, signInFields(ctx.switchToHttp().getRequest<Request>())));
