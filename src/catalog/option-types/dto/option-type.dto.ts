import { IntegerField, StringField } from '../../../common/params/fields';

export class OptionValueParamsDto {
  @StringField({ maxLength: 255, example: 'small' }) name?: string;
  @StringField({ maxLength: 255, example: 'S' }) presentation?: string;
  @IntegerField({ minimum: 0 }) position?: number;
}

export class OptionTypeParamsDto {
  @StringField({ maxLength: 100, example: 'tshirt-size' }) name?: string;
  @StringField({ maxLength: 100, example: 'Size' }) presentation?: string;
  @IntegerField({ minimum: 0 }) position?: number;
}
