/** What a gateway answered (ActiveMerchant's Response, reduced to what we keep). */
export interface GatewayResponse {
  success: boolean;
  message: string;
  authorization: string | null;
  avsResult: string | null;
}

/** A card as a gateway sees it: the number only while the shopper's request lasts, never stored. */
export interface GatewayCard {
  number?: string;
  gatewayCustomerProfileId: string | null;
}

export interface Gateway {
  /** Keeps a profile of the card at the gateway: on success `authorization` is the profile's reference. */
  createProfile(card: GatewayCard): GatewayResponse;
  authorize(amountCents: number, card: GatewayCard): GatewayResponse;
  purchase(amountCents: number, card: GatewayCard): GatewayResponse;
  capture(amountCents: number, authorization: string | null): GatewayResponse;
  void(authorization: string | null): GatewayResponse;
  credit(amountCents: number, authorization: string | null): GatewayResponse;
  /** Whether card profiles are kept (adds Spree's confirm step). */
  readonly paymentProfilesSupported: boolean;
  /** Whether a payment needs a card (Spree's `source_required?`): false for a check. */
  readonly sourceRequired: boolean;
}
