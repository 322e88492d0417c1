import { bindParams } from './resource-params';
import { InvalidResourceError } from '../errors/api-errors';
import { StringField } from './fields';

class NamedDto {
  @StringField({ required: true }) name: string;
}

function errorsOf(plain: Record<string, unknown>): unknown {
  try {
    bindParams(NamedDto, plain);
    return undefined;
  } catch (error) {
    return error instanceof InvalidResourceError ? (error as unknown as { body: { errors: unknown } }).body.errors : error;
  }
}

describe('StringField', () => {
  it('reads text, and a JSON number as its text (a form sends "12345"; JSON may send 12345)', () => {
    expect(bindParams(NamedDto, { name: 'Size' }).name).toBe('Size');
    expect(bindParams(NamedDto, { name: 12345 }).name).toBe('12345');
  });

  it('refuses a JSON true/false where text is declared (it was saved as "false"), and an object', () => {
    expect(errorsOf({ name: false })).toEqual({ name: ['is invalid'] });
    expect(errorsOf({ name: true })).toEqual({ name: ['is invalid'] });
    expect(errorsOf({ name: { a: 1 } })).toEqual({ name: ['is invalid'] });
  });
});
