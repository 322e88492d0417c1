import { Module } from '@nestjs/common';
import { ShipmentsModule } from './shipments/shipments.module';
import { ShippingCategoriesModule } from './shipping-categories/shipping-categories.module';
import { ShippingMethodsModule } from './shipping-methods/shipping-methods.module';

/** Shipping categories, shipping methods and shipments. */
@Module({ imports: [ShippingCategoriesModule, ShippingMethodsModule, ShipmentsModule] })
export class FulfilmentModule {}
