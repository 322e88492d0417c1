import { Module } from '@nestjs/common';
import { OrdersModule } from '../../orders/orders/orders.module';
import { InventoryUnitsController } from './inventory-units.controller';
import { InventoryUnitsService } from './inventory-units.service';

/** The inventory units API: needs OrdersService (the order's row lock) and OrderUpdater, so it imports OrdersModule. */
@Module({
  imports: [OrdersModule],
  controllers: [InventoryUnitsController],
  providers: [InventoryUnitsService],
})
export class InventoryUnitsModule {}
