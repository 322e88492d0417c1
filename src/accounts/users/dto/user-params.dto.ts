import { NestedField, StringField } from '../../../common/params/fields';
import { EMAIL_PATTERN } from '../../../common/params/email';
import { PASSWORD_MIN } from '../passwords';
import { AddressParamsDto } from '../../../geography/addresses/dto/address-params.dto';

/** user[...] on sign-up. `admin` is never bound: roles are not mass-assignable. */
export class CreateUserDto {
  @StringField({ required: true, pattern: EMAIL_PATTERN, example: 'shopper@example.com' }) email: string;
  @StringField({ required: true, minLength: PASSWORD_MIN, maxLength: 72, description: `At least ${PASSWORD_MIN} characters` }) password: string;
  @StringField({ maxLength: 72 }) password_confirmation?: string;
}

/** user[...] on update: only what is sent changes. */
export class UpdateUserDto {
  @StringField({ nullable: false, pattern: EMAIL_PATTERN, example: 'shopper@example.com' }) email?: string;
  @StringField({ nullable: false, minLength: PASSWORD_MIN, maxLength: 72, description: `At least ${PASSWORD_MIN} characters; sent blank: can't be blank` }) password?: string;
  @StringField({ maxLength: 72 }) password_confirmation?: string;
  @StringField({
    maxLength: 1024,
    description:
      "The user's password as it is now: needed to change `password` or `email` (an API key alone cannot take over its account), " +
      'except when an admin changes another user. Missing: 422 `current_password: ["can\'t be blank"]`; wrong: 422 `current_password: ["is invalid"]`. ' +
      'Each one checked counts against the sign-in rate limits of the account and of the client address (429 over them). Ignored otherwise; never echoed or logged.',
  })
  current_password?: string;
  @NestedField(() => AddressParamsDto) bill_address_attributes?: AddressParamsDto;
  @NestedField(() => AddressParamsDto) ship_address_attributes?: AddressParamsDto;
}

export class SignInDto {
  @StringField({ required: true, example: 'shopper@example.com' }) email: string;
  @StringField({ required: true, maxLength: 1024 }) password: string;
}


/** user[...] of POST /api/passwords and POST /api/confirmations. */
export class AccountMailRequestDto {
  @StringField({ required: true, maxLength: 255, example: 'shopper@example.com', description: 'The e-mail of the account' }) email: string;
}

/** user[...] of PUT /api/passwords/:token. */
export class PasswordResetDto {
  @StringField({ required: true, minLength: PASSWORD_MIN, maxLength: 72, description: `The new password: at least ${PASSWORD_MIN} characters` }) password: string;
  @StringField({ required: true, maxLength: 72, description: 'The same again' }) password_confirmation: string;
}
