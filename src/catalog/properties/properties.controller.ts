import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { Caller, CurrentCaller } from '../../common/auth/caller';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { flagQuery, readIdsQuery } from '../products/ids-query';
import { CreatePropertyParamsDto, ProductPropertyParamsDto, PropertyParamsDto } from './dto/property.dto';
import { PRODUCT_PROPERTY_SEARCH, PROPERTIES_NEW, PROPERTY_SEARCH, PropertiesService, PRODUCT_PROPERTIES_NEW } from './properties.service';
import {
  DescribeAttributesJson,
  ProductPropertyJson,
  PropertyJson,
  serializeProductProperty,
  serializeProperty,
} from './property.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';

const IdOrName = (name: string, what: string) => ApiParam({ name, schema: { type: 'string' }, description: `${what} id, or its name` });
const ProductParam = () => ApiParam({ name: 'product_id', schema: { type: 'string' }, description: 'Product permalink (slug) or id' });

@ApiTags('properties')
@Controller('api/properties')
export class PropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @ApiOperation({ summary: 'List properties' })
  @ApiQuery({ name: 'ids', required: false, description: 'Comma-separated ids; replaces the q search', schema: { type: 'string' } })
  @ApiListResponse('properties', PropertyJson, { searchable: Object.keys(PROPERTY_SEARCH.attributes) })
  async index(@Query() query: Record<string, unknown>) {
    return listBody('properties', await this.properties.list(listParams(query), readIdsQuery(query.ids)), serializeProperty);
  }

  @Get('new')
  @ApiOperation({ summary: 'Describe the attributes of a property' })
  @ApiOkResponse({ type: DescribeAttributesJson })
  describe(): DescribeAttributesJson {
    return PROPERTIES_NEW;
  }

  @Get(':id')
  @IdOrName('id', 'Property')
  @ApiOperation({ summary: 'Show a property by id or name' })
  @ApiOkResponse({ type: PropertyJson })
  @ApiNotFound()
  async show(@Param('id') id: string): Promise<PropertyJson> {
    return serializeProperty(await this.properties.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a property (admin)' })
  @ApiWrappedBody('property', CreatePropertyParamsDto)
  @ApiCreatedResponse({ type: PropertyJson })
  @ApiInvalid()
  async create(@ResourceParams('property', PropertyParamsDto) params: PropertyParamsDto): Promise<PropertyJson> {
    return serializeProperty(await this.properties.create(params));
  }

  @Update(':id')
  @AdminOnly()
  @IdOrName('id', 'Property')
  @ApiOperation({ summary: 'Update a property (admin)' })
  @ApiWrappedBody('property', PropertyParamsDto)
  @ApiOkResponse({ type: PropertyJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@Param('id') id: string, @ResourceParams('property', PropertyParamsDto) params: PropertyParamsDto): Promise<PropertyJson> {
    return serializeProperty(await this.properties.update(await this.properties.find(id), params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly()
  @IdOrName('id', 'Property')
  @ApiOperation({ summary: 'Delete a property and its product values (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@Param('id') id: string): Promise<void> {
    await this.properties.remove(await this.properties.find(id));
  }
}

@ApiTags('product properties')
@CatalogCache()
@Controller('api/products/:product_id/product_properties')
export class ProductPropertiesController {
  constructor(private readonly properties: PropertiesService) {}

  @Get()
  @ProductParam()
  @ApiOperation({ summary: "List a product's properties" })
  @ApiListResponse('product_properties', ProductPropertyJson, { searchable: Object.keys(PRODUCT_PROPERTY_SEARCH.attributes) })
  @ApiNotFound()
  async index(@Param('product_id') productId: string, @Query() query: Record<string, unknown>, @CurrentCaller() caller: Caller) {
    const product = await this.properties.findProduct(productId, caller, flagQuery(query.show_deleted));
    const page = await this.properties.listForProduct(product.id, listParams(query));
    return listBody('product_properties', page, (pp) => serializeProductProperty(pp, pp.property.name));
  }

  @Get('new')
  @ProductParam()
  @ApiOperation({ summary: 'Describe the attributes of a product property' })
  @ApiOkResponse({ type: DescribeAttributesJson })
  describe(): DescribeAttributesJson {
    return PRODUCT_PROPERTIES_NEW;
  }

  @Get(':id')
  @ProductParam()
  @IdOrName('id', 'Product property')
  @ApiOperation({ summary: 'Show a product property by id or property name' })
  @ApiOkResponse({ type: ProductPropertyJson })
  @ApiNotFound()
  async show(@Param('product_id') productId: string, @Param('id') id: string, @Query() query: Record<string, unknown>, @CurrentCaller() caller: Caller): Promise<ProductPropertyJson> {
    const product = await this.properties.findProduct(productId, caller, flagQuery(query.show_deleted));
    const pp = await this.properties.findForProduct(product.id, id);
    return serializeProductProperty(pp, pp.property.name);
  }

  @Post()
  @AdminOnly()
  @ProductParam()
  @ApiOperation({ summary: 'Give a product a property value; the property is created when missing (admin)' })
  @ApiWrappedBody('product_property', ProductPropertyParamsDto)
  @ApiCreatedResponse({ type: ProductPropertyJson })
  @ApiNotFound()
  @ApiInvalid()
  @ApiUnauthorized()
  async create(
    @Param('product_id') productId: string,
    @ResourceParams('product_property', ProductPropertyParamsDto) params: ProductPropertyParamsDto,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductPropertyJson> {
    const product = await this.properties.findProduct(productId, caller, false);
    const pp = await this.properties.createForProduct(product.id, params);
    return serializeProductProperty(pp, pp.property.name);
  }

  @Update(':id')
  @AdminOnly()
  @ProductParam()
  @IdOrName('id', 'Product property')
  @ApiOperation({ summary: 'Update a product property (admin)' })
  @ApiWrappedBody('product_property', ProductPropertyParamsDto)
  @ApiOkResponse({ type: ProductPropertyJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(
    @Param('product_id') productId: string,
    @Param('id') id: string,
    @ResourceParams('product_property', ProductPropertyParamsDto) params: ProductPropertyParamsDto,
    @CurrentCaller() caller: Caller,
  ): Promise<ProductPropertyJson> {
    const product = await this.properties.findProduct(productId, caller, false);
    const pp = await this.properties.updateForProduct(await this.properties.findForProduct(product.id, id), params);
    return serializeProductProperty(pp, pp.property.name);
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly()
  @ProductParam()
  @IdOrName('id', 'Product property')
  @ApiOperation({ summary: 'Remove a property from a product (admin)' })
  @ApiNoContentResponse()
  @ApiNotFound()
  async destroy(@Param('product_id') productId: string, @Param('id') id: string, @CurrentCaller() caller: Caller): Promise<void> {
    const product = await this.properties.findProduct(productId, caller, false);
    await this.properties.removeFromProduct(await this.properties.findForProduct(product.id, id));
  }
}
