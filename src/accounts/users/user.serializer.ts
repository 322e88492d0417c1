import { ApiProperty } from '@nestjs/swagger';
import { User } from './entities/user.entity';
import { AddressJson, serializeAddress } from '../../geography/addresses/address.serializer';

/** users/show.v1.rabl plus the user's addresses (contract section 3). */
export class UserJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: AddressJson, nullable: true }) bill_address: AddressJson | null;
  @ApiProperty({ type: AddressJson, nullable: true }) ship_address: AddressJson | null;
}

export class SessionJson {
  @ApiProperty({ description: 'A new API key for this sign-in: send it as `Authorization: Bearer <key>`. Shown only here.' }) api_key: string;
  @ApiProperty({ type: UserJson }) user: UserJson;
}

export class NewUserJson {
  @ApiProperty({ type: [String], example: ['id', 'email', 'created_at', 'updated_at'] }) attributes: string[];
  @ApiProperty({ type: [String], example: ['email', 'password'] }) required_attributes: string[];
}

/** Expects bill/ship addresses (with country and state) loaded. */
export function serializeUser(user: User): UserJson {
  return {
    id: user.id,
    email: user.email,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    bill_address: user.billAddress ? serializeAddress(user.billAddress) : null,
    ship_address: user.shipAddress ? serializeAddress(user.shipAddress) : null,
  };
}
