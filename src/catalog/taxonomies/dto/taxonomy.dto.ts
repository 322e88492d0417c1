import { StringField } from '../../../common/params/fields';

/** `taxonomy[...]` (Spree's permitted_taxonomy_attributes: name). */
export class TaxonomyParamsDto {
  @StringField({ nullable: false, maxLength: 255, example: 'Categories' }) name?: string | null;
}
