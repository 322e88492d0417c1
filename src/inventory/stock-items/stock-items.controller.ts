import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateStockItemDto, UpdateStockItemDto } from './dto/stock-item.dto';
import { serializeStockItem, StockItemJson } from './stock-item.serializer';
import { STOCK_ITEM_SEARCH, StockItemsService } from './stock-items.service';

/** Admin only; non-admins get 404 everywhere, as Spree finds the location through the caller's permissions. */
@ApiTags('stock items')
@Controller('api/stock_locations/:stock_location_id/stock_items')
@AdminOnly({ denial: 'not_found' })
export class StockItemsController {
  constructor(private readonly items: StockItemsService) {}

  @Get()
  @ApiOperation({ summary: 'List the stock items of a stock location (admin)' })
  @ApiListResponse('stock_items', StockItemJson, { searchable: Object.keys(STOCK_ITEM_SEARCH.attributes) })
  @ApiNotFound()
  async index(@IdParam('stock_location_id') stockLocationId: number, @Query() query: Record<string, unknown>) {
    const { result, variants } = await this.items.list(stockLocationId, listParams(query));
    return listBody('stock_items', result, (item) => serializeStockItem(item, variants));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a stock item (admin)' })
  @ApiOkResponse({ type: StockItemJson })
  @ApiNotFound()
  async show(@IdParam('stock_location_id') stockLocationId: number, @IdParam() id: number): Promise<StockItemJson> {
    const { result, variants } = await this.items.show(stockLocationId, id);
    return serializeStockItem(result, variants);
  }

  @Post()
  @ApiOperation({
    summary: 'Create a stock item (admin)',
    description: 'One stock item per variant and location (422 when the variant has one here or does not exist). An initial count_on_hand is recorded as a stock movement.',
  })
  @ApiWrappedBody('stock_item', CreateStockItemDto)
  @ApiCreatedResponse({ type: StockItemJson })
  @ApiNotFound()
  @ApiInvalid()
  async create(
    @IdParam('stock_location_id') stockLocationId: number,
    @ResourceParams('stock_item', CreateStockItemDto) params: CreateStockItemDto,
  ): Promise<StockItemJson> {
    const { result, variants } = await this.items.create(stockLocationId, params);
    return serializeStockItem(result, variants);
  }

  @Update(':id')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Change a stock item (admin)',
    description:
      'Without force, count_on_hand is added to the stored count (a negative value subtracts); with force=true it replaces it. ' +
      'The difference is recorded as a stock movement and lock_version increases. A stale lock_version, or a count below zero on a ' +
      'stock item that is not backorderable, is a 422. Answers 201, as the API has always done.',
  })
  @ApiWrappedBody('stock_item', UpdateStockItemDto)
  @ApiCreatedResponse({ type: StockItemJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @IdParam('stock_location_id') stockLocationId: number,
    @IdParam() id: number,
    @ResourceParams('stock_item', UpdateStockItemDto) params: UpdateStockItemDto,
  ): Promise<StockItemJson> {
    const { result, variants } = await this.items.update(stockLocationId, id, params);
    return serializeStockItem(result, variants);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a stock item (admin; soft delete: deleted_at is set)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async remove(@IdParam('stock_location_id') stockLocationId: number, @IdParam() id: number): Promise<void> {
    await this.items.remove(stockLocationId, id);
  }
}
