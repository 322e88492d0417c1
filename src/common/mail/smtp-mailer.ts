import { createTransport } from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { MailMessage, Mailer, MailReceipt } from './mailer';

/**
 * Mail through an SMTP server (SMTP_URL, nodemailer): a small pool of
 * connections kept open between messages, each step bounded in time so a
 * server that hangs fails the attempt (the queue tries again later) instead
 * of holding it.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  readonly description: string;

  constructor(url: string) {
    this.transport = createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
    const parsed = new URL(url);
    // The URL's user and password stay out of the log.
    this.description = `through the SMTP server ${parsed.protocol}//${parsed.host}`;
  }

  async send(message: MailMessage): Promise<MailReceipt> {
    const info = await this.transport.sendMail({ ...message, messageId: message.messageId });
    if (info.rejected?.length) throw new Error(`the server refused ${info.rejected.length} recipient(s): ${info.response ?? ''}`.trim());
    return { response: String(info.response ?? 'sent') };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
