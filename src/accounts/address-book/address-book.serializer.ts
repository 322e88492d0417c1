import { ApiProperty } from '@nestjs/swagger';
import { AddressJson, serializeAddress } from '../../geography/addresses/address.serializer';
import { Address } from '../../geography/addresses/entities/address.entity';

/** An address of a user's book. */
export class AddressBookEntryJson extends AddressJson {
  @ApiProperty({ description: "The user's default bill address (the user's `bill_address`)" }) default_bill: boolean;
  @ApiProperty({ description: "The user's default ship address (the user's `ship_address`)" }) default_ship: boolean;
}

export function serializeAddressBookEntry(address: Address, defaults: { billAddressId: number | null; shipAddressId: number | null }): AddressBookEntryJson {
  return { ...serializeAddress(address), default_bill: defaults.billAddressId === address.id, default_ship: defaults.shipAddressId === address.id };
}
