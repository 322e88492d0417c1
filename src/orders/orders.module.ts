import { Module } from '@nestjs/common';
import { LineItemsModule } from './line-items/line-items.module';
import { OrdersModule } from './order/orders.module';

/** Orders and their line items (the checkout's actions are in src/order-actions). */
@Module({ imports: [OrdersModule, LineItemsModule] })
export class OrdersDomainModule {}
