import { Module } from '@nestjs/common';
import { PaymentsModule } from './payments.module';
import { PaymentsApiService } from './payments-api.service';

/** The payments endpoints' reads and the payments' JSON (their events too); the endpoints are in src/order-actions/payments. */
@Module({ imports: [PaymentsModule], providers: [PaymentsApiService], exports: [PaymentsApiService] })
export class PaymentsApiModule {}
