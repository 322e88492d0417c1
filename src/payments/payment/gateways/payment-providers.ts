import { BogusGateway } from './bogus.gateway';
import { CheckGateway } from './check.gateway';
import type { PaymentProviderClass } from './payment-provider';
import { StripeGateway } from './stripe.gateway';

/**
 * The payment providers this service offers: one line each. Each becomes a
 * Nest provider (PaymentsModule) that `PaymentProviderRegistry` finds by its
 * `methodType`, and its type one that `/api/payment_methods` accepts (and
 * the OpenAPI document lists). See docs/architecture.md, "Provider seams".
 */
export const PAYMENT_PROVIDERS = [BogusGateway, CheckGateway, StripeGateway] as const satisfies readonly PaymentProviderClass[];

/** The Spree payment method types served, in the list's order. */
export type PaymentMethodType = (typeof PAYMENT_PROVIDERS)[number]['methodType'];
