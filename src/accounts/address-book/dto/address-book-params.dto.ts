import { BooleanField } from '../../../common/params/fields';
import { AddressParamsDto } from '../../../geography/addresses/dto/address-params.dto';

/** address[...] of the address book: the address's fields, and whether it is the user's default bill or ship address. */
export class AddressBookParamsDto extends AddressParamsDto {
  @BooleanField({ blank: 'absent', description: "Make it the user's default bill address (true), or stop it being so (false)" }) default_bill?: boolean;
  @BooleanField({ blank: 'absent', description: "Make it the user's default ship address (true), or stop it being so (false)" }) default_ship?: boolean;
}
