import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ShippingCategory } from './entities/shipping-category.entity';
import { ShippingCategoriesController } from './shipping-categories.controller';
import { ShippingCategoriesService } from './shipping-categories.service';

@Module({
  imports: [TypeOrmModule.forFeature([ShippingCategory])],
  controllers: [ShippingCategoriesController],
  providers: [ShippingCategoriesService],
  exports: [ShippingCategoriesService],
})
export class ShippingCategoriesModule {}
