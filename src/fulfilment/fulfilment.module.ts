import { Module } from '@nestjs/common';
import { ReturnAuthorizationsModule } from './return-authorizations/return-authorizations.module';
import { ShipmentsApiModule } from './shipments/shipments-api.module';
import { ShipmentsModule } from './shipments/shipments.module';
import { ShippingCategoriesModule } from './shipping-categories/shipping-categories.module';
import { ShippingMethodsModule } from './shipping-methods/shipping-methods.module';

/** Shipping categories, shipping methods, shipments and return authorizations. */
@Module({ imports: [ShippingCategoriesModule, ShippingMethodsModule, ShipmentsModule, ShipmentsApiModule, ReturnAuthorizationsModule] })
export class FulfilmentDomainModule {}
