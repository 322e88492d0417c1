import { bindParams } from '../../src/common/params/resource-params';
import { BooleanField, characterCount, DateTimeField, DecimalField, IntegerField, IntegerListField, NestedField, StringField } from '../../src/common/params/fields';
import { InvalidResourceError } from '../../src/common/errors/api-errors';

class ExampleDto {
  @StringField({ required: true }) name: string;
  @IntegerField({ minimum: 0 }) quantity?: number;
  @DecimalField({ minimum: 0 }) price?: string;
  @BooleanField() active?: boolean;
  @DateTimeField() available_on?: Date;
  @IntegerListField() ids?: number[];
  @StringField({ maxLength: 5 }) code?: string;
}

/** The three meanings of a blank value in an optional field. */
class BlankDto {
  @StringField() note?: string | null;
  @StringField({ blank: 'absent' }) slug?: string;
  @IntegerField({ blank: 'refused' }) quantity?: number;
}

class NestedDto {
  @NestedField(() => ExampleDto) item?: ExampleDto;
}

function errorsOf(plain: Record<string, unknown>): Record<string, string[]> {
  try {
    bindParams(ExampleDto, plain);
  } catch (error) {
    if (error instanceof InvalidResourceError) return error.body.errors!;
    throw error;
  }
  throw new Error('expected a 422');
}

describe('request parameter binding', () => {
  it('reads strings as their types and drops keys the DTO does not list', () => {
    const dto = bindParams(ExampleDto, { name: 'Mug', quantity: '2', price: '12.50', active: 'true', available_on: '2026-01-02T00:00:00Z', ids: '3,1,3', admin: true, state: 'complete' });
    expect(dto).toEqual(Object.assign(new ExampleDto(), { name: 'Mug', quantity: 2, price: '12.50', active: true, available_on: new Date('2026-01-02T00:00:00Z'), ids: [3, 1] }));
    expect(dto).not.toHaveProperty('admin');
    expect(dto).not.toHaveProperty('state');
  });

  it('keeps decimals as exact strings', () => {
    expect(bindParams(ExampleDto, { name: 'x', price: 0.1 }).price).toBe('0.1');
    expect(bindParams(ExampleDto, { name: 'x', price: '12345678901.99' }).price).toBe('12345678901.99');
  });

  it('names each unreadable field with a Rails message', () => {
    expect(errorsOf({ name: { evil: 1 }, quantity: 'many', price: [1], active: 'maybe', available_on: 'someday', ids: 'a,b' })).toEqual({
      name: ['is invalid'],
      quantity: ['is not a number'],
      price: ['is not a number'],
      active: ['is not a boolean'],
      available_on: ['is not a valid date'],
      ids: ['is invalid'],
    });
  });

  it('tells a value below the minimum from one that is not a number', () => {
    expect(errorsOf({ name: 'x', quantity: '-1', price: '-0.01' })).toEqual({
      quantity: ['must be greater than or equal to 0'],
      price: ['must be greater than or equal to 0'],
    });
  });

  it("reports a missing required field as can't be blank", () => {
    expect(errorsOf({ quantity: 1 })).toEqual({ name: ["can't be blank"] });
    expect(errorsOf({ name: '  ' })).toEqual({ name: ["can't be blank"] });
  });

  it('refuses integers beyond the 32-bit range of our columns before they reach the database', () => {
    expect(bindParams(ExampleDto, { name: 'x', quantity: '2147483647' }).quantity).toBe(2147483647);
    expect(errorsOf({ name: 'x', quantity: '2147483648' })).toEqual({ quantity: ['is not a number'] });
    expect(errorsOf({ name: 'x', quantity: 1e20 })).toEqual({ quantity: ['is not a number'] });
  });

  it('tells a string that is too long from a value that is not a string', () => {
    expect(errorsOf({ name: 'x', code: 'ABCDEF' })).toEqual({ code: ['is too long (maximum is 5 characters)'] });
    expect(errorsOf({ name: 'x', code: { a: 1 } })).toEqual({ code: ['is invalid'] });
    expect(errorsOf({ name: 'x'.repeat(256) })).toEqual({ name: ['is too long (maximum is 255 characters)'] });
  });

  it('counts a string\'s length in characters, as the document\'s maxLength and PostgreSQL do: an emoji is one', () => {
    // Five characters, ten UTF-16 units.
    expect(bindParams(ExampleDto, { name: 'x', code: '😀😀😀😀😀' }).code).toBe('😀😀😀😀😀');
    expect(errorsOf({ name: 'x', code: '😀😀😀😀😀😀' })).toEqual({ code: ['is too long (maximum is 5 characters)'] });
    expect(characterCount('a😀b')).toBe(3);
  });

  it('refuses text with a NUL byte, which PostgreSQL cannot store', () => {
    expect(errorsOf({ name: 'a\u0000b' })).toEqual({ name: ['is invalid'] });
    expect(errorsOf({ name: 'x', code: '\u0000' })).toEqual({ code: ['is invalid'] });
  });

  it('refuses dates PostgreSQL could not store', () => {
    for (const available_on of ['-005000-01-01T00:00:00Z', '0000-06-01T00:00:00Z', '+010000-01-01T00:00:00Z']) {
      expect(errorsOf({ name: 'x', available_on })).toEqual({ available_on: ['is not a valid date'] });
    }
    expect(bindParams(ExampleDto, { name: 'x', available_on: '0001-01-01T00:00:00Z' }).available_on).toEqual(new Date('0001-01-01T00:00:00Z'));
  });

  it('hands a blank optional field to the service as null, or as the field declares: absent, or refused', () => {
    for (const blank of [null, '', '   ']) {
      const bound = bindParams(BlankDto, { note: blank === '   ' ? null : blank, slug: blank });
      expect(bound).toEqual({ note: null });
      expect('slug' in bound).toBe(false);
      let errors: Record<string, string[]> = {};
      try {
        bindParams(BlankDto, { quantity: blank });
      } catch (error) {
        errors = (error as InvalidResourceError).body.errors!;
      }
      expect(errors).toEqual({ quantity: ["can't be blank"] });
    }
    expect(bindParams(BlankDto, { slug: ' tote ', quantity: '2' })).toEqual({ slug: ' tote ', quantity: 2 });
  });

  it('reports a nested group of the wrong shape once, as is invalid', () => {
    let errors: Record<string, string[]> = {};
    try {
      bindParams(NestedDto, { item: 'a string' });
    } catch (error) {
      errors = (error as InvalidResourceError).body.errors!;
    }
    expect(errors).toEqual({ item: ['is invalid'] });
  });
});
