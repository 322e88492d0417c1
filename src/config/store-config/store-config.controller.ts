import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreConfigService } from './store-config.service';
import { MoneyConfigJson, StoreConfigJson } from './store-config.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';
import { ApiCurrency, AskedCurrency, AskedCurrencyValue, chooseCurrency } from '../../common/http/request-currency';
import { APP_CONFIG, AppConfig } from '../configuration';

/** Readable by anyone, as in Spree (an API key only when the store requires authentication). */
@ApiTags('config')
@CatalogCache()
@Controller('api/config')
export class StoreConfigController {
  constructor(
    private readonly storeConfig: StoreConfigService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Store settings: the default country, the currency and the currencies the store sells in' })
  @ApiOkResponse({ type: StoreConfigJson })
  show(): Promise<StoreConfigJson> {
    return this.storeConfig.show();
  }

  @Get('money')
  @ApiOperation({ summary: 'How the store writes money: symbol, its position, decimal mark, thousands separator' })
  @ApiCurrency()
  @ApiOkResponse({ type: MoneyConfigJson })
  money(@AskedCurrency() asked: AskedCurrencyValue): MoneyConfigJson {
    return this.storeConfig.money(chooseCurrency(asked, this.config.supportedCurrencies));
  }
}
