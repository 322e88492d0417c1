import { Module } from '@nestjs/common';
import { AddressesModule } from '../../geography/addresses/addresses.module';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { StockItemsModule } from '../../inventory/stock-items/stock-items.module';
import { PaymentsModule } from '../../payments/payment/payments.module';
import { TaxProvidersModule } from '../../tax/tax-rates/tax-providers';
import { OrderContents } from '../line-items/order-contents.service';
import { OrderImportService } from '../order-import/order-import.service';
import { OrderUpdater } from './order-updater.service';
import { OrdersService } from './orders.service';

/** Orders and what every change to one goes through: its contents (line items) and the updater of its totals; an admin's order import (their endpoints: src/order-actions/orders). */
@Module({
  imports: [AddressesModule, ShipmentsModule, PaymentsModule, StockItemsModule, TaxProvidersModule],
  providers: [OrdersService, OrderUpdater, OrderContents, OrderImportService],
  exports: [OrdersService, OrderUpdater, OrderContents, OrderImportService],
})
export class OrdersModule {}
