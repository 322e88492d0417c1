import { Module } from '@nestjs/common';
import { PaymentsService } from './payments.service';

/** Payments of orders: created at the payment step, processed at completion. */
@Module({ providers: [PaymentsService], exports: [PaymentsService] })
export class PaymentsModule {}
