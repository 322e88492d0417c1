import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { readBoolean, readInteger } from '../../../common/params/fields';
import type { ZoneableType } from '../entities/zone-member.entity';

export const ZONEABLE_TYPES: readonly ZoneableType[] = ['Spree::Country', 'Spree::State'];

/** One member as clients send it. */
export class ZoneMemberParams {
  @ApiProperty({ enum: ZONEABLE_TYPES }) zoneable_type: ZoneableType;
  @ApiProperty({ type: 'integer' }) zoneable_id: number;
}

const INVALID = Symbol('invalid members');

/**
 * Reads `zone[zone_members]` as Rails' nested attributes do: a JSON array, or
 * a form's index-keyed hash (`zone[zone_members][0][zoneable_id]=1`). Entries
 * without a `zoneable_id` (Spree's `reject_if`) or marked `_destroy` are
 * skipped; any other entry that cannot be read makes the whole field invalid.
 */
export function readZoneMembers(value: unknown): ZoneMemberParams[] | typeof INVALID | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === '') return [];
  const entries = Array.isArray(value) ? value : typeof value === 'object' ? Object.values(value as object) : null;
  if (!entries) return INVALID;
  const members: ZoneMemberParams[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return INVALID;
    const { zoneable_type: type, zoneable_id: rawId, _destroy: destroy } = entry as Record<string, unknown>;
    if (rawId === undefined || rawId === null || rawId === '') continue;
    // The list replaces the members, so an entry marked for removal is simply left out.
    if (readBoolean(destroy) === true) continue;
    const id = readInteger(rawId);
    if (typeof id !== 'number' || id < 1 || id > 2147483647) return INVALID;
    if (typeof type !== 'string' || !ZONEABLE_TYPES.includes(type as ZoneableType)) return INVALID;
    members.push({ zoneable_type: type as ZoneableType, zoneable_id: id });
  }
  return members;
}

export const ZoneMembersField = (description: string) =>
  applyDecorators(
    IsOptional(),
    Transform(({ value }) => readZoneMembers(value)),
    ValidateBy({ name: 'zoneMembers', validator: { validate: (v: unknown) => Array.isArray(v), defaultMessage: () => 'is invalid' } }),
    ApiProperty({ type: [ZoneMemberParams], required: false, description }),
  );
