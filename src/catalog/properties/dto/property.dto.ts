import { ApiProperty } from '@nestjs/swagger';
import { IntegerField, StringField } from '../../../common/params/fields';

export class PropertyParamsDto {
  @StringField({ nullable: false, example: 'fabric' }) name?: string | null;
  @StringField({ nullable: false, example: 'Fabric' }) presentation?: string | null;
}

/**
 * For the OpenAPI document only (binding uses PropertyParamsDto, which an
 * update shares): a create needs its name and presentation
 * (properties.service.ts refuses it with "can't be blank" otherwise).
 */
export class CreatePropertyParamsDto extends PropertyParamsDto {}
for (const name of ['name', 'presentation']) ApiProperty({ type: String, required: true })(CreatePropertyParamsDto.prototype, name);

/** Spree's `permitted_product_properties_attributes`: the property is named, and created when missing. */
export class ProductPropertyParamsDto {
  @StringField({ example: 'fabric' }) property_name?: string | null;
  @StringField({ nullable: true, example: 'cotton' }) value?: string | null;
  @IntegerField({ minimum: 0, blank: 'absent' }) position?: number;
}
