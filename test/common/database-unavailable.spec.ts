import { QueryFailedError, QueryRunnerAlreadyReleasedError } from 'typeorm';
import { DatabaseConnectionError, isDatabaseUnavailable } from '../../src/common/errors/database-unavailable';
import { ConnectingClient } from '../../src/database/data-source-options';

// Which failures mean "the database cannot be reached now" (503) rather than
// a bad request or a bug. The outages themselves are exercised end to end in
// test/reliability/database-outage.spec.ts; these are the shapes node-postgres,
// pg-pool and TypeORM give them, including the ones an outage test cannot
// provoke on demand (too many connections, a server starting up).

const withCode = (code: string, message = 'x', severity = 'ERROR') => Object.assign(new Error(message), { code, severity });
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
    // Whatever PostgreSQL's reason for refusing a connection.
    ['connecting: database not accepting connections 55000', new DatabaseConnectionError(withCode('55000', 'database "shop" is not currently accepting connections', 'FATAL'))],
    ['connecting: database does not exist 3D000', new DatabaseConnectionError(withCode('3D000', 'database "shop" does not exist', 'FATAL'))],
    ['connecting: password authentication failed 28P01', new DatabaseConnectionError(withCode('28P01', 'password authentication failed for user "shop"', 'FATAL'))],
    ['connecting, timed out in the pool (cause kept)', new Error('Connection terminated due to connection timeout', { cause: new DatabaseConnectionError(new Error('timeout expired')) })],
    ['a statement whose session the server ended (FATAL, any code)', queryFailed(withCode('XX000', 'internal error', 'FATAL'))],
    ['protocol violation 08P01 ending the session (FATAL)', queryFailed(withCode('08P01', 'invalid frontend message type', 'FATAL'))],
  ])('%s: unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['unique violation 23505', queryFailed(withCode('23505'))],
    ['serialization failure 40001', queryFailed(withCode('40001'))],
    ['lock not available 55P03', queryFailed(withCode('55P03'))],
    ['syntax error 42601 (a bug)', queryFailed(withCode('42601'))],
    // Statements refused because of what was sent: the session is up, a retry would be refused again.
    ['more bind parameters than a statement takes (08P01 at ERROR)', queryFailed(withCode('08P01', 'bind message has 4464 parameter formats but 0 parameters'))],
    ['program_limit_exceeded 54000', queryFailed(withCode('54000', 'index row size 3000 exceeds btree version 4 maximum 2704'))],
    ['statement_too_complex 54001', queryFailed(withCode('54001', 'stack depth limit exceeded'))],
    ['too_many_arguments 54023', queryFailed(withCode('54023'))],
    ['numeric_value_out_of_range 22003', queryFailed(withCode('22003'))],
    ['not accepting connections 55000 on a statement, not while connecting', queryFailed(withCode('55000'))],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s: not unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

// The pool's client marks any failure to connect, so the failure is an outage whatever its SQLSTATE.
describe('ConnectingClient', () => {
  const missing = () => {
    const url = new URL(process.env.TEST_DATABASE_SERVER_URL!);
    url.pathname = '/commerce_no_such_database';
    return url.toString();
  };

  it('awaited: a database that does not exist (3D000) rejects with a DatabaseConnectionError keeping the reason', async () => {
    const error = await new ConnectingClient({ connectionString: missing() }).connect().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseConnectionError);
    expect(((error as Error).cause as { code?: string }).code).toBe('3D000');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('with a callback, as the pool connects: the same, and a good connection works as before', async () => {
    const failed = await new Promise<unknown>((resolve) => new ConnectingClient({ connectionString: missing() }).connect((e: Error) => resolve(e)));
    expect(failed).toBeInstanceOf(DatabaseConnectionError);
    const client = new ConnectingClient({ connectionString: process.env.TEST_DATABASE_SERVER_URL });
    const connected = await new Promise<unknown>((resolve, reject) => client.connect((e: Error | null) => (e ? reject(e) : resolve(null))));
    expect(connected).toBeNull();
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await client.end();
  });
});
