import { createParamDecorator, ExecutionContext, PipeTransform, Type } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import type { Request } from 'express';
import { BadRequestError, FieldErrors, InvalidResourceError } from '../errors/api-errors';

/**
 * Reads the parameter group `key` (e.g. `product` for `product[name]=…`) from
 * the query string and the body (the body wins, as in Rails), then binds it to
 * a DTO: keys the DTO does not list are dropped (Spree's strong parameters),
 * values are read as their types, and any field that cannot be read is a 422.
 */
export function readParamGroup(req: Request, key: string): Record<string, unknown> {
  const fromQuery = (req.query as Record<string, unknown> | undefined)?.[key];
  const fromBody = (req.body as Record<string, unknown> | undefined)?.[key];
  for (const value of [fromQuery, fromBody]) {
    if (value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value))) {
      throw new BadRequestError(`The parameter '${key}' must be an object, e.g. ${key}[name]=value.`);
    }
  }
  return { ...((fromQuery as object) ?? {}), ...((fromBody as object) ?? {}) };
}

export function bindParams<T extends object>(dto: Type<T>, plain: Record<string, unknown>): T {
  const instance = plainToInstance(dto, plain, { exposeDefaultValues: false });
  const problems = validateSync(instance, { whitelist: true, forbidNonWhitelisted: false, forbidUnknownValues: false });
  if (problems.length > 0) throw new InvalidResourceError(toFieldErrors(problems));
  // Drop keys the client did not send, so updates only touch what was sent.
  for (const k of Object.keys(instance) as (keyof T)[]) if (instance[k] === undefined) delete instance[k];
  return instance;
}

export function toFieldErrors(problems: ValidationError[], prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const name = prefix + problem.property;
    if (problem.constraints) {
      // class-validator's own "nested property … must be either object or array" only repeats our "is invalid".
      const constraints = Object.entries(problem.constraints).filter(([key], _, all) => key !== 'nestedValidation' || all.length === 1);
      errors[name] = [...new Set(constraints.map(([, message]) => message))];
    }
    if (problem.children?.length) Object.assign(errors, toFieldErrors(problem.children, `${name}.`));
  }
  return errors;
}

class BindPipe<T extends object> implements PipeTransform {
  constructor(private readonly dto: Type<T>) {}
  transform(value: Record<string, unknown>): T {
    return bindParams(this.dto, value);
  }
}

const ParamGroup = createParamDecorator((key: string, ctx: ExecutionContext) => readParamGroup(ctx.switchToHttp().getRequest<Request>(), key));

/** `@ResourceParams('product', UpdateProductDto) params: UpdateProductDto` */
export const ResourceParams = <T extends object>(key: string, dto: Type<T>) => ParamGroup(key, new BindPipe(dto));

/** All parameters (query merged with body) bound to a DTO: for flat parameters such as `variant_id`. */
export const FlatParams = <T extends object>(dto: Type<T>) =>
  createParamDecorator((_: unknown, ctx: ExecutionContext) => {
    const req = ctx.switchToHttp().getRequest<Request>();
    const body = typeof req.body === 'object' && req.body !== null && !Array.isArray(req.body) ? req.body : {};
    return { ...(req.query as object), ...body };
  })(undefined, new BindPipe(dto));
