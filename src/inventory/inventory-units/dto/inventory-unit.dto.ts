import { ApiProperty } from '@nestjs/swagger';
import { IntegerField, StringField } from '../../../common/params/fields';
import { INVENTORY_UNIT_EVENTS } from '../inventory-unit-states';

/**
 * `inventory_unit[...]` (Spree's permitted attributes: the shipment and the
 * variant). Only what is sent changes.
 */
export class UpdateInventoryUnitDto {
  @IntegerField({ nullable: true, description: 'move the unit to another shipment of the same order; null detaches it from its shipment' }) shipment_id?: number | null;
  @IntegerField({ nullable: true, description: 'Spree’s `inventory_unit[shipment]`: the same as shipment_id (null detaches the unit)' }) shipment?: number | null;
  @IntegerField({ description: 'an existing variant' }) variant_id?: number | null;
  @IntegerField({ description: 'optimistic lock: when sent and no longer current, the update is refused with 422' }) lock_version?: number | null;
}

/** The top-level `fire` parameter: a state event to fire after the update. */
export class FireEventDto {
  @StringField({ description: 'fill_backorder, ship or return' }) fire?: string | null;
}

/** The whole request body of an update, for the OpenAPI document. */
export class InventoryUnitUpdateBody {
  @ApiProperty({ required: false, enum: INVENTORY_UNIT_EVENTS, description: 'a state event to fire after the update (also accepted in the query string)' }) fire?: string;
  @ApiProperty({ required: false, type: UpdateInventoryUnitDto }) inventory_unit?: UpdateInventoryUnitDto;
}
