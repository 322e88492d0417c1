import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StockItemsModule } from '../stock-items/stock-items.module';
import { StockLocationsModule } from '../stock-locations/stock-locations.module';
import { StockMovementsModule } from '../stock-movements/stock-movements.module';
import { StockTransfer } from './entities/stock-transfer.entity';
import { StockTransfersController } from './stock-transfers.controller';
import { StockTransfersService } from './stock-transfers.service';

@Module({
  imports: [TypeOrmModule.forFeature([StockTransfer]), StockItemsModule, StockLocationsModule, StockMovementsModule],
  controllers: [StockTransfersController],
  providers: [StockTransfersService],
})
export class StockTransfersModule {}
