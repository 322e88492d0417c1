import { Module } from '@nestjs/common';
import { ShipmentsApiModule } from './shipments/shipments-api.module';
import { ShipmentsModule } from './shipments/shipments.module';
import { ShippingCategoriesModule } from './shipping-categories/shipping-categories.module';
import { ShippingMethodsModule } from './shipping-methods/shipping-methods.module';

/** Shipping categories, shipping methods and shipments. */
@Module({ imports: [ShippingCategoriesModule, ShippingMethodsModule, ShipmentsModule, ShipmentsApiModule] })
export class FulfilmentModule {}
