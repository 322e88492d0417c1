import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, getSchemaPath, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { ErrorText } from '../errors/api-errors';
import { RETRY_AFTER_SECONDS } from '../errors/api-exception.filter';
import { ErrorResponse } from './responses';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Commerce API')
    .setDescription(
      'An online-shop API compatible with the Spree Commerce 2.2 API (v1). ' +
        'Authenticate with an API key as `Authorization: Bearer <key>`, `X-Spree-Token: <key>` or `?token=<key>`. ' +
        'Every path also answers with a `.json` suffix. Parameters may be sent as query string, form or JSON, with bracket nesting (`product[name]=…`).',
    )
    .setVersion('1')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key' }, 'api-key')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Spree-Token' }, 'spree-token')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    extraModels: [ErrorResponse],
  });
  documentUnavailable(document);
  return document;
}

/**
 * Any operation that reads or writes the database answers 503 while it
 * cannot be reached (api-exception.filter.ts), so every API operation lists it.
 */
function documentUnavailable(document: OpenAPIObject): void {
  for (const [path, operations] of Object.entries(document.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = operations[method];
      if (!operation || operation.responses['503']) continue;
      operation.responses['503'] = {
        description: 'Service unavailable: the database cannot be reached right now; try again later',
        headers: { 'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', example: RETRY_AFTER_SECONDS } } },
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorResponse) }, example: { error: ErrorText.unavailable } } },
      };
    }
  }
}

export function serveOpenApi(app: INestApplication): void {
  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/openapi.json', yamlDocumentUrl: 'api/openapi.yaml' });
}
