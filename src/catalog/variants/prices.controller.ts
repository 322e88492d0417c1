import { Controller, Delete, Get, HttpCode, Param } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { AdminOnly } from '../../common/auth/admin.guard';
import { STORE_CURRENCY } from '../../common/http/request-currency';
import { Update } from '../../common/http/update-route';
import { ApiInvalid, ApiNotFound, ApiWrappedBody } from '../../common/openapi/responses';
import { IdParam } from '../../common/params/id-param';
import { ResourceParams } from '../../common/params/resource-params';
import { PriceParamsDto } from './dto/price.dto';
import { PriceJson, PriceListJson, serializePrice } from './price.serializer';
import { PricesService } from './prices.service';

const CurrencyParam = () =>
  ApiParam({ name: 'currency', schema: { type: 'string', pattern: STORE_CURRENCY, example: 'USD' }, description: "An ISO 4217 code the store sells in (SUPPORTED_CURRENCIES), in any case" });

/**
 * A variant's price per currency (Spree keeps `spree_prices` per variant and currency). The store
 * currency's price is also the variant's `price`; a variant without a price in a currency is not sold in it.
 */
@ApiTags('variants')
@Controller('api/variants/:variant_id/prices')
export class PricesController {
  constructor(private readonly prices: PricesService) {}

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: "List a variant's prices, one per currency (admin)" })
  @ApiOkResponse({ type: PriceListJson })
  @ApiNotFound()
  async index(@IdParam('variant_id') variantId: number): Promise<PriceListJson> {
    return { prices: (await this.prices.list(variantId)).map(serializePrice) };
  }

  @Update(':currency')
  @AdminOnly()
  @CurrencyParam()
  @ApiOperation({ summary: "Set a variant's price in a currency, created or replaced (admin)" })
  @ApiWrappedBody('price', PriceParamsDto)
  @ApiOkResponse({ type: PriceJson })
  @ApiNotFound()
  @ApiInvalid()
  async update(@IdParam('variant_id') variantId: number, @Param('currency') currency: string, @ResourceParams('price', PriceParamsDto) params: PriceParamsDto): Promise<PriceJson> {
    return serializePrice(await this.prices.set(variantId, currency, params.amount));
  }

  @Delete(':currency')
  @HttpCode(204)
  @AdminOnly()
  @CurrencyParam()
  @ApiOperation({ summary: "Remove a variant's price in a currency other than the store's: it is then not sold in it (admin)" })
  @ApiNoContentResponse()
  @ApiNotFound()
  @ApiInvalid()
  async destroy(@IdParam('variant_id') variantId: number, @Param('currency') currency: string): Promise<void> {
    await this.prices.remove(variantId, currency);
  }
}
