import { ApiProperty } from '@nestjs/swagger';
import { Address } from './entities/address.entity';
import { CountryJson, CountryStateJson, serializeCountry, serializeCountryState } from '../countries/country.serializer';

/** Spree's addresses/show.v1.rabl: address_attributes + country + state. */
export class AddressJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true }) firstname: string | null;
  @ApiProperty({ type: String, nullable: true }) lastname: string | null;
  @ApiProperty() full_name: string;
  @ApiProperty({ type: String, nullable: true }) address1: string | null;
  @ApiProperty({ type: String, nullable: true }) address2: string | null;
  @ApiProperty({ type: String, nullable: true }) city: string | null;
  @ApiProperty({ type: String, nullable: true }) zipcode: string | null;
  @ApiProperty({ type: String, nullable: true }) phone: string | null;
  @ApiProperty({ type: String, nullable: true }) company: string | null;
  @ApiProperty({ type: String, nullable: true }) alternative_phone: string | null;
  @ApiProperty({ type: 'integer', nullable: true }) country_id: number | null;
  @ApiProperty({ type: 'integer', nullable: true }) state_id: number | null;
  @ApiProperty({ type: String, nullable: true }) state_name: string | null;
  @ApiProperty({ type: String, nullable: true, description: "The state's abbreviation, or its name, or state_name" }) state_text: string | null;
  @ApiProperty({ type: CountryJson, nullable: true }) country: CountryJson | null;
  @ApiProperty({ type: CountryStateJson, nullable: true }) state: CountryStateJson | null;
}

/** Expects `country` and `state` loaded. */
export function serializeAddress(address: Address): AddressJson {
  return {
    id: address.id,
    firstname: address.firstname,
    lastname: address.lastname,
    full_name: `${address.firstname ?? ''} ${address.lastname ?? ''}`.trim(),
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    zipcode: address.zipcode,
    phone: address.phone,
    company: address.company,
    alternative_phone: address.alternativePhone,
    country_id: address.countryId,
    state_id: address.stateId,
    state_name: address.stateName,
    state_text: address.state?.abbr ?? address.state?.name ?? address.stateName,
    country: address.country ? serializeCountry(address.country) : null,
    state: address.state ? serializeCountryState(address.state) : null,
  };
}
