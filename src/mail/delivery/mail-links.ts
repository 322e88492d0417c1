import type { AppConfig } from '../../config/configuration';
import type { MailKind } from './mail-kinds';

/** The storefront's pages a link mail points to (docs/accounts.md). */
const LINK_PATHS: Partial<Record<MailKind, string>> = {
  password_reset: '/password/reset',
  email_confirmation: '/email/confirm',
  email_verification: '/email/confirm',
};

/** "1 hour", "3 days", "30 minutes": how long a link works, as the mail says it. */
export function durationText(seconds: number): string {
  const units: Array<[number, string]> = [
    [86_400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size} ${name}${seconds / size === 1 ? '' : 's'}`;
  }
  const minutes = Math.floor(seconds / 60);
  return minutes >= 1 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${seconds} seconds`;
}

/** A link mail's `url` (the storefront's page with the token), `token` and `expires_in`; nothing for other mails. */
export function linkContext(kind: MailKind, token: string | null, config: Pick<AppConfig, 'mail' | 'accounts'>): Record<string, string> {
  const path = LINK_PATHS[kind];
  if (!path || token === null) return {};
  const ttl = kind === 'password_reset' ? config.accounts.passwordResetTtlSeconds : config.accounts.emailConfirmationTtlSeconds;
  return { url: `${config.mail.storefrontUrl}${path}?token=${encodeURIComponent(token)}`, token, expires_in: durationText(ttl) };
}
