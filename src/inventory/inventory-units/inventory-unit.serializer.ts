import { ApiProperty } from '@nestjs/swagger';
import { InventoryUnit } from './entities/inventory-unit.entity';
import { INVENTORY_UNIT_STATES } from './inventory-unit-states';

/** inventory_units/show.v1.rabl: `inventory_unit_attributes`. */
export class InventoryUnitJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: 'integer', description: 'bumped by every change (optimistic locking)' }) lock_version: number;
  @ApiProperty({ enum: INVENTORY_UNIT_STATES, example: 'on_hand' }) state: string;
  @ApiProperty({ type: 'integer' }) variant_id: number;
  @ApiProperty({ type: 'integer', nullable: true }) shipment_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) return_authorization_id: number | null;
}

export function serializeInventoryUnit(unit: InventoryUnit): InventoryUnitJson {
  return {
    id: unit.id,
    lock_version: unit.lockVersion,
    state: unit.state,
    variant_id: unit.variantId,
    shipment_id: unit.shipmentId,
    return_authorization_id: unit.returnAuthorizationId,
  };
}
