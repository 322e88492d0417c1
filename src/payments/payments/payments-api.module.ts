import { Module } from '@nestjs/common';
import { OrdersModule } from '../../orders/orders/orders.module';
import { OrderPaymentsModule } from './order-payments.module';
import { PaymentsApiService } from './payments-api.service';
import { PaymentsController } from './payments.controller';

/** The payments endpoints of orders (they need OrdersService, which itself uses OrderPaymentsModule: kept apart, no cycle). */
@Module({ imports: [OrdersModule, OrderPaymentsModule], controllers: [PaymentsController], providers: [PaymentsApiService] })
export class PaymentsApiModule {}
