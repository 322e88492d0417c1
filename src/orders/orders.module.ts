import { Module } from '@nestjs/common';
import { OrdersModule } from './order/orders.module';

/** Orders and their line items' engine (OrderContents); their endpoints and the checkout's are in src/order-actions. */
@Module({ imports: [OrdersModule] })
export class OrdersDomainModule {}
