import { Module } from '@nestjs/common';
import { AddressesModule } from '../../geography/addresses/addresses.module';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { PaymentsModule } from '../../payments/payment/payments.module';
import { TaxProvidersModule } from '../../tax/tax-rates/tax-providers';
import { OrderContents } from '../line-items/order-contents.service';
import { OrderUpdater } from './order-updater.service';
import { OrdersService } from './orders.service';

/** Orders and what every change to one goes through: its contents (line items) and the updater of its totals (their endpoints and the order import: src/order-actions/orders). */
@Module({
  imports: [AddressesModule, ShipmentsModule, PaymentsModule, StockItemsModule, TaxProvidersModule],
  providers: [OrdersService, OrderUpdater, OrderContents],
  exports: [OrdersService, OrderUpdater, OrderContents],
})
export class OrdersModule {}
