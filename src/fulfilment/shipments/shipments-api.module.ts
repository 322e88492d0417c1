import { Module } from '@nestjs/common';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { OrdersModule } from '../../orders/order/orders.module';
import { ShipmentFulfilment } from './shipment-fulfilment.service';
import { ShipmentsController } from './shipments.controller';
import { ShipmentsModule } from './shipments.module';

/** The shipments API (admin): fulfilment of placed orders. Separate from ShipmentsModule, which OrdersModule itself uses. */
@Module({ imports: [OrdersModule, ShipmentsModule, StockItemsModule], controllers: [ShipmentsController], providers: [ShipmentFulfilment] })
export class ShipmentsApiModule {}
