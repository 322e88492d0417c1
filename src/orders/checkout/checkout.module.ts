import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { OrderPaymentsModule } from '../../payments/payments/order-payments.module';
import { OrdersModule } from '../orders/orders.module';
import { PromotionsResourceModule } from '../../promotions/promotions/promotions.module';
import { CheckoutService } from './checkout.service';
import { CheckoutsController } from './checkouts.controller';

@Module({ imports: [OrdersModule, ShipmentsModule, OrderPaymentsModule, StockItemsModule, PromotionsResourceModule], controllers: [CheckoutsController], providers: [CheckoutService] })
export class CheckoutModule {}
