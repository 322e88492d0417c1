import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Price } from './entities/price.entity';
import { Variant } from './entities/variant.entity';
import { PricesController } from './prices.controller';
import { PricesService } from './prices.service';
import { ProductVariantsController, VariantsController } from './variants.controller';
import { VariantsService } from './variants.service';

@Module({
  imports: [TypeOrmModule.forFeature([Variant, Price])],
  controllers: [VariantsController, ProductVariantsController, PricesController],
  providers: [VariantsService, PricesService],
  exports: [VariantsService],
})
export class VariantsModule {}
