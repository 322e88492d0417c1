import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { currencySymbol, MONEY_FORMAT } from '../../common/money/money';
import { APP_CONFIG, AppConfig } from '../configuration';
import { MoneyConfigJson, StoreConfigJson } from './store-config.serializer';

/** The store settings a client needs (Spree's `Spree::Config` as the API shows it). */
@Injectable()
export class StoreConfigService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async show(): Promise<StoreConfigJson> {
    const [country]: Array<{ id: number }> = await this.dataSource.query(`SELECT id FROM countries WHERE iso = $1`, [this.config.defaultCountry]);
    return { default_country_id: country?.id ?? null, currency: this.config.currency, supported_currencies: this.config.supportedCurrencies };
  }

  /** What `displayMoney` really does with `currency` (one the store sells in). */
  money(currency: string): MoneyConfigJson {
    return {
      symbol: currencySymbol(currency),
      symbol_position: MONEY_FORMAT.symbolPosition,
      no_cents: MONEY_FORMAT.noCents,
      decimal_mark: MONEY_FORMAT.decimalMark,
      thousands_separator: MONEY_FORMAT.thousandsSeparator,
      currency,
    };
  }
}
