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
