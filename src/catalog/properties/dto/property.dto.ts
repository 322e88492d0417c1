import { IntegerField, StringField } from '../../../common/params/fields';

export class PropertyParamsDto {
  @StringField({ nullable: false, example: 'fabric' }) name?: string | null;
  @StringField({ nullable: false, example: 'Fabric' }) presentation?: string | null;
}

/** Spree's `permitted_product_properties_attributes`: the property is named, and created when missing. */
export class ProductPropertyParamsDto {
  @StringField({ example: 'fabric' }) property_name?: string | null;
  @StringField({ nullable: true, example: 'cotton' }) value?: string | null;
  @IntegerField({ minimum: 0, blank: 'absent' }) position?: number;
}
