import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Price } from './entities/price.entity';
import { Variant } from './entities/variant.entity';
import { ProductVariantsController, VariantsController } from './variants.controller';
import { VariantsService } from './variants.service';

@Module({
  imports: [TypeOrmModule.forFeature([Variant, Price])],
  controllers: [VariantsController, ProductVariantsController],
  providers: [VariantsService],
  exports: [VariantsService],
})
export class VariantsModule {}
