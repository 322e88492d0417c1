import { Module } from '@nestjs/common';
import { ShippingCategoriesModule } from '../catalog/shipping-categories/shipping-categories.module';
import { ReturnAuthorizationsModule } from './return-authorizations/return-authorizations.module';
import { ShipmentsApiModule } from './shipments/shipments-api.module';
import { ShipmentsModule } from './shipments/shipments.module';
import { ShippingMethodsModule } from './shipping-methods/shipping-methods.module';

/**
 * Shipping methods, shipments and return authorizations. Shipping categories are catalog's (a
 * product's); their endpoints are wired here, before the shipping methods that read them, so the
 * routes (and the OpenAPI document's paths) keep the order they had when they were fulfilment's.
 */
@Module({ imports: [ShippingCategoriesModule, ShippingMethodsModule, ShipmentsModule, ShipmentsApiModule, ReturnAuthorizationsModule] })
export class FulfilmentDomainModule {}
