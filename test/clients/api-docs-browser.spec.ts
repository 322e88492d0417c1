/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions given to page.evaluate run in the page: they use the DOM.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { ElementHandle, Page } from 'puppeteer-core';
import { launchBrowser, screenshot, TestBrowser, watchPageErrors } from '../support/browser';
import { completeCheckout, createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/**
 * /api/docs in headless Chromium, reached over plain http by a host name other
 * than localhost (as a docker compose deployment on a LAN is): Swagger UI
 * renders every operation under its tag, its Authorize dialog takes an API
 * key, and "Try it out" runs a public and an admin operation, with no console
 * error (CSP, CORS and the docs' assets allow all of it). Screenshots go to
 * test-output/browser/.
 */
describe('API docs in a browser (/api/docs)', () => {
  jest.setTimeout(60_000);
  let t: TestApp;
  let chromium: TestBrowser;
  let page: Page;
  let docsUrl: string;
  let admin: TestUser;
  let productName: string;
  let orderNumber: string;
  let problems: string[];

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    const { port } = (t.app.getHttpServer() as Server).address() as AddressInfo;
    docsUrl = `http://shop.test:${port}/api/docs`;
    admin = await createAdmin(t.db);
    const product = await stockedProduct(t.db, { name: `Docs Mug ${Date.now()}` });
    productName = product.name;
    const order = await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]);
    await completeCheckout(t, order);
    orderNumber = order.number;
    // Installs Debian's chromium first when it is missing (a fresh machine): minutes, once.
    chromium = await launchBrowser({ hostRules: 'MAP shop.test 127.0.0.1' });
    page = await chromium.browser.newPage();
    problems = watchPageErrors(page);
  }, 15 * 60_000);
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
  });

  it('renders every operation of the document under its tag', async () => {
    const response = await page.goto(docsUrl, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    await page.waitForSelector('.opblock-tag', { timeout: 15_000 }).catch((error: Error) => {
      throw new Error(`${error.message}; the page saw: ${JSON.stringify(problems)}`);
    });
    // Collapsed by default: the tags, no operation open until a tag is; a filter box to find a tag.
    expect(await page.$$eval('.opblock-tag-section.is-open', (open) => open.length)).toBe(0);
    expect(await page.$('.filter-container input.operation-filter-input')).not.toBeNull();
    await screenshot(page, 'docs-0-collapsed');
    await expandEveryTag(page);
    await screenshot(page, 'docs-1-operations');

    // The tag each operation is listed under, read off the page as a person scrolls it.
    const shown = new Map<string, string>();
    let tag = '';
    for (const item of await renderedList(page)) {
      if ('tag' in item) tag = item.tag;
      else shown.set(item.operation, tag);
    }
    const doc = (await t.http().get('/api/openapi.json').expect(200)).body;
    const documented = new Map<string, string>();
    for (const [path, operations] of Object.entries<Record<string, { tags?: string[] }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) documented.set(`${method.toUpperCase()} ${path}`, operation.tags?.[0] ?? 'default');
    }
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(documented));
    expect(shown.get('GET /api/products')).toBe('Catalog');
    expect(shown.get('PUT /api/checkouts/{number}')).toMatch(/checkout/i);
    // Tags by domain (storefront first), each with operations under it.
    expect(new Set(shown.values())).toEqual(new Set(doc.tags.map((t: { name: string }) => t.name)));
    expect(new Set(shown.values()).size).toBeGreaterThanOrEqual(10);
    expect(problems).toEqual([]);
  });

  it('authorizes with an API key through the Authorize dialog', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.click('.auth-wrapper .btn.authorize');
    // The bearer scheme: Authorization: Bearer <key>.
    const input = await page.waitForSelector('.modal-ux #auth-bearer-value');
    await input!.type(admin.apiKey);
    await screenshot(page, 'docs-2-authorize');
    const form = await input!.evaluateHandle((el) => el.closest('form')!);
    await (await form.$('button.authorize'))!.click();
    await page.waitForSelector('.modal-ux #auth-bearer-value', { hidden: true });
    await (await form.$('button.btn-done'))!.click();
    await page.waitForSelector('.modal-ux', { hidden: true });
    await page.waitForSelector('.auth-wrapper .btn.authorize.locked');
    expect(problems).toEqual([]);
  });

  it('runs "Try it out" on GET /api/products and shows the answer', async () => {
    const body = await tryItOut(page, 'GET', '/api/products', 'Catalog', 'products');
    expect(body).toContain(productName);
    await screenshot(page, 'docs-3-products');
    expect(problems).toEqual([]);
  });

  it('runs "Try it out" on an admin operation (GET /api/orders) with the key', async () => {
    // Without the key this answers 401: the order shown proves the dialog's key was sent.
    const body = await tryItOut(page, 'GET', '/api/orders', 'Orders', 'orders');
    expect(body).toContain(orderNumber);
    await screenshot(page, 'docs-4-admin-orders');
    expect(problems).toEqual([]);
  });
});

type ListItem = { tag: string } | { operation: string };

/** Opens every tag, as a person clicking each heading would (Swagger UI's own layout action, window.ui). */
async function expandEveryTag(page: Page): Promise<void> {
  await page.evaluate(() => {
    const ui = (window as unknown as { ui: { specSelectors: { taggedOperations(): { keySeq(): { toArray(): string[] } } }; layoutActions: { show(key: string[], shown: boolean): void } } }).ui;
    for (const tag of ui.specSelectors.taggedOperations().keySeq().toArray()) ui.layoutActions.show(['operations-tag', tag], true);
  });
  await page.waitForSelector('.opblock', { timeout: 15_000 });
}

/**
 * The items of Swagger UI's operation list in order (tag headings and
 * operations as `METHOD /path`). The list is virtual (only what is near the
 * viewport is in the DOM): scroll it from the top to the bottom, half a screen
 * at a time, reading what each frame renders.
 */
async function renderedList(page: Page): Promise<ListItem[]> {
  const items = await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const seen: Array<[number, { tag: string } | { operation: string }]> = [];
    const indexes = new Set<number>();
    window.scrollTo(0, 0);
    await nextFrame();
    for (let step = 0; step < 2000; step++) {
      for (const item of Array.from(document.querySelectorAll('.operations-virtual__item'))) {
        const index = Number(item.getAttribute('data-index'));
        if (indexes.has(index)) continue;
        const tag = item.querySelector('h3.opblock-tag')?.getAttribute('data-tag');
        const method = item.querySelector('.opblock-summary-method')?.textContent;
        const path = item.querySelector('.opblock-summary-path')?.getAttribute('data-path');
        if (tag) seen.push([index, { tag }]);
        else if (method && path) seen.push([index, { operation: `${method} ${path}` }]);
        else continue;
        indexes.add(index);
      }
      if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) break;
      window.scrollBy(0, window.innerHeight / 2);
      await nextFrame();
    }
    return seen.sort((a, b) => a[0] - b[0]);
  });
  // No gap: every index from 0 was rendered at some point.
  expect(items.map(([index]) => index)).toEqual(items.map((_, i) => i));
  return items.map(([, item]) => item);
}

/**
 * Shows only the operation's tag, as a person typing it in the filter box
 * would, opens that tag, and brings the operation into view. (Scrolling the
 * whole virtual list to it was not reliable: the list re-measures as it
 * scrolls and may drop the operation just found.)
 */
async function findOperation(page: Page, method: string, path: string, tag: string): Promise<ElementHandle<Element>> {
  await page.evaluate((name) => {
    const ui = (window as unknown as { ui: { layoutActions: { updateFilter(f: string): void; show(key: string[], shown: boolean): void } } }).ui;
    ui.layoutActions.updateFilter(name);
    ui.layoutActions.show(['operations-tag', name], true);
    window.scrollTo(0, 0);
  }, tag);
  const selector = `.opblock-${method.toLowerCase()} .opblock-summary-path[data-path="${path}"]`;
  const found = await page.evaluate(async (sel) => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let step = 0; step < 400; step++) {
      const element = document.querySelector(sel);
      if (element) return true;
      if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) return false;
      window.scrollBy(0, window.innerHeight / 2);
      await nextFrame();
    }
    return false;
  }, selector);
  expect(found).toBe(true);
  const summary = await page.waitForSelector(selector);
  return (await summary!.evaluateHandle((el) => el.closest('.opblock')!)) as ElementHandle<Element>;
}

/**
 * Opens an operation, presses "Try it out" then "Execute" with its optional
 * parameters left empty, and answers the body Swagger UI shows once the live
 * answer (a 200) is in.
 */
async function tryItOut(page: Page, method: string, path: string, tag: string, bodyKey: string): Promise<string> {
  await findOperation(page, method, path, tag);
  // Found again by selector at each step: the virtual list re-renders an operation as it opens, detaching handles taken before.
  const selector = `.opblock.opblock-${method.toLowerCase()}:has(.opblock-summary-path[data-path="${path}"])`;
  const inBlock = async (inner: string) => (await page.waitForSelector(`${selector} ${inner}`))!;
  await (await inBlock('.opblock-summary-control')).click();
  await (await inBlock('.try-out__btn')).click();
  // Pre-filled example objects (`q[additionalProp1]=string`) are not what a person would search: empty every field.
  await page.$$eval(`${selector} .parameters textarea, ${selector} .parameters input[type=text]`, (fields) => {
    for (const field of fields) {
      const input = field as HTMLInputElement | HTMLTextAreaElement;
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')!.set!.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
  });
  await (await inBlock('.btn.execute')).click();
  const block = await page.waitForSelector(selector);
  const status = await block!.waitForSelector('.live-responses-table .response .response-col_status');
  expect((await status!.evaluate((el) => el.textContent ?? '')).trim()).toBe('200');
  const shown = await block!.waitForSelector('.live-responses-table .response-col_description pre');
  await block!.evaluate((el) => el.querySelector('.live-responses-table')?.scrollIntoView({ block: 'start' }));
  const text = await shown!.evaluate((el) => el.textContent ?? '');
  expect(text).toContain(`"${bodyKey}"`);
  return text;
}
