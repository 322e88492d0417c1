import { Module } from '@nestjs/common';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { ReturnAuthorizationsService } from './return-authorizations.service';

/** Return authorizations of orders (admin): their reads and writes; the endpoints are in src/order-actions/returns. */
@Module({
  imports: [StockItemsModule],
  providers: [ReturnAuthorizationsService],
  exports: [ReturnAuthorizationsService],
})
export class ReturnAuthorizationsModule {}
