import bcrypt from 'bcryptjs';

/** Spree's Devise rule: at least 6 characters. bcrypt reads only the first 72 bytes, so longer ones are refused. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;

/** `cost`: bcrypt's work factor, `AppConfig.passwordHashCost` (12; 4 under test). */
export function hashPassword(password: string, cost: number): Promise<string> {
  return bcrypt.hash(password, cost);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** A hash to compare against when the email is unknown, so sign-in takes as long either way. */
const dummyHashes = new Map<number, Promise<string>>();
export function dummyPasswordHash(cost: number): Promise<string> {
  let hash = dummyHashes.get(cost);
  if (!hash) dummyHashes.set(cost, (hash = bcrypt.hash('no such user', cost)));
  return hash;
}
