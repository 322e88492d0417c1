/** Spree's e-mail format check: something@domain.tld, no spaces. */
export const EMAIL_FORMAT = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_FORMAT.test(value);
}

/** EMAIL_FORMAT for the document (`pattern`): what the service refuses as "is invalid" is not declared valid. */
export const EMAIL_PATTERN = EMAIL_FORMAT.source;
/** The same, or blank, where a blank e-mail clears it (an order's). */
export const EMAIL_OR_BLANK_PATTERN = `^(${EMAIL_FORMAT.source.slice(1, -1)})?$`;
