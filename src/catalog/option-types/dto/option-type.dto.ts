import { IntegerField, StringField } from '../../../common/params/fields';

export class OptionValueParamsDto {
  @StringField({ nullable: false, maxLength: 255, example: 'small' }) name?: string | null;
  @StringField({ nullable: false, maxLength: 255, example: 'S' }) presentation?: string | null;
  @IntegerField({ minimum: 0, blank: 'absent' }) position?: number;
}

export class OptionTypeParamsDto {
  @StringField({ nullable: false, maxLength: 100, example: 'tshirt-size' }) name?: string | null;
  @StringField({ nullable: false, maxLength: 100, example: 'Size' }) presentation?: string | null;
  @IntegerField({ minimum: 0, blank: 'absent' }) position?: number;
}
