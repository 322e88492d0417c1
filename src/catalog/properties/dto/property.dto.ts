import { IntegerField, StringField } from '../../../common/params/fields';

export class PropertyParamsDto {
  @StringField({ example: 'fabric' }) name?: string;
  @StringField({ example: 'Fabric' }) presentation?: string;
}

/** Spree's `permitted_product_properties_attributes`: the property is named, and created when missing. */
export class ProductPropertyParamsDto {
  @StringField({ example: 'fabric' }) property_name?: string;
  @StringField({ nullable: true, example: 'cotton' }) value?: string | null;
  @IntegerField({ minimum: 0 }) position?: number;
}
