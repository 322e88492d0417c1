/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// The functions given to page.evaluate / waitForFunction run in the page.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import sharp from 'sharp';
import { createStockItem, createStockLocation, defaultShippingCategoryId } from '../support/catalog';
import { launchBrowser, screenshot, TestBrowser, watchPageErrors } from '../support/browser';
import { completeCheckout, createOrder, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createAdmin, createUser, TestUser } from '../support/users';
import { WebhookReceiver } from '../support/webhook-receiver';

const ROOT = join(__dirname, '../..');

/**
 * The back-office at /admin (admin/, docs/back-office.md) in headless
 * Chromium, against the real API: a clerk's day. Each step checks what the
 * API then says, keeps a screenshot under test-output/browser/, and the
 * pages pass axe-core with no serious or critical violation.
 */
describe('the back-office app (/admin, in a browser)', () => {
  jest.setTimeout(120_000);
  let t: TestApp;
  let origin: string;
  let chromium: TestBrowser;
  let page: Page;
  let problems: string[];
  let admin: TestUser;
  let clerk: TestUser;
  let email: string;
  let order: Record<string, any>;
  let refundable: Record<string, any>;
  let resumable: Record<string, any>;
  let product: Awaited<ReturnType<typeof stockedProduct>>;
  let receiver: WebhookReceiver;
  let taxCategoryName: string;

  beforeAll(async () => {
    // As `npm run build` / `npm start` do (a no-op when admin/ has not changed).
    execFileSync(process.execPath, [join(ROOT, 'scripts/build-admin.mjs')], { stdio: 'inherit' });
    // Webhook endpoints may point at this machine (the test's receiver).
    t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_URLS: 'true' });
    receiver = await WebhookReceiver.start();
    await t.app.listen(0, '127.0.0.1');
    origin = `http://127.0.0.1:${((t.app.getHttpServer() as Server).address() as AddressInfo).port}`;
    admin = await createAdmin(t.db);

    // A store with two placed orders paid by card (authorized, to capture), one already captured (to refund).
    product = await stockedProduct(t.db, { name: `Back-office Mug ${Date.now()}`, price: '15.00', count: 20 });
    email = `clerk-day-${Date.now()}@example.com`;
    order = await completeCheckout(t, await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 2 }]), { email });
    refundable = await completeCheckout(t, await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]), { email: `second-${Date.now()}@example.com` });
    await t.http().put(`/api/orders/${refundable.number}/payments/${refundable.payments[0].id}/capture`).set(admin.auth).expect(200);
    resumable = await completeCheckout(t, await createOrder(t, [{ variant_id: product.masterVariantId, quantity: 1 }]), { email: `third-${Date.now()}@example.com` });

    // A shipping clerk: reads orders, takes payments, ships; may not refund.
    const role = await t.http().post('/api/roles').set(admin.auth).send({ role: { name: 'Shipping clerk', permissions: ['orders:read', 'payments:write', 'shipments:write'] } }).expect(201);
    clerk = await createUser(t.db);
    await t.http().put(`/api/users/${clerk.id}/roles`).set(admin.auth).send({ user: { role_ids: [role.body.id] } }).expect(200);

    chromium = await launchBrowser();
    page = await chromium.browser.newPage();
    // axe-core is injected as an inline script, which the app's policy (script-src 'self') rightly refuses.
    await page.setBypassCSP(true);
    problems = watchPageErrors(page);
  }, 15 * 60_000);
  afterAll(async () => {
    await chromium?.close();
    await receiver?.close();
    await t?.close();
  });

  const axe = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  async function expectAccessible(name: string): Promise<void> {
    // A notification or a dialog caught mid-fade, or a button mid-way from disabled to enabled, has blended colours (a
    // contrast axe would fail that nobody reads): shown as they end.
    await page.addStyleTag({
      content:
        '.MuiSnackbarContent-root, .MuiDialog-container { transition: none !important; opacity: 1 !important; transform: none !important; } .MuiButton-root { transition: none !important; }',
    });
    await page.addScriptTag({ content: axe });
    const violations: Array<{ id: string; impact: string; nodes: string[]; help: string }> = await page.evaluate(async () => {
      const result = await (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe.run(document, {
        resultTypes: ['violations'],
      });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
    });
    expect({ page: name, serious: violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') }).toEqual({ page: name, serious: [] });
  }

  const text = (selector: string) => page.$eval(selector, (el) => (el as HTMLElement).innerText.trim());
  const waitForText = (selector: string, wanted: string) =>
    page.waitForFunction((s: string, w: string) => document.querySelector(s)?.textContent?.trim() === w, { timeout: 20_000 }, selector, wanted);
  const apiOrder = async (number: string) => (await t.http().get(`/api/orders/${number}`).set(admin.auth).expect(200)).body;

  async function signIn(user: TestUser): Promise<void> {
    await page.goto(`${origin}/admin`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="username"]');
    await page.type('input[name="username"]', user.email);
    await page.type('input[name="password"]', user.password);
    await page.click('button[type="submit"]');
    await page.waitForSelector('#dashboard-figures', { timeout: 20_000 });
  }

  async function signOut(): Promise<void> {
    // The app bar hides while the page is scrolled down.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForSelector('button[aria-label$="account menu"]', { visible: true });
    await page.click('button[aria-label$="account menu"]');
    await page.waitForSelector('[role="menuitem"]');
    const items = await page.$$('[role="menuitem"]');
    for (const item of items) if ((await item.evaluate((el) => el.textContent ?? '')).includes('Logout')) await item.click();
    await page.waitForSelector('input[name="username"]');
  }

  it('is served at /admin: index.html not cached, hashed assets cached immutably, the key never in a URL', async () => {
    const index = await fetch(`${origin}/admin`);
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const script = /src="(\/admin\/assets\/app-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${origin}${script}`, { headers: { 'Accept-Encoding': 'identity' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-encoding')).toBeNull();
    const plain = Buffer.from(await asset.arrayBuffer());
    // Over the wire, gzipped (the build's copy): the first load's JavaScript stays under 1 MB compressed.
    const raw = await new Promise<{ status?: number; headers: Record<string, unknown>; bytes: Buffer }>((resolve, reject) => {
      request(`${origin}${script}`, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes: Buffer.concat(chunks) }));
      })
        .on('error', reject)
        .end();
    });
    expect(raw).toMatchObject({ status: 200, headers: expect.objectContaining({ 'content-encoding': 'gzip', 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'public, max-age=31536000, immutable' }) });
    expect(raw.bytes.length).toBeLessThan(1024 * 1024);
    expect(gunzipSync(raw.bytes).equals(plain)).toBe(true);
    expect((await fetch(`${origin}/admin/assets/nope.js`)).status).toBe(404);
    // A deep link is the app too (its router takes over).
    expect((await fetch(`${origin}/admin/orders`)).status).toBe(200);
  });

  it('signs in with e-mail and password; the dashboard shows the day', async () => {
    await signIn(admin);
    const key = await page.evaluate(() => sessionStorage.getItem('commerce-admin.api_key'));
    expect(key).toEqual(expect.any(String));
    expect(page.url()).not.toContain(key!);
    // The key is a real one: the API knows whose it is.
    const me = await t.http().get('/api/sessions/current').set('Authorization', `Bearer ${key}`).expect(200);
    expect(me.body).toMatchObject({ user: { id: admin.id }, admin: true });
    await page.waitForFunction(() => document.querySelector('#dashboard-figures')?.textContent?.includes('Orders today'));
    await screenshot(page, 'admin-01-dashboard');
    await expectAccessible('dashboard');
  });

  it('finds the order by e-mail and opens it', async () => {
    await page.goto(`${origin}/admin#/orders`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="email_cont"]');
    await page.type('input[name="email_cont"]', email);
    // Only the order of that e-mail is left in the list.
    await page.waitForFunction((n: string) => {
      const rows = [...document.querySelectorAll('tbody tr')];
      return rows.length === 1 && rows[0].textContent?.includes(n);
    }, { timeout: 20_000 }, order.number);
    await screenshot(page, 'admin-02-orders-by-email');
    await expectAccessible('orders list');
    await page.click('tbody tr');
    await page.waitForSelector(`[data-payment="${order.payments[0].id}"]`, { timeout: 20_000 });
    expect(await text('#order-payment-state')).toBe('payment: balance_due');
  });

  it('captures its payment', async () => {
    const payment = order.payments[0];
    expect((await apiOrder(order.number)).payments[0].state).toBe('pending');
    await page.click(`#capture-${payment.id}`);
    await waitForText(`[data-payment="${payment.id}"] .payment-state`, 'completed');
    const after = await apiOrder(order.number);
    expect(after).toMatchObject({ payment_state: 'paid', payment_total: after.total, shipment_state: 'ready' });
    expect(after.payments[0].state).toBe('completed');
    await screenshot(page, 'admin-03-payment-captured');
  });

  it('ships it with a tracking number', async () => {
    const shipment = (await apiOrder(order.number)).shipments[0];
    await waitForText(`[data-shipment="${shipment.number}"] .shipment-state`, 'ready');
    await page.click(`#ship-${shipment.number}`);
    await page.waitForSelector('[role="dialog"] input[name="value"]');
    await page.type('[role="dialog"] input[name="value"]', '1Z999AA10123456784');
    await screenshot(page, 'admin-04-ship-dialog');
    await expectAccessible('ship dialog');
    await page.click('[role="dialog"] button[type="submit"]');
    await waitForText(`[data-shipment="${shipment.number}"] .shipment-state`, 'shipped');
    const after = await apiOrder(order.number);
    expect(after.shipment_state).toBe('shipped');
    expect(after.shipments[0]).toMatchObject({ state: 'shipped', tracking: '1Z999AA10123456784', shipped_at: expect.any(String) });
    expect(await text(`[data-shipment="${shipment.number}"] .shipment-tracking`)).toBe('1Z999AA10123456784');
    await screenshot(page, 'admin-05-shipped');
    await expectAccessible('order page');
  });

  it('answers a return: authorizes it, receives it, refunds it', async () => {
    const before = await apiOrder(order.number);
    const variantId = before.line_items[0].variant_id;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForSelector('#rma-variant', { visible: true });
    await page.click('#rma-variant');
    await page.waitForSelector(`li[role="option"][data-value="${variantId}"]`);
    await page.click(`li[role="option"][data-value="${variantId}"]`);
    await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    await page.click('input[name="rma_quantity"]', { count: 3 });
    await page.keyboard.type('1');
    await page.type('input[name="rma_amount"]', '15.00');
    await page.type('input[name="rma_reason"]', 'Too small');
    await page.click('form[aria-label="New return"] button[type="submit"]');
    await page.waitForSelector('[data-rma] .rma-state', { timeout: 20_000 });
    const [rma] = (await t.http().get(`/api/orders/${order.number}/return_authorizations`).set(admin.auth).expect(200)).body.return_authorizations;
    expect(rma).toMatchObject({ state: 'authorized', reason: 'Too small' });
    expect(Number(rma.amount)).toBe(15);
    expect((await apiOrder(order.number)).state).toBe('awaiting_return');
    await screenshot(page, 'admin-06-return-authorized');

    await page.click(`#receive-${rma.number}`);
    await waitForText(`[data-rma="${rma.number}"] .rma-state`, 'received');
    let after = await apiOrder(order.number);
    expect(after).toMatchObject({ state: 'returned', payment_state: 'credit_owed' });

    // The money back: a refund (credit) of the card payment for what the order now owes.
    const payment = before.payments[0];
    await page.click(`#refund-${payment.id}`);
    await page.waitForSelector('[role="dialog"] button[type="submit"]');
    await page.click('[role="dialog"] button[type="submit"]');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 20_000 });
    await waitForText('#order-payment-state', 'payment: paid');
    after = await apiOrder(order.number);
    expect(after).toMatchObject({ payment_state: 'paid', total: '20.00', payment_total: '20.00' });
    expect(after.payments.map((p: { amount: string; state: string }) => [p.amount, p.state])).toEqual([
      ['35.00', 'completed'],
      ['-15.00', 'completed'],
    ]);
    await screenshot(page, 'admin-07-return-refunded');
    await expectAccessible('order page with a return');
  });

  it('creates a product with two variants, sets stock and uploads an image', async () => {
    const name = `Admin Tee ${Date.now()}`;
    await page.goto(`${origin}/admin#/products/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', name);
    await page.type('input[name="price"]', '12.50');
    // The shipping category select, once its choices came from GET /api/shipping_categories.
    await page.waitForSelector('[role="combobox"]', { timeout: 20_000 });
    await page.click('[role="combobox"]');
    await page.waitForSelector('li[role="option"]');
    await page.click('li[role="option"]');
    await screenshot(page, 'admin-08-product-new');
    await expectAccessible('new product');
    await page.click('button[type="submit"]');
    await page.waitForSelector('input[name="variant_sku"]', { timeout: 20_000 });
    const [{ id: productId }] = await t.db.query('SELECT id FROM products WHERE name = $1', [name]);
    for (const sku of [`TEE-S-${productId}`, `TEE-M-${productId}`]) {
      await page.type('input[name="variant_sku"]', sku);
      await page.click('form[aria-label="Add a variant"] button[type="submit"]');
      await page.waitForFunction((s: string) => document.body.innerText.includes(s), { timeout: 20_000 }, sku);
    }
    let product = (await t.http().get(`/api/products/${productId}`).set(admin.auth).expect(200)).body;
    expect(product).toMatchObject({ name, price: '12.50' });
    expect(product.variants.map((v: { sku: string; price: string }) => [v.sku, v.price])).toEqual([
      [`TEE-S-${productId}`, '12.50'],
      [`TEE-M-${productId}`, '12.50'],
    ]);

    // Stock: 7 of the first variant at its location.
    const [item] = await t.db.query('SELECT id FROM stock_items WHERE variant_id = $1 AND deleted_at IS NULL', [product.variants[0].id]);
    expect(item).toBeDefined();
    const field = `input[data-stock-item="${item.id}"]`;
    await page.waitForSelector(field);
    await page.click(field, { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type(field, '7');
    await page.evaluate((f: string) => (document.querySelector(f) as HTMLInputElement).form!.requestSubmit(), field);
    await page.waitForFunction(async (f: string) => (document.querySelector(f) as HTMLInputElement | null)?.value === '7' && document.body.innerText.includes('set to 7'), { timeout: 20_000 }, field);
    const [{ count_on_hand }] = await t.db.query('SELECT count_on_hand FROM stock_items WHERE id = $1', [item.id]);
    expect(count_on_hand).toBe(7);

    // An image, chosen as a file (the drop zone sends the same request).
    const png = join(tmpdir(), `admin-test-${process.pid}.png`);
    await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c62828' } }).png().toFile(png);
    const input = await page.$('#image-files');
    await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(png);
    await page.waitForSelector('#product-images img[src*="small"]', { timeout: 30_000 });
    product = (await t.http().get(`/api/products/${productId}`).set(admin.auth).expect(200)).body;
    expect(product.master.images).toEqual([expect.objectContaining({ attachment_width: 64, attachment_height: 48, attachment_content_type: 'image/png' })]);
    await screenshot(page, 'admin-09-product');
    await expectAccessible('product page');
  });

  it('creates a coupon', async () => {
    const code = `SPRING${Date.now()}`;
    await page.goto(`${origin}/admin#/promotions/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', 'Spring sale');
    await page.type('input[name="code"]', code);
    await page.click('[role="combobox"]');
    await page.waitForSelector('li[role="option"][data-value="flat_rate"]');
    await page.click('li[role="option"][data-value="flat_rate"]');
    await page.waitForSelector('input[name="amount"]');
    await page.type('input[name="amount"]', '5.00');
    await screenshot(page, 'admin-10-coupon-new');
    await expectAccessible('new coupon');
    await page.click('button[type="submit"]');
    await page.waitForFunction((c: string) => document.body.innerText.includes(c) && location.hash.startsWith('#/promotions') && !location.hash.includes('create'), { timeout: 20_000 }, code);
    const { promotions } = (await t.http().get('/api/promotions').query({ 'q[code_eq]': code }).set(admin.auth).expect(200)).body;
    expect(promotions).toEqual([expect.objectContaining({ name: 'Spring sale', code, discount_type: 'flat_rate', amount: '5.00' })]);
    await screenshot(page, 'admin-11-coupons');
    await expectAccessible('coupons');
  });

  it("gives an integration a scoped key, shown once, and revokes it", async () => {
    await page.goto(`${origin}/admin#/users/${clerk.id}/show`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="key_name"]', { timeout: 20_000 });
    await page.type('input[name="key_name"]', 'Warehouse sync');
    await page.click('input[name="scope-orders:read"]');
    await page.click('form[aria-label="New API key"] button[type="submit"]');
    await page.waitForSelector('#new-api-key', { timeout: 20_000 });
    const key = await text('#new-api-key');
    await screenshot(page, 'admin-12-api-key-shown');
    // The key reads orders and nothing else.
    await t.http().get('/api/orders').set('Authorization', `Bearer ${key}`).expect(200);
    await t.http().get('/api/products/new').set('Authorization', `Bearer ${key}`).expect(401);
    await page.click('[role="dialog"] button.MuiButton-contained');
    const { api_keys } = (await t.http().get(`/api/users/${clerk.id}/api_keys`).set(admin.auth).expect(200)).body;
    const scoped = api_keys.find((k: { name: string | null }) => k.name === 'Warehouse sync');
    expect(scoped).toMatchObject({ scopes: ['orders:read'] });
    await page.waitForSelector(`[data-api-key="${scoped.id}"] button`);
    await expectAccessible('user page');
    await page.click(`[data-api-key="${scoped.id}"] button`);
    await page.waitForFunction((id: number) => !document.querySelector(`[data-api-key="${id}"]`), { timeout: 20_000 }, scoped.id);
    await t.http().get('/api/orders').set('Authorization', `Bearer ${key}`).expect(401);
  });

  it('cancels an order and resumes it; the order page shows its state history', async () => {
    await page.goto(`${origin}/admin#/orders/${resumable.number}/show`, { waitUntil: 'load' });
    await page.waitForSelector('#cancel-order:not([disabled])', { timeout: 20_000 });
    expect(await page.$eval('#resume-order', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await page.click('#cancel-order');
    await waitForText('#order-state', 'state: canceled');
    expect((await apiOrder(resumable.number)).state).toBe('canceled');
    await page.waitForSelector('[data-state-change="order:complete->canceled"]', { timeout: 20_000 });
    await page.waitForSelector('#resume-order:not([disabled])');
    await page.click('#resume-order');
    await waitForText('#order-state', 'state: resumed');
    expect(await apiOrder(resumable.number)).toMatchObject({ state: 'resumed', payment_state: 'balance_due', shipment_state: 'pending' });
    await page.waitForSelector('[data-state-change="order:canceled->resumed"]', { timeout: 20_000 });
    const { state_changes } = (await t.http().get(`/api/orders/${resumable.number}/state_changes`).set(admin.auth).expect(200)).body;
    expect(state_changes[0]).toMatchObject({ name: 'order', previous_state: 'canceled', next_state: 'resumed', user_id: admin.id });
    // The page shows the history as the API serves it, row for row.
    const shown = await page.$$eval('#state-history tbody tr', (rows) => rows.map((r) => r.getAttribute('data-state-change')));
    expect(shown).toEqual(state_changes.map((c: { name: string; previous_state: string | null; next_state: string }) => `${c.name}:${c.previous_state ?? ''}->${c.next_state}`));
    await page.evaluate(() => document.querySelector('#state-history')?.scrollIntoView());
    await screenshot(page, 'admin-15-order-resumed-history');
    await expectAccessible('order page with its history');
  });

  it("edits a placed order's line item: a quantity the stock cannot cover shows the API's refusal under the field, then a quantity it can changes the totals", async () => {
    // The resumed order of the step before: placed, 1 unit, its card payment authorized (not captured).
    const before = await apiOrder(resumable.number);
    const line = before.line_items[0];
    expect(line.quantity).toBe(1);
    await page.goto(`${origin}/admin#/orders/${resumable.number}/show`, { waitUntil: 'load' });
    const field = `#line-item-quantity-${line.id}`;
    await page.waitForSelector(field, { timeout: 20_000 });
    // Sets the field and saves; the API's answer to the app's PUT.
    const setQuantity = async (quantity: string) => {
      await page.click(field, { count: 3 });
      await page.keyboard.press('Backspace');
      await page.type(field, quantity);
      expect(await page.$eval(field, (el) => (el as HTMLInputElement).value)).toBe(quantity);
      const answer = page.waitForResponse((r) => r.url().endsWith(`/line_items/${line.id}`) && r.request().method() === 'PUT', { timeout: 20_000 });
      await page.click(`#line-item-save-${line.id}`);
      const response = await answer;
      return { status: response.status(), body: await response.json() };
    };
    const problemsBefore = problems.length;
    // More than the location holds (20, not backorderable): the API's 422, shown under the field; nothing changes.
    const { status, body: refusal } = await setQuantity('500');
    expect(status).toBe(422);
    const message = [refusal.errors?.quantity ?? refusal.errors?.base ?? refusal.error].flat().join('; ');
    // (An empty helper text is MUI's zero-width space.)
    const helper = (id: number) => document.querySelector(`#line-item-quantity-${id}-helper-text`)?.textContent?.replace(/\u200b/g, '').trim();
    await page.waitForFunction(`(${helper.toString()})(${line.id}) === ${JSON.stringify(message)}`, { timeout: 20_000 });
    expect(await apiOrder(resumable.number)).toMatchObject({ total: before.total, item_total: before.item_total, line_items: [{ id: line.id, quantity: 1 }] });
    // The refusal's 422 is the only console message it caused (the browser logs a failed request).
    expect(problems.splice(problemsBefore)).toEqual([expect.stringContaining('status of 422')]);
    await screenshot(page, 'admin-15b-line-item-refused');
    await expectAccessible('order page with a refused quantity');
    // Three: the API recomputes the totals and the shipment; the page shows the new total.
    expect(await setQuantity('3')).toMatchObject({ status: 200, body: { id: line.id, quantity: 3 } });
    await page.waitForFunction(`document.querySelector('#line-item-quantity-${line.id}')?.value === '3' && (${helper.toString()})(${line.id}) === ''`, { timeout: 20_000 });
    const after = await apiOrder(resumable.number);
    expect(after).toMatchObject({ state: 'resumed', item_total: '45.00', payment_state: 'balance_due', line_items: [{ id: line.id, quantity: 3, total: '45.00' }] });
    expect(after.shipments.flatMap((s: { manifest: Array<{ quantity: number }> }) => s.manifest).reduce((n: number, m: { quantity: number }) => n + m.quantity, 0)).toBe(3);
    await page.waitForFunction((total: string) => document.querySelector('[aria-label="Line items"]')?.textContent?.includes(total), { timeout: 20_000 }, after.total);
    await screenshot(page, 'admin-15c-line-item-quantity-changed');
    await expectAccessible('order page with an edited line item');
  });

  it('keeps stock: a new location, its first stock item, a movement in', async () => {
    const name = `Back room ${Date.now()}`;
    await page.goto(`${origin}/admin#/stock_locations/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', name);
    await page.type('input[name="city"]', 'Leeds');
    await expectAccessible('new stock location');
    await page.click('button[type="submit"]');
    await page.waitForFunction(() => /^#\/stock_locations\/\d+$/.test(location.hash), { timeout: 20_000 });
    const { stock_locations } = (await t.http().get('/api/stock_locations').query({ 'q[name_eq]': name }).set(admin.auth).expect(200)).body;
    expect(stock_locations).toEqual([expect.objectContaining({ name, city: 'Leeds', active: true })]);
    const locationId = stock_locations[0].id as number;
    // Not propagated (the form's default): no stock here yet.
    expect((await t.http().get(`/api/stock_locations/${locationId}/stock_items`).set(admin.auth).expect(200)).body.total_count).toBe(0);
    // The product's first count here, as its product page makes it.
    const item = (await t.http().post(`/api/stock_locations/${locationId}/stock_items`).set(admin.auth).send({ stock_item: { variant_id: product.masterVariantId, count_on_hand: 0 } }).expect(201)).body;
    await page.reload({ waitUntil: 'load' });
    await page.waitForSelector(`[data-location-item="${item.id}"]`, { timeout: 20_000 });
    await page.click('#movement-item');
    await page.waitForSelector(`li[role="option"][data-value="${item.id}"]`);
    await page.click(`li[role="option"][data-value="${item.id}"]`);
    await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    await page.type('input[name="movement_quantity"]', '5');
    await page.click('form[aria-label="Record a stock movement"] button[type="submit"]');
    await waitForText(`[data-location-item="${item.id}"] .count-on-hand`, '5');
    expect((await t.http().get(`/api/stock_locations/${locationId}/stock_items/${item.id}`).set(admin.auth).expect(200)).body.count_on_hand).toBe(5);
    const { stock_movements } = (await t.http().get(`/api/stock_locations/${locationId}/stock_movements`).set(admin.auth).expect(200)).body;
    const received = stock_movements.find((m: { quantity: number }) => m.quantity === 5);
    expect(received).toMatchObject({ stock_item_id: item.id, action: 'received' });
    await page.waitForSelector(`[data-movement="${received.id}"]`, { timeout: 20_000 });
    await screenshot(page, 'admin-16-stock-location');
    await expectAccessible('stock location');
  });

  it('transfers stock between locations; a transfer the source cannot cover shows the refusal and moves nothing', async () => {
    const stamp = Date.now();
    const from = await createStockLocation(t.db, { name: `Depot ${stamp}`, propagateAllVariants: false });
    const to = await createStockLocation(t.db, { name: `Kiosk ${stamp}`, propagateAllVariants: false });
    await createStockItem(t.db, from, product.masterVariantId, { countOnHand: 6 });
    const [{ sku }] = await t.db.query(`SELECT sku FROM variants WHERE id = $1`, [product.masterVariantId]);
    const countAt = async (location: number) =>
      (await t.db.query(`SELECT count_on_hand FROM stock_items WHERE stock_location_id = $1 AND variant_id = $2 AND deleted_at IS NULL`, [location, product.masterVariantId]))[0]?.count_on_hand ?? 0;
    const fill = async (quantity: string) => {
      await page.goto(`${origin}/admin#/stock_transfers/create`, { waitUntil: 'load' });
      await page.waitForSelector('form[aria-label="New stock transfer"]');
      for (const [select, location] of [['#transfer-source', from], ['#transfer-destination', to]] as const) {
        await page.click(select);
        await page.waitForSelector(`li[role="option"][data-value="${location}"]`);
        await page.click(`li[role="option"][data-value="${location}"]`);
        await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
      }
      await page.type('input[name="transfer_reference"]', `Kiosk restock ${stamp}`);
      await page.type('input[name="transfer_sku_0"]', sku);
      await page.type('input[name="transfer_quantity_0"]', quantity);
    };

    await fill('4');
    await expectAccessible('new stock transfer');
    await page.click('form[aria-label="New stock transfer"] button[type="submit"]');
    await page.waitForFunction(() => /^#\/stock_transfers\/T\d{9}\/show$/.test(location.hash), { timeout: 20_000 });
    const number = decodeURIComponent((await page.evaluate(() => location.hash)).split('/')[2]);
    const shown = (await t.http().get(`/api/stock_transfers/${number}`).set(admin.auth).expect(200)).body;
    expect(shown).toMatchObject({ source_location_id: from, destination_location_id: to, reference: `Kiosk restock ${stamp}`, transfer_items: [{ variant_id: product.masterVariantId, quantity: 4 }] });
    expect([await countAt(from), await countAt(to)]).toEqual([2, 4]);
    // The page shows the movements the API recorded: 4 out of the depot, 4 into the kiosk.
    await page.waitForSelector(`[data-transfer-movement="${product.masterVariantId}:-4"]`, { timeout: 20_000 });
    await page.waitForSelector(`[data-transfer-movement="${product.masterVariantId}:4"]`);
    await screenshot(page, 'admin-16b-stock-transfer');
    await expectAccessible('stock transfer');

    // The depot has 2 left: a transfer of 3 is refused under the lines, and nothing moves.
    const problemsBefore = problems.length;
    await fill('3');
    await page.click('form[aria-label="New stock transfer"] button[type="submit"]');
    await page.waitForFunction(() => /on hand at the source location/.test(document.querySelector('#transfer-items-error')?.textContent ?? ''), { timeout: 20_000 });
    expect(await page.$eval('#transfer-items-error', (e) => e.textContent)).toBe(`${sku}: 2 on hand at the source location, 3 to move`);
    expect([await countAt(from), await countAt(to)]).toEqual([2, 4]);
    expect((await t.http().get('/api/stock_transfers').query({ 'q[reference_eq]': `Kiosk restock ${stamp}` }).set(admin.auth).expect(200)).body.total_count).toBe(1);
    // The refusal's 422 is the only console message it caused (the browser logs a failed request).
    expect(problems.splice(problemsBefore)).toEqual([expect.stringContaining('status of 422')]);
    await expectAccessible('stock transfer refused');
  });

  it('store settings: creates a tax category (a second of that name shows the API refusal); zones, rates, shipping and payment methods listed', async () => {
    const name = `Reduced ${Date.now()}`;
    taxCategoryName = name;
    const problemsBefore = problems.length;
    for (const attempt of ['created', 'refused']) {
      await page.goto(`${origin}/admin#/tax_categories/create`, { waitUntil: 'load' });
      await page.waitForSelector('input[name="name"]');
      await page.type('input[name="name"]', name);
      await page.type('input[name="tax_code"]', 'R5');
      await page.click('button[type="submit"]');
      if (attempt === 'created') {
        await page.waitForFunction((n: string) => document.body.innerText.includes(n) && location.hash.startsWith('#/tax_categories') && !location.hash.includes('create'), { timeout: 20_000 }, name);
      } else {
        // The API's own message (422, `{error, errors}`), and nothing more created.
        await page.waitForFunction(() => document.body.innerText.includes('name has already been taken'), { timeout: 20_000 });
      }
    }
    // The refused request is the one error the browser logged meanwhile (the others stay for the final check).
    expect(problems.splice(problemsBefore)).toEqual([expect.stringContaining('status of 422')]);
    const { tax_categories } = (await t.http().get('/api/tax_categories').query({ 'q[name_eq]': name }).set(admin.auth).expect(200)).body;
    expect(tax_categories).toEqual([expect.objectContaining({ name, tax_code: 'R5', is_default: false })]);
    await screenshot(page, 'admin-17-tax-category-refused');
    for (const resource of ['tax_categories', 'zones', 'tax_rates', 'shipping_methods', 'payment_methods']) {
      const { total_count } = (await t.http().get(`/api/${resource}`).set(admin.auth).expect(200)).body;
      await page.goto(`${origin}/admin#/${resource}`, { waitUntil: 'load' });
      // As many rows as the API has (up to a page).
      await page.waitForFunction((n: number) => document.querySelectorAll('tbody tr').length === n, { timeout: 20_000 }, Math.min(total_count, 25));
      await expectAccessible(`${resource} list`);
    }
    await screenshot(page, 'admin-18-payment-methods');
  });

  it('store settings forms: a zone, a tax rate in it, a shipping method and a payment method changed', async () => {
    const stamp = Date.now();
    /** Chooses `value` in the form's `index`-th select (react-admin's SelectInput, a MUI combobox). */
    const pick = async (index: number, value: number) => {
      await (await page.$$('[role="combobox"]'))[index].click();
      await page.waitForSelector(`li[role="option"][data-value="${value}"]`);
      await page.click(`li[role="option"][data-value="${value}"]`);
      await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    };
    const save = async (hashStart: string) => {
      await page.click('button[type="submit"]');
      await page.waitForFunction((h: string) => location.hash === h, { timeout: 20_000 }, hashStart);
    };
    // A zone.
    await page.goto(`${origin}/admin#/zones/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', `North ${stamp}`);
    await page.type('input[name="description"]', 'Northern counties');
    await save('#/zones');
    const [zone] = (await t.http().get('/api/zones').query({ 'q[name_eq]': `North ${stamp}` }).set(admin.auth).expect(200)).body.zones;
    expect(zone).toMatchObject({ name: `North ${stamp}`, description: 'Northern counties' });
    // A tax rate in it, for the tax category made above.
    const [category] = (await t.http().get('/api/tax_categories').query({ 'q[name_eq]': taxCategoryName }).set(admin.auth).expect(200)).body.tax_categories;
    await page.goto(`${origin}/admin#/tax_rates/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="amount"]');
    await page.type('input[name="name"]', `Reduced North ${stamp}`);
    await page.type('input[name="amount"]', '0.05');
    // The zone and tax category selects, once their choices came from GET /api/zones and /api/tax_categories.
    await page.waitForFunction(() => document.querySelectorAll('[role="combobox"]').length === 2, { timeout: 20_000 });
    await pick(0, zone.id);
    await pick(1, category.id);
    await expectAccessible('new tax rate');
    await save('#/tax_rates');
    const [rate] = (await t.http().get('/api/tax_rates').query({ 'q[name_eq]': `Reduced North ${stamp}` }).set(admin.auth).expect(200)).body.tax_rates;
    expect(rate).toMatchObject({ zone_id: zone.id, tax_category_id: category.id, included_in_price: false });
    expect(Number(rate.amount)).toBe(0.05);
    // A shipping method's tracking URL.
    const [method] = (await t.http().get('/api/shipping_methods').set(admin.auth).expect(200)).body.shipping_methods;
    await page.goto(`${origin}/admin#/shipping_methods/${method.id}`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="tracking_url"]');
    await page.click('input[name="tracking_url"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('input[name="tracking_url"]', 'https://track.example/:tracking');
    await expectAccessible('shipping method');
    await save('#/shipping_methods');
    // Only the tracking URL changed: the zones, categories and price the form also shows are left as they were.
    expect((await t.http().get(`/api/shipping_methods/${method.id}`).set(admin.auth).expect(200)).body).toMatchObject({
      name: method.name,
      tracking_url: 'https://track.example/:tracking',
      zones: method.zones,
      shipping_categories: method.shipping_categories,
      calculator: method.calculator,
    });
    // A payment method's description.
    const methods = (await t.http().get('/api/payment_methods').query({ 'q[name_eq]': 'Check' }).set(admin.auth).expect(200)).body.payment_methods;
    await page.goto(`${origin}/admin#/payment_methods/${methods[0].id}`, { waitUntil: 'load' });
    await page.waitForSelector('textarea[name="description"]');
    await page.click('textarea[name="description"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('textarea[name="description"]', 'Cheques to Shop Ltd');
    await expectAccessible('payment method');
    await save('#/payment_methods');
    expect((await t.http().get(`/api/payment_methods/${methods[0].id}`).set(admin.auth).expect(200)).body).toMatchObject({ name: 'Check', description: 'Cheques to Shop Ltd', active: methods[0].active });
  });

  it("store settings: a zone's countries, a new shipping method and a new payment method", async () => {
    const stamp = Date.now();
    const [canada] = await t.db.query(`SELECT id FROM countries WHERE iso = 'CA'`);
    const [mexico] = await t.db.query(`SELECT id FROM countries WHERE iso = 'MX'`);
    const zone = (await t.http().post('/api/zones').set(admin.auth).send({ zone: { name: `Neighbours ${stamp}`, zone_members: [{ zoneable_type: 'Spree::Country', zoneable_id: canada.id }] } }).expect(201))
      .body;
    const save = async (hash: string) => {
      await page.click('button[type="submit"]');
      await page.waitForFunction((h: string) => location.hash === h, { timeout: 20_000 }, hash);
    };
    const clickText = (selector: string, text: string) =>
      page.evaluate(
        (sel: string, wanted: string) => {
          const match = [...document.querySelectorAll<HTMLElement>(sel)].find((e) => e.textContent?.trim() === wanted);
          match?.click();
          return Boolean(match);
        },
        selector,
        text,
      );

    // Mexico added to the zone's countries, beside Canada.
    await page.goto(`${origin}/admin#/zones/${zone.id}`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="country_ids"]');
    await page.waitForFunction(() => document.body.innerText.includes('Canada'), { timeout: 20_000 });
    await page.type('input[name="country_ids"]', 'Mexi');
    await page.waitForFunction(() => [...document.querySelectorAll('li[role="option"]')].some((o) => o.textContent?.trim() === 'Mexico'), { timeout: 20_000 });
    expect(await clickText('li[role="option"]', 'Mexico')).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    await page.click('input[name="description"]');
    await expectAccessible('zone with its countries');
    await save('#/zones');
    const members = (await t.http().get(`/api/zones/${zone.id}`).set(admin.auth).expect(200)).body.zone_members.map((m: { zoneable_type: string; zoneable_id: number }) => `${m.zoneable_type}:${m.zoneable_id}`);
    expect(members.sort()).toEqual([`Spree::Country:${canada.id}`, `Spree::Country:${mexico.id}`].sort());

    // A shipping method to that zone, for the default category, 7.50 an order.
    const categoryId = await defaultShippingCategoryId(t.db);
    await page.goto(`${origin}/admin#/shipping_methods/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', `Courier ${stamp}`);
    await page.type('input[name="code"]', `COURIER_${stamp}`);
    await page.waitForSelector(`input[type="checkbox"][value="${categoryId}"]`, { timeout: 20_000 });
    await page.click(`input[type="checkbox"][value="${categoryId}"]`);
    await page.waitForFunction(() => document.querySelectorAll('[role="combobox"]').length >= 3, { timeout: 20_000 });
    await (await page.$$('[role="combobox"]'))[0].click();
    await page.waitForSelector(`li[role="option"][data-value="${zone.id}"]`);
    await page.click(`li[role="option"][data-value="${zone.id}"]`);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    await page.click('input[name="calculator_amount"]', { count: 3 });
    await page.keyboard.press('Backspace');
    await page.type('input[name="calculator_amount"]', '7.50');
    await expectAccessible('new shipping method');
    await save('#/shipping_methods');
    const [shipping] = (await t.http().get('/api/shipping_methods').query({ 'q[name_eq]': `Courier ${stamp}` }).set(admin.auth).expect(200)).body.shipping_methods;
    expect(shipping).toMatchObject({ code: `COURIER_${stamp}`, zones: [expect.objectContaining({ id: zone.id })], shipping_categories: [expect.objectContaining({ id: categoryId })] });
    expect(shipping.calculator).toMatchObject({ type: 'flat_rate', preferences: { currency: 'USD' } });
    expect(Number(shipping.calculator.preferences.amount)).toBe(7.5);

    // A payment method paid outside the shop (Check), active.
    await page.goto(`${origin}/admin#/payment_methods/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', `Bank transfer ${stamp}`);
    await (await page.$$('[role="combobox"]'))[0].click();
    await page.waitForSelector('li[role="option"][data-value="Spree::PaymentMethod::Check"]');
    await page.click('li[role="option"][data-value="Spree::PaymentMethod::Check"]');
    await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    await expectAccessible('new payment method');
    await save('#/payment_methods');
    const [payment] = (await t.http().get('/api/payment_methods').query({ 'q[name_eq]': `Bank transfer ${stamp}` }).set(admin.auth).expect(200)).body.payment_methods;
    expect(payment).toMatchObject({ type: 'Spree::PaymentMethod::Check', active: true, environment: 'production' });
    await page.waitForFunction((n: string) => document.body.innerText.includes(n), { timeout: 20_000 }, `Bank transfer ${stamp}`);
    await screenshot(page, 'admin-18b-payment-method-created');
  });

  it('taxonomies as a tree: a new taxonomy, a taxon under its root and one under that', async () => {
    const name = `Rooms ${Date.now()}`;
    await page.goto(`${origin}/admin#/taxonomies/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', name);
    await page.click('button[type="submit"]');
    await page.waitForSelector('#taxon-tree', { timeout: 20_000 });
    const [{ id: taxonomyId }] = (await t.http().get('/api/taxonomies').query({ 'q[name_eq]': name }).set(admin.auth).expect(200)).body.taxonomies;
    await page.type('input[name="taxon_name"]', 'Kitchen');
    await page.click('form[aria-label="Add a taxon"] button[type="submit"]');
    await page.waitForFunction(() => [...document.querySelectorAll('#taxon-tree li li > span')].some((s) => s.textContent === 'Kitchen'), { timeout: 20_000 });
    const { root } = (await t.http().get(`/api/taxonomies/${taxonomyId}`).query({ set: 'nested' }).set(admin.auth).expect(200)).body;
    const kitchen = root.taxons.find((c: { name: string }) => c.name === 'Kitchen');
    expect(kitchen).toBeDefined();
    await page.click('#taxon-parent');
    await page.waitForSelector(`li[role="option"][data-value="${kitchen.id}"]`);
    await page.click(`li[role="option"][data-value="${kitchen.id}"]`);
    await page.waitForFunction(() => !document.querySelector('li[role="option"]'));
    await page.type('input[name="taxon_name"]', 'Mugs');
    await page.click('form[aria-label="Add a taxon"] button[type="submit"]');
    await page.waitForFunction(() => [...document.querySelectorAll('#taxon-tree li li li > span')].some((s) => s.textContent === 'Mugs'), { timeout: 20_000 });
    const nested = (await t.http().get(`/api/taxonomies/${taxonomyId}`).query({ set: 'nested' }).set(admin.auth).expect(200)).body.root;
    expect(nested.taxons.map((c: { name: string; taxons: Array<{ name: string }> }) => [c.name, c.taxons.map((g) => g.name)])).toEqual([['Kitchen', ['Mugs']]]);
    await screenshot(page, 'admin-19-taxon-tree');
    await expectAccessible('taxonomy tree');
  });

  it('option types and properties: an option type with a value, a property', async () => {
    const stamp = Date.now();
    await page.goto(`${origin}/admin#/option_types/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', `cup-size-${stamp}`);
    await page.type('input[name="presentation"]', 'Cup size');
    await page.click('button[type="submit"]');
    await page.waitForSelector('form[aria-label="Add a value"]', { timeout: 20_000 });
    await page.type('input[name="value_name"]', 'large');
    await page.type('input[name="value_presentation"]', 'Large');
    await page.click('form[aria-label="Add a value"] button[type="submit"]');
    await page.waitForSelector('[data-option-value="large"]', { timeout: 20_000 });
    const { option_types } = (await t.http().get('/api/option_types').query({ 'q[name_eq]': `cup-size-${stamp}` }).set(admin.auth).expect(200)).body;
    expect(option_types).toEqual([expect.objectContaining({ presentation: 'Cup size', option_values: [expect.objectContaining({ name: 'large', presentation: 'Large' })] })]);
    await screenshot(page, 'admin-20-option-type');
    await expectAccessible('option type');

    await page.goto(`${origin}/admin#/properties/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="name"]');
    await page.type('input[name="name"]', `material-${stamp}`);
    await page.type('input[name="presentation"]', 'Material');
    await page.click('button[type="submit"]');
    await page.waitForFunction((n: string) => document.body.innerText.includes(n) && !location.hash.includes('create'), { timeout: 20_000 }, `material-${stamp}`);
    const { properties } = (await t.http().get('/api/properties').query({ 'q[name_eq]': `material-${stamp}` }).set(admin.auth).expect(200)).body;
    expect(properties).toEqual([expect.objectContaining({ name: `material-${stamp}`, presentation: 'Material' })]);
    await expectAccessible('properties');
  });

  it('webhook endpoints: creates one (its secret shown once), pings it and redelivers', async () => {
    await page.goto(`${origin}/admin#/webhook_endpoints/create`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="url"]');
    await page.type('input[name="url"]', receiver.url);
    await page.click('input[type="checkbox"][value="order.resumed"]');
    await expectAccessible('new webhook endpoint');
    await page.click('button[type="submit"]');
    await page.waitForSelector('#webhook-secret', { timeout: 20_000 });
    const secret = await text('#webhook-secret');
    expect(secret).toMatch(/^whsec_/);
    const { webhook_endpoints } = (await t.http().get('/api/webhook_endpoints').set(admin.auth).expect(200)).body;
    const endpoint = webhook_endpoints.find((e: { url: string }) => e.url === receiver.url);
    expect(endpoint).toMatchObject({ events: ['order.resumed'], enabled: true });
    expect(endpoint).not.toHaveProperty('secret');
    await screenshot(page, 'admin-21-webhook-secret-shown');
    await page.click('[role="dialog"] button.MuiButton-contained');
    await page.waitForSelector('#webhook-ping:not([disabled])', { timeout: 20_000 });
    await page.click('#webhook-ping');
    await page.waitForSelector('[data-delivery]', { timeout: 20_000 });
    let { deliveries } = (await t.http().get(`/api/webhook_endpoints/${endpoint.id}/deliveries`).set(admin.auth).expect(200)).body;
    expect(deliveries).toEqual([expect.objectContaining({ event_type: 'ping' })]);
    await page.click(`#redeliver-${deliveries[0].id}`);
    await page.waitForFunction(() => document.querySelectorAll('[data-delivery]').length === 2, { timeout: 20_000 });
    ({ deliveries } = (await t.http().get(`/api/webhook_endpoints/${endpoint.id}/deliveries`).set(admin.auth).expect(200)).body);
    expect(deliveries.map((d: { event_id: string; event_type: string }) => [d.event_type, d.event_id])).toEqual([
      ['ping', deliveries[1].event_id],
      ['ping', deliveries[1].event_id],
    ]);
    await screenshot(page, 'admin-22-webhook-deliveries');
    await expectAccessible('webhook endpoint');
  });

  it('restores a soft-deleted product', async () => {
    const name = `Retired Mug ${Date.now()}`;
    const created = (await t.http().post('/api/products').set(admin.auth).send({ product: { name, price: '9.00', shipping_category_id: await defaultShippingCategoryId(t.db) } }).expect(201)).body;
    await t.http().delete(`/api/products/${created.id}`).set(admin.auth).expect(204);
    await page.goto(`${origin}/admin#/products`, { waitUntil: 'load' });
    await page.waitForSelector('input[name="show_deleted"]');
    await page.click('input[name="show_deleted"]');
    await page.type('input[name="name_cont"]', name);
    await page.waitForSelector(`#restore-${created.id}`, { timeout: 20_000 });
    await screenshot(page, 'admin-23-deleted-product');
    await expectAccessible('products with the deleted ones');
    await page.click(`#restore-${created.id}`);
    await page.waitForFunction((id: number) => !document.querySelector(`#restore-${id}`) && document.body.innerText.includes('restored'), { timeout: 20_000 }, created.id);
    // Back for everyone.
    const shown = (await t.http().get(`/api/products/${created.slug}`).expect(200)).body;
    expect(shown).toMatchObject({ id: created.id, name, deleted_at: null });
  });

  it('signs out: the key stops working', async () => {
    const key = await page.evaluate(() => sessionStorage.getItem('commerce-admin.api_key'));
    await signOut();
    expect(await page.evaluate(() => sessionStorage.getItem('commerce-admin.api_key'))).toBeNull();
    await t.http().get('/api/sessions/current').set('Authorization', `Bearer ${key}`).expect(401);
    await screenshot(page, 'admin-13-signed-out');
    await expectAccessible('sign-in');
  });

  it('a clerk without refund rights sees the refund refused', async () => {
    await signIn(clerk);
    const payment = refundable.payments[0];
    await page.goto(`${origin}/admin#/orders/${refundable.number}/show`, { waitUntil: 'load' });
    await page.waitForSelector(`#refund-${payment.id}`, { timeout: 20_000 });
    // Capture stays open to the clerk; refund and void are disabled, with the reason.
    expect(await page.$eval(`#refund-${payment.id}`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await page.$eval(`#void-${payment.id}`, (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(await page.$eval('#cancel-order', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
    await screenshot(page, 'admin-14-clerk-refund-disabled');
    // Trying anyway with the clerk's key: the API refuses (401), nothing is credited.
    const refused = await page.evaluate(async (number: string, id: number) => {
      const res = await fetch(`/api/orders/${number}/payments/${id}/credit`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${sessionStorage.getItem('commerce-admin.api_key')}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ amount: '1.00' }),
      });
      return { status: res.status, body: await res.json() };
    }, refundable.number, payment.id);
    expect(refused).toEqual({ status: 401, body: { error: 'You are not authorized to perform that action.' } });
    const after = await apiOrder(refundable.number);
    expect(after.payments.map((p: { state: string; amount: string }) => [p.state, p.amount])).toEqual([['completed', refundable.total]]);
    expect(after.payment_state).toBe('paid');
    await expectAccessible('order page as a clerk');
    // A canceled order: Resume needs orders:write, which the clerk lacks (the button says so), and the history is shown (orders:read).
    await t.http().put(`/api/orders/${resumable.number}/cancel`).set(admin.auth).expect(200);
    await page.goto(`${origin}/admin#/orders/${resumable.number}/show`, { waitUntil: 'load' });
    await waitForText('#order-state', 'state: canceled');
    expect(await page.$eval('#resume-order', (b) => [(b as HTMLButtonElement).disabled, b.getAttribute('data-permission')])).toEqual([true, 'orders:write']);
    await page.waitForSelector('[data-state-change="order:resumed->canceled"]', { timeout: 20_000 });
    // The refused request is the one expected error the browser logs.
    expect(problems.filter((p) => !p.includes('status of 401'))).toEqual([]);
  });
});
