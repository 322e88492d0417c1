import { Global, Module } from '@nestjs/common';
import { ZONE_TAX_RATES } from '../../geography/zones/zone-tax-rates';
import { TaxRatesOfZones } from './tax-rates.service';

/** Provides the geography's ZONE_TAX_RATES port to every module: geography sits below tax and imports none of its modules. */
@Global()
@Module({ providers: [{ provide: ZONE_TAX_RATES, useClass: TaxRatesOfZones }], exports: [ZONE_TAX_RATES] })
export class ZoneTaxRatesModule {}
