import { Controller, Get, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { CreateStockMovementDto } from './dto/stock-movement.dto';
import { serializeStockMovement, StockMovementJson } from './stock-movement.serializer';
import { STOCK_MOVEMENT_SEARCH, StockMovementsService } from './stock-movements.service';

/** Admin only; non-admins get 404 everywhere, as Spree finds the location through the caller's permissions. */
@ApiTags('stock movements')
@Controller('api/stock_locations/:stock_location_id/stock_movements')
@AdminOnly({ denial: 'not_found' })
export class StockMovementsController {
  constructor(private readonly movements: StockMovementsService) {}

  @Get()
  @ApiOperation({ summary: 'List the stock movements of a stock location (admin)' })
  @ApiListResponse('stock_movements', StockMovementJson, { searchable: Object.keys(STOCK_MOVEMENT_SEARCH.attributes) })
  @ApiNotFound()
  async index(@IdParam('stock_location_id') stockLocationId: number, @Query() query: Record<string, unknown>) {
    const { result, variants } = await this.movements.list(stockLocationId, listParams(query));
    return listBody('stock_movements', result, (m) => serializeStockMovement(m, variants));
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a stock movement (admin)' })
  @ApiOkResponse({ type: StockMovementJson })
  @ApiNotFound()
  async show(@IdParam('stock_location_id') stockLocationId: number, @IdParam() id: number): Promise<StockMovementJson> {
    const { result, variants } = await this.movements.show(stockLocationId, id);
    return serializeStockMovement(result, variants);
  }

  @Post()
  @ApiOperation({
    summary: 'Record a stock movement (admin)',
    description: "Adds quantity to the stock item's count on hand (negative takes stock) in the same transaction, unless the variant does not track inventory.",
  })
  @ApiWrappedBody('stock_movement', CreateStockMovementDto)
  @ApiCreatedResponse({ type: StockMovementJson })
  @ApiNotFound()
  @ApiInvalid()
  async create(
    @IdParam('stock_location_id') stockLocationId: number,
    @ResourceParams('stock_movement', CreateStockMovementDto) params: CreateStockMovementDto,
  ): Promise<StockMovementJson> {
    const { result, variants } = await this.movements.create(stockLocationId, params);
    return serializeStockMovement(result, variants);
  }
}
