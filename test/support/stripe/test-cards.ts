/**
 * Stripe's documented test PaymentMethods (docs.stripe.com/testing) that the
 * test server knows, and how each behaves. Using one (in a PaymentIntent, a
 * SetupIntent or an attach) makes a new `pm_…` PaymentMethod of that card, as
 * Stripe does.
 */
export interface CardDecline {
  code: string;
  declineCode: string;
  message: string;
}

export interface TestCard {
  brand: 'visa' | 'mastercard' | 'amex';
  last4: string;
  funding: 'credit' | 'debit';
  /**
   * When the issuer asks the shopper to authenticate (3-D Secure):
   * `always` on every payment and setup; `on-session` on setups and on
   * on-session payments, not on off-session payments of a card set up for them.
   */
  authentication: 'never' | 'always' | 'on-session';
  /** The issuer's decline, after authentication when there is one. */
  decline?: CardDecline;
}

export const DECLINES = {
  generic: { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
  insufficientFunds: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  expiredCard: { code: 'expired_card', declineCode: 'expired_card', message: 'Your card has expired.' },
  incorrectCvc: { code: 'incorrect_cvc', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
  processingError: { code: 'processing_error', declineCode: 'processing_error', message: 'An error occurred while processing your card. Try again in a little bit.' },
} satisfies Record<string, CardDecline>;

export const TEST_CARDS: Record<string, TestCard> = {
  pm_card_visa: { brand: 'visa', last4: '4242', funding: 'credit', authentication: 'never' },
  pm_card_visa_debit: { brand: 'visa', last4: '5556', funding: 'debit', authentication: 'never' },
  pm_card_mastercard: { brand: 'mastercard', last4: '4444', funding: 'credit', authentication: 'never' },
  pm_card_amex: { brand: 'amex', last4: '8431', funding: 'credit', authentication: 'never' },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', funding: 'credit', authentication: 'never', decline: DECLINES.generic },
  pm_card_chargeDeclinedInsufficientFunds: { brand: 'visa', last4: '9995', funding: 'credit', authentication: 'never', decline: DECLINES.insufficientFunds },
  pm_card_chargeDeclinedExpiredCard: { brand: 'visa', last4: '0069', funding: 'credit', authentication: 'never', decline: DECLINES.expiredCard },
  pm_card_chargeDeclinedIncorrectCvc: { brand: 'visa', last4: '0127', funding: 'credit', authentication: 'never', decline: DECLINES.incorrectCvc },
  pm_card_chargeDeclinedProcessingError: { brand: 'visa', last4: '0119', funding: 'credit', authentication: 'never', decline: DECLINES.processingError },
  pm_card_authenticationRequired: { brand: 'visa', last4: '3184', funding: 'credit', authentication: 'always' },
  pm_card_authenticationRequiredOnSetup: { brand: 'visa', last4: '3155', funding: 'credit', authentication: 'on-session' },
  pm_card_authenticationRequiredChargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9978',
    funding: 'credit',
    authentication: 'always',
    decline: DECLINES.insufficientFunds,
  },
};
