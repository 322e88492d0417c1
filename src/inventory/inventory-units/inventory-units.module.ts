import { Module } from '@nestjs/common';
import { InventoryUnitsService } from './inventory-units.service';

/** Inventory units' reads; the inventory units API is in src/order-actions/inventory-units. */
@Module({ providers: [InventoryUnitsService], exports: [InventoryUnitsService] })
export class InventoryUnitsModule {}
