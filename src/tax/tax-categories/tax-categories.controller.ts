import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateTaxCategoryDto, UpdateTaxCategoryDto } from './dto/tax-category.dto';
import { TAX_CATEGORY_SEARCH, TaxCategoriesService } from './tax-categories.service';
import { serializeTaxCategory, TaxCategoryJson } from './tax-category.serializer';

@ApiTags('tax_categories')
@Controller('api/tax_categories')
export class TaxCategoriesController {
  constructor(private readonly categories: TaxCategoriesService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List tax categories (admin)', description: 'Deleted categories are not listed.' })
  @ApiListResponse('tax_categories', TaxCategoryJson, { searchable: Object.keys(TAX_CATEGORY_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('tax_categories', await this.categories.list(listParams(query)), serializeTaxCategory);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a tax category (admin)' })
  @ApiOkResponse({ type: TaxCategoryJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<TaxCategoryJson> {
    return serializeTaxCategory(await this.categories.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a tax category (admin)', description: 'With `is_default: true` every other category stops being the default.' })
  @ApiWrappedBody('tax_category', CreateTaxCategoryDto)
  @ApiCreatedResponse({ type: TaxCategoryJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('tax_category', CreateTaxCategoryDto) params: CreateTaxCategoryDto): Promise<TaxCategoryJson> {
    return serializeTaxCategory(await this.categories.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update a tax category (admin)', description: 'With `is_default: true` every other category stops being the default.' })
  @ApiWrappedBody('tax_category', UpdateTaxCategoryDto)
  @ApiOkResponse({ type: TaxCategoryJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('tax_category', UpdateTaxCategoryDto) params: UpdateTaxCategoryDto): Promise<TaxCategoryJson> {
    return serializeTaxCategory(await this.categories.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a tax category (admin)', description: 'Soft delete, together with its tax rates.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.categories.remove(id);
  }
}
