import { Module } from '@nestjs/common';
import { OrdersModule } from '../orders/order/orders.module';
import { PaymentsModule } from '../payments/payment/payments.module';
import { OrderActionRunner } from './order-action-runner';

/** The order action runner, for the action modules of src/order-actions. */
@Module({ imports: [OrdersModule, PaymentsModule], providers: [OrderActionRunner], exports: [OrderActionRunner, OrdersModule, PaymentsModule] })
export class OrderActionRunnerModule {}
