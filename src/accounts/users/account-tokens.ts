import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { secretDigest } from '../../config/secret-box';

/**
 * The one-time tokens of account mails: a password reset and an e-mail
 * confirmation (a new address, or the sign-up's). 256 random bits, shown
 * only in the mail's link; the user's row keeps its SHA-256 digest (enough
 * for a random token, as for API keys) and when it expires. One of each per
 * user at a time: a new one replaces the old (whose link stops working),
 * using one clears it (single use).
 */
export function newAccountToken(): string {
  return randomBytes(32).toString('base64url');
}

export const accountTokenDigest = (token: string): string => secretDigest(token);

export interface IssuedToken {
  userId: number;
  /** Where the mail goes. */
  email: string;
  token: string;
}

/** Which token: its columns on users. */
const SLOTS = {
  password_reset: { digest: 'reset_password_digest', expires: 'reset_password_expires_at' },
  confirmation: { digest: 'confirmation_digest', expires: 'confirmation_expires_at' },
} as const;

export type TokenSlot = keyof typeof SLOTS;

/** Gives user `userId` a new token in `slot` (voiding the one before), valid for `ttlSeconds`. */
export async function issueToken(em: EntityManager, userId: number, slot: TokenSlot, ttlSeconds: number, set: { unconfirmedEmail?: string | null } = {}): Promise<string> {
  const token = newAccountToken();
  const columns = SLOTS[slot];
  const unconfirmed = 'unconfirmedEmail' in set ? `, unconfirmed_email = $4` : '';
  await em.query(
    `UPDATE users SET ${columns.digest} = $2, ${columns.expires} = now() + make_interval(secs => $3::integer)${unconfirmed}, updated_at = now() WHERE id = $1`,
    'unconfirmedEmail' in set ? [userId, accountTokenDigest(token), ttlSeconds, set.unconfirmedEmail] : [userId, accountTokenDigest(token), ttlSeconds],
  );
  return token;
}

/**
 * The queue's half of a request by e-mail (AccountMail.request): the user
 * with this address, locked, gets a new token, or null when there is no
 * such user (or, for a verification, none still to verify).
 */
export async function issueByEmail(em: EntityManager, kind: 'password_reset' | 'email_verification', email: string, ttlSeconds: number): Promise<IssuedToken | null> {
  const [user]: Array<{ id: number; email: string; email_verified_at: Date | null }> = await em.query(
    `SELECT id, email, email_verified_at FROM users WHERE lower(email) = lower($1) FOR UPDATE`,
    [email.trim()],
  );
  if (!user) return null;
  if (kind === 'email_verification') {
    if (user.email_verified_at) return null;
    // A verification link replaces a pending e-mail change's: the link proves the address the account has.
    return { userId: user.id, email: user.email, token: await issueToken(em, user.id, 'confirmation', ttlSeconds, { unconfirmedEmail: null }) };
  }
  return { userId: user.id, email: user.email, token: await issueToken(em, user.id, 'password_reset', ttlSeconds) };
}

/** The user holding this token in `slot`, locked, and whether it has expired; null when no one does (never issued, used, or replaced). */
export async function findByToken(em: EntityManager, slot: TokenSlot, token: string): Promise<{ id: number; expired: boolean } | null> {
  if (typeof token !== 'string' || token === '' || token.length > 200) return null;
  const columns = SLOTS[slot];
  const [row]: Array<{ id: number; expired: boolean }> = await em.query(
    `SELECT id, ${columns.expires} <= now() AS expired FROM users WHERE ${columns.digest} = $1 FOR UPDATE`,
    [accountTokenDigest(token)],
  );
  return row ?? null;
}

/** Clears a used token. */
export async function clearToken(em: EntityManager, userId: number, slot: TokenSlot): Promise<void> {
  const columns = SLOTS[slot];
  await em.query(`UPDATE users SET ${columns.digest} = NULL, ${columns.expires} = NULL WHERE id = $1`, [userId]);
}
