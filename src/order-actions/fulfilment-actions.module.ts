import { Module } from '@nestjs/common';
import { ReturnActionsModule } from './returns/return-actions.module';
import { ShipmentActionsModule } from './shipments/shipment-actions.module';

/**
 * The shipments' and return authorizations' routes, in their place among the application's modules (AppModule
 * imports it right after FulfilmentDomainModule).
 */
@Module({ imports: [ShipmentActionsModule, ReturnActionsModule] })
export class FulfilmentActionsDomainModule {}
