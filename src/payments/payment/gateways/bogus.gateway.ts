import { randomInt } from 'node:crypto';
import { Gateway, GatewayCard, GatewayResponse } from './gateway';

const TEST_VISA = ['4111111111111111', '4012888888881881', '4222222222222'];
const TEST_MC = ['5500000000000004', '5555555555554444', '5105105105105100', '2223000010309703'];
const TEST_AMEX = ['378282246310005', '371449635398431', '378734493671000', '340000000000009'];
const TEST_DISC = ['6011000000000004', '6011111111111117', '6011000990139424'];
/** Spree 2.2 `Gateway::Bogus::VALID_CCS`: these numbers are approved, every other one declined. */
export const BOGUS_VALID_CARDS: readonly string[] = ['1', ...TEST_VISA, ...TEST_MC, ...TEST_AMEX, ...TEST_DISC];

export const BOGUS_SUCCESS = 'Bogus Gateway: Forced success';
export const BOGUS_FAILURE = 'Bogus Gateway: Forced failure';

const ok = (avsResult: string | null = null): GatewayResponse => ({ success: true, message: BOGUS_SUCCESS, authorization: '12345', avsResult });
const declined = (): GatewayResponse => ({ success: false, message: BOGUS_FAILURE, authorization: null, avsResult: null });

/** The test gateway of Spree 2.2 (`core/app/models/spree/gateway/bogus.rb`), without a network. */
export class BogusGateway implements Gateway {
  readonly paymentProfilesSupported = true;
  readonly sourceRequired = true;

  private approves(card: GatewayCard): boolean {
    return (card.number !== undefined && BOGUS_VALID_CARDS.includes(card.number)) || (card.gatewayCustomerProfileId?.startsWith('BGS-') ?? false);
  }

  createProfile(card: GatewayCard): GatewayResponse {
    if (!card.number || !BOGUS_VALID_CARDS.includes(card.number)) return declined();
    return { ...ok(), authorization: `BGS-${Array.from({ length: 6 }, () => randomInt(6)).join('')}` };
  }

  authorize(_amountCents: number, card: GatewayCard): GatewayResponse {
    return this.approves(card) ? ok('D') : declined();
  }

  purchase(_amountCents: number, card: GatewayCard): GatewayResponse {
    return this.approves(card) ? ok('M') : declined();
  }

  capture(_amountCents: number, authorization: string | null): GatewayResponse {
    return authorization === '12345' ? ok() : declined();
  }

  void(): GatewayResponse {
    return ok();
  }

  credit(): GatewayResponse {
    return ok();
  }
}
