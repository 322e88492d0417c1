import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { EntityNotFoundError, QueryFailedError } from 'typeorm';
import { ApiError, ErrorBody, ErrorText, TooManyRequestsError } from './api-errors';
import { isDatabaseUnavailable } from './database-unavailable';

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
    const [status, body] = this.describe(exception);
    // An outage gives one line per request, not a stack each.
    if (status === HttpStatus.SERVICE_UNAVAILABLE) this.logger.warn(`Service unavailable: ${exception instanceof Error ? exception.message : String(exception)}`);
    else if (status >= 500) this.logger.error(exception instanceof Error ? exception.stack : String(exception));
    if (response.headersSent) return;
    if (status === HttpStatus.SERVICE_UNAVAILABLE) response.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    if (exception instanceof TooManyRequestsError) response.setHeader('Retry-After', String(exception.retryAfter));
    response.status(status).json(body);
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

/**
 * Constraint violations that slip past validation (races, rows changed under
 * us) are the client's problem, not a 500; the SQL itself is never shown.
 */
function describeDatabaseError(error: QueryFailedError): [number, ErrorBody] {
  const driverError = (error as QueryFailedError & { driverError?: { code?: string; column?: string; constraint?: string; detail?: string } }).driverError ?? {};
  const field = driverError.column ?? fieldFromDetail(driverError.detail) ?? 'base';
  switch (driverError.code) {
    case '23505':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ['has already been taken'] } }];
    case '23503':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ['does not exist'] } }];
    case '23502':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ["can't be blank"] } }];
    case '23514':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
    case '22001':
    // Text PostgreSQL cannot hold (a NUL byte) that slipped past the params readers.
    case '22021':
    case '22P05':
      return [422, { error: ErrorText.invalidResource, errors: { [field]: ['is invalid'] } }];
    case '40001':
    case '40P01':
    case '55P03':
      return [409, { error: 'The resource was changed by another request. Please try again.' }];
    default:
      return [HttpStatus.INTERNAL_SERVER_ERROR, { error: ErrorText.internal }];
  }
}

function fieldFromDetail(detail: string | undefined): string | undefined {
  // e.g. 'Key (slug)=(shirt) already exists.' or 'Key (lower(email::text))=...'
  const match = detail?.match(/^Key \((?:lower\()?([a-z_]+)/);
  return match?.[1];
}
