import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Zone } from '../../geography/zones/entities/zone.entity';
import { TaxCategory } from '../../tax/tax-categories/entities/tax-category.entity';
import { ShippingCategory } from '../../catalog/shipping-categories/entities/shipping-category.entity';
import { ShippingMethod } from './entities/shipping-method.entity';
import { ShippingMethodsController } from './shipping-methods.controller';
import { ShippingMethodsService } from './shipping-methods.service';

@Module({
  imports: [TypeOrmModule.forFeature([ShippingMethod, ShippingCategory, Zone, TaxCategory])],
  controllers: [ShippingMethodsController],
  providers: [ShippingMethodsService],
  exports: [ShippingMethodsService],
})
export class ShippingMethodsModule {}
