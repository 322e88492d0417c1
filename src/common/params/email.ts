/** Spree's e-mail format check: something@domain.tld, no spaces. */
export const EMAIL_FORMAT = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_FORMAT.test(value);
}
