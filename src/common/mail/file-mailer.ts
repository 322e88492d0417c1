import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createTransport } from 'nodemailer';
import { MailMessage, Mailer, MailReceipt } from './mailer';

/**
 * Mail written as `.eml` files into a folder (MAIL_DIR, `.data/mail` by
 * default): what the shop runs with until SMTP_URL is set, so a newcomer
 * sees every mail (any mail program opens them). Each file is written
 * beside and renamed, so a reader never sees half a message.
 */
export class FileMailer implements Mailer {
  readonly dir: string;
  private readonly composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(dir: string) {
    this.dir = resolve(dir);
  }

  get description(): string {
    return `as .eml files in ${this.dir} (set SMTP_URL to send them)`;
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const info = await this.composer.sendMail(message);
    await mkdir(this.dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const path = join(this.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    const temporary = `${path}.tmp`;
    try {
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { response: `written to ${path}` };
  }

  async close(): Promise<void> {}
}
