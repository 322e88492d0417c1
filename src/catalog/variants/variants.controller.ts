import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { listBody, listParams, Page } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { flagQuery } from '../products/ids-query';
import { DescribeAttributesJson } from '../properties/property.serializer';
import { VariantParamsDto } from './dto/variant.dto';
import { serializeVariant, VariantFields, VariantJson, variantViewOf } from './variant.serializer';
import { VARIANTS_NEW, variantSearch, VariantsService } from './variants.service';
import { CatalogCache } from '../../common/http/catalog-cache';

const ShowDeleted = () =>
  ApiQuery({ name: 'show_deleted', required: false, schema: { type: 'boolean' }, description: 'Admins only: include deleted variants' });
const ProductParam = () => ApiParam({ name: 'product_id', schema: { type: 'string' }, description: 'Product permalink (slug) or id' });
const SEARCHABLE = Object.keys(variantSearch('USD', false).attributes);

/** Shared rendering: one query per association for the whole list. */
abstract class VariantRendering {
  constructor(protected readonly variants: VariantsService) {}

  protected async renderPage(page: Page<VariantFields>, caller: Caller) {
    const { details, products } = await this.variants.details(page.items);
    return listBody('variants', page, (v) => serializeVariant(v, products.get(v.productId)!, details, variantViewOf(caller)));
  }

  protected async render(variant: VariantFields, caller: Caller): Promise<VariantJson> {
    const { details, products } = await this.variants.details([variant]);
    return serializeVariant(variant, products.get(variant.productId)!, details, variantViewOf(caller));
  }
}

@ApiTags('variants')
@Controller('api/variants')
export class VariantsController extends VariantRendering {
  constructor(variants: VariantsService) {
    super(variants);
  }

  @Get()
  @ApiOperation({ summary: 'List variants of every product (e.g. q[product_name_or_sku_cont]=shirt)' })
  @ShowDeleted()
  @ApiListResponse('variants', VariantJson, { searchable: SEARCHABLE })
  async index(@Query() query: Record<string, unknown>, @CurrentCaller() caller: Caller) {
    return this.renderPage(await this.variants.list(caller, listParams(query), null, flagQuery(query.show_deleted)), caller);
  }

  @Get('new')
  @ApiOperation({ summary: 'Describe the attributes of a variant (as under its product)' })
  @ApiOkResponse({ type: DescribeAttributesJson })
  describe(): DescribeAttributesJson {
    return VARIANTS_NEW;
  }

  @Get(':id')
  @ApiOperation({ summary: 'Show a variant with its stock items' })
  @ShowDeleted()
  @ApiOkResponse({ type: VariantJson })
  @ApiNotFound()
  async show(@IdParam() id: number, @Query() query: Record<string, unknown>, @CurrentCaller() caller: Caller): Promise<VariantJson> {
    return this.render(await this.variants.find(caller, id, null, flagQuery(query.show_deleted)), caller);
  }
}

@ApiTags('variants')
@CatalogCache()
@Controller('api/products/:product_id/variants')
export class ProductVariantsController extends VariantRendering {
  constructor(variants: VariantsService) {
    super(variants);
  }

  @Get()
  @ProductParam()
  @ShowDeleted()
  @ApiOperation({ summary: "List a product's variants, master included" })
  @ApiListResponse('variants', VariantJson, { searchable: SEARCHABLE })
  @ApiNotFound()
  async index(@Param('product_id') productId: string, @Query() query: Record<string, unknown>, @CurrentCaller() caller: Caller) {
    const showDeleted = flagQuery(query.show_deleted);
    const product = await this.variants.findProduct(productId, caller, showDeleted);
    return this.renderPage(await this.variants.list(caller, listParams(query), product, showDeleted), caller);
  }

  @Get('new')
  @ProductParam()
  @ApiOperation({ summary: 'Describe the attributes of a variant' })
  @ApiOkResponse({ type: DescribeAttributesJson })
  describe(): DescribeAttributesJson {
    return VARIANTS_NEW;
  }

  @Get(':id')
  @ProductParam()
  @ShowDeleted()
  @ApiOperation({ summary: 'Show a variant of a product' })
  @ApiOkResponse({ type: VariantJson })
  @ApiNotFound()
  async show(@Param('product_id') productId: string, @IdParam() id: number, @Query() query: Record<string, unknown>, @CurrentCaller() caller: Caller): Promise<VariantJson> {
    const showDeleted = flagQuery(query.show_deleted);
    const product = await this.variants.findProduct(productId, caller, showDeleted);
    return this.render(await this.variants.find(caller, id, product, showDeleted), caller);
  }

  @Post()
  @AdminOnly()
  @ProductParam()
  @ApiOperation({ summary: 'Create a variant; price defaults to the master price; stock items are created at propagating locations (admin)' })
  @ApiWrappedBody('variant', VariantParamsDto)
  @ApiCreatedResponse({ type: VariantJson })
  @ApiNotFound()
  @ApiInvalid()
  async create(@Param('product_id') productId: string, @ResourceParams('variant', VariantParamsDto) params: VariantParamsDto, @CurrentCaller() caller: Caller): Promise<VariantJson> {
    const product = await this.variants.findProduct(productId, caller, false);
    return this.render(await this.variants.create(product, params), caller);
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ProductParam()
  @ApiOperation({ summary: 'Update a variant (admin)' })
  @ApiWrappedBody('variant', VariantParamsDto)
  @ApiOkResponse({ type: VariantJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @Param('product_id') productId: string,
    @IdParam() id: number,
    @ResourceParams('variant', VariantParamsDto) params: VariantParamsDto,
    @CurrentCaller() caller: Caller,
  ): Promise<VariantJson> {
    const product = await this.variants.findProduct(productId, caller, false);
    const variant = await this.variants.find(caller, id, product, false);
    return this.render(await this.variants.update(variant, params), caller);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ProductParam()
  @ApiOperation({ summary: 'Soft-delete a variant (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@Param('product_id') productId: string, @IdParam() id: number, @CurrentCaller() caller: Caller): Promise<void> {
    const product = await this.variants.findProduct(productId, caller, false);
    await this.variants.softDelete(await this.variants.find(caller, id, product, false));
  }
}
