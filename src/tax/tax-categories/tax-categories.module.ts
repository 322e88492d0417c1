import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TaxRate } from '../tax-rates/entities/tax-rate.entity';
import { TaxCategory } from './entities/tax-category.entity';
import { TaxCategoriesController } from './tax-categories.controller';
import { TaxCategoriesService } from './tax-categories.service';

@Module({
  imports: [TypeOrmModule.forFeature([TaxCategory, TaxRate])],
  controllers: [TaxCategoriesController],
  providers: [TaxCategoriesService],
  exports: [TaxCategoriesService],
})
export class TaxCategoriesModule {}
