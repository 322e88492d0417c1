import { StringField } from '../../../common/params/fields';
import { ZoneMemberParams, ZoneMembersField } from './zone-members.field';

const MEMBERS =
  'All members of a zone are countries, or all are states. Entries without zoneable_id are skipped. ' +
  'Form clients may send an index-keyed hash (`zone[zone_members][0][zoneable_id]=1`).';
const MEMBERS_ALIAS = 'Same as `zone_members` (the Rails nested-attributes name); `zone_members` wins when both are sent.';

export class CreateZoneDto {
  @StringField({ required: true, example: 'Europe' }) name: string;
  @StringField({ example: 'European countries' }) description?: string | null;
  @ZoneMembersField(MEMBERS) zone_members?: ZoneMemberParams[];
  @ZoneMembersField(MEMBERS_ALIAS) zone_members_attributes?: ZoneMemberParams[];
}

export class UpdateZoneDto {
  @StringField({ nullable: false, example: 'Europe' }) name?: string | null;
  @StringField({ example: 'European countries' }) description?: string | null;
  @ZoneMembersField(`When sent, replaces all members. ${MEMBERS}`) zone_members?: ZoneMemberParams[];
  @ZoneMembersField(MEMBERS_ALIAS) zone_members_attributes?: ZoneMemberParams[];
}
