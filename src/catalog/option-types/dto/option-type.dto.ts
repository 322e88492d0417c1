import { ApiProperty } from '@nestjs/swagger';
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

/**
 * For the OpenAPI document only (binding uses the DTOs above, which an update
 * shares): a create needs its name and presentation (option-types.service.ts
 * refuses it with "can't be blank" otherwise).
 */
export class CreateOptionTypeParamsDto extends OptionTypeParamsDto {}
export class CreateOptionValueParamsDto extends OptionValueParamsDto {}
for (const dto of [CreateOptionTypeParamsDto, CreateOptionValueParamsDto]) {
  for (const name of ['name', 'presentation']) ApiProperty({ type: String, required: true })(dto.prototype, name);
}
