import { NestedField, StringField } from '../../../common/params/fields';
import { AddressParamsDto } from '../../../geography/addresses/dto/address-params.dto';

/** user[...] on sign-up. `admin` is never bound: roles are not mass-assignable. */
export class CreateUserDto {
  @StringField({ required: true, example: 'shopper@example.com' }) email: string;
  @StringField({ required: true, maxLength: 72, description: 'At least 6 characters' }) password: string;
  @StringField({ maxLength: 72 }) password_confirmation?: string;
}

/** user[...] on update: only what is sent changes. */
export class UpdateUserDto {
  @StringField() email?: string;
  @StringField({ maxLength: 72 }) password?: string;
  @StringField({ maxLength: 72 }) password_confirmation?: string;
  @NestedField(() => AddressParamsDto) bill_address_attributes?: AddressParamsDto;
  @NestedField(() => AddressParamsDto) ship_address_attributes?: AddressParamsDto;
}

export class SignInDto {
  @StringField({ required: true, example: 'shopper@example.com' }) email: string;
  @StringField({ required: true, maxLength: 1024 }) password: string;
}

