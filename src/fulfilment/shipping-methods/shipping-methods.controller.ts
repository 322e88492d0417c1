import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateShippingMethodDto, UpdateShippingMethodDto } from './dto/shipping-method.dto';
import { serializeShippingMethod, ShippingMethodJson } from './shipping-method.serializer';
import { SHIPPING_METHOD_SEARCH, ShippingMethodsService } from './shipping-methods.service';

@ApiTags('shipping_methods')
@Controller('api/shipping_methods')
export class ShippingMethodsController {
  constructor(private readonly methods: ShippingMethodsService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List shipping methods (admin)', description: 'Deleted methods are not listed.' })
  @ApiListResponse('shipping_methods', ShippingMethodJson, { searchable: Object.keys(SHIPPING_METHOD_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('shipping_methods', await this.methods.list(listParams(query)), serializeShippingMethod);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a shipping method (admin)' })
  @ApiOkResponse({ type: ShippingMethodJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<ShippingMethodJson> {
    return serializeShippingMethod(await this.methods.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a shipping method (admin)' })
  @ApiWrappedBody('shipping_method', CreateShippingMethodDto)
  @ApiCreatedResponse({ type: ShippingMethodJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('shipping_method', CreateShippingMethodDto) params: CreateShippingMethodDto): Promise<ShippingMethodJson> {
    return serializeShippingMethod(await this.methods.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update a shipping method (admin)', description: 'Sent `zone_ids` or `shipping_category_ids` replace the current ones.' })
  @ApiWrappedBody('shipping_method', UpdateShippingMethodDto)
  @ApiOkResponse({ type: ShippingMethodJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('shipping_method', UpdateShippingMethodDto) params: UpdateShippingMethodDto): Promise<ShippingMethodJson> {
    return serializeShippingMethod(await this.methods.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a shipping method (admin)', description: 'Soft delete: the method stays for past shipments but is no longer listed or offered.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.methods.remove(id);
  }
}
