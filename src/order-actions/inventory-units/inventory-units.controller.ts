import { Controller, Get } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { ApiInvalid, ApiNotFound } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { FlatParams, ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { FireEventDto, InventoryUnitUpdateBody, UpdateInventoryUnitDto } from '../../inventory/inventory-units/dto/inventory-unit.dto';
import { InventoryUnitJson, serializeInventoryUnit } from '../../inventory/inventory-units/inventory-unit.serializer';
import { INVENTORY_UNIT_EVENTS } from '../../inventory/inventory-units/inventory-unit-states';
import { InventoryUnitsService } from '../../inventory/inventory-units/inventory-units.service';
import { InventoryUnitActions } from './inventory-unit.actions';

/** Admin only; non-admins get 404, as Spree finds the unit through the caller's permissions. */
@ApiTags('inventory units')
@Controller('api/inventory_units')
@AdminOnly({ denial: 'not_found' })
export class InventoryUnitsController {
  constructor(
    private readonly units: InventoryUnitsService,
    private readonly actions: InventoryUnitActions,
  ) {}

  @Get(':id')
  @ApiOperation({ summary: 'Show an inventory unit (admin)' })
  @ApiOkResponse({ type: InventoryUnitJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<InventoryUnitJson> {
    return serializeInventoryUnit(await this.units.find(id));
  }

  @Update(':id')
  @ApiOperation({
    summary: 'Change an inventory unit, or fire a state event on it (admin)',
    description:
      '`inventory_unit[shipment_id]` (a shipment of the same order, or null) and `inventory_unit[variant_id]` change what is sent. ' +
      '`fire` then fires a state event: fill_backorder (backordered → on_hand), ship (on_hand → shipped), return (shipped → returned). ' +
      'An event the unit’s state does not allow, or an unknown one, is a 422 naming `state` and nothing changes. ' +
      'One transaction; the order’s shipment and payment states are recomputed. lock_version increases with every change.',
  })
  @ApiQuery({ name: 'fire', required: false, enum: INVENTORY_UNIT_EVENTS, description: 'also accepted in the body' })
  @ApiBody({ type: InventoryUnitUpdateBody, required: false })
  @ApiOkResponse({ type: InventoryUnitJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @IdParam() id: number,
    @ResourceParams('inventory_unit', UpdateInventoryUnitDto) params: UpdateInventoryUnitDto,
    @FlatParams(FireEventDto) fire: FireEventDto,
  ): Promise<InventoryUnitJson> {
    return serializeInventoryUnit(await this.actions.update(id, params, fire.fire));
  }
}
