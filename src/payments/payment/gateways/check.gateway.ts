import { Injectable } from '@nestjs/common';
import { GatewayResponse } from './gateway';
import { PaymentProvider } from './payment-provider';

const ok = (): GatewayResponse => ({ success: true, message: '', authorization: null, avsResult: null });

/**
 * Spree 2.2's `PaymentMethod::Check`: no card and no remote service, so every
 * operation succeeds (the money moves by hand). Spree defines only capture and
 * void; authorizing a check marks it pending, purchasing it completed, and a
 * credit records a refund paid by hand.
 */
@Injectable()
export class CheckGateway implements PaymentProvider {
  static readonly methodType = 'Spree::PaymentMethod::Check';
  static readonly sourceRequired = false;
  static readonly paymentProfilesSupported = false;

  async createProfile(): Promise<GatewayResponse> {
    return ok();
  }

  async authorize(): Promise<GatewayResponse> {
    return ok();
  }

  async purchase(): Promise<GatewayResponse> {
    return ok();
  }

  async capture(): Promise<GatewayResponse> {
    return ok();
  }

  async void(): Promise<GatewayResponse> {
    return ok();
  }

  async credit(): Promise<GatewayResponse> {
    return ok();
  }
}
