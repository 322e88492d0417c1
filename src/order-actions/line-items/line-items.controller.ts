import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { OrderAccess, OrderAccessCheckedOnLock, OrderToken } from '../../common/auth/order-access.guard';
import { Idempotent } from '../../common/http/idempotency/idempotency.interceptor';
import { ApiInvalid, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateLineItemDto, UpdateLineItemDto } from '../../orders/line-items/dto/line-item.dto';
import { LineItemJson } from '../../orders/line-items/line-item.serializer';
import { LineItemActions } from './line-item.actions';

class LineItemAttributesJson {
  @ApiProperty({ example: ['quantity', 'price', 'variant_id'] }) attributes: string[];
  @ApiProperty({ example: ['quantity', 'variant_id'] }) required_attributes: string[];
}

const PLACED_ORDERS =
  ' An admin may also change a placed order (state `complete` or `resumed`), as Spree 2.2’s back-office does: it stays complete, its shipments keep their units ' +
  'and take the difference from (or give it back to) their stock location, and the totals and `payment_state` are recomputed (`balance_due`, or `credit_owed` ' +
  'once less is owed than was paid). Anyone else gets 422 "The order is no longer in checkout".';

/** Line items of an order in checkout: for an admin, the order's user, or the holder of its token; placed orders for admins. */
@ApiTags('line items')
@Controller(['api/orders/:number/line_items', 'api/checkouts/:number/line_items'])
@OrderAccess()
export class LineItemsController {
  constructor(private readonly lineItems: LineItemActions) {}

  @Get('new')
  @ApiOperation({ summary: 'The attributes a line item takes' })
  @ApiOkResponse({ type: LineItemAttributesJson })
  describe(): LineItemAttributesJson {
    return { attributes: ['quantity', 'price', 'variant_id'], required_attributes: ['quantity', 'variant_id'] };
  }

  @Post()
  @Idempotent()
  @ApiOperation({
    summary: 'Add a variant to the order',
    description:
      'The same variant again raises the existing line item’s quantity. The variant must be on sale and priced in the order’s currency (422 on `variant_id` otherwise). Totals are recomputed.' +
      PLACED_ORDERS +
      ' On a placed order the new units go into the first pending or ready shipment that holds the variant, else the first whose stock location stocks it (422 on `variant_id` when there is none: add a shipment with POST /api/shipments).',
  })
  @ApiWrappedBody('line_item', CreateLineItemDto)
  @ApiCreatedResponse({ type: LineItemJson })
  @ApiInvalid()
  @OrderAccessCheckedOnLock()
  async create(
    @Param('number') number: string,
    @CurrentCaller() caller: Caller,
    @ResourceParams('line_item', CreateLineItemDto) params: CreateLineItemDto,
    @OrderToken() token?: string,
  ): Promise<LineItemJson> {
    return this.lineItems.create(number, caller, token, { variantId: params.variant_id, quantity: params.quantity ?? 1, price: caller.admin ? params.price : undefined });
  }

  @Update(':id')
  @ApiOperation({
    summary: "Change a line item's quantity (admins: also its price)",
    description:
      'Totals are recomputed.' +
      PLACED_ORDERS +
      ' On a placed order fewer units leave the pending and ready shipments (backordered first; a shipment left empty is deleted); a quantity below the units already shipped is 422 on `quantity`.',
  })
  @ApiWrappedBody('line_item', UpdateLineItemDto)
  @ApiOkResponse({ type: LineItemJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @Param('number') number: string,
    @IdParam() id: number,
    @CurrentCaller() caller: Caller,
    @ResourceParams('line_item', UpdateLineItemDto) params: UpdateLineItemDto,
  ): Promise<LineItemJson> {
    return this.lineItems.update(number, id, caller, { quantity: params.quantity, price: caller.admin ? params.price : undefined });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({
    summary: 'Remove a line item',
    description: PLACED_ORDERS.trim() + ' On a placed order its units leave their shipments and their stock goes back; a line item with shipped units is 422 on `base`.',
  })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFound()
  @ApiInvalid()
  async remove(@Param('number') number: string, @IdParam() id: number, @CurrentCaller() caller: Caller): Promise<void> {
    await this.lineItems.remove(number, id, caller);
  }
}
