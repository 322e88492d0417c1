import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateStockLocationDto, UpdateStockLocationDto } from './dto/stock-location.dto';
import { serializeStockLocation, StockLocationJson } from './stock-location.serializer';
import { STOCK_LOCATION_SEARCH, StockLocationsService } from './stock-locations.service';

@ApiTags('stock locations')
@Controller('api/stock_locations')
export class StockLocationsController {
  constructor(private readonly locations: StockLocationsService) {}

  @Get()
  @AdminOnly()
  @ApiUnauthorized()
  @ApiOperation({ summary: 'List stock locations (admin)' })
  @ApiListResponse('stock_locations', StockLocationJson, { searchable: Object.keys(STOCK_LOCATION_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    return listBody('stock_locations', await this.locations.list(listParams(query)), serializeStockLocation);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiNotFound()
  @ApiOperation({ summary: 'Show a stock location (admin)' })
  @ApiOkResponse({ type: StockLocationJson })
  async show(@IdParam() id: number): Promise<StockLocationJson> {
    return serializeStockLocation(await this.locations.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiUnauthorized()
  @ApiOperation({
    summary: 'Create a stock location (admin)',
    description: 'With propagate_all_variants (default true), every variant that is not deleted gets a stock item here, backorderable as backorderable_default.',
  })
  @ApiWrappedBody('stock_location', CreateStockLocationDto)
  @ApiCreatedResponse({ type: StockLocationJson })
  @ApiInvalid()
  async create(@ResourceParams('stock_location', CreateStockLocationDto) params: CreateStockLocationDto): Promise<StockLocationJson> {
    return serializeStockLocation(await this.locations.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiNotFound()
  @ApiOperation({ summary: 'Update a stock location (admin)' })
  @ApiWrappedBody('stock_location', UpdateStockLocationDto)
  @ApiOkResponse({ type: StockLocationJson })
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('stock_location', UpdateStockLocationDto) params: UpdateStockLocationDto): Promise<StockLocationJson> {
    return serializeStockLocation(await this.locations.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiNotFound()
  @ApiOperation({ summary: 'Delete a stock location with its stock items and movements (admin)' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiInvalid()
  async remove(@IdParam() id: number): Promise<void> {
    await this.locations.remove(id);
  }
}
