import { ApiProperty } from '@nestjs/swagger';
import { PERMISSIONS } from '../../common/auth/permissions';

export interface RoleRow {
  id: number;
  name: string;
  permissions: string[];
  created_at: Date;
  updated_at: Date;
}

export class RoleJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'shipping clerk' }) name: string;
  @ApiProperty({ type: [String], enum: PERMISSIONS, example: ['orders:read', 'shipments:write'] }) permissions: string[];
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time' }) updated_at: string;
}

export class RolesJson {
  @ApiProperty({ type: [RoleJson] }) roles: RoleJson[];
}

export class PermissionsJson {
  @ApiProperty({ type: [String], enum: PERMISSIONS, description: 'Every permission a role or a scoped key may hold' }) permissions: string[];
}

export function serializeRole(row: RoleRow): RoleJson {
  return { id: row.id, name: row.name, permissions: [...row.permissions].sort(), created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

export interface ApiKeyRow {
  id: number;
  name: string | null;
  scopes: string[] | null;
  created_at: Date;
  last_used_at: Date | null;
  expires_at: Date | null;
}

/** A key as listed: never the key itself (only its digest is kept). */
export class ApiKeyJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true, description: 'Null for the key of a sign-in' }) name: string | null;
  @ApiProperty({ type: [String], nullable: true, enum: PERMISSIONS, description: "What the key may do; null: a key without scopes (a sign-in's), with every right of its user" })
  scopes: string[] | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Last request made with it, to the minute' }) last_used_at: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it stops working; null: until revoked' }) expires_at: string | null;
}

export class ApiKeysJson {
  @ApiProperty({ type: [ApiKeyJson] }) api_keys: ApiKeyJson[];
}

export class NewApiKeyJson extends ApiKeyJson {
  @ApiProperty({ description: 'The key: send it as `Authorization: Bearer <key>`. Shown only in this answer (only its digest is kept).' }) api_key: string;
}

export function serializeApiKey(row: ApiKeyRow): ApiKeyJson {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes ? [...row.scopes].sort() : null,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
  };
}
