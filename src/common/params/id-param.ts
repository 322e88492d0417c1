import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import type { Request } from 'express';
import { NotFoundError } from '../errors/api-errors';

/**
 * A numeric id from the path (`:id` unless named). An id that is not a
 * positive integer names no record: 404, as Rails' `find` would answer.
 */
export function readId(value: unknown): number {
  if (typeof value !== 'string' || !/^\d{1,10}$/.test(value)) throw new NotFoundError();
  const id = Number(value);
  if (id < 1 || id > 2147483647) throw new NotFoundError();
  return id;
}

const IdFromPath = createParamDecorator((name: string, ctx: ExecutionContext) => readId(ctx.switchToHttp().getRequest<Request>().params[name]));

export const IdParam = (name = 'id'): ParameterDecorator => (target, key, index) => {
  IdFromPath(name)(target, key, index);
  if (key !== undefined) {
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiParam({ name, schema: { type: 'integer', minimum: 1 } })(target, key, descriptor);
  }
};
