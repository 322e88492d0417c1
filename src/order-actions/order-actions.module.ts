import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../fulfilment/shipments/shipments.module';
import { AddressesModule } from '../geography/addresses/addresses.module';
import { StockItemsModule } from '../inventory/stock-items/stock-items.module';
import { OrdersModule } from '../orders/order/orders.module';
import { PaymentsModule } from '../payments/payment/payments.module';
import { OrderActionRunner } from './order-action-runner';
import { OrderAddressesController } from './orders/order-addresses.controller';
import { OrderImportActions } from './orders/order-import.actions';
import { OrderActions } from './orders/order.actions';
import { OrdersController } from './orders/orders.controller';

/**
 * The order action runner, for the action modules of src/order-actions, and the order's own edits (OrderActions:
 * update, address update, cancel, empty; an admin's order import) with the orders' endpoints (`/api/orders`, an order's addresses). Those
 * endpoints sit here because this module is the first of src/order-actions Nest scans, just before OrdersModule
 * where they were: their routes keep the order they are matched and listed in (OpenAPI paths).
 */
@Module({
  imports: [OrdersModule, PaymentsModule, AddressesModule, ShipmentsModule, StockItemsModule],
  controllers: [OrdersController, OrderAddressesController],
  providers: [OrderActionRunner, OrderActions, OrderImportActions],
  exports: [OrderActionRunner, OrderActions, OrdersModule, PaymentsModule],
})
export class OrderActionRunnerModule {}
