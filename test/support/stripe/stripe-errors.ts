/**
 * Stripe's error answers (`{error: {type, code, decline_code, message,
 * param, …}}`) with the HTTP status Stripe gives each kind.
 */
export interface ApiErrorBody {
  type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  code?: string;
  decline_code?: string;
  doc_url?: string;
  message: string;
  param?: string;
  charge?: string;
  payment_intent?: object;
  payment_method?: object;
  setup_intent?: object;
}

export class StripeApiError extends Error {
  /**
   * @param kept whether Stripe keeps this answer for the request's
   *   Idempotency-Key: only once the operation ran (a card declined), not when
   *   the request was refused before it (a bad or missing parameter).
   */
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
    readonly kept = false,
  ) {
    super(body.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replace(/_/g, '-')}`;

/** 400 invalid_request_error. */
export function invalidRequest(message: string, details: { code?: string; param?: string } = {}): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    ...(details.code && { code: details.code, doc_url: docUrl(details.code) }),
    message,
    ...(details.param && { param: details.param }),
  });
}

/** 404 resource_missing: `No such payment_intent: 'pi_…'`. */
export function noSuch(kind: string, id: string, param: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: docUrl('resource_missing'),
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

/** 400 parameter_missing. */
export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });
}

/** 400 payment_intent_unexpected_state / setup_intent_unexpected_state, with the intent as it is. */
export function unexpectedState(message: string, intent: Record<string, any>): StripeApiError {
  const isSetup = intent.object === 'setup_intent';
  const code = isSetup ? 'setup_intent_unexpected_state' : 'payment_intent_unexpected_state';
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    code,
    doc_url: docUrl(code),
    message,
    ...(isSetup ? { setup_intent: structuredClone(intent) } : { payment_intent: structuredClone(intent) }),
  });
}

/** 402 card_error, kept for the Idempotency-Key: the payment was attempted. */
export function cardError(body: Omit<ApiErrorBody, 'type' | 'doc_url'> & { code: string }): StripeApiError {
  return new StripeApiError(402, { type: 'card_error', doc_url: docUrl(body.code), ...body }, true);
}

/** 400 idempotency_error. */
export function idempotencyError(message: string): StripeApiError {
  return new StripeApiError(400, { type: 'idempotency_error', message });
}

/** 500 api_error, as Stripe answers when it fails. */
export function apiError(): StripeApiError {
  return new StripeApiError(500, { type: 'api_error', message: 'An unknown error occurred' });
}

/** 401: no key, or not this account's key. */
export function authenticationError(key: string | undefined): StripeApiError {
  const message = key
    ? `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
    : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.";
  return new StripeApiError(401, { type: 'invalid_request_error', message });
}
