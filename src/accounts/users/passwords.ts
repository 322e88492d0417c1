import bcrypt from 'bcryptjs';

const COST = process.env.NODE_ENV === 'test' ? 4 : 12;
/** Spree's Devise rule: at least 6 characters. bcrypt reads only the first 72 bytes, so longer ones are refused. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 72;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}

/** A hash to compare against when the email is unknown, so sign-in takes as long either way. */
let dummyHash: string | undefined;
export async function dummyPasswordHash(): Promise<string> {
  return (dummyHash ??= await bcrypt.hash('no such user', COST));
}
