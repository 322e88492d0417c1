import { InvalidResourceError } from '../errors/api-errors';
import {
  castValue,
  listParams,
  listValues,
  MAX_PAGE,
  parseKey,
  PREDICATES,
  readConditions,
  readSearchTime,
  readSorts,
  readTest,
  SEARCH_LIMITS,
  SearchableAttribute,
  SearchableAttributes,
} from './list-query-parser';

const name: SearchableAttribute = { expression: 'p.name', type: 'string' };
const sku: SearchableAttribute = { expression: 'v.sku', type: 'string', exists: { from: 'variants v', where: 'v.product_id = p.id' } };
const id: SearchableAttribute = { expression: 'p.id', type: 'integer' };
const price: SearchableAttribute = { expression: 'p.price', type: 'decimal' };
const available: SearchableAttribute = { expression: 'p.available', type: 'boolean' };
const created: SearchableAttribute = { expression: 'p.created_at', type: 'datetime' };
/** An attribute whose name itself contains `_or_` and `_not`: the grammar must still split keys right. */
const nameNot: SearchableAttribute = { expression: 'p.name_not', type: 'string' };
const attributes: SearchableAttributes = { name, sku, id, price, available, created_at: created, name_not: nameNot };

/** The 422 body `readConditions` refuses `q` with, or undefined when it accepts it. */
function refusal(q: Record<string, unknown>): Record<string, string[]> | undefined {
  try {
    readConditions(q, attributes);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidResourceError);
    return (error as InvalidResourceError).body.errors as Record<string, string[]>;
  }
}

describe('listParams', () => {
  it('reads page and per_page, with the defaults for what is missing or unreadable', () => {
    expect(listParams({})).toEqual({ page: 1, perPage: 25, q: {} });
    expect(listParams({ page: '3', per_page: '10' })).toEqual({ page: 3, perPage: 10, q: {} });
    expect(listParams({ page: 'x', per_page: 'y' })).toEqual({ page: 1, perPage: 25, q: {} });
    expect(listParams({ page: '0', per_page: '-5' })).toEqual({ page: 1, perPage: 25, q: {} });
    expect(listParams({ page: '1.5', per_page: '2.5' })).toEqual({ page: 1, perPage: 25, q: {} });
  });

  it('caps per_page at 100', () => {
    expect(listParams({ per_page: '101' }).perPage).toBe(100);
    expect(listParams({ per_page: '100' }).perPage).toBe(100);
  });

  it('reads pages up to int32 and refuses a higher one with 422 on page', () => {
    expect(listParams({ page: String(MAX_PAGE) }).page).toBe(MAX_PAGE);
    expect(() => listParams({ page: String(MAX_PAGE + 1) })).toThrow(InvalidResourceError);
    let refused: unknown;
    try {
      listParams({ page: '1e300' });
    } catch (error) {
      refused = error;
    }
    expect((refused as InvalidResourceError).body.errors).toEqual({ page: ['must be less than or equal to 2147483647'] });
  });

  it('takes q only as an object', () => {
    expect(listParams({ q: { name_cont: 'a' } }).q).toEqual({ name_cont: 'a' });
    expect(listParams({ q: 'name_cont' }).q).toEqual({});
    expect(listParams({ q: ['a'] }).q).toEqual({});
    expect(listParams({ q: null }).q).toEqual({});
  });
});

describe('parseKey: the key grammar', () => {
  it.each(PREDICATES.map((p) => [p]))('reads the predicate %s', (predicate) => {
    expect(parseKey(`name_${predicate}`, attributes)).toEqual({ attributes: [name], predicate });
  });

  it('reads the longest predicate first: name_not_eq is name + not_eq', () => {
    expect(parseKey('name_not_eq', attributes)).toEqual({ attributes: [name], predicate: 'not_eq' });
    expect(parseKey('name_not_cont', attributes)).toEqual({ attributes: [name], predicate: 'not_cont' });
    expect(parseKey('name_not_in', attributes)).toEqual({ attributes: [name], predicate: 'not_in' });
    expect(parseKey('name_not_null', attributes)).toEqual({ attributes: [name], predicate: 'not_null' });
  });

  it('falls back to a shorter predicate when the longer one names no attribute', () => {
    // `name_not_eq` could be name_not + eq too: the longest predicate whose terms are attributes wins.
    expect(parseKey('name_not_eq', { name_not: nameNot })).toEqual({ attributes: [nameNot], predicate: 'eq' });
  });

  it('splits _or_ terms, in order, each an attribute', () => {
    expect(parseKey('name_or_sku_cont', attributes)).toEqual({ attributes: [name, sku], predicate: 'cont' });
    expect(parseKey('sku_or_name_or_id_eq', attributes)).toEqual({ attributes: [sku, name, id], predicate: 'eq' });
    expect(parseKey('name_or_name_cont', attributes)).toEqual({ attributes: [name, name], predicate: 'cont' });
  });

  it('ignores a key with any term that is not an attribute', () => {
    expect(parseKey('name_or_secret_cont', attributes)).toBeUndefined();
    expect(parseKey('secret_eq', attributes)).toBeUndefined();
    expect(parseKey('_or_name_cont', attributes)).toBeUndefined();
    expect(parseKey('name_or__cont', attributes)).toBeUndefined();
    expect(parseKey('name', attributes)).toBeUndefined();
    expect(parseKey('name_like', attributes)).toBeUndefined();
  });

  it('never reads an inherited property as an attribute', () => {
    expect(parseKey('constructor_eq', attributes)).toBeUndefined();
    expect(parseKey('__proto___eq', attributes)).toBeUndefined();
    expect(parseKey('toString_or_name_eq', attributes)).toBeUndefined();
  });
});

describe('readTest: each predicate', () => {
  it('null and not_null, by the truth of their value', () => {
    expect(readTest('string', 'null', 'true')).toEqual({ kind: 'null', is: true });
    expect(readTest('string', 'null', '0')).toEqual({ kind: 'null', is: false });
    expect(readTest('integer', 'not_null', '1')).toEqual({ kind: 'null', is: false });
    expect(readTest('integer', 'not_null', 'false')).toEqual({ kind: 'null', is: true });
  });

  it('present and blank, by the truth of their value', () => {
    expect(readTest('string', 'present', 't')).toEqual({ kind: 'present', is: true });
    expect(readTest('string', 'present', 'no')).toEqual({ kind: 'present', is: false });
    expect(readTest('string', 'blank', 'YES')).toEqual({ kind: 'present', is: false });
    expect(readTest('string', 'blank', 'f')).toEqual({ kind: 'present', is: true });
  });

  it('true and false, on booleans only', () => {
    expect(readTest('boolean', 'true', '1')).toEqual({ kind: 'compare', op: '=', value: true });
    expect(readTest('boolean', 'true', '0')).toEqual({ kind: 'compare', op: '=', value: false });
    expect(readTest('boolean', 'false', 'true')).toEqual({ kind: 'compare', op: '=', value: false });
    expect(readTest('boolean', 'false', 'anything')).toEqual({ kind: 'compare', op: '=', value: true });
    expect(readTest('string', 'true', '1')).toBeUndefined();
    expect(readTest('integer', 'false', '1')).toBeUndefined();
  });

  it.each([
    ['eq', '='],
    ['not_eq', '<>'],
    ['lt', '<'],
    ['lteq', '<='],
    ['gt', '>'],
    ['gteq', '>='],
  ] as const)('%s compares with %s, the value cast to the attribute type', (predicate, op) => {
    expect(readTest('integer', predicate, ' 42 ')).toEqual({ kind: 'compare', op, value: 42 });
    expect(readTest('decimal', predicate, '19.99')).toEqual({ kind: 'compare', op, value: '19.99' });
    expect(readTest('string', predicate, ' Ruby ')).toEqual({ kind: 'compare', op, value: ' Ruby ' });
  });

  it('eq and the orders match nothing with a value that cannot be of the type; not_eq is then ignored', () => {
    expect(readTest('integer', 'eq', 'abc')).toEqual({ kind: 'nothing' });
    expect(readTest('integer', 'gt', '2147483648')).toEqual({ kind: 'nothing' });
    expect(readTest('decimal', 'lt', '1e5')).toEqual({ kind: 'nothing' });
    expect(readTest('boolean', 'eq', 'maybe')).toEqual({ kind: 'nothing' });
    expect(readTest('string', 'eq', 'a\u0000b')).toEqual({ kind: 'nothing' });
    expect(readTest('integer', 'not_eq', 'abc')).toBeUndefined();
    expect(readTest('string', 'eq', { a: 1 })).toEqual({ kind: 'nothing' });
  });

  it('a time that cannot be read drops the condition (as Ransack does), whatever the predicate', () => {
    expect(readTest('datetime', 'gt', 'yesterday')).toBeUndefined();
    expect(readTest('datetime', 'eq', '10000-01-01')).toBeUndefined();
    expect(readTest('datetime', 'gteq', '2024-05-01 10:00')).toEqual({ kind: 'compare', op: '>=', value: new Date('2024-05-01T10:00:00Z') });
  });

  it('in and not_in take a list of values of the type, dropping the others', () => {
    expect(readTest('integer', 'in', '1,2,x,3')).toEqual({ kind: 'in', negate: false, values: [1, 2, 3] });
    expect(readTest('integer', 'not_in', ['4', '5'])).toEqual({ kind: 'in', negate: true, values: [4, 5] });
    expect(readTest('string', 'in', { 0: 'a', 1: 'b' })).toEqual({ kind: 'in', negate: false, values: ['a', 'b'] });
  });

  it('an empty in matches nothing; an empty not_in is ignored', () => {
    expect(readTest('integer', 'in', 'x,y')).toEqual({ kind: 'nothing' });
    expect(readTest('integer', 'not_in', 'x,y')).toBeUndefined();
  });

  it('cont, not_cont, start and end make a LIKE pattern, the value escaped', () => {
    expect(readTest('string', 'cont', 'ru')).toEqual({ kind: 'like', negate: false, pattern: '%ru%' });
    expect(readTest('string', 'not_cont', 'ru')).toEqual({ kind: 'like', negate: true, pattern: '%ru%' });
    expect(readTest('string', 'start', 'ru')).toEqual({ kind: 'like', negate: false, pattern: 'ru%' });
    expect(readTest('string', 'end', 'ru')).toEqual({ kind: 'like', negate: false, pattern: '%ru' });
    expect(readTest('integer', 'cont', 12)).toEqual({ kind: 'like', negate: false, pattern: '%12%' });
    expect(readTest('string', 'cont', '50%_off\\')).toEqual({ kind: 'like', negate: false, pattern: '%50\\%\\_off\\\\%' });
  });

  it('a pattern that is not text is ignored; one with a NUL byte matches nothing (not_cont: every row, so ignored)', () => {
    expect(readTest('string', 'cont', ['a'])).toBeUndefined();
    expect(readTest('string', 'start', true)).toBeUndefined();
    expect(readTest('string', 'cont', 'a\u0000')).toEqual({ kind: 'nothing' });
    expect(readTest('string', 'end', 'a\u0000')).toEqual({ kind: 'nothing' });
    expect(readTest('string', 'not_cont', 'a\u0000')).toBeUndefined();
  });

  it('covers every predicate the grammar reads', () => {
    for (const predicate of PREDICATES) expect(readTest('boolean', predicate, '1')).toBeDefined();
  });
});

describe('castValue, readSearchTime, listValues', () => {
  it('integers within int32 only', () => {
    expect(castValue('2147483647', 'integer')).toBe(2147483647);
    expect(castValue('-2147483647', 'integer')).toBe(-2147483647);
    expect(castValue('2147483648', 'integer')).toBeUndefined();
    expect(castValue('1.0', 'integer')).toBeUndefined();
    expect(castValue(7, 'integer')).toBe(7);
  });

  it('decimals as exact strings, at most 12 integer digits', () => {
    expect(castValue(' 0.10 ', 'decimal')).toBe('0.10');
    expect(castValue('123456789012.5', 'decimal')).toBe('123456789012.5');
    expect(castValue('1234567890123', 'decimal')).toBeUndefined();
    expect(castValue('.5', 'decimal')).toBeUndefined();
  });

  it('booleans from true/false, 1/0, t/f in any case', () => {
    expect(['true', 'T', '1', true].map((v) => castValue(v, 'boolean'))).toEqual([true, true, true, true]);
    expect(['FALSE', 'f', '0', false].map((v) => castValue(v, 'boolean'))).toEqual([false, false, false, false]);
    expect(castValue('yes', 'boolean')).toBeUndefined();
  });

  it('times in UTC when they carry no offset, years 1 to 9999', () => {
    expect(readSearchTime('2024-05-01')).toEqual(new Date('2024-05-01T00:00:00Z'));
    expect(readSearchTime('2024-05-01T10:00:30.5')).toEqual(new Date('2024-05-01T10:00:30.500Z'));
    expect(readSearchTime('2024-05-01T10:00:00+02:00')).toEqual(new Date('2024-05-01T08:00:00Z'));
    expect(readSearchTime('not a date')).toBeUndefined();
    expect(readSearchTime('+010000-01-01T00:00:00Z')).toBeUndefined();
  });

  it('lists from arrays, comma-separated text and index-keyed objects', () => {
    expect(listValues(['1', '2'])).toEqual(['1', '2']);
    expect(listValues('1,2,3')).toEqual(['1', '2', '3']);
    expect(listValues({ 0: 'a', 1: 'b' })).toEqual(['a', 'b']);
    expect(listValues(5)).toEqual(['5']);
  });
});

describe('readConditions', () => {
  it('keeps the keys it can apply, in order, and ignores s, empty values and unknown keys', () => {
    const conditions = readConditions({ s: 'name asc', name_cont: 'ru', secret_eq: '1', id_eq: '', price_gt: undefined, name_or_sku_start: 'a' }, attributes);
    expect(conditions).toEqual([
      { attributes: [name], predicate: 'cont', value: 'ru' },
      { attributes: [name, sku], predicate: 'start', value: 'a' },
    ]);
  });

  it(`refuses more than ${SEARCH_LIMITS.conditions} conditions, counting each _or_ term`, () => {
    const key = Array.from({ length: 10 }, () => 'name').join('_or_');
    expect(refusal({ [`${key}_eq`]: 'a', [`${key}_not_eq`]: 'b' })).toBeUndefined();
    expect(refusal({ [`${key}_eq`]: 'a', [`${key}_not_eq`]: 'b', id_eq: '1' })).toEqual({
      q: [`has too many conditions (maximum is ${SEARCH_LIMITS.conditions}, counting each _or_ term)`],
    });
  });

  it(`refuses a value longer than ${SEARCH_LIMITS.valueLength} characters, a list's entries each`, () => {
    expect(refusal({ name_eq: 'x'.repeat(255) })).toBeUndefined();
    expect(refusal({ name_eq: 'x'.repeat(256) })).toEqual({ q: ['name_eq is too long (maximum is 255 characters)'] });
    expect(refusal({ id_in: ['1', 'x'.repeat(256)] })).toEqual({ q: ['id_in is too long (maximum is 255 characters)'] });
    // A comma-separated list: its entries are its values.
    expect(refusal({ id_in: Array.from({ length: 60 }, () => '1234').join(',') })).toBeUndefined();
    expect(refusal({ name_cont: { nested: 'x'.repeat(256) } })).toEqual({ q: ['name_cont is too long (maximum is 255 characters)'] });
  });

  it(`refuses an _in list of more than ${SEARCH_LIMITS.listValues} values`, () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    expect(refusal({ id_in: list(100) })).toBeUndefined();
    expect(refusal({ id_not_in: list(101) })).toEqual({ q: ['id_not_in has too many values (maximum is 100)'] });
  });

  it(`refuses more than ${SEARCH_LIMITS.parameters} values in all, a list counted once per _or_ term`, () => {
    const list = Array.from({ length: 100 }, (_, i) => String(i));
    expect(refusal({ id_in: list, id_not_in: list, price_in: list })).toBeUndefined();
    expect(refusal({ id_in: list, id_not_in: list, price_in: list, name_eq: 'a' })).toEqual({ q: ['has too many values in all (maximum is 300)'] });
    expect(refusal({ id_or_price_in: list, name_or_sku_in: list, id_eq: '1' })).toEqual({ q: ['has too many values in all (maximum is 300)'] });
  });

  it(`refuses more than ${SEARCH_LIMITS.patternLength} pattern characters in a search, each counted once per _or_ term`, () => {
    const value = 'x'.repeat(250);
    // 4 × 250 = 1,000: at the cap.
    expect(refusal({ name_or_sku_cont: value, name_not_cont: value, sku_start: value })).toBeUndefined();
    expect(refusal({ name_or_sku_cont: value, name_not_cont: value, sku_end: `${value}y` })).toEqual({
      q: [`has too long patterns in all (maximum is ${SEARCH_LIMITS.patternLength} characters of cont, not_cont, start and end values, counting each _or_ term)`],
    });
    // Only pattern predicates count: equal values cost no pattern matching.
    expect(refusal({ name_or_sku_eq: value, name_or_sku_not_eq: value, name_or_sku_start: value })).toBeUndefined();
  });

  it('reports each too long value or list, and the totals only when nothing else is wrong', () => {
    const list = Array.from({ length: 101 }, () => '1');
    const errors = refusal({ name_eq: 'x'.repeat(300), id_in: list, price_in: list, sku_in: list });
    expect(errors).toEqual({
      q: [
        'name_eq is too long (maximum is 255 characters)',
        'id_in has too many values (maximum is 100)',
        'price_in has too many values (maximum is 100)',
        'sku_in has too many values (maximum is 100)',
      ],
    });
  });

  it('ignores the cost of keys it ignores', () => {
    expect(refusal({ secret_cont: 'x'.repeat(5000), secret_in: Array.from({ length: 500 }, () => '1') })).toBeUndefined();
  });
});

describe('readSorts', () => {
  it('reads one sort or several, ascending unless desc', () => {
    expect(readSorts({ s: 'name desc' }, attributes)).toEqual([{ name: 'name', attribute: name, direction: 'DESC' }]);
    expect(readSorts({ s: [' id ', 'price DESC', 'created_at asc', 'name sideways'] }, attributes)).toEqual([
      { name: 'id', attribute: id, direction: 'ASC' },
      { name: 'price', attribute: price, direction: 'DESC' },
      { name: 'created_at', attribute: created, direction: 'ASC' },
      { name: 'name', attribute: name, direction: 'ASC' },
    ]);
    expect(readSorts({}, attributes)).toEqual([]);
  });

  it('ignores unknown attributes, to-many ones and entries that are not text', () => {
    expect(readSorts({ s: ['secret desc', 'sku asc', { name: 'desc' }, 'constructor', 'available desc'] }, attributes)).toEqual([
      { name: 'available', attribute: available, direction: 'DESC' },
    ]);
  });
});
