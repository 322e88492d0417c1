import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';

export const IS_PUBLIC = 'isPublic';

/** Marks, in the OpenAPI document, an operation that needs no key (common/openapi/document-rules.ts turns it into `security: []`). */
export const PUBLIC_OPERATION = 'x-public-operation';

/** Reachable without an API key even when the store requires authentication (sign-up, sign-in, docs). */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_OPERATION, true));
