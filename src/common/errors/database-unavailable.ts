import { QueryRunnerAlreadyReleasedError, QueryRunnerProviderAlreadyReleasedError } from 'typeorm';

/**
 * Whether a failure means "the database cannot be reached right now" rather
 * than "this request is wrong": the server is down, restarting, refusing
 * connections, out of connection slots, or the connection broke mid-request.
 * Such a request answers 503 (try again later), never a 500 or a hang.
 *
 * Any failure to open a connection is one, whatever PostgreSQL's reason
 * (not accepting connections, database gone, credentials refused): the pool
 * opens its connections through `ConnectingClient`, which reports such a
 * failure as a DatabaseConnectionError. Once connected, a statement's error
 * is an outage only when its code says so, or when the server ended the
 * session with it (severity FATAL or PANIC).
 *
 * TypeORM wraps driver errors in a QueryFailedError (`driverError`) for
 * queries, but lets the pool's own errors (refused connection, connect
 * timeout) through as they are; a few carry the real reason in `cause` or,
 * for a host with several addresses, in an AggregateError's `errors`.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  if (error instanceof DatabaseConnectionError) return true;
  // TypeORM lets go of a connection that broke inside a transaction; the transaction's next query then finds it gone.
  if (error instanceof QueryRunnerProviderAlreadyReleasedError || error instanceof QueryRunnerAlreadyReleasedError) return true;
  const e = error as { code?: unknown; severity?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (e.severity === 'FATAL' || e.severity === 'PANIC') return true;
  if (typeof e.code === 'string' && !inputRefusalCode(e) && (UNAVAILABLE_CODES.has(e.code) || UNAVAILABLE_CLASSES.some((prefix) => (e.code as string).startsWith(prefix)))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(e.message as string))) return true;
  const inner = [e.driverError, e.cause, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((cause) => cause !== error && isDatabaseUnavailable(cause, depth + 1));
}

const UNAVAILABLE_CODES = new Set([
  // Sockets (Node): the server is not there or the connection broke.
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  // PostgreSQL SQLSTATEs.
  '57P01', // admin_shutdown: the server is stopping and ended our session
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '57014', // query_canceled: statement_timeout fired (the database is too slow to answer now)
  '25P03', // idle_in_transaction_session_timeout
]);

/** 08: connection exception; 53: insufficient resources (too many connections, out of memory, disk full); 58: system error (I/O). */
const UNAVAILABLE_CLASSES = ['08', '53', '58'];

/** node-postgres and pg-pool say these in plain Errors, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly / due to connection timeout
  /^timeout exceeded when trying to connect$/, // no pool connection within connectionTimeoutMillis
  /is not queryable$/, // client has encountered a connection error / was closed
  /^Query read timeout$/, // query_timeout
  /^Cannot use a pool after calling end on the pool$/, // shutting down
];

/**
 * A connection to the database could not be opened, for whatever reason
 * (server unreachable, `ALLOW_CONNECTIONS false` (55000), database dropped
 * (3D000), credentials refused (28xxx), too many clients): an outage.
 */
export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    super(`Could not connect to the database: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseConnectionError';
  }
}

/**
 * The SQLSTATE of a driver error that is PostgreSQL refusing a statement
 * because of the values it was sent, when it is one:
 * - 22 data exception: a value out of range, text it cannot hold, …;
 * - 54 program limit exceeded: statement too complex, too many arguments, a
 *   value too large for an index;
 * - 08P01 at ERROR severity: the protocol violation of a statement with more
 *   bind parameters than the protocol can count (65,535). The session stays
 *   up; at FATAL the server ended it, and that is an outage.
 * Trying again cannot help: the client's doing (4xx), never an outage.
 */
export function inputRefusalCode(driverError: { code?: unknown; severity?: unknown }): string | undefined {
  const { code, severity } = driverError;
  if (typeof code !== 'string') return undefined;
  return code.startsWith('22') || code.startsWith('54') || (code === '08P01' && severity === 'ERROR') ? code : undefined;
}
