import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Mustache from 'mustache';
import { DEFAULT_TEMPLATES } from './default-templates';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const EXTENSIONS = ['.subject', '.txt', '.html'] as const;
const noEscape = { escape: (value: unknown) => String(value) };
const HTML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Safe in HTML text and quoted attributes; leaves URLs readable (Mustache's own escapes `/` and `=` too). */
const htmlEscape = { escape: (value: unknown) => String(value).replace(/[&<>"']/g, (c) => HTML_ENTITIES[c]) };

/**
 * The templates of the shop's mail: the built-in ones (default-templates.ts),
 * each replaceable by a file of the same name in MAIL_TEMPLATES_DIR
 * (`order_confirmation.html`, `layout.html`…; any other `.txt` or `.html`
 * there is a partial the others may use). Every template is parsed at
 * start, so a broken one stops the start instead of a mail.
 */
export class MailTemplates {
  private readonly templates: Record<string, string>;

  constructor(overrides: Record<string, string> = {}) {
    this.templates = { ...DEFAULT_TEMPLATES, ...overrides };
    for (const [name, text] of Object.entries(this.templates)) {
      try {
        Mustache.parse(text);
      } catch (error) {
        throw new Error(`The mail template ${name} cannot be read: ${(error as Error).message}`, { cause: error });
      }
    }
  }

  /** The built-in templates, with those of `dir` (MAIL_TEMPLATES_DIR) in their place. */
  static load(dir: string | undefined): MailTemplates {
    if (!dir) return new MailTemplates();
    const folder = resolve(dir);
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch (error) {
      throw new Error(`MAIL_TEMPLATES_DIR ${folder} cannot be read: ${(error as Error).message}`, { cause: error });
    }
    const overrides: Record<string, string> = {};
    for (const name of names) {
      if (name.startsWith('.') || !EXTENSIONS.some((ext) => name.endsWith(ext))) continue;
      if (name.endsWith('.subject') && !(name in DEFAULT_TEMPLATES)) throw new Error(`MAIL_TEMPLATES_DIR: ${name} is the subject of no mail (known: ${MailTemplates.subjects().join(', ')})`);
      overrides[name] = readFileSync(join(folder, name), 'utf8');
    }
    return new MailTemplates(overrides);
  }

  /** The subjects of the built-in mails, by file name. */
  static subjects(): string[] {
    return Object.keys(DEFAULT_TEMPLATES).filter((n) => n.endsWith('.subject'));
  }

  /**
   * A mail of `kind` for `context`: the subject on one line, the text and
   * HTML bodies each in their layout. Values are HTML-escaped in the HTML
   * only (`{{{name}}}` leaves one as it is).
   */
  render(kind: string, context: Record<string, unknown>): RenderedMail {
    const template = (name: string) => {
      const found = this.templates[name];
      if (found === undefined) throw new Error(`no mail template ${name}`);
      return found;
    };
    const subject = Mustache.render(template(`${kind}.subject`), context, {}, noEscape).replace(/\s+/g, ' ').trim();
    const text = this.partials('.txt');
    const html = this.partials('.html');
    const textBody = Mustache.render(template(`${kind}.txt`), context, text, noEscape);
    const htmlBody = Mustache.render(template(`${kind}.html`), context, html, htmlEscape);
    return {
      subject,
      text: Mustache.render(template('layout.txt'), { ...context, subject, body: textBody.trim() }, text, noEscape).replace(/\n{3,}/g, '\n\n'),
      html: Mustache.render(template('layout.html'), { ...context, subject, body: htmlBody }, html, htmlEscape),
    };
  }

  /** Every template of this extension, by the name a partial calls it (`{{> order_summary}}`). */
  private partials(ext: string): Record<string, string> {
    return Object.fromEntries(Object.entries(this.templates).filter(([name]) => name.endsWith(ext)).map(([name, text]) => [name.slice(0, -ext.length), text]));
  }
}
