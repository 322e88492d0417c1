import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { CapturingLogger } from '../support/capturing-logger';
import { orderAtConfirm, stockedProduct } from '../support/orders';
import { createTestApp, TestApp } from '../support/test-app';
import { createUser } from '../support/users';
import { eventually } from '../support/webhook-receiver';

// Issue 30: with no SMTP_URL (the embedded default) the shop's mail is written as .eml files under .data/mail/, and the log says where.
describe('mail as .eml files (no SMTP_URL)', () => {
  let root: string;
  let dir: string;
  let t: TestApp;
  const log = new CapturingLogger();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'mail-files-'));
    // The default MAIL_DIR is .data/mail of the working folder (src/config/configuration.spec.ts); here the same path under a folder of this test.
    dir = join(root, '.data', 'mail');
    t = await createTestApp({ MAIL_DIR: dir, STORE_NAME: 'File Shop', WEBHOOKS_POLL_MS: '200' }, { logger: log });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const files = () => {
    try {
      return readdirSync(dir).filter((f) => f.endsWith('.eml'));
    } catch {
      return [];
    }
  };
  const parsed = async () => Promise.all(files().map(async (f) => simpleParser(readFileSync(join(dir, f)))));

  it('says once at start where the files go', () => {
    const lines = log.lines.filter((l) => l.text.includes('Mail is sent'));
    expect(lines).toEqual([{ level: 'log', text: `Mail is sent as .eml files in ${dir} (set SMTP_URL to send them) Mail` }]);
  });

  it('writes the order confirmation and a password reset as .eml files a mail program opens', async () => {
    const product = await stockedProduct(t.db);
    const order = await orderAtConfirm(t, [{ variant_id: product.masterVariantId, quantity: 1 }], 'file-guest@example.com');
    await t.http().put(`/api/checkouts/${order.number}`).set(order.guest).expect(200);
    const user = await createUser(t.db);
    await t.http().post('/api/passwords').send({ user: { email: user.email } }).expect(202);

    await eventually(async () => files(), (list) => list.length === 2);
    const mails = await parsed();
    const confirmation = mails.find((m) => m.subject?.includes(order.number));
    expect(confirmation).toBeDefined();
    expect(confirmation!.subject).toBe(`File Shop: order confirmation ${order.number}`);
    expect(confirmation!.to).toMatchObject({ text: 'file-guest@example.com' });
    expect(confirmation!.from).toMatchObject({ text: '"File Shop" <shop@example.com>' });
    expect(confirmation!.text).toContain('Total: $');
    expect(typeof confirmation!.html).toBe('string');
    const reset = mails.find((m) => m.subject === 'File Shop: reset your password');
    expect(reset!.text).toMatch(/http:\/\/localhost:3000\/password\/reset\?token=[A-Za-z0-9_-]{43}/);

    const rows = await t.db.query(`SELECT kind, state, response FROM mail_deliveries ORDER BY id`);
    expect(rows.map((r: { kind: string; state: string }) => [r.kind, r.state])).toEqual([
      ['order_confirmation', 'sent'],
      ['password_reset', 'sent'],
    ]);
    for (const row of rows) expect(row.response).toMatch(new RegExp(`^written to ${dir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/.+\\.eml$`));
    // Written whole: no temporary file is left beside them.
    expect(readdirSync(dir).filter((f) => !f.endsWith('.eml'))).toEqual([]);
  });
});
