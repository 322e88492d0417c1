import { Module } from '@nestjs/common';
import { StockLocationsModule } from './stock-locations/stock-locations.module';
import { StockItemsModule } from './stock-items/stock-items.module';
import { StockMovementsModule } from './stock-movements/stock-movements.module';
import { InventoryUnitsModule } from './inventory-units/inventory-units.module';
import { StockTransfersModule } from './stock-transfers/stock-transfers.module';

/** Stock locations, stock items, stock movements, stock transfers and inventory units. */
@Module({ imports: [StockLocationsModule, StockItemsModule, StockMovementsModule, StockTransfersModule, InventoryUnitsModule] })
export class InventoryDomainModule {}
