import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Middleware } from '../../clients/typescript/src';
import { guestCheckout } from '../../clients/typescript/examples/guest-checkout';
import { runStoreJourney } from '../../clients/typescript/test/store-journey';
import { OpenApiDocument, responseSchema, shapeProblems } from '../support/openapi-shape';
import { stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin } from '../support/users';

/**
 * The typed client of clients/typescript against the real service listening
 * on a port: its journey (clients/typescript/test/store-journey.ts, strict and
 * cast-free) runs the store end to end; every answer it gets is checked
 * against the document the service serves.
 */
describe('TypeScript client (clients/typescript)', () => {
  let t: TestApp;
  let baseUrl: string;
  let doc: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const server: Server = t.app.getHttpServer();
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    doc = (await t.http().get('/api/openapi.json').expect(200)).body;
  });
  afterAll(() => t.close());

  it('is generated from the document the service serves (npm run client:generate)', async () => {
    // Rejects (with the script's message) when src/schema.d.ts differs.
    const run = await promisify(execFile)(process.execPath, ['clients/typescript/scripts/generate.mjs', '--check', `${baseUrl}/api/openapi.json`]);
    expect(run.stdout).toContain('matches');
    // And from what `npm run client:generate` reads with no argument: the committed openapi.json, or the
    // document built from src/ without a database.
    const fromDefault = await promisify(execFile)(process.execPath, ['clients/typescript/scripts/generate.mjs', '--check']);
    expect(fromDefault.stdout).toContain('matches');
    // Building the document compiles the app (swc): seconds, more on a busy machine.
  }, 120_000);

  it('runs a guest checkout, a customer’s order history and the back-office’s capture and ship, over 40 operations, every answer as documented', async () => {
    const admin = await createAdmin(t.db);
    const problems: string[] = [];
    const conforms: Middleware = {
      async onResponse({ request, response, schemaPath }) {
        const where = `${request.method} ${schemaPath} ${response.status}`;
        if (!(response.headers.get('content-type') ?? '').includes('application/json')) return;
        try {
          const body: unknown = await response.clone().json();
          problems.push(...shapeProblems(doc, responseSchema(doc, schemaPath, request.method, response.status), body).map((p) => `${where}: ${p}`));
        } catch (error) {
          problems.push(`${where}: ${(error as Error).message}`);
        }
      },
    };
    const result = await runStoreJourney({ baseUrl, adminApiKey: admin.apiKey, middleware: [conforms] });
    expect(problems).toEqual([]);
    const operations = [...result.operations].sort();
    // Each one is an operation of the document.
    expect(operations.filter((op) => !doc.paths[op.split(' ')[1]]?.[op.split(' ')[0].toLowerCase()])).toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(40);
  }, 120_000);

  it('runs the guest checkout of docs/getting-started.md (clients/typescript/examples/guest-checkout.ts)', async () => {
    const product = await stockedProduct(t.db, { name: `Getting Started Mug ${Date.now()}`, price: '13.99' });
    const order = await guestCheckout(baseUrl, product.name);
    expect(order).toEqual({ number: expect.stringMatching(/^R\d+$/), state: 'complete', total: '32.98' });
  });
});
