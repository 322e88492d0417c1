import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { CouponActionsModule } from '../coupons/coupon-actions.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { CheckoutActions } from './checkout.actions';
import { CheckoutsController } from './checkouts.controller';

/** The stepwise checkout (`/api/checkouts`). */
@Module({ imports: [OrderActionRunnerModule, ShipmentsModule, StockItemsModule, CouponActionsModule], controllers: [CheckoutsController], providers: [CheckoutActions] })
export class CheckoutActionsModule {}

/**
 * The checkout's place among the application's modules (AppModule imports it right after OrdersDomainModule): its
 * routes are registered, and listed in the OpenAPI document, after the line items' as they always were.
 */
@Module({ imports: [CheckoutActionsModule] })
export class CheckoutActionsDomainModule {}
