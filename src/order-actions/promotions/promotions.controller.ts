import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreatePromotionDto, UpdatePromotionDto } from '../../promotions/promotion/dto/promotion.dto';
import { PromotionJson } from '../../promotions/promotion/promotion.serializer';
import { PROMOTION_SEARCH, PromotionsService } from '../../promotions/promotion/promotions.service';
import { PromotionActions } from './promotion.actions';

/** Promotions (coupon codes and their discounts): admin only. */
@ApiTags('promotions')
@Controller('api/promotions')
export class PromotionsController {
  constructor(
    private readonly promotions: PromotionsService,
    private readonly actions: PromotionActions,
  ) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List promotions (admin)' })
  @ApiListResponse('promotions', PromotionJson, { searchable: Object.keys(PROMOTION_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('promotions', await this.promotions.list(listParams(query)), (p) => p);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a promotion (admin)' })
  @ApiOkResponse({ type: PromotionJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<PromotionJson> {
    return this.promotions.show(id);
  }

  @Post()
  @AdminOnly()
  @ApiOperation({
    summary: 'Create a promotion (admin)',
    description: 'A coupon code with optional dates and usage limit, and one order-level discount: `flat_rate` with `amount`, or `flat_percent_item_total` with `percent`.',
  })
  @ApiWrappedBody('promotion', CreatePromotionDto)
  @ApiCreatedResponse({ type: PromotionJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('promotion', CreatePromotionDto) params: CreatePromotionDto): Promise<PromotionJson> {
    return this.promotions.create(params);
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update a promotion (admin)', description: 'Orders in checkout carrying its discount are recomputed; completed orders keep theirs.' })
  @ApiWrappedBody('promotion', UpdatePromotionDto)
  @ApiOkResponse({ type: PromotionJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('promotion', UpdatePromotionDto) params: UpdatePromotionDto): Promise<PromotionJson> {
    return this.actions.update(id, params);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a promotion (admin)', description: 'Orders in checkout lose its discount; completed orders keep theirs.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.actions.remove(id);
  }
}
