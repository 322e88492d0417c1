import { Module } from '@nestjs/common';
import { OrdersModule } from '../../orders/order/orders.module';
import { PaymentsModule } from './payments.module';
import { PaymentsApiService } from './payments-api.service';
import { PaymentsController } from './payments.controller';

/** The payments endpoints of orders (they need OrdersService, which itself uses PaymentsModule: kept apart, no cycle). */
@Module({ imports: [OrdersModule, PaymentsModule], controllers: [PaymentsController], providers: [PaymentsApiService] })
export class PaymentsApiModule {}
