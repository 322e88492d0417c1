import { Module } from '@nestjs/common';
import { GatewayOperations } from './gateway-operations.service';
import { PAYMENT_PROVIDERS } from './gateways/payment-providers';
import { PAYMENT_PROVIDER_INSTANCES, PaymentProviderRegistry } from './gateways/registry';
import { PaymentsService } from './payments.service';

/**
 * Payments of orders: created at the payment step, processed at completion. The payment providers
 * (PAYMENT_PROVIDERS) are its Nest providers, found by payment method type through `PaymentProviderRegistry`.
 * `GatewayOperations` journals every provider call that moves money and deals with those whose request did not
 * commit (order changes run in its `guard`).
 */
@Module({
  providers: [
    ...PAYMENT_PROVIDERS,
    { provide: PAYMENT_PROVIDER_INSTANCES, inject: [...PAYMENT_PROVIDERS], useFactory: (...providers: unknown[]) => providers },
    PaymentProviderRegistry,
    PaymentsService,
    GatewayOperations,
  ],
  exports: [PaymentsService, GatewayOperations, PaymentProviderRegistry],
})
export class PaymentsModule {}
