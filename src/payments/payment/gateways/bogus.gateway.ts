import { Inject, Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { APP_CONFIG, AppConfig } from '../../../config/configuration';
import { GatewayCard, GatewayResponse } from './gateway';
import { CaptureRequest, ChargeRequest, CreditRequest, PaymentProvider, ProfileRequest, VoidRequest } from './payment-provider';

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

/** One line of the bogus gateway's log (BOGUS_GATEWAY_LOG): what it answered, never the card. */
export interface BogusOperation {
  operation: 'authorize' | 'purchase' | 'capture' | 'void' | 'credit';
  amountCents: number | null;
  /** The reference it was given (capture, void, credit) or gave (authorize, purchase). */
  authorization: string | null;
  success: boolean;
  pid: number;
}

/**
 * The test gateway of Spree 2.2 (`core/app/models/spree/gateway/bogus.rb`), without a network.
 * It keeps nothing, as Spree's; with BOGUS_GATEWAY_LOG set it appends each money operation it answers to that
 * file as a JSON line, standing in for the records a real gateway keeps, so a test can see what the gateway was
 * asked across processes (docs/reliability.md).
 */
@Injectable()
export class BogusGateway implements PaymentProvider {
  static readonly methodType = 'Spree::Gateway::Bogus';
  static readonly sourceRequired = true;
  static readonly paymentProfilesSupported = true;

  private readonly logTo: string | undefined;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'bogusGatewayLog'>) {
    this.logTo = config.bogusGatewayLog;
  }

  private logged(operation: BogusOperation['operation'], amountCents: number | null, authorization: string | null, response: GatewayResponse): GatewayResponse {
    if (this.logTo) {
      const line: BogusOperation = { operation, amountCents, authorization: authorization ?? response.authorization, success: response.success, pid: process.pid };
      appendFileSync(this.logTo, `${JSON.stringify(line)}\n`);
    }
    return response;
  }

  private approves(card: GatewayCard): boolean {
    return (card.number !== undefined && BOGUS_VALID_CARDS.includes(card.number)) || (card.gatewayCustomerProfileId?.startsWith('BGS-') ?? false);
  }

  async createProfile({ card }: ProfileRequest): Promise<GatewayResponse> {
    if (!card.number || !BOGUS_VALID_CARDS.includes(card.number)) return declined();
    return { ...ok(), authorization: `BGS-${Array.from({ length: 6 }, () => randomInt(6)).join('')}` };
  }

  async authorize({ amount, card }: ChargeRequest): Promise<GatewayResponse> {
    return this.logged('authorize', amount, null, this.approves(card) ? ok('D') : declined());
  }

  async purchase({ amount, card }: ChargeRequest): Promise<GatewayResponse> {
    return this.logged('purchase', amount, null, this.approves(card) ? ok('M') : declined());
  }

  async capture({ amount, authorization }: CaptureRequest): Promise<GatewayResponse> {
    return this.logged('capture', amount, authorization, authorization === '12345' ? ok() : declined());
  }

  async void({ authorization }: VoidRequest): Promise<GatewayResponse> {
    return this.logged('void', null, authorization, ok());
  }

  async credit({ amount, authorization }: CreditRequest): Promise<GatewayResponse> {
    return this.logged('credit', amount, authorization, ok());
  }
}
