import { IntegerField, StringField, TextField } from '../../../common/params/fields';

/**
 * Image metadata (no file upload yet): the file is described by its name,
 * content type and dimensions.
 */
export class ImageParamsDto {
  @StringField({ example: 'thinking-cat.jpg' }) attachment_file_name?: string | null;
  @StringField({ example: 'image/jpeg', description: 'Must be an image/* type' }) attachment_content_type?: string | null;
  @IntegerField({ minimum: 0 }) attachment_width?: number | null;
  @IntegerField({ minimum: 0 }) attachment_height?: number | null;
  @IntegerField({ minimum: 0 }) attachment_file_size?: number | null;
  @TextField({ nullable: true }) alt?: string | null;
  @IntegerField({ minimum: 0, blank: 'absent' }) position?: number;
  @StringField({ example: 'Spree::Variant', description: 'Only Spree::Variant' }) viewable_type?: string | null;
  @IntegerField({ description: 'A variant of the product (its master by default)' }) viewable_id?: number | null;
}
