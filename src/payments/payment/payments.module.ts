import { Module } from '@nestjs/common';
import { GatewayOperations } from './gateway-operations.service';
import { PaymentsService } from './payments.service';

/**
 * Payments of orders: created at the payment step, processed at completion. `GatewayOperations` journals the
 * gateway's money operations and undoes those whose request did not commit (order changes run in its `guard`).
 */
@Module({ providers: [PaymentsService, GatewayOperations], exports: [PaymentsService, GatewayOperations] })
export class PaymentsModule {}
