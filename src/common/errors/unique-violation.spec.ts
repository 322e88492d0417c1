import { QueryFailedError } from 'typeorm';
import { isUniqueViolation } from './unique-violation';

/** A failed query as TypeORM throws it, from the fields pg gives its error. */
function queryFailed(fields: { code: string; constraint?: string }): QueryFailedError {
  return new QueryFailedError('INSERT …', [], Object.assign(new Error('duplicate key value violates unique constraint'), fields));
}

describe('isUniqueViolation', () => {
  it('recognizes a unique violation (23505) as TypeORM throws it', () => {
    expect(isUniqueViolation(queryFailed({ code: '23505', constraint: 'zones_name_key' }))).toBe(true);
  });

  it('and as the driver throws it, not wrapped', () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate'), { code: '23505' }))).toBe(true);
  });

  it('checks the constraint when one is named', () => {
    const error = queryFailed({ code: '23505', constraint: 'zones_name_key' });
    expect(isUniqueViolation(error, 'zones_name_key')).toBe(true);
    expect(isUniqueViolation(error, 'zones_pkey')).toBe(false);
  });

  it.each([
    ['another constraint violation', queryFailed({ code: '23503' })],
    ['a serialization failure', queryFailed({ code: '40001' })],
    ['an error without a code', new Error('boom')],
    ['null', null],
    ['a string', '23505'],
  ])('is false for %s', (_, error) => {
    expect(isUniqueViolation(error)).toBe(false);
  });
});
