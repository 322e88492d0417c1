import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreatePaymentMethodDto, UpdatePaymentMethodDto } from './dto/payment-method.dto';
import { PaymentMethodJson, serializePaymentMethod } from './payment-method.serializer';
import { PAYMENT_METHOD_SEARCH, PaymentMethodsService } from './payment-methods.service';

@ApiTags('payment_methods')
@Controller('api/payment_methods')
export class PaymentMethodsController {
  constructor(private readonly methods: PaymentMethodsService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List payment methods (admin)', description: 'Deleted methods are not listed. Preferences (gateway credentials) are never shown.' })
  @ApiListResponse('payment_methods', PaymentMethodJson, { searchable: Object.keys(PAYMENT_METHOD_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('payment_methods', await this.methods.list(listParams(query)), serializePaymentMethod);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a payment method (admin)' })
  @ApiOkResponse({ type: PaymentMethodJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<PaymentMethodJson> {
    return serializePaymentMethod(await this.methods.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a payment method (admin)' })
  @ApiWrappedBody('payment_method', CreatePaymentMethodDto)
  @ApiCreatedResponse({ type: PaymentMethodJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('payment_method', CreatePaymentMethodDto) params: CreatePaymentMethodDto): Promise<PaymentMethodJson> {
    return serializePaymentMethod(await this.methods.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({
    summary: 'Update a payment method (admin)',
    description: "Its `type` can't change once payments use the method (422 on `type`): their captures, voids and refunds go to the gateway that took them; create a new method to switch provider.",
  })
  @ApiWrappedBody('payment_method', UpdatePaymentMethodDto)
  @ApiOkResponse({ type: PaymentMethodJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('payment_method', UpdatePaymentMethodDto) params: UpdatePaymentMethodDto): Promise<PaymentMethodJson> {
    return serializePaymentMethod(await this.methods.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a payment method (admin)', description: 'Soft delete: past payments keep their method; it is no longer listed or offered.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.methods.remove(id);
  }
}
