import { applyDecorators, Controller, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { InvalidResourceError } from '../../common/errors/api-errors';
import { ApiInvalid, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { FlatParams, ResourceParams } from '../../common/params/resource-params';
import { INT_MAX } from '../../common/params/fields';
import { Update } from '../../common/http/update-route';
import { NewShipmentParamsDto, ShipmentParamsDto, ShipmentUnitsParamsDto } from '../../fulfilment/shipments/dto/shipment-params.dto';
import { AdminShipmentJson } from '../../fulfilment/shipments/shipment.serializer';
import { ShipmentActions, ShipmentChanges, ShipmentRef } from './shipment.actions';

/** Every route is reachable directly and under its order or checkout, as in Spree 2.2 (where the nested forms were deprecated). */
const paths = (suffix = '') => [`api/shipments/:number${suffix}`, `api/orders/:order_number/shipments/:number${suffix}`, `api/checkouts/:order_number/shipments/:number${suffix}`];

const ApiShipmentAction = (summary: string, description: string) =>
  applyDecorators(
    AdminOnly({ denial: 'not_found' }),
    ApiOperation({ summary, description }),
    ApiParam({ name: 'number', description: 'The shipment number', example: 'H12345678901' }),
    ApiOkResponse({ type: AdminShipmentJson }),
    ApiNotFound(),
    ApiInvalid(),
  );

const ApiUnitsQuery = () =>
  applyDecorators(
    // As ShipmentUnitsParamsDto reads them: whole numbers of 32 bits, quantity at least 1.
    ApiQuery({ name: 'variant_id', required: true, schema: { type: 'integer', minimum: 1, maximum: INT_MAX } }),
    ApiQuery({ name: 'quantity', required: false, description: 'Default 1', schema: { type: 'integer', minimum: 1, maximum: INT_MAX } }),
  );

function changesOf(p: ShipmentParamsDto): ShipmentChanges {
  return {
    tracking: p.tracking,
    selectedShippingRateId: p.selected_shipping_rate_id ?? undefined,
    stockLocationId: p.stock_location_id ?? undefined,
    recalculate: p.unlock === 'yes',
  };
}

const ref = (number: string, orderNumber?: string): ShipmentRef => ({ number, orderNumber });

@ApiTags('shipments')
@Controller()
export class ShipmentsController {
  constructor(private readonly fulfilment: ShipmentActions) {}

  @Post(['api/shipments', 'api/orders/:order_number/shipments', 'api/checkouts/:order_number/shipments'])
  @HttpCode(200)
  @AdminOnly()
  @ApiOperation({
    summary: 'Add a shipment to an order (admin)',
    description:
      'From `stock_location_id`, holding `quantity` units of `variant_id`: the line item grows (or is made). For a placed order the stock is taken at once ' +
      '(backordered where the location allows); for an order in checkout the units wait, pending, and their stock is taken when it completes (the checkout is not ' +
      'restarted, but its delivery step proposes all shipments afresh, as Spree does). A canceled order is 422 on `order`. ' +
      'The order is `shipment[order_id]` (its number, as in Spree), or the one in the path. Answers 200, as Spree does. The new shipment has no rates until priced with `unlock=yes`.',
  })
  @ApiQuery({ name: 'stock_location_id', required: true, schema: { type: 'integer', minimum: 1, maximum: INT_MAX } })
  @ApiUnitsQuery()
  @ApiWrappedBody('shipment', ShipmentParamsDto)
  @ApiOkResponse({ type: AdminShipmentJson })
  @ApiNotFound()
  @ApiInvalid()
  async create(
    @FlatParams(NewShipmentParamsDto) params: NewShipmentParamsDto,
    @ResourceParams('shipment', ShipmentParamsDto) shipment: ShipmentParamsDto,
    @Param('order_number') orderNumber?: string,
  ): Promise<AdminShipmentJson> {
    const number = orderNumber ?? shipment.order_id;
    if (!number) throw InvalidResourceError.field('shipment.order_id', "can't be blank");
    return this.fulfilment.create(number, { stockLocationId: params.stock_location_id, variantId: params.variant_id, quantity: params.quantity ?? 1 });
  }

  @Update(paths())
  @ApiShipmentAction(
    'Change a shipment (admin)',
    'Tracking; the selected rate; the stock location (its stock moves); `unlock=yes` prices it again. A shipped or canceled shipment only takes tracking.',
  )
  @ApiWrappedBody('shipment', ShipmentParamsDto)
  async update(
    @Param('number') number: string,
    @ResourceParams('shipment', ShipmentParamsDto) params: ShipmentParamsDto,
    @Param('order_number') orderNumber?: string,
  ): Promise<AdminShipmentJson> {
    return this.fulfilment.update(ref(number, orderNumber), changesOf(params));
  }

  @Put(paths('/ready'))
  @ApiShipmentAction(
    'Mark a shipment ready (admin)',
    'Only when its order is complete and paid and none of its units is backordered; otherwise 422 `Cannot ready shipment.`. Already ready: unchanged. Takes the same `shipment[...]` changes as update first.',
  )
  @ApiWrappedBody('shipment', ShipmentParamsDto, { required: false })
  async ready(
    @Param('number') number: string,
    @ResourceParams('shipment', ShipmentParamsDto) params: ShipmentParamsDto,
    @CurrentCaller() caller: Caller,
    @Param('order_number') orderNumber?: string,
  ): Promise<AdminShipmentJson> {
    return this.fulfilment.ready(ref(number, orderNumber), changesOf(params), caller);
  }

  @Put(paths('/ship'))
  @ApiShipmentAction(
    'Ship a ready shipment (admin)',
    'Sets `shipped_at`, ships its units and moves the order’s `shipment_state` (`shipped`, or `partial` while other shipments wait). Only from ready: otherwise 422 `Cannot ship shipment.`. ' +
      'Already shipped: unchanged. Send `shipment[tracking]` along.',
  )
  @ApiWrappedBody('shipment', ShipmentParamsDto, { required: false })
  async ship(
    @Param('number') number: string,
    @ResourceParams('shipment', ShipmentParamsDto) params: ShipmentParamsDto,
    @CurrentCaller() caller: Caller,
    @Param('order_number') orderNumber?: string,
  ): Promise<AdminShipmentJson> {
    return this.fulfilment.ship(ref(number, orderNumber), changesOf(params), caller);
  }

  @Put(paths('/add'))
  @ApiShipmentAction('Add units of a variant to a shipment (admin)', 'The line item grows, stock is taken at the shipment’s location, and the order’s totals follow.')
  @ApiUnitsQuery()
  async add(
    @Param('number') number: string,
    @FlatParams(ShipmentUnitsParamsDto) params: ShipmentUnitsParamsDto,
    @Param('order_number') orderNumber?: string,
  ): Promise<AdminShipmentJson> {
    return this.fulfilment.add(ref(number, orderNumber), params.variant_id, params.quantity ?? 1);
  }

  @Put(paths('/remove'))
  @ApiShipmentAction(
    'Remove units of a variant from a shipment (admin)',
    'Backordered units go first. The line item shrinks, stock is put back, the order’s totals follow; a shipment left empty is deleted (the answer shows it with an empty manifest).',
  )
  @ApiUnitsQuery()
  async remove(
    @Param('number') number: string,
    @FlatParams(ShipmentUnitsParamsDto) params: ShipmentUnitsParamsDto,
    @Param('order_number') orderNumber?: string,
  ): Promise<AdminShipmentJson> {
    return this.fulfilment.remove(ref(number, orderNumber), params.variant_id, params.quantity ?? 1);
  }
}
