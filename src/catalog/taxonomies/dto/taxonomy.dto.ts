import { StringField } from '../../../common/params/fields';

/** `taxonomy[...]` on create (Spree's permitted_taxonomy_attributes: name, which a taxonomy must have). */
export class CreateTaxonomyDto {
  @StringField({ required: true, maxLength: 255, example: 'Categories' }) name: string;
}

/** `taxonomy[...]` on update: only what changes. */
export class TaxonomyParamsDto {
  @StringField({ nullable: false, maxLength: 255, example: 'Categories' }) name?: string | null;
}
