import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { StoreConfigService } from './store-config.service';
import { MoneyConfigJson, StoreConfigJson } from './store-config.serializer';
import { CatalogCache } from '../../common/http/catalog-cache';

/** Readable by anyone, as in Spree (an API key only when the store requires authentication). */
@ApiTags('config')
@CatalogCache()
@Controller('api/config')
export class StoreConfigController {
  constructor(private readonly storeConfig: StoreConfigService) {}

  @Get()
  @ApiOperation({ summary: 'Store settings: the default country and the currency' })
  @ApiOkResponse({ type: StoreConfigJson })
  show(): Promise<StoreConfigJson> {
    return this.storeConfig.show();
  }

  @Get('money')
  @ApiOperation({ summary: 'How the store writes money: symbol, its position, decimal mark, thousands separator' })
  @ApiOkResponse({ type: MoneyConfigJson })
  money(): MoneyConfigJson {
    return this.storeConfig.money();
  }
}
