import { Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { OrderAccess } from '../../common/auth/order-access.guard';
import { Idempotent } from '../../common/http/idempotency/idempotency.interceptor';
import { ApiInvalid, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateLineItemDto, UpdateLineItemDto } from './dto/line-item.dto';
import { LineItemJson } from './line-item.serializer';
import { LineItemsService } from './line-items.service';

class LineItemAttributesJson {
  @ApiProperty({ example: ['quantity', 'price', 'variant_id'] }) attributes: string[];
  @ApiProperty({ example: ['quantity', 'variant_id'] }) required_attributes: string[];
}

/** Line items of an order in checkout: for an admin, the order's user, or the holder of its token. */
@ApiTags('line items')
@Controller(['api/orders/:number/line_items', 'api/checkouts/:number/line_items'])
@OrderAccess()
export class LineItemsController {
  constructor(private readonly lineItems: LineItemsService) {}

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
    description: 'The same variant again raises the existing line item’s quantity. The variant must be on sale and priced in the store currency. Totals are recomputed.',
  })
  @ApiWrappedBody('line_item', CreateLineItemDto)
  @ApiCreatedResponse({ type: LineItemJson })
  @ApiInvalid()
  async create(@Param('number') number: string, @CurrentCaller() caller: Caller, @ResourceParams('line_item', CreateLineItemDto) params: CreateLineItemDto): Promise<LineItemJson> {
    return this.lineItems.create(number, { variantId: params.variant_id, quantity: params.quantity ?? 1, price: caller.admin ? params.price : undefined });
  }

  @Update(':id')
  @ApiOperation({ summary: "Change a line item's quantity (admins: also its price)" })
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
    return this.lineItems.update(number, id, { quantity: params.quantity, price: caller.admin ? params.price : undefined });
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Remove a line item' })
  @ApiNoContentResponse({ description: 'Removed' })
  @ApiNotFound()
  @ApiInvalid()
  async remove(@Param('number') number: string, @IdParam() id: number): Promise<void> {
    await this.lineItems.remove(number, id);
  }
}
