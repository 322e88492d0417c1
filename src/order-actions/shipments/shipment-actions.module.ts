import { Module } from '@nestjs/common';
import { ShipmentsApiModule } from '../../fulfilment/shipments/shipments-api.module';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { ShipmentActions } from './shipment.actions';
import { ShipmentsController } from './shipments.controller';

/** The shipments API (admin): fulfilment of placed orders. */
@Module({ imports: [OrderActionRunnerModule, ShipmentsModule, ShipmentsApiModule, StockItemsModule], controllers: [ShipmentsController], providers: [ShipmentActions] })
export class ShipmentActionsModule {}
