/// <reference lib="dom" />
// The function given to page.waitForFunction runs in the page.
import { readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Frame, Page } from 'puppeteer-core';
import { launchBrowser, screenshot, TestBrowser, watchPageErrors } from '../support/browser';
import { stockedProduct } from '../support/orders';
import { createStripeMethod } from '../support/stripe/stripe-method';
import { StripeTestServer } from '../support/stripe/stripe-test-server';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, TestUser } from '../support/users';

/**
 * A storefront on another origin pays with Stripe in headless Chromium (issue 28): the full guest checkout through
 * CORS with a Stripe PaymentMethod as the card, and 3-D Secure: completion answers 202, the page shows the bank's
 * challenge (the Stripe test server's page, where Stripe.js would show the bank's), the test clicks "Complete
 * authentication" in it, and the page completes the order. Stripe.js itself cannot be loaded here (no internet):
 * the page does what its `handleNextAction` does with the challenge, and sends a test PaymentMethod id as its card
 * Element would have made one.
 */
describe('a storefront paying with Stripe, 3-D Secure included (in a browser)', () => {
  jest.setTimeout(90_000);
  let server: StripeTestServer;
  let t: TestApp;
  let admin: TestUser;
  let site: Server;
  let siteOrigin: string;
  let apiOrigin: string;
  let chromium: TestBrowser;
  let page: Page;
  let problems: string[];

  beforeAll(async () => {
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>shop</title></head><body><h1>Shop</h1><ol id="log"></ol><script src="/stripe-storefront.js"></script></body></html>`;
    const script = readFileSync(join(__dirname, 'storefront/stripe-storefront.js'), 'utf8');
    site = createServer((req, res) => {
      if (req.url?.startsWith('/stripe-storefront.js')) res.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      else if (req.url === '/favicon.ico') res.writeHead(204).end();
      else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

    server = await StripeTestServer.start();
    t = await createTestApp({ CORS_ORIGINS: siteOrigin, STRIPE_API_BASE: server.url });
    await t.app.listen(0, '127.0.0.1');
    apiOrigin = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}`;
    admin = await createAdmin(t.db);
    await createStripeMethod(t, admin, server, { name: 'Card (Stripe)', publishableKey: 'pk_test_browser', signingSecret: 'whsec_browser' });

    chromium = await launchBrowser();
    page = await chromium.browser.newPage();
    problems = watchPageErrors(page);
  }, 15 * 60_000);
  afterAll(async () => {
    await chromium?.close();
    await t?.close();
    await new Promise((resolve) => site?.close(resolve));
    expect(server.auditProblems).toEqual([]);
    await server?.stop();
  });

  it('pays with a tokenized card through 3-D Secure: 202, the challenge passed in the page, the order completes once', async () => {
    const product = await stockedProduct(t.db, { name: `Stripe Mug ${Date.now()}`, price: '15.00', count: 5 });
    const url = `${siteOrigin}/?api=${encodeURIComponent(apiOrigin)}&product=${encodeURIComponent(product.name)}&pm=pm_card_authenticationRequired`;
    await page.goto(url, { waitUntil: 'load' });

    // The bank's challenge, in the page's iframe: the shopper completes it.
    const challengeFrame = async (): Promise<Frame> => {
      for (;;) {
        const frame = page.frames().find((f) => f.url().includes('/__test/three_d_secure/'));
        if (frame && (await frame.$('#complete').catch(() => null))) return frame;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const frame = await challengeFrame();
    await screenshot(page, 'stripe-storefront-3ds-challenge');
    await frame.click('#complete');
    await page.waitForFunction(() => document.title === 'done');
    await screenshot(page, 'stripe-storefront-complete');

    const checkout = JSON.parse(await page.evaluate(() => JSON.stringify((window as unknown as { checkout: unknown }).checkout)));
    expect(checkout.error).toBeUndefined();
    expect(checkout).toEqual({
      number: expect.stringMatching(/^R\d+$/),
      publishableKey: 'pk_test_browser',
      confirmState: 'confirm',
      firstStatus: 202,
      state: 'complete',
      total: '20.00',
      payment: { state: 'pending', response_code: expect.stringMatching(/^pi_/) },
    });
    expect(problems).toEqual([]);

    // Stripe agrees: one PaymentIntent for the order, authenticated and authorized; the stock taken once.
    const intents = [...server.account.paymentIntents.values()] as Record<string, any>[];
    expect(intents.filter((i) => i.id === checkout.payment.response_code)).toEqual([expect.objectContaining({ status: 'requires_capture', amount_capturable: 2000 })]);
    const [{ count_on_hand }] = await t.db.query('SELECT count_on_hand FROM stock_items WHERE variant_id = $1', [product.masterVariantId]);
    expect(count_on_hand).toBe(4);
    const order = await t.http().get(`/api/orders/${checkout.number}`).set(admin.auth).expect(200);
    expect(order.body).toEqual(expect.objectContaining({ state: 'complete', email: 'stripe-storefront@example.com' }));
  });
});
