import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { isDatabaseUnavailable } from '../../src/common/errors/database-unavailable';

// Which failures mean "the database cannot be reached now" (503) rather than
// a bad request or a bug. The outages themselves are exercised end to end in
// test/reliability/database-outage.spec.ts; these are the shapes node-postgres,
// pg-pool and TypeORM give them, including the ones an outage test cannot
// provoke on demand (too many connections, a server starting up).

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const queryFailed = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    ['connection reset', withCode('ECONNRESET')],
    ['host unreachable, inside an AggregateError (several addresses)', new AggregateError([withCode('EHOSTUNREACH'), withCode('ECONNREFUSED')], 'connect failed')],
    ['pool: no connection within connectionTimeoutMillis', new Error('timeout exceeded when trying to connect')],
    ['pool: connect timed out (cause kept)', new Error('Connection terminated due to connection timeout', { cause: new Error('Connection terminated unexpectedly') })],
    ['connection lost mid-query', queryFailed(new Error('Connection terminated unexpectedly'))],
    ['client unusable after an error', queryFailed(new Error('Client has encountered a connection error and is not queryable'))],
    ['admin_shutdown 57P01', queryFailed(withCode('57P01', 'terminating connection due to administrator command'))],
    ['crash_shutdown 57P02', queryFailed(withCode('57P02'))],
    ['cannot_connect_now 57P03 (starting up / shutting down)', withCode('57P03', 'the database system is starting up')],
    ['too_many_connections 53300', withCode('53300', 'sorry, too many clients already')],
    ['out_of_memory 53200', queryFailed(withCode('53200'))],
    ['connection_failure 08006', withCode('08006')],
    ['statement_timeout 57014', queryFailed(withCode('57014', 'canceling statement due to statement timeout'))],
    ['client-side query_timeout', queryFailed(new Error('Query read timeout'))],
    ['a transaction whose connection TypeORM already let go', new QueryRunnerAlreadyReleasedError()],
  ])('%s: unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation 23505', queryFailed(withCode('23505'))],
    ['serialization failure 40001', queryFailed(withCode('40001'))],
    ['lock not available 55P03', queryFailed(withCode('55P03'))],
    ['syntax error 42601 (a bug)', queryFailed(withCode('42601'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s: not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
