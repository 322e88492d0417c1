import { Module } from '@nestjs/common';
import { CountriesModule } from './countries/countries.module';
import { StatesModule } from './states/states.module';
import { ZonesModule } from './zones/zones.module';
import { AddressesModule } from './addresses/addresses.module';

/** Countries, states and zones. */
@Module({ imports: [CountriesModule, StatesModule, ZonesModule, AddressesModule] })
export class GeographyDomainModule {}
