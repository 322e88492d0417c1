import type { EntityManager } from 'typeorm';

/** The mails of an account: each carries a one-time link (a token) or tells of a change. */
export type AccountMailKind = 'password_reset' | 'email_confirmation' | 'email_change_notice' | 'email_verification';

/**
 * A port (docs/architecture.md): accounts ask for their mails, the shop's
 * mail (src/mail, a higher layer) provides this from a global module and
 * queues them in the caller's transaction, so a mail exists if and only if
 * the change that asked for it committed. A token given here is kept only
 * sealed (SECRET_KEY) until the mail is sent, never in an event or a log.
 */
export interface AccountMail {
  /** A mail to `to` about user `userId`, carrying `token` when it is a link. */
  send(em: EntityManager, mail: { kind: AccountMailKind; to: string; userId: number; token?: string; context?: Record<string, string> }): Promise<void>;
  /**
   * A request by e-mail address (POST /api/passwords, POST /api/confirmations):
   * queued as it is, the same work whether or not an account has that address
   * (nothing to time). The queue then issues the token through `issueByEmail`
   * (account-tokens.ts) and mails it, or drops the request when there is nobody to mail.
   */
  request(em: EntityManager, kind: 'password_reset' | 'email_verification', email: string): Promise<void>;
}

export const ACCOUNT_MAIL = Symbol('ACCOUNT_MAIL');
