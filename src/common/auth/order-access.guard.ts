import { applyDecorators, CanActivate, createParamDecorator, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiHeader, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { DataSource } from 'typeorm';
import { ErrorResponse } from '../openapi/responses';
import { NotFoundError, UnauthorizedError } from '../errors/api-errors';
import { Caller, callerOf } from './caller';
import { preparedStatement } from '../db/prepared-statement';
import { secretDigest } from '../../config/secret-box';

const ORDER_PARAM = 'orderAccessParam';
const CHECKED_ON_LOCK = 'orderAccessCheckedOnLock';

/**
 * On an `@OrderAccess` route whose action runs through `OrderActionRunner.runFor`: the runner checks access on the
 * order row it locks (the same 404 and 401), so the guard reads nothing (one statement less per request on the
 * checkout's hot path). The route must pass the caller and token to `runFor`.
 */
export const OrderAccessCheckedOnLock = () => SetMetadata(CHECKED_ON_LOCK, true);

/** Access to a locked order: 404 when there is none, 401 when the caller may not touch it (as `OrderAccessGuard`). */
export function checkOrderAccess(order: { userId: number | null; tokenDigest: string } | undefined, caller: Caller, token: string | undefined): void {
  if (!order) throw new NotFoundError();
  if (!mayAccessOrder(caller, order, token)) throw new UnauthorizedError();
}

/** Whether the route is an order's (guarded by `@OrderAccess`), where an order token may stand in for an API key. */
export function isOrderRoute(reflector: Reflector, context: ExecutionContext): boolean {
  return reflector.getAllAndOverride<string>(ORDER_PARAM, [context.getHandler(), context.getClass()]) !== undefined;
}

/** The order token of a request: `X-Spree-Order-Token` header or `order_token` parameter (query or body). */
export function orderTokenOf(req: Request): string | undefined {
  const header = req.headers['x-spree-order-token'];
  if (typeof header === 'string' && header !== '') return header;
  const fromQuery = (req.query as Record<string, unknown>)?.order_token;
  if (typeof fromQuery === 'string' && fromQuery !== '') return fromQuery;
  const fromBody = (req.body as Record<string, unknown> | undefined)?.order_token;
  if (typeof fromBody === 'string' && fromBody !== '') return fromBody;
  return undefined;
}

/**
 * Whether a sent order token is the order's, given the digest the order keeps
 * of it (`orders.token_digest`, SHA-256: the token itself is not kept in a
 * form a comparison could use). Compared in time that does not depend on
 * where they differ or on the sent token's length: both sides are 32-byte
 * digests, so `timingSafeEqual` always compares equal lengths (it throws on
 * unequal ones, and a length check before it would itself leak the token's
 * length).
 */
export function sameToken(sent: string, expectedDigest: string): boolean {
  const expected = Buffer.from(expectedDigest, 'hex');
  return expected.length === 32 && timingSafeEqual(Buffer.from(secretDigest(sent), 'hex'), expected);
}

/**
 * Spree's order ability: an admin, the order's user, or whoever holds the
 * order's token may read and change it.
 */
export function mayAccessOrder(caller: Caller, order: { userId: number | null; tokenDigest: string }, token: string | undefined): boolean {
  if (caller.admin) return true;
  if (caller.userId !== null && order.userId === caller.userId) return true;
  return token !== undefined && sameToken(token, order.tokenDigest);
}

/** Whose the order is: read before every order request, prepared. */
const ORDER_OWNER = preparedStatement('order-owner', 'SELECT user_id, token_digest FROM orders WHERE number = $1');

/** Runs before an order's endpoints: 404 when no such order, 401 when the caller may not touch it. */
@Injectable()
export class OrderAccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const param = this.reflector.getAllAndOverride<string>(ORDER_PARAM, [context.getHandler(), context.getClass()]) ?? 'number';
    const number = req.params[param];
    if (typeof number !== 'string' || number.length > 32) throw new NotFoundError();
    if (this.reflector.get<boolean>(CHECKED_ON_LOCK, context.getHandler())) return true;
    const [order] = await ORDER_OWNER(this.dataSource.manager).run<{ user_id: number | null; token_digest: string }>(this.dataSource.manager, [number]);
    if (!order) throw new NotFoundError();
    if (!mayAccessOrder(callerOf(req), { userId: order.user_id, tokenDigest: order.token_digest }, orderTokenOf(req))) throw new UnauthorizedError();
    return true;
  }
}

/** The order named by path parameter `param` (its number) must be the caller's: admin, owner, or token holder. */
export function OrderAccess(param = 'number') {
  return applyDecorators(
    SetMetadata(ORDER_PARAM, param),
    UseGuards(OrderAccessGuard),
    ApiParam({ name: param, description: 'The order number', schema: { type: 'string', example: 'R123456789' } }),
    ApiHeader({ name: 'X-Spree-Order-Token', required: false, description: "The order's token (for guests)" }),
    ApiQuery({ name: 'order_token', required: false, schema: { type: 'string' }, description: "The order's token (for guests), instead of the header" }),
    ApiResponse({ status: 401, description: "Not the caller's order", type: ErrorResponse }),
    ApiResponse({ status: 404, description: 'No such order', type: ErrorResponse }),
  );
}

/** `@OrderToken() token: string | undefined` in a controller method. */
export const OrderToken = createParamDecorator((_: unknown, ctx: ExecutionContext) => orderTokenOf(ctx.switchToHttp().getRequest<Request>()));
