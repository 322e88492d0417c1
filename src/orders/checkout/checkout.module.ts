import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { PaymentsModule } from '../../payments/payment/payments.module';
import { OrdersModule } from '../order/orders.module';
import { PromotionsModule } from '../../promotions/promotion/promotions.module';
import { CheckoutService } from './checkout.service';
import { CheckoutsController } from './checkouts.controller';

@Module({ imports: [OrdersModule, ShipmentsModule, PaymentsModule, StockItemsModule, PromotionsModule], controllers: [CheckoutsController], providers: [CheckoutService] })
export class CheckoutModule {}
