import { Controller, Get, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { ResourceParams } from '../../common/params/resource-params';
import { CreateStockTransferDto } from './dto/stock-transfer.dto';
import { serializeStockTransfer, StockTransferJson } from './stock-transfer.serializer';
import { STOCK_TRANSFER_SEARCH, StockTransfersService } from './stock-transfers.service';

/** Admin only (or staff with `stock:read` / `stock:write`), as Spree's back-office stock transfers. */
@ApiTags('stock transfers')
@Controller('api/stock_transfers')
@AdminOnly()
export class StockTransfersController {
  constructor(private readonly transfers: StockTransfersService) {}

  @Get()
  @ApiOperation({ summary: 'List stock transfers, newest first (admin)' })
  @ApiListResponse('stock_transfers', StockTransferJson, { searchable: Object.keys(STOCK_TRANSFER_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    const { page, views } = await this.transfers.list(listParams(query));
    const byId = new Map(views.map((v) => [v.transfer.id, v]));
    return listBody('stock_transfers', page, (t) => serializeStockTransfer(byId.get(t.id)!));
  }

  @Get(':number')
  @ApiOperation({ summary: 'Show a stock transfer by its number, with its movements (admin)' })
  @ApiOkResponse({ type: StockTransferJson })
  @ApiNotFound()
  async show(@Param('number') number: string): Promise<StockTransferJson> {
    return serializeStockTransfer(await this.transfers.show(number));
  }

  @Post()
  @ApiOperation({
    summary: 'Move stock between locations, or receive it at one (admin)',
    description:
      'One transaction: each line leaves the source location and arrives at the destination as two stock movements whose originator is the transfer. ' +
      'Without `source_location_id` the units are received at the destination. A source that does not have a tracked variant’s units on hand: 422, nothing moved.',
  })
  @ApiWrappedBody('stock_transfer', CreateStockTransferDto)
  @ApiCreatedResponse({ type: StockTransferJson })
  @ApiInvalid()
  async create(@ResourceParams('stock_transfer', CreateStockTransferDto) params: CreateStockTransferDto, @CurrentCaller() caller: Caller): Promise<StockTransferJson> {
    const number = await this.transfers.create(params, caller.userId);
    return serializeStockTransfer(await this.transfers.show(number));
  }
}
