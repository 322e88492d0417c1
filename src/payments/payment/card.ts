import { PaymentSourceDto } from './dto/payment-source.dto';

export interface ValidCard {
  number: string;
  month: number;
  year: number;
  name: string;
  ccType: string | null;
  lastDigits: string;
}

/** Spree's CreditCard#try_type_from_number, for the brands the bogus gateway knows. */
export function cardType(number: string): string | null {
  if (/^4\d{12}(\d{3})?$/.test(number)) return 'visa';
  if (/^(5[1-5]\d{4}|677189|222[1-9]\d{2}|22[3-9]\d{3}|2[3-6]\d{4}|27[01]\d{3}|2720\d{2})\d{10}$/.test(number)) return 'master';
  if (/^3[47]\d{13}$/.test(number)) return 'american_express';
  if (/^(6011|65\d{2}|64[4-9]\d)\d{12}|(62\d{14})$/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68]\d)\d{11}$/.test(number)) return 'diners_club';
  if (/^35(28|29|[3-8]\d)\d{12}$/.test(number)) return 'jcb';
  return null;
}

/**
 * Spree's CreditCard validations, with its full messages (they are reported
 * under `payments.<payment method name>`). Returns the card or the messages.
 */
export function validateCard(source: PaymentSourceDto, now = new Date()): { card: ValidCard } | { errors: string[] } {
  const errors: string[] = [];
  if (source.gateway_payment_profile_id) errors.push('Gateway Payment Profile is not taken by this payment method: send the card number');
  const number = (source.number ?? '').replace(/[\s-]/g, '');
  let monthText = source.month ?? undefined;
  let yearText = source.year ?? undefined;
  if (source.expiry && !monthText && !yearText) {
    const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(source.expiry);
    if (m) [monthText, yearText] = [m[1], m[2].length === 2 ? `20${m[2]}` : m[2]];
  }
  const month = monthText !== undefined && /^\d{1,2}$/.test(monthText.trim()) ? Number(monthText) : NaN;
  const year = yearText !== undefined && /^\d{2,4}$/.test(yearText.trim()) ? Number(yearText.trim().length === 2 ? `20${yearText.trim()}` : yearText) : NaN;
  const name = (source.name ?? [source.first_name, source.last_name].filter(Boolean).join(' ')).trim();

  if (number === '') errors.push("Number can't be blank");
  else if (!/^\d{1,19}$/.test(number)) errors.push('Number is invalid');
  if (Number.isNaN(month)) errors.push('Month is not a number');
  else if (month < 1 || month > 12) errors.push('Month must be between 1 and 12');
  if (Number.isNaN(year)) errors.push('Year is not a number');
  if (!source.verification_value || source.verification_value.trim() === '') errors.push("Verification Value can't be blank");
  else if (!/^\d{3,4}$/.test(source.verification_value.trim())) errors.push('Verification Value is invalid');
  if (name === '') errors.push("Name can't be blank");
  if (!Number.isNaN(month) && !Number.isNaN(year) && month >= 1 && month <= 12) {
    const endOfMonth = new Date(Date.UTC(year, month, 1));
    if (endOfMonth <= now) errors.push('Card has expired');
  }
  if (errors.length > 0) return { errors };
  return { card: { number, month, year, name, ccType: source.cc_type || cardType(number), lastDigits: number.slice(-4).padStart(4, '0') } };
}

/** A card tokenized by its provider (a Stripe PaymentMethod): the token and what may be shown of the card. */
export interface TokenizedCard {
  token: string;
  month: number;
  year: number;
  name: string | null;
  ccType: string | null;
  lastDigits: string;
}

/**
 * A card for a method with tokenized cards: the provider's token (`gateway_payment_profile_id`) and the display
 * fields. A card number or verification value is refused (the messages never repeat them): card data must not
 * reach this service for such a method.
 */
export function validateTokenizedCard(source: PaymentSourceDto, now = new Date()): { card: TokenizedCard } | { errors: string[] } {
  const errors: string[] = [];
  const given = (v: string | null | undefined) => v !== undefined && v !== null && v.trim() !== '';
  if (given(source.number)) errors.push('Number must not be sent for this payment method: send the card tokenized by its provider (gateway_payment_profile_id)');
  if (given(source.verification_value)) errors.push('Verification Value must not be sent for this payment method');
  const token = source.gateway_payment_profile_id?.trim() ?? '';
  if (token === '') errors.push("Gateway Payment Profile can't be blank");
  else if (!/^[A-Za-z0-9_]{1,255}$/.test(token)) errors.push('Gateway Payment Profile is invalid');
  const month = source.month && /^\d{1,2}$/.test(source.month.trim()) ? Number(source.month) : NaN;
  const yearText = source.year?.trim() ?? '';
  const year = /^\d{2}$|^\d{4}$/.test(yearText) ? Number(yearText.length === 2 ? `20${yearText}` : yearText) : NaN;
  if (Number.isNaN(month)) errors.push('Month is not a number');
  else if (month < 1 || month > 12) errors.push('Month must be between 1 and 12');
  if (Number.isNaN(year)) errors.push('Year is not a number');
  const lastDigits = source.last_digits?.trim() ?? '';
  if (!/^\d{4}$/.test(lastDigits)) errors.push('Last Digits must be the 4 last digits of the card');
  if (!Number.isNaN(month) && !Number.isNaN(year) && month >= 1 && month <= 12 && new Date(Date.UTC(year, month, 1)) <= now) errors.push('Card has expired');
  if (errors.length > 0) return { errors };
  const name = (source.name ?? [source.first_name, source.last_name].filter(Boolean).join(' ')).trim();
  return { card: { token, month, year, name: name || null, ccType: source.cc_type?.trim() || null, lastDigits } };
}
