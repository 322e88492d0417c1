import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { loggableUrl } from '../http/access-log';
import { allowedMethods, methodNotAllowedText } from '../http/method-not-allowed';
import { ApiError, ErrorBody, ErrorText, TooManyRequestsError } from './api-errors';
import { inputRefusalCode, isDatabaseUnavailable } from './database-unavailable';

/** Seconds a client should wait before retrying a 503 (a database restart takes a few). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * The one place that turns a failure into the contract's `{error, errors}`
 * body. Nothing from inside (stack, SQL, driver text) ever reaches a client.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const methodNotAllowed = this.methodNotAllowed(exception, host.switchToHttp().getRequest<Request>());
    if (methodNotAllowed && !response.headersSent) {
      response.setHeader('Allow', methodNotAllowed.allow.join(', '));
      return void response.status(HttpStatus.METHOD_NOT_ALLOWED).json(methodNotAllowed.body);
    }
    const [status, body] = this.describe(exception);
    const refused = status < 500 ? refusedInputCode(exception) : undefined;
    // An outage gives one line per request, not a stack each.
    if (status === HttpStatus.SERVICE_UNAVAILABLE) this.logger.warn(`Service unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    else if (refused) {
      // Input PostgreSQL refused that our own checks let through: worth a look, but the client's doing. The route only,
      // neither the query string nor the driver's text (both may be huge, or hold what the client sent).
      const request = host.switchToHttp().getRequest<Request>();
      this.logger.warn(`PostgreSQL refused a statement (SQLSTATE ${refused}) on ${request.method} ${loggableUrl(request.path)}: answered ${status}`);
    }
    if (response.headersSent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (exception instanceof TooManyRequestsError) response.setHeader('Retry-After', String(exception.retryAfter));
    response.status(status).json(body);
  }

  /**
   * No route took the request (Nest's 404, not one of ours), but its path is
   * routed for other methods: 405 with `Allow` (RFC 9110), not a 404 that
   * says the path is not there.
   */
  private methodNotAllowed(exception: unknown, request: Request): { allow: string[]; body: ErrorBody } | undefined {
    if (!(exception instanceof NotFoundException) || !request) return undefined;
    const allow = allowedMethods(request);
    return allow && { allow, body: { error: methodNotAllowedText(request.method, allow) } };
  }

  describe(exception: unknown): [number, ErrorBody] {
    return describeException(exception);
  }
}

/** The status and body a failure is answered with (also what an Idempotency-Key replays). */
export function describeException(exception: unknown): [number, ErrorBody] {
  if (exception instanceof ApiError) return [exception.getStatus(), exception.body];
  if (exception instanceof EntityNotFoundError) return [404, { error: ErrorText.notFound }];
  // Before QueryFailedError: a query that failed because the connection did is not the client's fault.
  if (isDatabaseUnavailable(exception)) return [HttpStatus.SERVICE_UNAVAILABLE, { error: ErrorText.unavailable }];
  if (exception instanceof QueryFailedError) return describeDatabaseError(exception);
  if (exception instanceof HttpException) return describeHttpException(exception);
  return [HttpStatus.INTERNAL_SERVER_ERROR, { error: ErrorText.internal }];
}

function describeHttpException(exception: HttpException): [number, ErrorBody] {
  const status = exception.getStatus();
  if (status === 404) return [404, { error: ErrorText.notFound }];
  if (status === 401 || status === 403) return [401, { error: ErrorText.unauthorized }];
  if (status === HttpStatus.SERVICE_UNAVAILABLE) return [status, { error: ErrorText.unavailable }];
  if (status >= 500) return [status, { error: ErrorText.internal }];
  const res = exception.getResponse();
  const message = typeof res === 'string' ? res : (res as { message?: unknown }).message;
  return [status, { error: typeof message === 'string' ? message : exception.message }];
}

type DriverError = { code?: string; severity?: string; column?: string; constraint?: string; detail?: string };

/**
 * Constraint violations that slip past validation (races, rows changed under
 * us) are the client's problem, not a 500; so are statements PostgreSQL
 * refuses because of the values sent (see inputRefusalCode). The SQL itself
 * is never shown.
 */
function describeDatabaseError(error: QueryFailedError): [number, ErrorBody] {
  const driverError = (error as QueryFailedError & { driverError?: DriverError }).driverError ?? {};
  const field = driverError.column ?? fieldFromDetail(driverError.detail) ?? 'base';
  const refused = refusedInputCode(error);
  if (refused?.startsWith('22')) return [422, { error: ErrorText.invalidResource, errors: { [field]: ['is invalid'] } }];
  if (refused) return [422, { error: ErrorText.invalidResource, errors: { base: ['is too large'] } }];
  switch (driverError.code) {
    case '23505':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ['has already been taken'] } }];
    case '23503':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ['does not exist'] } }];
    case '23502':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ["can't be blank"] } }];
    case '23514':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ['is invalid'] } }];
    case '40001':
    case '40P01':
    case '55P03':
      return [409, { error: 'The resource was changed by another request. Please try again.' }];
    default:
      return [HttpStatus.INTERNAL_SERVER_ERROR, { error: ErrorText.internal }];
  }
}

/** The SQLSTATE of a statement PostgreSQL refused because of the values sent (see inputRefusalCode), when the failure is one. */
export function refusedInputCode(error: unknown): string | undefined {
  if (!(error instanceof QueryFailedError)) return undefined;
  return inputRefusalCode((error as QueryFailedError & { driverError?: DriverError }).driverError ?? {});
}

function fieldFromDetail(detail: string | undefined): string | undefined {
  // e.g. 'Key (slug)=(shirt) already exists.' or 'Key (lower(email::text))=...'
  const match = detail?.match(/^Key \((?:lower\()?([a-z_]+)/);
  return match?.[1];
}
