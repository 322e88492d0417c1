import { validateCard, validateTokenizedCard } from './card';

const NOW = new Date('2026-11-28T00:00:00Z');
const TOKENIZED = { gateway_payment_profile_id: 'pm_card_visa', last_digits: '4242', month: '12', year: '2029', cc_type: 'visa', name: 'John Doe' };

describe('validateTokenizedCard', () => {
  it('keeps the token and what may be shown', () => {
    expect(validateTokenizedCard(TOKENIZED, NOW)).toEqual({ card: { token: 'pm_card_visa', month: 12, year: 2029, name: 'John Doe', ccType: 'visa', lastDigits: '4242' } });
    expect(validateTokenizedCard({ ...TOKENIZED, year: '29', name: null, cc_type: null }, NOW)).toEqual({
      card: { token: 'pm_card_visa', month: 12, year: 2029, name: null, ccType: null, lastDigits: '4242' },
    });
  });

  it('refuses a card number or verification value without repeating them', () => {
    const result = validateTokenizedCard({ ...TOKENIZED, number: '4242424242424242', verification_value: '314' }, NOW);
    expect(result).toEqual({
      errors: [
        'Number must not be sent for this payment method: send the card tokenized by its provider (gateway_payment_profile_id)',
        'Verification Value must not be sent for this payment method',
      ],
    });
    expect(JSON.stringify(result)).not.toMatch(/4242424242424242|314/);
    // Blank ones are as good as absent (a form's empty fields).
    expect(validateTokenizedCard({ ...TOKENIZED, number: ' ', verification_value: '' }, NOW)).toHaveProperty('card');
  });

  it('wants the token, a month, a year and the last 4 digits, and a card not expired', () => {
    expect(validateTokenizedCard({}, NOW)).toEqual({
      errors: ["Gateway Payment Profile can't be blank", 'Month is not a number', 'Year is not a number', 'Last Digits must be the 4 last digits of the card'],
    });
    expect(validateTokenizedCard({ ...TOKENIZED, gateway_payment_profile_id: 'pm_x"; drop', month: '13', last_digits: '42' }, NOW)).toEqual({
      errors: ['Gateway Payment Profile is invalid', 'Month must be between 1 and 12', 'Last Digits must be the 4 last digits of the card'],
    });
    expect(validateTokenizedCard({ ...TOKENIZED, month: '10', year: '2026' }, NOW)).toEqual({ errors: ['Card has expired'] });
    expect(validateTokenizedCard({ ...TOKENIZED, month: '11', year: '2026' }, NOW)).toHaveProperty('card');
  });
});

describe('validateCard', () => {
  it('refuses a provider token: a method taking card numbers never names a stored profile', () => {
    const result = validateCard({ number: '4111111111111111', month: '12', year: '2029', verification_value: '123', name: 'J D', gateway_payment_profile_id: 'BGS-1' }, NOW);
    expect(result).toEqual({ errors: ['Gateway Payment Profile is not taken by this payment method: send the card number'] });
  });
});
