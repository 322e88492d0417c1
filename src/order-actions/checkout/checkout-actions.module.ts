import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { CouponActionsModule } from '../coupons/coupon-actions.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { AbandonedPaymentsSweeper } from './abandoned-payments.sweeper';
import { CheckoutActions } from './checkout.actions';
import { CheckoutsController } from './checkouts.controller';
import { ProviderWebhookActions } from './provider-webhooks.actions';
import { ProviderWebhooksController } from './provider-webhooks.controller';

/** The stepwise checkout (`/api/checkouts`), and the payment providers' webhooks that complete or fail its payments (`/api/payment_methods/:id/webhooks`). */
@Module({
  imports: [OrderActionRunnerModule, ShipmentsModule, StockItemsModule, CouponActionsModule],
  controllers: [CheckoutsController, ProviderWebhooksController],
  providers: [CheckoutActions, ProviderWebhookActions, AbandonedPaymentsSweeper],
})
export class CheckoutActionsModule {}

/**
 * The checkout's place among the application's modules (AppModule imports it right after OrdersDomainModule): its
 * routes are registered, and listed in the OpenAPI document, after the line items' as they always were.
 */
@Module({ imports: [CheckoutActionsModule] })
export class CheckoutActionsDomainModule {}
