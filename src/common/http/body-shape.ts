/**
 * Shape limits of request parameters (JSON bodies, form bodies, query
 * strings), checked before anything binds them. Without them a 15 KB body of
 * 2,500 nested objects overflows the stack of class-transformer (a 500), and a
 * 1 MB body can carry lists of 100,000 ids. The limits sit far above what a
 * Spree client sends: an order with line items, addresses and a payment
 * source nests 5 levels, a zone of every country has about 250 members.
 */

/** Nested objects and arrays, the body itself counting as level 1. */
export const MAX_NESTING_DEPTH = 20;
/** Keys in any one object (a list sent as a hash keyed "0", "1", … counts its keys). */
export const MAX_KEYS_PER_OBJECT = 1000;
/** Items in any one array. */
export const MAX_ARRAY_LENGTH = 1000;
/** `key=value` pairs in one form body or query string. */
export const MAX_PARAMETERS = 5000;

/** Where the parameters came from, as the error text names it. */
export type ParameterSource = 'request body' | 'query string';

export const ShapeText = {
  tooDeep: (where: ParameterSource) => `The ${where} is nested too deeply (at most ${MAX_NESTING_DEPTH} levels).`,
  tooManyKeys: (where: ParameterSource) => `The ${where} has an object with too many keys (at most ${MAX_KEYS_PER_OBJECT}).`,
  tooLong: (where: ParameterSource) => `The ${where} has a list with too many items (at most ${MAX_ARRAY_LENGTH}).`,
  tooManyParameters: (where: ParameterSource) => `The ${where} has too many parameters (at most ${MAX_PARAMETERS}).`,
};

/**
 * What is wrong with the shape of `value`, or undefined when it is within the
 * limits. Walks with its own stack, never by recursion, so no input can
 * overflow the call stack here; it stops at the first container too deep, so
 * the walk itself is bounded by the input's size.
 */
export function shapeProblem(value: unknown, where: ParameterSource = 'request body'): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_NESTING_DEPTH) return ShapeText.tooDeep(where);
    let children: unknown[];
    if (Array.isArray(node)) {
      if (node.length > MAX_ARRAY_LENGTH) return ShapeText.tooLong(where);
      children = node;
    } else {
      const keys = Object.keys(node);
      // Keys "0", "1", … are a list sent as a hash (as qs makes a long form list): named as a list.
      if (keys.length > MAX_KEYS_PER_OBJECT) return keys.every((k) => /^\d+$/.test(k)) ? ShapeText.tooLong(where) : ShapeText.tooManyKeys(where);
      children = keys.map((k) => (node as Record<string, unknown>)[k]);
    }
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: depth + 1 });
  }
  return undefined;
}

/** True when a form body or query string holds more pairs than MAX_PARAMETERS (counted as qs counts them). */
export function tooManyParameters(input: string): boolean {
  return input.split('&', MAX_PARAMETERS + 1).length > MAX_PARAMETERS;
}
