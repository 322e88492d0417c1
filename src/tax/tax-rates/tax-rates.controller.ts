import { Controller, Delete, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { listBody, listParams } from '../../common/listing/list-query';
import { ApiInvalid, ApiListResponse, ApiNotFound, ApiUnauthorized, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { Update } from '../../common/http/update-route';
import { CreateTaxRateDto, UpdateTaxRateDto } from './dto/tax-rate.dto';
import { serializeTaxRate, TaxRateJson } from './tax-rate.serializer';
import { TAX_RATE_SEARCH, TaxRatesService } from './tax-rates.service';

@ApiTags('tax_rates')
@Controller('api/tax_rates')
export class TaxRatesController {
  constructor(private readonly rates: TaxRatesService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'List tax rates (admin)', description: 'Deleted rates are not listed.' })
  @ApiListResponse('tax_rates', TaxRateJson, { searchable: Object.keys(TAX_RATE_SEARCH.attributes) })
  @ApiUnauthorized()
  async index(@Query() query: Record<string, unknown>) {
    return listBody('tax_rates', await this.rates.list(listParams(query)), serializeTaxRate);
  }

  @Get(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Show a tax rate (admin)' })
  @ApiOkResponse({ type: TaxRateJson })
  @ApiNotFound()
  async show(@IdParam() id: number): Promise<TaxRateJson> {
    return serializeTaxRate(await this.rates.find(id));
  }

  @Post()
  @AdminOnly()
  @ApiOperation({ summary: 'Create a tax rate (admin)' })
  @ApiWrappedBody('tax_rate', CreateTaxRateDto)
  @ApiCreatedResponse({ type: TaxRateJson })
  @ApiUnauthorized()
  @ApiInvalid()
  async create(@ResourceParams('tax_rate', CreateTaxRateDto) params: CreateTaxRateDto): Promise<TaxRateJson> {
    return serializeTaxRate(await this.rates.create(params));
  }

  @Update(':id')
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Update a tax rate (admin)' })
  @ApiWrappedBody('tax_rate', UpdateTaxRateDto)
  @ApiOkResponse({ type: TaxRateJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam() id: number, @ResourceParams('tax_rate', UpdateTaxRateDto) params: UpdateTaxRateDto): Promise<TaxRateJson> {
    return serializeTaxRate(await this.rates.update(id, params));
  }

  @Delete(':id')
  @HttpCode(204)
  @AdminOnly({ denial: 'not_found' })
  @ApiOperation({ summary: 'Delete a tax rate (admin)', description: 'Soft delete: the rate is no longer listed or applied.' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFound()
  async destroy(@IdParam() id: number): Promise<void> {
    await this.rates.remove(id);
  }
}
