import { Module } from '@nestjs/common';
import { TaxCategoriesModule } from './tax-categories/tax-categories.module';
import { TaxRatesModule } from './tax-rates/tax-rates.module';

/** Tax categories and tax rates. */
@Module({ imports: [TaxCategoriesModule, TaxRatesModule] })
export class TaxDomainModule {}
