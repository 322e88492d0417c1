import { PERMISSIONS } from '../../../common/auth/permissions';
import { DateTimeField, IntegerListField, StringField, StringListField } from '../../../common/params/fields';

const PERMISSIONS_HELP = 'Permissions of the table (`GET /api/roles/permissions`), e.g. `orders:read`, `shipments:write`, `payments:refund`.';

export class CreateRoleDto {
  @StringField({ required: true, maxLength: 100, example: 'shipping clerk' }) name: string;
  @StringListField({ maxLength: 40, enum: PERMISSIONS, description: PERMISSIONS_HELP, example: ['orders:read', 'shipments:write'] }) permissions?: string[] | null;
}

export class UpdateRoleDto {
  @StringField({ nullable: false, maxLength: 100, example: 'shipping clerk' }) name?: string | null;
  @StringListField({ maxLength: 40, enum: PERMISSIONS, description: `${PERMISSIONS_HELP} Replaces the role's permissions.`, example: ['orders:read', 'shipments:write'] }) permissions?: string[] | null;
}

export class UserRolesDto {
  @IntegerListField({ required: true, description: "The user's roles (ids), replacing those it had; `[]` takes them all away.", example: [1] }) role_ids: number[];
}

export class CreateApiKeyDto {
  @StringField({ required: true, maxLength: 100, example: 'warehouse integration' }) name: string;
  @StringListField({ required: true, maxLength: 40, enum: PERMISSIONS, description: `What the key may do: ${PERMISSIONS_HELP} At least one.`, example: ['orders:read'] }) scopes: string[];
  @DateTimeField({ description: 'When the key stops working; none: until revoked. Must be in the future.' }) expires_at?: Date | null;
}
