import { Module } from '@nestjs/common';
import { StockLocationsModule } from './stock-locations/stock-locations.module';
import { StockItemsModule } from './stock-items/stock-items.module';
import { StockMovementsModule } from './stock-movements/stock-movements.module';

/** Stock locations, stock items and stock movements. */
@Module({ imports: [StockLocationsModule, StockItemsModule, StockMovementsModule] })
export class InventoryModule {}
