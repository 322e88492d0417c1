import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';

/** Marks, in the OpenAPI document, an operation that needs no key (common/openapi/document-rules.ts turns it into `security: []`). */
export const PUBLIC_OPERATION = 'x-public-operation';

/** Reachable without an API key even when the store requires authentication (sign-up, sign-in, docs). */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION, true));

/** Marks, in the OpenAPI document, an operation that refuses every caller without the rights, anonymous ones included, with 404 (below). */
export const NOT_FOUND_DENIAL_OPERATION = 'x-not-found-denial';

/**
 * An operation that looks its record up among those the caller may see, as
 * Spree 2.2 does (`accessible_by(current_ability)`): a caller without the
 * rights, an anonymous one included (API_REQUIRES_AUTHENTICATION=false, the
 * contract's default), is told 404, never asked for a key. The document says
 * so: the key is optional (`security: [{}, …]`, common/openapi/document-rules.ts),
 * the 404 says who is refused. On a method or a controller.
 */
export const NotFoundDenial = () => ApiExtension(NOT_FOUND_DENIAL_OPERATION, true);
