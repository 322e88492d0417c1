import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { NotFoundError } from '../../common/errors/api-errors';
import { listBody, listParams, Page } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { readId } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { ProductParamsDto } from './dto/product.dto';
import { Product } from './entities/product.entity';
import { flagQuery, readIdsQuery } from './ids-query';
import type { ProductFields } from './product-graph';
import { PRODUCT_DESCRIPTION, ProductDescriptionJson, ProductJson, serializeProduct } from './product.serializer';
import { productSearch, ProductsService } from './products.service';
import { CatalogCache, SerializedBody } from '../../common/http/catalog-cache';
import { ProductPageCache } from './product-page-cache';
import { ApiCurrency, AskedCurrency, AskedCurrencyValue, chooseCurrency } from '../../common/http/request-currency';
import { APP_CONFIG, AppConfig } from '../../config/configuration';
import { ADMIN_VIEW, PUBLIC_VIEW, variantViewOf } from '../variants/variant.serializer';

const SEARCHABLE = [...Object.keys(productSearch('USD').attributes), 'variants_including_master_sku'];
const ShowDeleted = () => ApiQuery({ name: 'show_deleted', required: false, schema: { type: 'boolean' }, description: 'Admins only: include deleted products' });
const ProductParam = () => ApiParam({ name: 'id', schema: { type: 'string' }, description: 'Permalink (slug), tried first, or id' });

/** Serializes a page of products from one batch load of their associations, with their prices in `currency`. */
async function renderPage(products: ProductsService, page: Page<ProductFields>, caller: Caller, currency: string) {
  const graph = await products.graph(page.items, currency);
  return listBody('products', page, (p) => serializeProduct(p, graph, variantViewOf(caller)));
}

@ApiTags('products')
@CatalogCache()
@Controller('api/products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly pages: ProductPageCache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List products (non-admins: only available, not deleted ones)' })
  @ShowDeleted()
  @ApiQuery({ name: 'ids', required: false, description: 'Comma-separated ids; replaces the q search', schema: { type: 'string' } })
  @ApiCurrency()
  @ApiListResponse('products', ProductJson, { searchable: SEARCHABLE })
  async index(@Query() query: Record<string, unknown>, @AskedCurrency() asked: AskedCurrencyValue, @CurrentCaller() caller: Caller) {
    const currency = chooseCurrency(asked, this.config.supportedCurrencies);
    const page = await this.products.list(caller, listParams(query), { showDeleted: flagQuery(query.show_deleted), ids: readIdsQuery(query.ids) }, currency);
    return renderPage(this.products, page, caller, currency);
  }

  @Get('new')
  @ApiOperation({ summary: 'Describe the attributes of a product' })
  @ApiOkResponse({ type: ProductDescriptionJson })
  describe(): ProductDescriptionJson {
    return PRODUCT_DESCRIPTION;
  }

  @Get(':id')
  @ProductParam()
  @ShowDeleted()
  @ApiOperation({ summary: 'Show a product by permalink or id' })
  @ApiCurrency()
  @ApiOkResponse({ type: ProductJson })
  @ApiNotFound()
  async show(
    @Param('id') id: string,
    @Query() query: Record<string, unknown>,
    @AskedCurrency() asked: AskedCurrencyValue,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductJson | SerializedBody> {
    const showDeleted = flagQuery(query.show_deleted);
    const currency = chooseCurrency(asked, this.config.supportedCurrencies);
    if (!this.pages.appliesTo(caller)) {
      const { product, graph } = await this.products.findWithGraph(id, caller, showDeleted, currency);
      return serializeProduct(product, graph!, variantViewOf(caller));
    }
    // The public page, built once per version of the product and currency (product-page-cache.ts): never an admin's view.
    const known = this.pages.known(currency, id);
    if (known && (await this.pages.isCurrent(id, known))) return known.body;
    const { product, version, graph } = await this.products.findWithGraph(id, caller, showDeleted, currency, known);
    if (!graph) return known!.body;
    return this.pages.keep(currency, id, product.id, version, serializeProduct(product, graph, PUBLIC_VIEW));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a product with its master variant (admin)' })
  @ApiWrappedBody('product', ProductParamsDto, { requires: ['name', 'price', 'shipping_category_id'] })
  @ApiCreatedResponse({ type: ProductJson })
  @ApiInvalid()
  async create(@ResourceParams('product', ProductParamsDto) params: ProductParamsDto): Promise<ProductJson> {
    return this.render(await this.products.create(params));
  }

  @Update(':id')
  @HttpCode(201)
  @AdminOnly()
  @ProductParam()
  @ApiOperation({ summary: 'Update a product (admin); answers 201 as commerce-api.md specifies' })
  @ApiWrappedBody('product', ProductParamsDto)
  @ApiCreatedResponse({ type: ProductJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@Param('id') id: string, @ResourceParams('product', ProductParamsDto) params: ProductParamsDto, @CurrentCaller() caller: Caller): Promise<ProductJson> {
    const product = await this.products.find(id, caller);
    return this.render(await this.products.update(product, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly()
  @ProductParam()
  @ApiOperation({ summary: 'Soft-delete a product and its variants (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<void> {
    await this.products.softDelete(await this.products.find(id, caller));
  }

  @Put(':id/restore')
  @AdminOnly()
  @ProductParam()
  @ApiOperation({
    summary: 'Restore a soft-deleted product (admin)',
    description:
      'The product comes back with the variants and stock items deleted with it (those deleted before it stay deleted). ' +
      'Find deleted products with `GET /api/products?show_deleted=true`. 422 on `deleted_at` for a product that is not deleted.',
  })
  @ApiOkResponse({ type: ProductJson })
  @ApiNotFound()
  @ApiInvalid()
  async restore(@Param('id') id: string, @CurrentCaller() caller: Caller): Promise<ProductJson> {
    return this.render(await this.products.restore(await this.products.find(id, caller, true)));
  }

  /** An admin's answer (create, update, restore). */
  private async render(product: Product): Promise<ProductJson> {
    return serializeProduct(product, await this.products.graph([product]), ADMIN_VIEW);
  }
}

/** Spree's taxons#products: `GET /api/taxons/products?id=<taxon_id>`. */
@ApiTags('products')
@CatalogCache()
@Controller('api/taxons')
export class TaxonProductsController {
  constructor(
    private readonly products: ProductsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('products')
  @ApiOperation({ summary: 'List the products of a taxon and its descendants, by their position in the taxon' })
  @ApiQuery({ name: 'id', required: true, schema: { type: 'integer' }, description: 'Taxon id' })
  @ShowDeleted()
  @ApiCurrency()
  @ApiListResponse('products', ProductJson, { searchable: SEARCHABLE })
  @ApiNotFound()
  async index(@Query() query: Record<string, unknown>, @AskedCurrency() asked: AskedCurrencyValue, @CurrentCaller() caller: Caller) {
    if (typeof query.id !== 'string') throw new NotFoundError();
    const currency = chooseCurrency(asked, this.config.supportedCurrencies);
    const page = await this.products.listForTaxon(caller, readId(query.id), listParams(query), flagQuery(query.show_deleted), currency);
    return renderPage(this.products, page, caller, currency);
  }
}
