import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from './config/configuration';
import { dataSourceOptions } from './database/data-source-options';
import { ReplicasModule } from './database/replicas';
import { ApiExceptionFilter } from './common/errors/api-exception.filter';
import { RequestGuardsModule } from './common/http/request-guards.module';
import { HealthModule } from './health/health.module';
import { AccountsDomainModule } from './accounts/accounts.module';
import { CatalogDomainModule } from './catalog/catalog.module';
import { GeographyDomainModule } from './geography/geography.module';
import { InventoryDomainModule } from './inventory/inventory.module';
import { FulfilmentDomainModule } from './fulfilment/fulfilment.module';
import { PaymentsDomainModule } from './payments/payments.module';
import { TaxDomainModule } from './tax/tax.module';
import { OrdersDomainModule } from './orders/orders.module';
import { PromotionsDomainModule } from './promotions/promotions.module';
import { ConfigModule } from './config/config.module';
import { StoreConfigModule } from './config/store-config/store-config.module';
import { WebhooksDomainModule } from './webhooks/webhooks.module';
import { MailDomainModule } from './mail/mail.module';
import { PrivacyDomainModule } from './privacy/privacy.module';
import { InventoryActionsDomainModule } from './order-actions/inventory-units/inventory-unit-actions.module';
import { FulfilmentActionsDomainModule } from './order-actions/fulfilment-actions.module';
import { PaymentActionsDomainModule } from './order-actions/payments/payment-actions.module';
import { LineItemActionsDomainModule } from './order-actions/line-items/line-item-actions.module';
import { CheckoutActionsDomainModule } from './order-actions/checkout/checkout-actions.module';
import { PromotionActionsDomainModule } from './order-actions/promotions/promotion-actions.module';
import { CouponCodesDomainModule } from './order-actions/coupons/coupon-actions.module';

export interface AppModuleOptions {
  config: AppConfig;
  /** The database to use: DATABASE_URL, or the embedded server started by main.ts. */
  databaseUrl: string;
  /**
   * Leave the database unconnected (default: connect at start). Only for
   * building the OpenAPI document (src/openapi-document.ts), which needs the
   * routes, not the data.
   */
  connect?: boolean;
}

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.register(options.config),
        TypeOrmModule.forRoot({ ...dataSourceOptions(options.databaseUrl, { serving: true, database: options.config.database }), autoLoadEntities: false, manualInitialization: options.connect === false }),
        // Reads that may lag go to DATABASE_REPLICA_URLS when they are up and close enough behind.
        ReplicasModule.register(options.config.replicas),
        RequestGuardsModule,
        HealthModule,
        StoreConfigModule,
        AccountsDomainModule,
        GeographyDomainModule,
        CatalogDomainModule,
        // The order actions (src/order-actions) each come right after the domain whose routes they serve: the
        // routes (and the OpenAPI document's paths) keep the order they are matched and listed in.
        InventoryDomainModule,
        InventoryActionsDomainModule,
        FulfilmentDomainModule,
        FulfilmentActionsDomainModule,
        PaymentsDomainModule,
        PaymentActionsDomainModule,
        TaxDomainModule,
        OrdersDomainModule,
        LineItemActionsDomainModule,
        CheckoutActionsDomainModule,
        PromotionsDomainModule,
        PromotionActionsDomainModule,
        CouponCodesDomainModule,
        WebhooksDomainModule,
        MailDomainModule,
        PrivacyDomainModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}
