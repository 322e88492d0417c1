import { Module } from '@nestjs/common';
import { CheckoutModule } from './checkout/checkout.module';
import { LineItemsModule } from './line-items/line-items.module';
import { OrdersModule } from './order/orders.module';

/** Orders, their line items and the stepwise checkout. */
@Module({ imports: [OrdersModule, LineItemsModule, CheckoutModule] })
export class OrdersDomainModule {}
