import { Module } from '@nestjs/common';
import { CountriesModule } from './countries/countries.module';

/** Countries, states and zones. */
@Module({ imports: [CountriesModule] })
export class GeographyModule {}
