/** What a payment provider answered (ActiveMerchant's Response, reduced to what we keep). */
export interface GatewayResponse {
  /** The operation was done: the money held, taken, given back or released. */
  success: boolean;
  message: string;
  /** The provider's reference for what it did (Spree's `response_code`): what a later capture, void or credit names. */
  authorization: string | null;
  avsResult: string | null;
  /**
   * Authorize and purchase only: the customer must act before anything is held (3-D Secure, a redirect). `success`
   * is false, `authorization` names the provider's attempt (a Stripe PaymentIntent), and this is what the storefront
   * needs to let the customer act. The attempt is journaled as open: a request that does not commit voids it.
   */
  customerAction?: CustomerAction;
  /** The provider's code for a refusal (a decline code), when it gives one. */
  errorCode?: string;
  /**
   * Authorize and purchase of a saved card (`ChargeRequest.customer`): the provider's customer the card is now saved
   * with, and the card's own reference there, to keep on the card so that it can pay again.
   */
  savedCard?: { customerProfile: string; paymentProfile: string | null };
  /** Set by the journal (GatewayOperations.run): the row the call was recorded in. */
  journalId?: string;
}

/** What a storefront needs for the customer to act (Stripe.js `handleNextAction`: `client_secret`, `next_action`). */
export interface CustomerAction {
  clientSecret: string | null;
  nextAction: Record<string, unknown> | null;
}

/** A card as a gateway sees it: the number only while the shopper's request lasts, never stored. */
export interface GatewayCard {
  number?: string;
  gatewayCustomerProfileId: string | null;
  /** The provider's token for the card itself (a Stripe PaymentMethod `pm_…`), sent by the storefront; null for others. */
  gatewayPaymentProfileId?: string | null;
}
