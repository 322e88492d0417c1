import { applyDecorators, CanActivate, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiResponse, ApiSecurity } from '@nestjs/swagger';
import type { Request } from 'express';
import { NotFoundError, UnauthorizedError } from '../errors/api-errors';
import { ErrorResponse } from '../openapi/responses';
import { callerOf, isFullAdmin } from './caller';
import { NotFoundDenial } from './public.decorator';

const ADMIN_DENIAL = 'adminDenial';
const FULL_ADMIN = 'fullAdmin';
type Denial = 'unauthorized' | 'not_found';

@Injectable()
export class AdminGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const caller = callerOf(context.switchToHttp().getRequest<Request>());
    const full = this.reflector.getAllAndOverride<boolean>(FULL_ADMIN, [context.getHandler(), context.getClass()]) === true;
    if (full ? isFullAdmin(caller) : caller.admin) return true;
    const denial = this.reflector.getAllAndOverride<Denial>(ADMIN_DENIAL, [context.getHandler(), context.getClass()]);
    throw denial === 'not_found' ? new NotFoundError() : new UnauthorizedError();
  }
}

/**
 * Admin only. Non-admins get 401 where Spree denies the action itself
 * (index, create) and 404 where Spree looks the record up through the
 * caller's permissions (`denial: 'not_found'`: show, update, delete; the
 * document then calls the key optional: an anonymous caller gets that 404 too).
 *
 * Staff whose roles give the operation's permission (common/auth/permissions.ts,
 * documented as the operation's `x-permission`) pass as admins: ApiKeyGuard
 * makes them admins for that operation. `full`: only an admin by the user's
 * flag, with a key without scopes, for operations that grant rights (roles,
 * API keys), which no permission opens.
 */
export function AdminOnly(options: { denial?: Denial; full?: boolean } = {}) {
  const denial = options.denial ?? 'unauthorized';
  return applyDecorators(
    SetMetadata(ADMIN_DENIAL, denial),
    SetMetadata(FULL_ADMIN, options.full === true),
    UseGuards(AdminGuard),
    ApiSecurity('api-key'),
    ...(denial === 'not_found'
      ? [NotFoundDenial(), ApiResponse({ status: 404, description: 'Not found, or the caller is not an admin (an anonymous one included)', type: ErrorResponse })]
      : [ApiResponse({ status: 401, description: 'The caller is not an admin', type: ErrorResponse })]),
  );
}
