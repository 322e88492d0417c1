import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Zone } from '../../geography/zones/entities/zone.entity';
import { TaxCategory } from '../tax-categories/entities/tax-category.entity';
import { TaxRate } from './entities/tax-rate.entity';
import { TaxRatesController } from './tax-rates.controller';
import { TaxRatesService } from './tax-rates.service';
import { ZoneTaxRatesModule } from './zone-tax-rates.module';

@Module({
  imports: [TypeOrmModule.forFeature([TaxRate, Zone, TaxCategory]), ZoneTaxRatesModule],
  controllers: [TaxRatesController],
  providers: [TaxRatesService],
  exports: [TaxRatesService],
})
export class TaxRatesModule {}
