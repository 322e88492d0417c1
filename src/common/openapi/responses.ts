import { applyDecorators, Type } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiQuery, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { MAX_PAGE, SEARCH_LIMITS } from '../listing/list-query';

/** The contract's error body, for the OpenAPI document. */
export class ErrorResponse {
  @ApiProperty({ example: 'The resource you were looking for could not be found.' }) error: string;
}

export class InvalidResourceResponse {
  @ApiProperty({ example: 'Invalid resource. Please fix errors and try again.' }) error: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { name: ["can't be blank"] },
  })
  errors: Record<string, string[]>;
}

export class CouldNotTransitionResponse {
  @ApiProperty({ example: 'The order could not be transitioned. Please fix the errors and try again.' }) error: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string' } },
    example: { email: ["can't be blank"] },
  })
  errors: Record<string, string[]>;
}

/** `{ "<key>": [Item], count, total_count, current_page, per_page, pages }` */
export function ApiListResponse(key: string, item: Type<unknown>, options: { searchable?: string[] } = {}) {
  return applyDecorators(
    ApiExtraModels(item, InvalidResourceResponse),
    ApiQuery({
      name: 'page',
      required: false,
      schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
      description: `From 1 (a value that is not a whole number of 1 or more means 1). Past the last page: an empty page (\`count\` 0) with its \`current_page\`. Above ${MAX_PAGE}: 422 naming \`page\`.`,
    }),
    ApiQuery({ name: 'per_page', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } }),
    ApiQuery({
      name: 'q',
      required: false,
      style: 'deepObject',
      explode: true,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
      examples: { search: { summary: 'A search and a sort', value: searchExample(options.searchable) } },
      description:
        'Ransack-style search: `q[<attribute>_<predicate>]=value` with predicates eq, not_eq, cont, not_cont, start, end, lt, lteq, gt, gteq, in, not_in, null, not_null, present, blank, true, false; ' +
        '`_or_` between attributes; sort with `q[s]=<attribute> asc|desc`. ' +
        (options.searchable ? `Searchable and sortable attributes: ${options.searchable.join(', ')}. ` : '') +
        'Other keys are ignored. ' +
        `Limits (422 naming \`q\` past them): at most ${SEARCH_LIMITS.conditions} conditions, each \`_or_\` term counting one; ` +
        `at most ${SEARCH_LIMITS.listValues} values in one \`_in\`/\`_not_in\` list; at most ${SEARCH_LIMITS.parameters} values in all (a list counts once per \`_or_\` term); ` +
        `at most ${SEARCH_LIMITS.valueLength} characters in one value (each entry of a list); ` +
        `at most ${SEARCH_LIMITS.patternLength} characters of \`cont\`, \`not_cont\`, \`start\` and \`end\` values in all, each counted once per \`_or_\` term. ` +
        'Searches and sorts run a few at a time per instance, and one client (an API key, a user, else an address or IPv6 /64) at most half of them; ' +
        'one that waits its turn longer than the database pool wait answers 503 with `Retry-After`.',
    }),
    ApiResponse({
      status: 422,
      description: `The search \`q\` is too costly: too many conditions, too long an \`_in\` list, too many values in all, too long a value or too long patterns in all; or \`page\` is above ${MAX_PAGE}`,
      content: {
        'application/json': {
          schema: { $ref: getSchemaPath(InvalidResourceResponse) },
          example: { error: 'Invalid resource. Please fix errors and try again.', errors: { q: [`has too many conditions (maximum is ${SEARCH_LIMITS.conditions}, counting each _or_ term)`] } },
        },
      },
    }),
    ApiOkResponse({
      schema: {
        type: 'object',
        required: [key, 'count', 'total_count', 'current_page', 'per_page', 'pages'],
        properties: {
          [key]: { type: 'array', items: { $ref: getSchemaPath(item) } },
          count: { type: 'integer', description: 'Items on this page' },
          total_count: { type: 'integer', description: 'All matching items' },
          current_page: { type: 'integer' },
          per_page: { type: 'integer' },
          pages: { type: 'integer' },
        },
      },
    }),
  );
}

/** What Swagger UI pre-fills for `q` (instead of `q[additionalProp1]=string`): a search and a sort on the resource's own attributes. */
function searchExample(searchable: string[] = []): Record<string, string> {
  const text = (['name', 'email', 'number', 'sku', 'iso'] as const).find((a) => searchable.includes(a));
  const sample: Record<string, string> = { name: 'new', email: 'example.com', number: 'R1', sku: 'ROR', iso: 'US' };
  if (text) return { [`${text}_cont`]: sample[text], s: `${text} asc` };
  return searchable.length > 0 ? { s: `${searchable[0]} asc` } : {};
}

/** Request body `{ "<key>": Dto }` (the same nesting works as `key[field]=` in query or form). */
/**
 * `requires`: fields of `dto` this operation refuses blank though the schema (shared with the update) leaves
 * them optional: a create's presence rules ("can't be blank"), declared in this operation's body only.
 */
export function ApiWrappedBody(key: string, dto: Type<unknown>, options: { required?: boolean; requires?: readonly string[] } = {}) {
  // The required fields named beside `required` too (their schemas are the referenced ones), as a strict validator (Ajv) wants.
  const wrapped = options.requires?.length
    ? { type: 'object', allOf: [{ $ref: getSchemaPath(dto) }], properties: Object.fromEntries(options.requires.map((field) => [field, {}])), required: [...options.requires] }
    : { $ref: getSchemaPath(dto) };
  return applyDecorators(
    ApiExtraModels(dto),
    ApiBody({
      required: options.required ?? true,
      schema: { type: 'object', properties: { [key]: wrapped }, ...(options.required === false ? {} : { required: [key] }) },
    }),
  );
}

/** How an empty 200 is described (test/foundation/openapi.spec.ts knows it has no schema). */
export const EMPTY_BODY = 'Empty body (as Spree answers):';
/**
 * A 200 with an empty body, where Spree answers so (`render nothing: true`,
 * `render text: nil, status: 200`): some clients tell it from a 204.
 */
export const ApiEmptyOk = (description: string) => ApiResponse({ status: 200, description: `${EMPTY_BODY} ${description}` });
export const ApiNotFound = () => ApiResponse({ status: 404, description: 'Not found', type: ErrorResponse });
export const ApiInvalid = () => ApiResponse({ status: 422, description: 'Invalid resource', type: InvalidResourceResponse });
export const ApiUnauthorized = () => ApiResponse({ status: 401, description: 'Not authorized', type: ErrorResponse });

export { ApiPropertyOptional };
