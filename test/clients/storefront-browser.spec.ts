/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The function given to page.waitForFunction runs in the page.
import { readFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { launchBrowser, screenshot, TestBrowser, watchPageErrors } from '../support/browser';
import { stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin } from '../support/users';

/**
 * A storefront served from another loopback port runs a guest checkout with
 * fetch in headless Chromium: cart → address → delivery → payment → complete,
 * the browser sending CORS preflights for JSON bodies, `X-Spree-Order-Token`
 * and `Idempotency-Key`, the service allowing its origin (CORS_ORIGINS).
 */
describe('a storefront on another origin (CORS, in a browser)', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let site: Server;
  let siteOrigin: string;
  let apiOrigin: string;
  let chromium: TestBrowser;
  let page: Page;
  let problems: string[];
  const preflights: Array<{ path: string; origin?: string; method?: string; headers: string[] }> = [];

  beforeAll(async () => {
    // The shop's page and script, on their own origin.
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>shop</title></head><body><h1>Shop</h1><ol id="log"></ol><script src="/storefront.js"></script></body></html>`;
    const script = readFileSync(join(__dirname, 'storefront/storefront.js'), 'utf8');
    site = createServer((req, res) => {
      if (req.url?.startsWith('/storefront.js')) res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      else if (req.url === '/favicon.ico') res.writeHead(204).end();
      else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

    // The API allows that origin, as a deployment lists its storefront's.
    t = await createTestApp({ CORS_ORIGINS: `https://admin.example,${siteOrigin}` });
    await t.app.listen(0, '127.0.0.1');
    const server: Server = t.app.getHttpServer();
    apiOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on('request', (req: IncomingMessage) => {
      if (req.method !== 'OPTIONS') return;
      const headers = String(req.headers['access-control-request-headers'] ?? '').toLowerCase().split(',').map((h) => h.trim()).filter(Boolean);
      preflights.push({ path: req.url ?? '', origin: req.headers.origin, method: req.headers['access-control-request-method'], headers });
    });

    chromium = await launchBrowser();
    page = await chromium.browser.newPage();
    problems = watchPageErrors(page);
  }, 15 * 60_000);
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it('completes a guest checkout with fetch, through the preflights', async () => {
    const product = await stockedProduct(t.db, { name: `Storefront Mug ${Date.now()}`, price: '15.00', count: 5 });
    const url = `${siteOrigin}/?api=${encodeURIComponent(apiOrigin)}&product=${encodeURIComponent(product.name)}`;
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => document.title === 'done');
    await screenshot(page, 'storefront-checkout');
    const outcome = await page.evaluate(() => JSON.stringify((window as unknown as { checkout: unknown }).checkout));
    const checkout = JSON.parse(outcome);
    expect(checkout.error).toBeUndefined();
    expect(checkout).toEqual({ number: expect.stringMatching(/^R\d+$/), state: 'complete', total: '35.00', retryState: 'complete', replayed: 'true' });
    expect(problems).toEqual([]);

    // The service agrees: the order is complete, its units taken from stock.
    const admin = await createAdmin(t.db);
    const order = await t.http().get(`/api/orders/${checkout.number}`).set(admin.auth).expect(200);
    expect(order.body).toEqual(expect.objectContaining({ state: 'complete', email: 'storefront@example.com', item_total: '30.00' }));
    const [{ count_on_hand }] = await t.db.query('SELECT count_on_hand FROM stock_items WHERE variant_id = $1', [product.masterVariantId]);
    expect(count_on_hand).toBe(3);

    // The browser asked first, from the shop's origin, for each kind of request.
    expect(preflights.every((p) => p.origin === siteOrigin)).toBe(true);
    const asked = (path: RegExp, method: string, headers: string[]) =>
      preflights.some((p) => path.test(p.path) && p.method === method && headers.every((h) => p.headers.includes(h)));
    expect(asked(/^\/api\/orders$/, 'POST', ['content-type', 'idempotency-key'])).toBe(true);
    expect(asked(/^\/api\/checkouts\/R\d+\/next$/, 'PUT', ['x-spree-order-token'])).toBe(true);
    // The answer to a URL's preflight is cached for all the headers it allows: the payment step's
    // Idempotency-Key to that URL needs no second one.
    expect(asked(/^\/api\/checkouts\/R\d+$/, 'PUT', ['content-type', 'x-spree-order-token'])).toBe(true);
  });
});
