import { IntegerField, StringField, TextField } from '../../../common/params/fields';

/** `taxon[...]` (Spree's permitted_taxon_attributes, minus the icon upload and taxonomy_id, which the path decides). */
export class TaxonParamsDto {
  @StringField({ nullable: false, maxLength: 255, example: 'Shirts' }) name?: string | null;
  @IntegerField({ nullable: false, description: 'Parent taxon in the same taxonomy; the root when not given on create.' }) parent_id?: number | null;
  @IntegerField({ minimum: 0, description: '0-based place among the siblings; the others shift to make room.' }) position?: number | null;
  @IntegerField({ minimum: 0, description: "Spree's jstree name for `position`: 0-based place among the siblings." }) child_index?: number | null;
  @StringField({ maxLength: 255, description: "Last segment of the permalink (the parent's permalink is prepended); derived from the name when absent." })
  permalink?: string | null;
  @TextField() description?: string | null;
  @StringField({ maxLength: 255 }) meta_title?: string | null;
  @StringField({ maxLength: 255 }) meta_description?: string | null;
  @StringField({ maxLength: 255 }) meta_keywords?: string | null;
}
