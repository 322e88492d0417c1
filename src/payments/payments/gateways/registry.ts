import { BogusGateway } from './bogus.gateway';
import { Gateway } from './gateway';

/** The gateway behind each payment method type; a type without one (a check) needs no card. */
const GATEWAYS = new Map<string, Gateway>([['Spree::Gateway::Bogus', new BogusGateway()]]);

export function gatewayFor(paymentMethodType: string): Gateway | undefined {
  return GATEWAYS.get(paymentMethodType);
}

/** Whether paying with this method type keeps a card profile (Spree then adds the confirm step). */
export function keepsCardProfiles(paymentMethodType: string): boolean {
  return GATEWAYS.get(paymentMethodType)?.paymentProfilesSupported ?? false;
}
