import { ApiProperty } from '@nestjs/swagger';
import { IntegerField, StringField } from '../../../common/params/fields';

/**
 * Address fields a client may send (commerce-api.md, "Fields accepted for address updates").
 * Those an address cannot be without (addresses.service.ts refuses them blank, "can't be blank",
 * as Spree's Address validations) are declared non-blank: `nullable: false`.
 */
export class AddressParamsDto {
  @StringField({ nullable: false }) firstname?: string | null;
  @StringField({ nullable: false }) lastname?: string | null;
  @StringField() company?: string | null;
  @StringField({ nullable: false }) address1?: string | null;
  @StringField() address2?: string | null;
  @StringField({ nullable: false }) city?: string | null;
  @StringField({ nullable: false }) zipcode?: string | null;
  @StringField({ nullable: false }) phone?: string | null;
  @StringField() alternative_phone?: string | null;
  @StringField({ description: 'Free-text state, for countries without a state list' }) state_name?: string | null;
  @IntegerField({ nullable: false }) country_id?: number | null;
  @IntegerField() state_id?: number | null;
}

/**
 * For the OpenAPI document only (binding uses AddressParamsDto): an address
 * as a client sends it for an order, with the fields a new address needs
 * (addresses.service.ts refuses it with 422 otherwise; `state_id` or
 * `state_name` too when the country has states). An order's existing
 * address is updated from the fields sent.
 */
export class NewAddressParamsDto extends AddressParamsDto {}
const NEEDED: Record<string, string | number> = { firstname: 'John', lastname: 'Doe', address1: '10 Lovely Street', city: 'Herndon', zipcode: '35005', phone: '555-555-0199', country_id: 49 };
for (const [name, example] of Object.entries(NEEDED)) {
  ApiProperty({ required: true, nullable: false, example, ...(typeof example === 'number' ? { type: 'integer' } : { type: String, maxLength: 255 }) })(NewAddressParamsDto.prototype, name);
}
