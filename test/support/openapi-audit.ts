import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../../src/common/openapi/openapi';
import { OpenApiDocument, Schema, shapeProblems } from './openapi-shape';

/**
 * Every answer a test app gives, checked against the OpenAPI document the app
 * serves: its status must be documented for the operation, and its JSON body
 * must pass the document's schema for that status (the structural checker,
 * then Ajv in strict mode: see openapi-shape.ts). Installed by createTestApp
 * on every app; `TestApp.close()` fails the suite when an answer departed
 * from the document, listing each one.
 *
 * With OPENAPI_AUDIT_DIR set, each answer checked is also written there (one
 * JSON line per answer, a file per Jest worker) to count what the suites
 * covered: `node test/support/openapi-audit-report.mjs <dir>`.
 */
export interface OpenApiAudit {
  /** `<METHOD> <path template> <status>: <problem>` for each answer that departs from the document. */
  problems: string[];
  checked: number;
}

interface Route {
  template: string;
  pattern: RegExp;
  params: number;
}

let cached: { key: string; doc: OpenApiDocument; routes: Route[] } | undefined;

function documentOf(app: INestApplication): { doc: OpenApiDocument; routes: Route[] } {
  const doc = openApiDocument(app) as unknown as OpenApiDocument;
  const key = JSON.stringify(doc);
  if (cached?.key === key) return cached;
  const routes = Object.keys(doc.paths)
    .map((template) => ({
      template,
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
      params: (template.match(/\{/g) ?? []).length,
    }))
    // A literal segment wins over a parameter (`/api/orders/mine` before `/api/orders/{number}`).
    .sort((a, b) => a.params - b.params);
  cached = { key, doc, routes };
  return cached;
}

export function auditResponses(app: INestApplication): OpenApiAudit {
  const audit: OpenApiAudit = { problems: [], checked: 0 };
  let document: { doc: OpenApiDocument; routes: Route[] } | undefined;
  const outFile = process.env.OPENAPI_AUDIT_DIR ? join(process.env.OPENAPI_AUDIT_DIR, `${process.env.JEST_WORKER_ID ?? '0'}-${process.pid}.ndjson`) : undefined;
  if (outFile) mkdirSync(process.env.OPENAPI_AUDIT_DIR!, { recursive: true });

  (app as NestExpressApplication).use((req: Request, res: Response, next: NextFunction) => {
    const send = res.send.bind(res);
    let sent: unknown;
    res.send = ((body?: unknown) => {
      sent ??= body;
      return send(body);
    }) as Response['send'];
    res.on('finish', () => {
      const method = req.method.toLowerCase();
      if (method === 'head' || method === 'options') return;
      document ??= documentOf(app);
      const path = decodeURIComponentSafe(req.originalUrl.split('?')[0]).replace(/\.json$/, '');
      const route = document.routes.find((r) => r.pattern.test(path));
      const operation = route && document.doc.paths[route.template][method];
      // Not an operation of the document: the docs, uploaded files, unknown paths (a plain 404).
      if (!route || !operation) return;
      const status = String(res.statusCode);
      const where = `${method.toUpperCase()} ${route.template} ${status}`;
      const problems = answerProblems(document.doc, operation, status, res.getHeader('content-type'), sent);
      audit.checked += 1;
      audit.problems.push(...problems.map((p) => `${where}: ${p}`));
      if (outFile) appendFileSync(outFile, `${JSON.stringify({ operation: `${method.toUpperCase()} ${route.template}`, status, problems })}\n`);
    });
    next();
  });
  return audit;
}

export function answerProblems(doc: OpenApiDocument, operation: Schema, status: string, contentType: unknown, sent: unknown): string[] {
  const response = operation.responses?.[status];
  if (!response) return [`status ${status} is not documented (documented: ${Object.keys(operation.responses ?? {}).join(', ')})`];
  const schema = response.content?.['application/json']?.schema;
  const isJson = typeof contentType === 'string' && contentType.includes('json');
  if (!schema) return isJson && sent !== undefined && sent !== '' ? ['a JSON body is sent, but none is documented'] : [];
  if (!isJson) return [`the documented JSON body is sent as ${String(contentType)}`];
  let body: unknown;
  try {
    body = typeof sent === 'string' ? JSON.parse(sent) : Buffer.isBuffer(sent) ? JSON.parse(sent.toString('utf8')) : sent;
  } catch {
    return ['the body is not JSON'];
  }
  return shapeProblems(doc, schema, body);
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
