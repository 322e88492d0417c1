import { ApiProperty } from '@nestjs/swagger';
import { Zone } from './entities/zone.entity';
import { ZONEABLE_TYPES } from './dto/zone-members.field';
import type { ZoneableType } from './entities/zone-member.entity';

/** A member with the name of the country or state it points to (Spree's `ZoneMember#name`). */
export class ZoneMemberJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ type: String, nullable: true, example: 'United States of America' }) name: string | null;
  @ApiProperty({ enum: ZONEABLE_TYPES }) zoneable_type: ZoneableType;
  @ApiProperty({ type: 'integer' }) zoneable_id: number;
}

/** zones/show.v1.rabl */
export class ZoneJson {
  @ApiProperty({ type: 'integer' }) id: number;
  @ApiProperty({ example: 'North America' }) name: string;
  @ApiProperty({ type: String, nullable: true, example: 'USA + Canada' }) description: string | null;
  @ApiProperty({ type: [ZoneMemberJson] }) zone_members: ZoneMemberJson[];
}

export function serializeZone(zone: Zone, members: ZoneMemberJson[]): ZoneJson {
  return { id: zone.id, name: zone.name, description: zone.description, zone_members: members };
}
