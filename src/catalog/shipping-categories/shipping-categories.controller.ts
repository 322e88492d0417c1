import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateShippingCategoryDto, UpdateShippingCategoryDto } from './dto/shipping-category.dto';
import { SHIPPING_CATEGORY_SEARCH, ShippingCategoriesService } from './shipping-categories.service';
import { serializeShippingCategory, ShippingCategoryJson } from './shipping-category.serializer';

@ApiTags('shipping_categories')
@Controller('api/shipping_categories')
export class ShippingCategoriesController {
  constructor(private readonly categories: ShippingCategoriesService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List shipping categories (admin)' })
  @ApiListResponse('shipping_categories', ShippingCategoryJson, { searchable: Object.keys(SHIPPING_CATEGORY_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('shipping_categories', await this.categories.list(listParams(query)), serializeShippingCategory);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a shipping category (admin)' })
  @ApiOkResponse({ type: ShippingCategoryJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<ShippingCategoryJson> {
    return serializeShippingCategory(await this.categories.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a shipping category (admin)' })
  @ApiWrappedBody('shipping_category', CreateShippingCategoryDto)
  @ApiCreatedResponse({ type: ShippingCategoryJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('shipping_category', CreateShippingCategoryDto) params: CreateShippingCategoryDto): Promise<ShippingCategoryJson> {
    return serializeShippingCategory(await this.categories.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update a shipping category (admin)' })
  @ApiWrappedBody('shipping_category', UpdateShippingCategoryDto)
  @ApiOkResponse({ type: ShippingCategoryJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('shipping_category', UpdateShippingCategoryDto) params: UpdateShippingCategoryDto): Promise<ShippingCategoryJson> {
    return serializeShippingCategory(await this.categories.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a shipping category (admin)', description: 'Refused (422) while products use it; shipping methods lose it.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  @ApiInvalid()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.categories.remove(id);
  }
}
