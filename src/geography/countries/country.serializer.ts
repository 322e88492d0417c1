import { ApiProperty } from '@nestjs/swagger';
import { Country } from './entities/country.entity';
import { State } from '../states/entities/state.entity';

/** Spree's `state_attributes`. Kept here, beside its only nesting parent, until states get their own serializer. */
export class CountryStateJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'New York' }) name: string;
  @ApiProperty({ example: 'NY' }) abbr: string;
  @ApiProperty({ type: 'integer' }) country_id: number;
}

/** Spree's `country_attributes` (countries/show.v1.rabl). */
export class CountryJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'UNITED STATES OF AMERICA' }) iso_name: string;
  @ApiProperty({ example: 'US' }) iso: string;
  @ApiProperty({ example: 'USA' }) iso3: string;
  @ApiProperty({ example: 'United States of America' }) name: string;
  @ApiProperty({ type: 'integer', example: 840 }) numcode: number;
}

export class CountryWithStatesJson extends CountryJson {
  @ApiProperty({ type: [CountryStateJson] }) states: CountryStateJson[];
}

export function serializeCountry(country: Country): CountryJson {
  return { id: country.id, iso_name: country.isoName, iso: country.iso, iso3: country.iso3, name: country.name, numcode: country.numcode };
}

export function serializeCountryState(state: State): CountryStateJson {
  return { id: state.id, name: state.name, abbr: state.abbr, country_id: state.countryId };
}

export function serializeCountryWithStates(country: Country, states: State[]): CountryWithStatesJson {
  return { ...serializeCountry(country), states: states.map(serializeCountryState) };
}
