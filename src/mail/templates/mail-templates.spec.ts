import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailTemplates } from './mail-templates';
import { MAIL_KINDS } from '../delivery/mail-kinds';

const order = {
  number: 'R123456789',
  line_items: [{ name: 'Ruby <Tote>', quantity: 2, options_text: 'Size: S', display_amount: '$31.98' }],
  display_item_total: '$31.98',
  display_ship_total: '$5.00',
  display_total: '$36.98',
  has_promotion: false,
  has_additional_tax: false,
  has_included_tax: false,
  ship_address: { lines: ['Jane Doe', '10 Lovely Street', 'Herndon, VA 20170', 'United States'] },
  bill_address: null,
};
const base = { store_name: 'Acme & Co', storefront_url: 'https://acme.test' };

describe('MailTemplates', () => {
  const templates = new MailTemplates();

  it('has a subject, a text and an HTML body for every mail', () => {
    for (const kind of MAIL_KINDS) {
      const mail = templates.render(kind, { ...base, order, url: 'https://acme.test/x', user: { email: 'jane@example.com' } });
      expect(mail.subject).not.toBe('');
      expect(mail.text).not.toBe('');
      expect(mail.html).toContain('<html>');
    }
  });

  it('renders the order confirmation: lines, totals and address, escaped in HTML only', () => {
    const mail = templates.render('order_confirmation', { ...base, order });
    expect(mail.subject).toBe('Acme & Co: order confirmation R123456789');
    expect(mail.text).toContain('2 x Ruby <Tote> (Size: S)  $31.98');
    expect(mail.text).toContain('Total: $36.98');
    expect(mail.text).toContain('  10 Lovely Street');
    expect(mail.text).not.toContain('Billing address');
    expect(mail.text).toContain('--\nAcme & Co\nhttps://acme.test');
    expect(mail.html).toContain('Ruby &lt;Tote&gt;');
    expect(mail.html).toContain('<strong>$36.98</strong>');
    expect(mail.html).toContain('Acme &amp; Co');
    expect(mail.html).not.toContain('Ruby <Tote>');
  });

  it('keeps a subject on one line', () => {
    const mail = templates.render('email_change_notice', { ...base, old_email: 'a@x.test', new_email: 'b@x.test', pending: true });
    expect(mail.subject).toBe('Acme & Co: the e-mail address of your account is about to change');
    expect(templates.render('email_change_notice', { ...base, pending: false }).subject).toBe('Acme & Co: the e-mail address of your account has changed');
  });

  it('takes the templates of a folder in place of the built-in ones, partials and layout included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-templates-'));
    writeFileSync(join(dir, 'order_confirmation.subject'), 'Merci! {{order.number}}');
    writeFileSync(join(dir, 'layout.html'), '<html><body class="brand">{{{body}}}</body></html>');
    writeFileSync(join(dir, 'order_summary.txt'), 'Your order: {{order.number}} for {{order.display_total}}');
    writeFileSync(join(dir, 'README.md'), 'not a template');
    const mail = MailTemplates.load(dir).render('order_confirmation', { ...base, order });
    expect(mail.subject).toBe('Merci! R123456789');
    expect(mail.html).toMatch(/^<html><body class="brand"><p>Thank you for your order.<\/p>/);
    expect(mail.text).toContain('Your order: R123456789 for $36.98');
  });

  it('refuses at start a template that does not parse, a subject of no mail, a folder that cannot be read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-templates-'));
    writeFileSync(join(dir, 'password_reset.html'), '{{#user}}unclosed');
    expect(() => MailTemplates.load(dir)).toThrow('The mail template password_reset.html cannot be read');
    const other = mkdtempSync(join(tmpdir(), 'mail-templates-'));
    writeFileSync(join(other, 'welcome.subject'), 'Hi');
    expect(() => MailTemplates.load(other)).toThrow('welcome.subject is the subject of no mail');
    expect(() => MailTemplates.load(join(other, 'missing'))).toThrow('MAIL_TEMPLATES_DIR');
  });
});

describe('MailTemplates HTML', () => {
  it("escapes what HTML needs (quotes too, for attributes) and leaves a link's URL readable", () => {
    const mail = new MailTemplates().render('password_reset', { ...base, user: { email: '"x"@y.test' }, url: 'https://acme.test/password/reset?token=a-b_c', expires_in: '1 hour' });
    expect(mail.html).toContain('href="https://acme.test/password/reset?token=a-b_c"');
    expect(mail.html).toContain('(&quot;x&quot;@y.test)');
  });
});
