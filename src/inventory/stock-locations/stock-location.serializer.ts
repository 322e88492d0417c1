import { ApiProperty } from '@nestjs/swagger';
import { CountryJson, serializeCountry } from '../../geography/countries/country.serializer';
import type { State } from '../../geography/states/entities/state.entity';
import { StockLocation } from './entities/stock-location.entity';

/** Spree's `state_attributes`, as nested in stock_locations/show.v1.rabl. */
export class StockLocationStateJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'New York' }) name: string;
  @ApiProperty({ example: 'NY' }) abbr: string;
  @ApiProperty({ type: 'integer' }) country_id: number;
}

/** stock_locations/show.v1.rabl: `stock_location_attributes` plus its country and state. */
export class StockLocationJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'NY Warehouse' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: '1600 Pennsylvania Ave NW' }) address1: string | null;
  @ApiProperty({ type: String, nullable: true }) address2: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'Washington' }) city: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) state_id: number | null;
  @ApiProperty({ type: String, nullable: true }) state_name: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) country_id: number | null;
  @ApiProperty({ type: String, nullable: true, example: '20500' }) zipcode: string | null;
  @ApiProperty({ type: String, nullable: true, example: '(202) 456-1111' }) phone: string | null;
  @ApiProperty() active: boolean;
  @ApiProperty({ type: CountryJson, nullable: true }) country: CountryJson | null;
  @ApiProperty({ type: StockLocationStateJson, nullable: true }) state: StockLocationStateJson | null;
}

function serializeState(state: State): StockLocationStateJson {
  return { id: state.id, name: state.name, abbr: state.abbr, country_id: state.countryId };
}

/** Expects `country` and `state` loaded. */
export function serializeStockLocation(location: StockLocation): StockLocationJson {
  return {
    id: location.id,
    name: location.name,
    address1: location.address1,
    address2: location.address2,
    city: location.city,
    state_id: location.stateId,
    state_name: location.stateName,
    country_id: location.countryId,
    zipcode: location.zipcode,
    phone: location.phone,
    active: location.active,
    country: location.country ? serializeCountry(location.country) : null,
    state: location.state ? serializeState(location.state) : null,
  };
}
