import { Module } from '@nestjs/common';
import { StockLocationsModule } from './stock-locations/stock-locations.module';
import { StockItemsModule } from './stock-items/stock-items.module';
import { StockMovementsModule } from './stock-movements/stock-movements.module';
import { InventoryUnitsModule } from './inventory-units/inventory-units.module';

/** Stock locations, stock items, stock movements and inventory units. */
@Module({ imports: [StockLocationsModule, StockItemsModule, StockMovementsModule, InventoryUnitsModule] })
export class InventoryDomainModule {}
