/** One message, ready to send: rendered, addressed, with its own Message-ID. */
export interface MailMessage {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`: the same on every attempt of one mail, so a mailbox that got it twice can tell. */
  messageId: string;
}

/** What a sent message left behind: where it went (a server's answer, a file). */
export interface MailReceipt {
  /** The SMTP server's answer (`250 OK …`) or the file written. */
  response: string;
}

/**
 * Where the shop's mail goes: an SMTP server (SMTP_URL) or `.eml` files in
 * a folder (MAIL_DIR, the default without SMTP_URL). Chosen by configuration
 * like FILE_STORAGE (common/storage); the mail's queue (src/mail) is its only
 * user. `send` throws when the message was not taken (the queue tries again).
 */
export interface Mailer {
  send(message: MailMessage): Promise<MailReceipt>;
  /** Where mail goes, for the start-up log: never a password. */
  readonly description: string;
  close(): Promise<void>;
}

export const MAILER = Symbol('MAILER');
