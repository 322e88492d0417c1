import { BogusGateway } from './bogus.gateway';
import { CheckGateway } from './check.gateway';
import { Gateway } from './gateway';

/** The gateway behind each payment method type; one without `sourceRequired` (a check) needs no card. */
const BOGUS = new BogusGateway();
const GATEWAYS = new Map<string, Gateway>([
  ['Spree::Gateway::Bogus', BOGUS],
  ['Spree::PaymentMethod::Check', new CheckGateway()],
]);

export function gatewayFor(paymentMethodType: string): Gateway | undefined {
  return GATEWAYS.get(paymentMethodType);
}

/** Whether paying with this method type keeps a card profile (Spree then adds the confirm step). */
export function keepsCardProfiles(paymentMethodType: string): boolean {
  return GATEWAYS.get(paymentMethodType)?.paymentProfilesSupported ?? false;
}

/** Where the test gateway logs what it answers (BOGUS_GATEWAY_LOG), or nowhere. */
export function logBogusGatewayTo(path: string | undefined): void {
  BOGUS.logTo = path;
}
