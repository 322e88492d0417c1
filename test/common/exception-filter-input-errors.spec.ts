import { ArgumentsHost, Logger } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { ApiExceptionFilter } from '../../src/common/errors/api-exception.filter';

// The filter's last line of defence for input the params readers missed: text
// PostgreSQL cannot hold is the client's mistake (422), never a 500 or driver text.
describe('exception filter: text PostgreSQL refuses', () => {
  const filter = new ApiExceptionFilter();
  const refused = (code: string, message: string) => new QueryFailedError('SELECT 1 WHERE name = $1', ['a\u0000b'], Object.assign(new Error(message), { code }));

  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
  ])('answers %s with 422 is invalid', (code, message) => {
    const [status, body] = filter.describe(refused(code, message));
    expect(status).toBe(422);
    expect(body).toEqual({ error: 'Invalid resource. Please fix errors and try again.', errors: { base: ['is invalid'] } });
  });
});

// A statement PostgreSQL refuses because of what was sent cannot succeed on a
// retry: a 4xx without Retry-After (never the 503 of an outage), logged at warn
// with the route only, neither the query string nor the driver's text.
describe('exception filter: statements PostgreSQL refuses because of their input', () => {
  const driverError = (code: string, message: string, severity = 'ERROR') => Object.assign(new Error(message), { code, severity });
  const refused = (code: string, message: string, severity?: string) => new QueryFailedError('SELECT 1 WHERE id IN ($1, …)', [], driverError(code, message, severity));

  it.each([
    ['08P01', 'bind message has 4464 parameter formats but 0 parameters'],
    ['54000', 'index row size 3000 exceeds btree version 4 maximum 2704'],
    ['54001', 'stack depth limit exceeded'],
    ['54023', 'cannot pass more than 100 arguments to a function'],
  ])('%s (%s): 422, base is too large', (code, message) => {
    expect(new ApiExceptionFilter().describe(refused(code, message))).toEqual([422, { error: 'Invalid resource. Please fix errors and try again.', errors: { base: ['is too large'] } }]);
  });

  it.each([
    ['22012', 'division by zero'],
    ['22023', 'invalid parameter value'],
  ])('any data exception, %s (%s): 422 is invalid', (code, message) => {
    expect(new ApiExceptionFilter().describe(refused(code, message))).toEqual([422, { error: 'Invalid resource. Please fix errors and try again.', errors: { base: ['is invalid'] } }]);
  });

  it('a protocol violation that ended the session (FATAL) is an outage', () => {
    expect(new ApiExceptionFilter().describe(refused('08P01', 'invalid frontend message type 0', 'FATAL'))).toEqual([503, { error: 'Service unavailable' }]);
  });

  it('answers without Retry-After and logs one warn line naming the SQLSTATE and the route, cut short, without the query string', () => {
    const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    try {
      const headers: Record<string, string> = {};
      const response = { headersSent: false, setHeader: (name: string, value: string) => void (headers[name] = value), status: jest.fn().mockReturnThis(), json: jest.fn() };
      const longPath = `/api/countries/${'x'.repeat(5_000)}`;
      const request = { method: 'GET', path: longPath, originalUrl: `${longPath}?q[id_in]=${'1,'.repeat(5_000)}` };
      const host = { switchToHttp: () => ({ getResponse: () => response, getRequest: () => request }) } as unknown as ArgumentsHost;
      new ApiExceptionFilter().catch(refused('08P01', 'bind message has 4464 parameter formats but 0 parameters'), host);
      expect(response.status).toHaveBeenCalledWith(422);
      expect(headers).toEqual({});
      expect(error).not.toHaveBeenCalled();
      expect(warn).toHaveBeenCalledTimes(1);
      const line = String(warn.mock.calls[0][0]);
      expect(line).toMatch(/^PostgreSQL refused a statement \(SQLSTATE 08P01\) on GET \/api\/countries\/x+…\(\d+ more\): answered 422$/);
      expect(line.length).toBeLessThan(400);
      expect(line).not.toContain('bind message');
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
