import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
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
import { ApiCurrency, AskedCurrency, AskedCurrencyValue, chooseCurrency } from '../../common/http/request-currency';
import { APP_CONFIG, AppConfig } from '../../config/configuration';

const ShowDeleted = () =>
  ApiQuery({ name: 'show_deleted', required: false, schema: { type: 'boolean' }, description: 'Admins only: include deleted variants' });
const ProductParam = () => ApiParam({ name: 'product_id', schema: { type: 'string' }, description: 'Product permalink (slug) or id' });
const SEARCHABLE = Object.keys(variantSearch('USD', false).attributes);

/** Shared rendering: one query per association for the whole list; prices in `currency` (the store's when not given). */
abstract class VariantRendering {
  constructor(
    protected readonly variants: VariantsService,
    protected readonly config: AppConfig,
  ) {}

  /** The currency a read asked for, when the store sells in it (422 otherwise). */
  protected currencyOf(asked: AskedCurrencyValue): string {
    return chooseCurrency(asked, this.config.supportedCurrencies);
  }

  protected async renderPage(page: Page<VariantFields>, caller: Caller, currency?: string) {
    const { details, products } = await this.variants.details(page.items, currency);
    return listBody('variants', page, (v) => serializeVariant(v, products.get(v.productId)!, details, variantViewOf(caller)));
  }

  protected async render(variant: VariantFields, caller: Caller, currency?: string): Promise<VariantJson> {
    const { details, products } = await this.variants.details([variant], currency);
    return serializeVariant(variant, products.get(variant.productId)!, details, variantViewOf(caller));
  }
}

@ApiTags('variants')
@Controller('api/variants')
export class VariantsController extends VariantRendering {
  constructor(variants: VariantsService, @Inject(APP_CONFIG) config: AppConfig) {
    super(variants, config);
  }

  @Get()
  @ApiOperation({ summary: 'List variants of every product (e.g. q[product_name_or_sku_cont]=shirt)' })
  @ShowDeleted()
  @ApiCurrency()
  @ApiListResponse('variants', VariantJson, { searchable: SEARCHABLE })
  async index(@Query() query: Record<string, unknown>, @AskedCurrency() asked: AskedCurrencyValue, @CurrentCaller() caller: Caller) {
    const currency = this.currencyOf(asked);
    return this.renderPage(await this.variants.list(caller, listParams(query), null, flagQuery(query.show_deleted), currency), caller, currency);
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
  @ApiCurrency()
  @ApiOkResponse({ type: VariantJson })
  @ApiNotFound()
  async show(@IdParam() id: number, @Query() query: Record<string, unknown>, @AskedCurrency() asked: AskedCurrencyValue, @CurrentCaller() caller: Caller): Promise<VariantJson> {
    const currency = this.currencyOf(asked);
    return this.render(await this.variants.find(caller, id, null, flagQuery(query.show_deleted)), caller, currency);
  }
}

@ApiTags('variants')
@CatalogCache()
@Controller('api/products/:product_id/variants')
export class ProductVariantsController extends VariantRendering {
  constructor(variants: VariantsService, @Inject(APP_CONFIG) config: AppConfig) {
    super(variants, config);
  }

  @Get()
  @ProductParam()
  @ShowDeleted()
  @ApiOperation({ summary: "List a product's variants, master included" })
  @ApiCurrency()
  @ApiListResponse('variants', VariantJson, { searchable: SEARCHABLE })
  @ApiNotFound()
  async index(@Param('product_id') productId: string, @Query() query: Record<string, unknown>, @AskedCurrency() asked: AskedCurrencyValue, @CurrentCaller() caller: Caller) {
    const showDeleted = flagQuery(query.show_deleted);
    const currency = this.currencyOf(asked);
    const product = await this.variants.findProduct(productId, caller, showDeleted);
    return this.renderPage(await this.variants.list(caller, listParams(query), product, showDeleted, currency), caller, currency);
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
  @ApiCurrency()
  @ApiOkResponse({ type: VariantJson })
  @ApiNotFound()
  async show(
    @Param('product_id') productId: string,
    @IdParam() id: number,
    @Query() query: Record<string, unknown>,
    @AskedCurrency() asked: AskedCurrencyValue,
    @CurrentCaller() caller: Caller,
  ): Promise<VariantJson> {
    const showDeleted = flagQuery(query.show_deleted);
    const currency = this.currencyOf(asked);
    const product = await this.variants.findProduct(productId, caller, showDeleted);
    return this.render(await this.variants.find(caller, id, product, showDeleted), caller, currency);
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
