import { Gateway, GatewayResponse } from './gateway';

const ok = (): GatewayResponse => ({ success: true, message: '', authorization: null, avsResult: null });

/**
 * Spree 2.2's `PaymentMethod::Check`: no card and no remote service, so every
 * operation succeeds (the money moves by hand). Spree defines only capture and
 * void; authorizing a check marks it pending, purchasing it completed, and a
 * credit records a refund paid by hand.
 */
export class CheckGateway implements Gateway {
  readonly paymentProfilesSupported = false;
  readonly sourceRequired = false;

  createProfile(): GatewayResponse {
    return ok();
  }

  authorize(): GatewayResponse {
    return ok();
  }

  purchase(): GatewayResponse {
    return ok();
  }

  capture(): GatewayResponse {
    return ok();
  }

  void(): GatewayResponse {
    return ok();
  }

  credit(): GatewayResponse {
    return ok();
  }
}
