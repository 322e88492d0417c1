import { ApiProperty } from '@nestjs/swagger';
import { User } from './entities/user.entity';
import { AddressJson, serializeAddress } from '../../geography/addresses/address.serializer';

/** users/show.v1.rabl plus the user's addresses (contract section 3). */
export class UserJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty() email: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
  @ApiProperty({ type: AddressJson, nullable: true, description: 'The default bill address (of the address book)' }) bill_address: AddressJson | null;
  @ApiProperty({ type: AddressJson, nullable: true, description: 'The default ship address (of the address book)' }) ship_address: AddressJson | null;
  @ApiProperty({ type: String, nullable: true, description: 'A new e-mail waiting for its confirmation link to be used; `email` changes then' })
  unconfirmed_email: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the e-mail was proven (a confirmation link, a password reset); null: not yet' })
  email_verified_at: string | null;
}

/** A new API key with its user: the answer of a sign-in, and of an admin's `generate_api_key`. */
export class SessionJson {
  @ApiProperty({ description: 'A new API key: send it as `Authorization: Bearer <key>`. Shown only in this answer (only its digest is kept).' }) api_key: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: String, description: 'When the key stops working (`API_KEY_TTL`); null: until revoked' })
  expires_at: string | null;
  @ApiProperty({ type: UserJson }) user: UserJson;
}

export function serializeSession(issued: { apiKey: string; expiresAt: Date | null; user: User }): SessionJson {
  return { api_key: issued.apiKey, expires_at: issued.expiresAt?.toISOString() ?? null, user: serializeUser(issued.user) };
}

/** Who the caller's API key signs in as, and what it may do: `GET /api/sessions/current` (a back-office disables what the role forbids). */
export class CurrentSessionJson {
  @ApiProperty({ type: UserJson }) user: UserJson;
  @ApiProperty({ description: "The user's admin flag: every permission, and the admin-only operations that grant rights (roles, API keys)" }) admin: boolean;
  @ApiProperty({
    type: [String],
    example: ['orders:read', 'payments:write', 'shipments:write'],
    description: "The permissions (operations' `x-permission`) this key may use: all of them for an admin, else those of the user's staff roles (none for a customer)",
  })
  permissions: string[];
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
    unconfirmed_email: user.unconfirmedEmail,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
  };
}
