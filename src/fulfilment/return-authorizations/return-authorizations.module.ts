import { Module } from '@nestjs/common';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { OrdersModule } from '../../orders/order/orders.module';
import { ReturnAuthorizationsController } from './return-authorizations.controller';
import { ReturnAuthorizationsService } from './return-authorizations.service';

/** Return authorizations of orders (admin). Builds on orders (their lock and updater) and the stock ledger; nothing depends on it. */
@Module({
  imports: [OrdersModule, StockItemsModule],
  controllers: [ReturnAuthorizationsController],
  providers: [ReturnAuthorizationsService],
})
export class ReturnAuthorizationsModule {}
