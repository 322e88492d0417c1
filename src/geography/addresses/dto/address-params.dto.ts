import { IntegerField, StringField } from '../../../common/params/fields';

/** Address fields a client may send (commerce-api.md, "Fields accepted for address updates"). */
export class AddressParamsDto {
  @StringField() firstname?: string | null;
  @StringField() lastname?: string | null;
  @StringField() company?: string | null;
  @StringField() address1?: string | null;
  @StringField() address2?: string | null;
  @StringField() city?: string | null;
  @StringField() zipcode?: string | null;
  @StringField() phone?: string | null;
  @StringField() alternative_phone?: string | null;
  @StringField({ description: 'Free-text state, for countries without a state list' }) state_name?: string | null;
  @IntegerField() country_id?: number | null;
  @IntegerField() state_id?: number | null;
}
