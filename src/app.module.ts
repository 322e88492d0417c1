import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from './config/configuration';
import { dataSourceOptions } from './database/data-source-options';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { RequestGuardsModule } from './common/http/request-guards.module';
import { HealthModule } from './health/health.module';
import { AccountsModule } from './accounts/accounts.module';
import { CatalogModule } from './catalog/catalog.module';
import { GeographyModule } from './geography/geography.module';
import { InventoryModule } from './inventory/inventory.module';
import { FulfilmentModule } from './fulfilment/fulfilment.module';
import { PaymentsModule } from './payments/payments.module';
import { TaxModule } from './tax/tax.module';
import { OrderingModule } from './orders/ordering.module';
import { PromotionsModule } from './promotions/promotions.module';
import { ConfigModule } from './config/config.module';
import { StoreConfigModule } from './config/store-config/store-config.module';

export interface AppModuleOptions {
  config: AppConfig;
  /** The database to use: DATABASE_URL, or the embedded server started by main.ts. */
  databaseUrl: string;
}

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(options.config),
        TypeOrmModule.forRoot({ ...dataSourceOptions(options.databaseUrl, { serving: true }), autoLoadEntities: false }),
        RequestGuardsModule,
        HealthModule,
        StoreConfigModule,
        AccountsModule,
        GeographyModule,
        CatalogModule,
        InventoryModule,
        FulfilmentModule,
        PaymentsModule,
        TaxModule,
        OrderingModule,
        PromotionsModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
