import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockLocationsModule } from '../stock-locations/stock-locations.module';
import { StockMovement } from '../stock-movements/entities/stock-movement.entity';
import { StockItem } from './entities/stock-item.entity';
import { StockItemsController } from './stock-items.controller';
import { StockItemsService } from './stock-items.service';
import { StockLedger } from './stock-ledger.service';
import { VariantStockModule } from './variant-stock.module';

/** Exports StockLedger: the one way to change a count on hand (checkout takes stock through it). */
@Module({
  imports: [TypeOrmModule.forFeature([StockItem, StockMovement]), StockLocationsModule, VariantStockModule],
  controllers: [StockItemsController],
  providers: [StockItemsService, StockLedger],
  exports: [StockItemsService, StockLedger],
})
export class StockItemsModule {}
