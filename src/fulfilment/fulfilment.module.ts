import { Module } from '@nestjs/common';
import { ShippingCategoriesModule } from './shipping-categories/shipping-categories.module';
import { ShippingMethodsModule } from './shipping-methods/shipping-methods.module';

/** Shipping categories and shipping methods (shipments come with orders). */
@Module({ imports: [ShippingCategoriesModule, ShippingMethodsModule] })
export class FulfilmentModule {}
