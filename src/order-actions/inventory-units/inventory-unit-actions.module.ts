import { Module } from '@nestjs/common';
import { ShipmentsModule } from '../../fulfilment/shipments/shipments.module';
import { InventoryUnitsModule } from '../../inventory/inventory-units/inventory-units.module';
import { OrderActionRunnerModule } from '../order-actions.module';
import { InventoryUnitActions } from './inventory-unit.actions';
import { InventoryUnitsController } from './inventory-units.controller';

/** The inventory units API (admin). */
@Module({ imports: [OrderActionRunnerModule, InventoryUnitsModule, ShipmentsModule], controllers: [InventoryUnitsController], providers: [InventoryUnitActions] })
export class InventoryUnitActionsModule {}

/** The inventory units' routes' place among the application's modules (AppModule imports it right after InventoryDomainModule). */
@Module({ imports: [InventoryUnitActionsModule] })
export class InventoryActionsDomainModule {}
