import { HttpException, HttpStatus } from '@nestjs/common';

/** Texts of Spree 2.2's api/config/locales/en.yml (contract section 2). */
export const ErrorText = {
  mustSpecifyApiKey: 'You must specify an API key.',
  invalidApiKey: 'Invalid API key specified.',
  unauthorized: 'You are not authorized to perform that action.',
  notFound: 'The resource you were looking for could not be found.',
  invalidResource: 'Invalid resource. Please fix errors and try again.',
  couldNotTransition: 'The order could not be transitioned. Please fix the errors and try again.',
  invalidCredentials: 'Invalid email or password.',
  /** Devise's `unconfirmed` (REQUIRE_EMAIL_VERIFICATION). */
  unconfirmedEmail: 'You have to confirm your email address before continuing.',
  internal: 'Internal server error',
  tooManyRequests: 'Too many requests. Please try again later.',
  unavailable: 'Service unavailable',
} as const;

/** Field name → messages, as Rails' `errors.messages`. */
export type FieldErrors = Record<string, string[]>;

export interface ErrorBody {
  error: string;
  errors?: FieldErrors;
}

/** Every failure the API reports on purpose; the exception filter renders its body. */
export class ApiError extends HttpException {
  constructor(status: number, readonly body: ErrorBody) {
    super(body, status);
  }
}

export class NotFoundError extends ApiError {
  constructor() {
    super(HttpStatus.NOT_FOUND, { error: ErrorText.notFound });
  }
}

export class UnauthorizedError extends ApiError {
  constructor(text: string = ErrorText.unauthorized) {
    super(HttpStatus.UNAUTHORIZED, { error: text });
  }
}

/** 422: the resource is invalid; `errors` names each bad field. */
export class InvalidResourceError extends ApiError {
  constructor(errors: FieldErrors = {}, text: string = ErrorText.invalidResource) {
    super(HttpStatus.UNPROCESSABLE_ENTITY, { error: text, errors });
  }

  static field(field: string, message: string): InvalidResourceError {
    return new InvalidResourceError({ [field]: [message] });
  }

  /** The same error with each field renamed (e.g. `quantity` → `line_items.quantity` when reached through an order). */
  renamed(rename: (field: string) => string): InvalidResourceError {
    const errors = Object.fromEntries(Object.entries(this.body.errors ?? {}).map(([field, messages]) => [rename(field), messages]));
    return new InvalidResourceError(errors, this.body.error);
  }
}

/** 400: the request itself cannot be read (bad JSON, a parameter group of the wrong shape). */
export class BadRequestError extends ApiError {
  constructor(text: string) {
    super(HttpStatus.BAD_REQUEST, { error: text });
  }
}

/** A request body in a media type the API does not read (or JSON sent as a form): 415, naming the type sent. */
export class UnsupportedMediaTypeError extends ApiError {
  constructor(text: string) {
    super(HttpStatus.UNSUPPORTED_MEDIA_TYPE, { error: text });
  }
}

/** 429: too many attempts; the answer carries `Retry-After: <retryAfter>` (seconds). */
export class TooManyRequestsError extends ApiError {
  constructor(readonly retryAfter: number) {
    super(HttpStatus.TOO_MANY_REQUESTS, { error: ErrorText.tooManyRequests });
  }
}

/** Collects field errors the way a Rails model does, then throws them all at once. */
export class FieldErrorCollector {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): this {
    (this.errors[field] ??= []).push(message);
    return this;
  }

  get any(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  throwIfAny(): void {
    if (this.any) throw new InvalidResourceError(this.errors);
  }
}
