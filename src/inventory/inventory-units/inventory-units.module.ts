import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { OrdersModule } from '../../orders/order/orders.module';
import { InventoryUnitsController } from './inventory-units.controller';
import { InventoryUnitsService } from './inventory-units.service';

/**
 * The inventory units API: needs OrdersService (the order's row lock) and OrderUpdater, so it imports OrdersModule,
 * and ShipmentsService (the shipments a unit moves between are touched).
 */
@Module({
  imports: [OrdersModule, ShipmentsModule],
  controllers: [InventoryUnitsController],
  providers: [InventoryUnitsService],
})
export class InventoryUnitsModule {}
